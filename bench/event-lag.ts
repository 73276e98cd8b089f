// `npm run bench:events`: event lag from commit to webhook receipt and to
// WebSocket subscribers at a fixed update rate. A fresh PostgreSQL database
// (one board seeded by bench/seed.ts), Redis under a prefix of its own, the
// app as a child process (production, dispatcher on); webhook receivers and
// graphql-ws subscribers in worker threads of this process
// (bench/event-lag-receivers.ts). The load is task title updates through the
// tool route, each a committed task.updated event, open loop: update i is
// sent at start + i/rate whatever the earlier ones are doing, so a slow app
// shows up as lag and requests in flight, not as a lower rate. A measured
// run writes its report into bench/RESULTS.md (section event-lag); see --help.
// `npx tsx bench/event-lag.ts --report <results.json>` rewrites that section from a run's raw result.

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { benchAppEnv, shownEnv } from './app-env.ts';
import { createDatabase, databaseUrl, dropDatabase, serverAnswers, serverFacts, serverUrl } from './database.ts';
import { type Cleanups, endRun, gitState, machineFacts, RESULTS_DIR, round2, runEntry, startRun } from './entry.ts';
import { eldPercentiles, epochMs, type PathSummary, type Percentiles, percentiles, ReceiverWorker, titleOf } from './event-lag-receivers.ts';
import { type EventLagOptions, parseEventLagOptions } from './options.ts';
import { ProgressBar } from './progress.ts';
import { demoteHeadings, fmt as num, writeSection } from './report.ts';
import { seedDatabase } from './seed.ts';
import { appServeArgs, freePort, ROOT, ServerProcess, type WindowStats } from './server-process.ts';

const log = (line: string) => process.stderr.write(`[events] ${line}\n`);
const cleanups: Cleanups = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Most warm-up updates before giving up on a receiver that never sees one. */
const WARMUP_MAX = 600;
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Open loop up to this many requests in flight; past it the app is far
 * behind anyway, and thousands of pending connections would only measure
 * socket queues (the sends then run late, which the report shows).
 */
const MAX_IN_FLIGHT = 1000;
/** The drain ends early when nothing arrived for this long with no backlog left (the rest is lost). */
const QUIET_MS = 5_000;
/** p99 lag from commit, per path (the target load: 20 updates/s, 100 graphql-ws subscribers, 5 webhooks, 2 cores). */
const P99_TARGET_MS = { subscribers: 1_000, webhooks: 2_000 } as const;

// ---------------------------------------------------------------- setup

/** Redis answers PING within a few seconds, or says why not. */
async function redisAnswers(url: string): Promise<{ ok: boolean; reason?: string }> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  } finally {
    redis.disconnect();
  }
}

/** Deletes whatever keys the run left under its prefix (pub/sub itself leaves none). */
async function clearRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** The database side, read while the phase runs: the outbox and delivery backlog, commits. */
class DatabaseProbe {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string): Promise<DatabaseProbe> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new DatabaseProbe(client);
  }

  /** The first `n` live tasks of the project: the updates' targets. */
  async liveTasks(projectId: number, n: number): Promise<number[]> {
    const { rows } = await this.client.query<{ id: number }>(`SELECT id FROM "Task" WHERE "projectId" = $1 AND status = 'Normal' ORDER BY id LIMIT $2`, [projectId, n]);
    return rows.map((r) => r.id);
  }

  /** Unprocessed outbox events and pending webhook deliveries right now. */
  async backlog(): Promise<{ outbox: number; deliveries: number }> {
    const { rows } = await this.client.query<{ outbox: number; deliveries: number }>(
      `SELECT (SELECT count(*)::int FROM "OutboxEvent" WHERE "processedAt" IS NULL) AS outbox,
              (SELECT count(*)::int FROM "WebhookDelivery" WHERE status = 'pending') AS deliveries`,
    );
    return rows[0];
  }

  /** Committed transactions of this database so far (cumulative statistics, flushed within a second or so). */
  async commits(): Promise<number> {
    const { rows } = await this.client.query<{ n: string }>(`SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()`);
    return Number(rows[0]?.n ?? 0);
  }

  close = () => this.client.end().catch(() => undefined);
}

/**
 * Creates one task.updated subscription per port, pointing at
 * http://127.0.0.1:<port>/hook: the first 20 on the project, the rest on its
 * team (the app allows 20 per scope; both reach the project's events).
 * Answers each one's signing secret, in order.
 */
async function createSubscriptions(app: string, key: string, projectId: number, teamUuid: string, ports: number[]): Promise<string[]> {
  const secrets: string[] = [];
  for (const [i, port] of ports.entries()) {
    const scope = i < 20 ? { project_id: projectId } : { team_id: teamUuid };
    const res = await fetch(`${app}/api/v1/webhook/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, ...scope, metadata: { 'X-Event-Type': ['task.updated'] }, description: `event-lag receiver ${i}` }),
    });
    const body = (await res.json()) as { subscription?: { secret: string } };
    if (res.status !== 201 || !body.subscription) throw new Error(`creating webhook subscription ${i}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    secrets.push(body.subscription.secret);
  }
  return secrets;
}

// ---------------------------------------------------------------- the load

/** Where updates go: the app, the benchmark user's key and the tasks to cycle through. */
interface UpdateTarget {
  url: string;
  key: string;
  taskIds: number[];
}

/** Sends the updates of one phase and keeps what came back; `state` is what the progress line reads. */
class Updates {
  readonly state = { sent: 0, done: 0, inFlight: 0 };
  /** When each update's answer arrived (epoch ms); NaN when it failed. */
  readonly responseAt: Float64Array;
  private readonly latencies: number[] = [];
  private readonly statuses: Record<string, number> = {};
  /** The first few failures, for the report. */
  private readonly errors: string[] = [];
  private maxInFlight = 0;
  readonly startedAt = epochMs();
  endedAt = this.startedAt;

  constructor(private readonly target: UpdateTarget, readonly phase: 'warm' | 'run', size: number) {
    this.responseAt = new Float64Array(size).fill(NaN);
  }

  async send(seq: number): Promise<void> {
    const { url, key, taskIds } = this.target;
    this.state.sent++;
    this.maxInFlight = Math.max(this.maxInFlight, ++this.state.inFlight);
    const sentAt = epochMs();
    let status = 'error';
    try {
      const res = await fetch(`${url}/api/mcp/tasks/update`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ task_id: taskIds[seq % taskIds.length], title: titleOf(this.phase, seq) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      const at = epochMs();
      status = String(res.status);
      if (res.status === 200) {
        this.responseAt[seq] = at;
        this.latencies.push(at - sentAt);
      } else if (this.errors.length < 5) this.errors.push(`HTTP ${res.status}: ${text.slice(0, 200)}`);
    } catch (err) {
      const e = err as Error & { cause?: Error };
      if (this.errors.length < 5) this.errors.push(`${e.name}: ${e.message}${e.cause ? ` (${e.cause.message})` : ''}`);
    }
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    this.state.inFlight--;
    this.state.done++;
    this.endedAt = Math.max(this.endedAt, epochMs());
  }

  /**
   * Sends `total` updates at `rate` per second, update i at start + i/rate
   * (a timer every few milliseconds sends whatever is due, so timer jitter
   * does not lower the rate), and resolves once every one has answered.
   */
  async fixedRate(rate: number, total: number) {
    const interval = 1000 / rate;
    const delays = new Float64Array(total);
    const inFlight: Promise<void>[] = [];
    let next = 0;
    while (next < total) {
      const now = epochMs();
      while (next < total && this.startedAt + next * interval <= now && this.state.inFlight < MAX_IN_FLIGHT) {
        delays[next] = now - (this.startedAt + next * interval);
        inFlight.push(this.send(next++));
      }
      if (next < total) await sleep(Math.max(0, Math.min(this.startedAt + next * interval - epochMs(), 5)));
    }
    await Promise.all(inFlight);
    const { startedAt, endedAt, maxInFlight, statuses, errors } = this;
    return { sent: this.state.sent, ok: this.latencies.length, startedAt, endedAt, latency: percentiles(Float64Array.from(this.latencies)), sendDelay: percentiles(delays), maxInFlight, statuses, errors };
  }
}

/** The receivers of a run and how many sinks each has. */
interface Receivers {
  webhooks: ReceiverWorker;
  subscribers: ReceiverWorker;
  subscriptions: number;
  subscriberCount: number;
}

/**
 * Warm-up: one update every 100 ms until every receiver has seen one
 * (subscriptions registered, connections and JIT warm) or a minute passes.
 */
async function warmUp(target: UpdateTarget, r: Receivers): Promise<{ sent: number; ready: boolean }> {
  const ready = async () => {
    const [w, s] = await Promise.all([r.webhooks, r.subscribers].map((x) => x.call<{ sinksWithAny: number }>('progress', { phase: 'warm' })));
    return w.sinksWithAny >= r.subscriptions && s.sinksWithAny >= r.subscriberCount;
  };
  const u = new Updates(target, 'warm', WARMUP_MAX);
  const until = Date.now() + 60_000;
  const pending: Promise<void>[] = [];
  let done = false;
  while (!done && Date.now() < until && u.state.sent < WARMUP_MAX) {
    pending.push(u.send(u.state.sent));
    await sleep(100);
    done = await ready();
  }
  await Promise.all(pending);
  return { sent: u.state.sent, ready: done || (await ready()) };
}

/** Everything the fixed-rate phase measured. */
interface PhaseResult {
  label: string;
  drive: Awaited<ReturnType<Updates['fixedRate']>>;
  webhooks: PathSummary | null;
  subscribers: PathSummary | null;
  /** From the last update's answer until the last expected event arrived (or the wait ended). */
  drainMs: number;
  drained: boolean;
  /** The app child: RSS, CPU, event-loop delay over the phase and its drain. */
  app: WindowStats | null;
  /** Event-loop delay of the benchmark's own threads (high values: the harness, not the app, is late). */
  harness: { driver: Percentiles; webhookReceivers: Percentiles | null; subscriberClients: Percentiles | null };
  /** Largest backlog seen (sampled every second): unprocessed outbox events, pending webhook deliveries. */
  maxBacklog: { outbox: number; deliveries: number };
  /** The backlog when the wait ended: missing webhooks with deliveries still pending were late, not lost. */
  finalBacklog: { outbox: number; deliveries: number };
  /** Committed transactions of the database during the phase (pg_stat_database; approximate). */
  commits: number;
  loadAvgAtStart: number[];
}

/**
 * The measured phase: `total` updates at `rate`, then a wait until every
 * sink has every event of the updates that succeeded, or nothing arrives for
 * a while with no backlog left (lost), or `drainSec` pass.
 */
async function runPhase(o: EventLagOptions, total: number, r: Receivers, app: ServerProcess, probe: DatabaseProbe, target: UpdateTarget): Promise<PhaseResult> {
  const workers = [r.webhooks, r.subscribers];
  await Promise.all(workers.map((w) => w.call('phase', { phase: 'run', size: total })));
  await Promise.all(workers.map((w) => w.call('eld')));
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  const loadAvgAtStart = loadavg().map(round2);
  const commitsBefore = await probe.commits();
  await app.beginWindow();

  const updates = new Updates(target, 'run', total);
  const maxBacklog = { outbox: 0, deliveries: 0 };
  let backlog = { outbox: 0, deliveries: 0 };
  let counts = { webhooks: 0, subscribers: 0 };
  let sampling = false;
  const sample = async () => {
    if (sampling) return;
    sampling = true;
    try {
      backlog = await probe.backlog();
      maxBacklog.outbox = Math.max(maxBacklog.outbox, backlog.outbox);
      maxBacklog.deliveries = Math.max(maxBacklog.deliveries, backlog.deliveries);
      const [w, s] = await Promise.all(workers.map((x) => x.call<{ received: number }>('progress', { phase: 'run' })));
      counts = { webhooks: w.received, subscribers: s.received };
    } finally {
      sampling = false;
    }
  };
  const note = () => `webhooks ${counts.webhooks} ws ${counts.subscribers} in flight ${updates.state.inFlight} backlog ${backlog.outbox}/${backlog.deliveries}`;
  const bar = new ProgressBar('run: updates', total);
  const timer = setInterval(() => void sample().then(() => bar.update(updates.state.done, note()), () => undefined), 1000);
  let drive: PhaseResult['drive'];
  try {
    drive = await updates.fixedRate(o.rate, total);
    bar.finish(note());
    const expected = { webhooks: drive.ok * r.subscriptions, subscribers: drive.ok * r.subscriberCount };
    const drainBar = new ProgressBar('run: events', expected.webhooks + expected.subscribers);
    const until = epochMs() + o.drainSec * 1000;
    let [lastCount, lastChange] = [-1, epochMs()];
    for (;;) {
      await sample();
      const got = counts.webhooks + counts.subscribers;
      drainBar.update(got, note());
      if (counts.webhooks >= expected.webhooks && counts.subscribers >= expected.subscribers) break;
      if (got !== lastCount) [lastCount, lastChange] = [got, epochMs()];
      else if (epochMs() - lastChange > QUIET_MS && backlog.outbox === 0 && backlog.deliveries === 0) break;
      if (epochMs() > until) break;
      await sleep(200);
    }
    drainBar.finish(note());
  } finally {
    clearInterval(timer);
  }
  const appWindow = await app.endWindow();
  const commits = (await probe.commits()) - commitsBefore;
  const [webhooks, subscribers] = await Promise.all(workers.map((w) => w.call<PathSummary | null>('summarize', { phase: 'run', responseAt: updates.responseAt })));
  const [webhookEld, subscriberEld] = await Promise.all(workers.map((w) => w.call<Percentiles>('eld')));
  eld.disable();
  const lastAt = Math.max(webhooks?.lastAt ?? 0, subscribers?.lastAt ?? 0);
  const complete = (webhooks?.received ?? 0) >= drive.ok * r.subscriptions && (subscribers?.received ?? 0) >= drive.ok * r.subscriberCount;
  return {
    label: `Fixed rate: ${o.rate} updates/s for ${o.durationSec} s`,
    drive,
    webhooks: r.subscriptions ? webhooks : null,
    subscribers: r.subscriberCount ? subscribers : null,
    drainMs: Math.round(Math.max(0, (complete ? lastAt : epochMs()) - drive.endedAt)),
    drained: complete,
    app: appWindow,
    harness: { driver: eldPercentiles(eld), webhookReceivers: r.subscriptions ? webhookEld : null, subscriberClients: r.subscriberCount ? subscriberEld : null },
    maxBacklog,
    finalBacklog: await probe.backlog(),
    commits,
    loadAvgAtStart,
  };
}

// ---------------------------------------------------------------- the report

/** A whole run. */
type EventLagResult = Awaited<ReturnType<typeof measure>> & {
  startedAt: string;
  finishedAt: string;
  git: { commit: string; dirty: number };
  machine: ReturnType<typeof machineFacts> & { loadAvgAtEnd: number[] };
  options: EventLagOptions;
  errors: string[];
};

/**
 * Whether the run met each target. Lag: null when not measured. Integrity:
 * null when events were still queued as the wait ended (late; whether any
 * would be lost is then unknown), false for a duplicate, a wrong event, a
 * failed signature, a failed update, or an event missing with nothing left
 * in the queues (lost).
 */
function verdicts(r: EventLagResult): { lag: boolean | null; integrity: boolean | null } {
  const p = r.phase;
  const paths = (['webhooks', 'subscribers'] as const).filter((path) => p[path]);
  const lag = paths.length ? paths.every((path) => (p[path]!.lagFromEvent?.p99 ?? Infinity) <= P99_TARGET_MS[path]) : null;
  const wrong = Number(r.receivers.webhooks.unverified ?? 0) > 0 || p.drive.ok !== p.drive.sent || [p.webhooks, p.subscribers].some((s) => s && (s.duplicated > 0 || s.unexpected > 0));
  if (wrong) return { lag, integrity: false };
  const missing = (p.webhooks?.lost ?? 0) + (p.subscribers?.lost ?? 0) > 0;
  if (missing && p.finalBacklog.outbox + p.finalBacklog.deliveries === 0) return { lag, integrity: false };
  return { lag, integrity: missing ? null : true };
}

const lagCells = (p: Percentiles | null | undefined) => (p ? `${num(p.p50, 1)} | ${num(p.p99, 1)} | ${num(p.max, 1)}` : '– | – | –');
const eldCell = (p: Pick<Percentiles, 'p50' | 'p99' | 'max'> | null | undefined) => (p ? `${num(p.p50, 1)} / ${num(p.p99, 1)} / ${num(p.max, 1)}` : '–');

function pathRow(name: string, s: PathSummary): string {
  return (
    `| ${name} | ${s.sinks} | ${num(s.expectedPerSink * s.sinks)} | ${num(s.received)}${s.ofFailedRequests ? ` (${num(s.ofFailedRequests)} of failed requests)` : ''} | ${num(s.lost)} | ${num(s.duplicated)} | ${num(s.unexpected)} | ` +
    `${lagCells(s.lagFromEvent)} | ${lagCells(s.lagFromResponse)} | ${num(s.worstSinkP99, 1)} |`
  );
}

function phaseSection(p: PhaseResult): string[] {
  const d = p.drive;
  const secs = (d.endedAt - d.startedAt) / 1000;
  const [a, b] = [p.app, p.finalBacklog];
  return [
    `## ${p.label}`,
    '',
    `Updates: ${num(d.sent)} sent, ${num(d.ok)} answered 200 (${Object.entries(d.statuses).map(([k, v]) => `${k}: ${v}`).join(', ')}), ` +
      `${num(d.ok / secs, 1)} updates/s over ${num(secs, 1)} s; update latency p50 ${num(d.latency?.p50, 1)} ms, p99 ${num(d.latency?.p99, 1)} ms, ` +
      `max ${num(d.latency?.max, 1)} ms; at most ${d.maxInFlight} in flight; sends late against the schedule by p99 ${num(d.sendDelay?.p99, 1)} ms (at most ${MAX_IN_FLIGHT} in flight).`,
    ...(d.errors.length ? ['', `Update failures: ${d.errors.map((e) => `\`${e.replace(/`/g, "'")}\``).join('; ')}`] : []),
    '',
    '| path | sinks | expected | received | missing | duplicated | unexpected | lag p50 ms | p99 | max | from response p50 | p99 | max | worst sink p99 |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...(p.webhooks ? [pathRow('webhooks', p.webhooks)] : []),
    ...(p.subscribers ? [pathRow('WebSocket', p.subscribers)] : []),
    '',
    `Drain: ${
      p.drained
        ? `the last event arrived ${num(p.drainMs)} ms after the last update's answer`
        : `**incomplete** after ${num(p.drainMs / 1000, 1)} s, with ${num(b.deliveries)} webhook deliveries still pending and ` +
          `${num(b.outbox)} outbox events unprocessed (missing events${b.deliveries + b.outbox ? ' were late, not necessarily lost' : ' were lost'})`
    }; largest backlog ${num(p.maxBacklog.outbox)} unprocessed outbox events, ${num(p.maxBacklog.deliveries)} pending webhook deliveries ` +
      `(sampled each second); ${num(p.commits)} database commits (${num(p.commits / Math.max(1, d.ok), 1)} per update).`,
    '',
    `App: RSS peak ${num(a?.rssPeakMb)} MB (mean ${num(a?.rssMeanMb)}), CPU ${num(a?.cpuCores, 2)} cores, event-loop delay p50/p99/max ${eldCell(a?.eld && { p50: a.eld.p50Ms, p99: a.eld.p99Ms, max: a.eld.maxMs })} ms; ` +
      `machine ${num((a?.machineBusy ?? 0) * 100)} % busy; load average at start ${p.loadAvgAtStart.join(' ')}.`,
    `Harness event-loop delay p50/p99/max ms (like the app's, sampled every 5 ms and including that interval): driver ${eldCell(p.harness.driver)}, webhook receivers ${eldCell(p.harness.webhookReceivers)}, ` +
      `WebSocket clients ${eldCell(p.harness.subscriberClients)}.`,
    '',
  ];
}

/** The markdown summary. */
function renderReport(r: EventLagResult): string {
  const v = verdicts(r);
  const [o, m] = [r.options, r.machine];
  const mark = (ok: boolean | null, unknown = 'not measured') => (ok === null ? unknown : ok ? 'met' : '**missed**');
  const pairs = (x: Record<string, string>, sep: string) => Object.entries(x).map(([k, y]) => `${k}${sep}${y}`);
  return [
    `# Event lag${o.smoke ? ' (smoke run: says nothing about speed)' : ''}`,
    '',
    `${r.startedAt} → ${r.finishedAt}; commit \`${r.git.commit.slice(0, 12)}\`${r.git.dirty ? ` + ${r.git.dirty} uncommitted file(s)` : ''}.`,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; load average ${m.loadAvgAtStart.join(' ')} at start, ${m.loadAvgAtEnd.join(' ')} at end` +
      `${m.loadAvgAtStart[0] > m.cores * 0.5 ? ' (**busy machine**: other work competed for the cores)' : ''}.`,
    `PostgreSQL: ${pairs(r.postgres, ' ').join(', ')}. Redis pub/sub between app and subscribers.`,
    `Settings: ${num(o.rate)} updates/s for ${o.durationSec} s over ${r.tasks} tasks; ${o.subscriptions} webhook subscriptions (task.updated); ` +
      `${o.subscribers} graphql-ws subscribers. App: ${pairs(r.appEnv, '=').join(' ')}; ` +
      `started in ${num(r.appStartMs)} ms; warm-up ${r.warmup.sent} updates (${num(r.warmup.seconds, 1)} s).`,
    '',
    `**Targets**: p99 lag ≤ ${num(P99_TARGET_MS.subscribers)} ms to graphql-ws subscribers and ≤ ${num(P99_TARGET_MS.webhooks)} ms to webhooks: ${mark(v.lag)}; every event received exactly once per sink ` +
      `(none missing when the wait ended, none duplicated), every update answered: ${mark(v.integrity, 'undetermined (events still queued when the wait ended)')}.`,
    '',
    "Lag is receipt time − the event's `timestamp` (the app's clock when it wrote the outbox row, inside the update's transaction just before " +
      'COMMIT; same machine clock as the receivers), so it slightly over-states commit → receipt. "From response" uses the moment the ' +
      "update's HTTP answer reached the driver instead (after COMMIT, so it under-states; it can be negative). The truth lies between.",
    '',
    ...phaseSection(r.phase),
    `App peak RSS over the run (VmHWM): ${num(r.appPeakRssMb)} MB.`,
    `Receivers: webhooks ${JSON.stringify(r.receivers.webhooks)}; WebSocket ${JSON.stringify(r.receivers.subscribers)}.`,
    ...(r.errors.length ? ['', '**Errors:**', ...r.errors.map((e) => `- ${e}`)] : []),
    '',
  ].join('\n');
}

const writeEventLagSection = (r: EventLagResult) => writeSection(join(ROOT, 'bench', 'RESULTS.md'), 'event-lag', demoteHeadings(renderReport(r)));

// ---------------------------------------------------------------- the run

async function measure(o: EventLagOptions, run: string, stamp: string, errors: string[]) {
  const pgServer = serverUrl();
  const pgAnswer = await serverAnswers(pgServer);
  if (!pgAnswer.ok) throw new Error(`PostgreSQL at ${new URL(pgServer).host} does not answer: ${pgAnswer.reason}`);
  const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisAnswer = await redisAnswers(redis);
  if (!redisAnswer.ok) throw new Error(`Redis at ${new URL(redis).host} does not answer: ${redisAnswer.reason}`);

  const workDir = mkdtempSync(join(tmpdir(), 'tasksvc-evlag-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  const dbName = `tasksvc_evlag_${run}`;
  const url = databaseUrl(pgServer, dbName);
  await createDatabase(pgServer, dbName);
  cleanups.push(() => (o.keep ? log(`kept database ${url}`) : dropDatabase(pgServer, dbName)));
  log(`database ${dbName}: seeding one board with ${o.tasks} tasks`);
  // One board of the benchmark user's team (with watchers, assignees and comments, so an update notifies
  // people as usual); about 90 % of seeded tasks are live, and the margin keeps the count reached.
  const seed = await seedDatabase(url, { projects: 1, tasks: Math.ceil(o.tasks / 0.85) + 10, users: 4 });
  const projectId = seed.visibleProjectIds[0];
  const probe = await DatabaseProbe.open(url);
  cleanups.push(() => probe.close());
  const taskIds = await probe.liveTasks(projectId, o.tasks);
  if (taskIds.length < o.tasks) errors.push(`only ${taskIds.length} live tasks seeded, not ${o.tasks}`);
  const redisPrefix = `tasksvc-bench-evlag-${run}:`;
  cleanups.push(() => clearRedisPrefix(redis, redisPrefix));

  // Dispatcher on, private webhook destinations allowed; every subscriber uses the board owner's key,
  // so the per-user cap on live connections must admit them all.
  const env = benchAppEnv({ DATABASE_URL: url, REDIS_URL: redis, REDIS_PREFIX: redisPrefix, EVENT_DISPATCHER: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', LIVE_CONNECTIONS_PER_USER: String(Math.max(20, o.subscribers + 10)) });
  const appStarted = performance.now();
  const profileDir = o.profile ? join(RESULTS_DIR, 'profiles', `event-lag-${stamp}`) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const port = await freePort();
  const app = await ServerProcess.start({
    name: 'app',
    args: appServeArgs(),
    env: { ...env, PORT: String(port) },
    port,
    nodeFlags: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    eldFile: join(workDir, 'eld-app.json'),
  });
  if (profileDir) cleanups.push(() => log(`CPU profile of the app: ${profileDir}/ (open in Chrome's DevTools)`));
  cleanups.push(() => app.stop());
  const appStartMs = Math.round(performance.now() - appStarted);
  log(`app pid ${app.pid} at ${app.url} (started in ${appStartMs} ms)`);

  const receivers: Receivers = { webhooks: new ReceiverWorker('webhooks'), subscribers: new ReceiverWorker('subscribers'), subscriptions: o.subscriptions, subscriberCount: o.subscribers };
  cleanups.push(() => receivers.webhooks.stop(), () => receivers.subscribers.stop());
  const ports = await receivers.webhooks.call<number[]>('listen', { count: o.subscriptions });
  const secrets = await createSubscriptions(app.url, seed.apiKey, projectId, seed.teamUuid, ports);
  for (const [sink, secret] of secrets.entries()) await receivers.webhooks.call('trust', { sink, secret });
  log(`${o.subscriptions} webhook subscriptions; connecting ${o.subscribers} WebSocket subscribers`);
  await receivers.subscribers.call('connect', { url: app.url, key: seed.apiKey, projectId, count: o.subscribers });

  const target: UpdateTarget = { url: app.url, key: seed.apiKey, taskIds };
  for (const w of [receivers.webhooks, receivers.subscribers]) await w.call('phase', { phase: 'warm', size: WARMUP_MAX });
  const warmStarted = performance.now();
  const warm = await warmUp(target, receivers);
  const warmup = { ...warm, seconds: round2((performance.now() - warmStarted) / 1000) };
  if (!warm.ready) throw new Error(`not every receiver saw a warm-up event after ${warm.sent} updates; app output:\n${app.tail(10)}`);
  log(`warm: every receiver saw an event after ${warm.sent} updates (${warmup.seconds} s)`);
  // Let the warm-up's stragglers drain so they are not billed to the measured phase.
  await sleep(1000);
  await app.settle(5000);

  const total = Math.max(1, Math.round(o.rate * o.durationSec));
  log(`run: ${o.rate} updates/s for ${o.durationSec} s (${total} updates)`);
  const phase = await runPhase(o, total, receivers, app, probe, target);
  const [webhookProblems, subscriberProblems] = await Promise.all([receivers.webhooks, receivers.subscribers].map((w) => w.call<Record<string, unknown>>('problems')));
  return { tasks: taskIds.length, appStartMs, warmup, phase, appPeakRssMb: round2(app.peakRssMb()), receivers: { webhooks: webhookProblems, subscribers: subscriberProblems }, postgres: await serverFacts(url), appEnv: shownEnv(env) };
}

async function main() {
  const o = parseEventLagOptions(process.argv.slice(2));
  if (o.report) {
    writeEventLagSection(JSON.parse(readFileSync(o.report, 'utf8')) as EventLagResult);
    log(`event lag of ${o.report} written to bench/RESULTS.md`);
    return;
  }
  const { startedAt, stamp, load } = startRun(log, o.smoke ? 'smoke run' : 'measured run', o.smoke);
  const run = `${stamp}_${randomBytes(3).toString('hex')}`;
  const errors: string[] = [];
  const measured = await measure(o, run, stamp, errors);
  const result: EventLagResult = { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), git: gitState(), machine: { ...machineFacts(load), loadAvgAtEnd: loadavg().map(round2) }, options: o, errors, ...measured };
  const base = join(RESULTS_DIR, `event-lag-${stamp}${o.smoke ? '-smoke' : ''}`);
  const markdown = renderReport(result);
  writeFileSync(`${base}.md`, markdown);
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${markdown}\n`);
  log(`report: ${base}.md (raw: ${base}.json)`);
  if (!o.smoke) {
    writeEventLagSection(result);
    log('written to bench/RESULTS.md (section event-lag)');
  }

  const v = verdicts(result);
  if (v.integrity === false) errors.push('events were lost, duplicated or unexpected, failed verification, or updates failed (see the report)');
  if (v.integrity === null) {
    if (o.smoke) errors.push('smoke: events were still queued when the wait ended');
    else log('events were still queued when the wait ended: late, so loss and duplication are undetermined (see the report)');
  }
  const p = result.phase;
  if (o.smoke && !((p.webhooks?.received ?? 0) + (p.subscribers?.received ?? 0) > 0 && p.drive.ok > 0)) errors.push('smoke: the run saw no updates or no events');
  endRun(log, startedAt, errors, o.smoke ? 'harness works (smoke: lag not judged)' : `lag target ${v.lag === false ? 'MISSED' : 'met'}`);
}

runEntry(main, log, cleanups);
