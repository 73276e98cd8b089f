// `npm run bench:events`: event lag from commit to webhook receipt and to WebSocket subscribers at a fixed update
// rate. A fresh PostgreSQL database (one board seeded by bench/seed.ts), Redis pub/sub under a prefix of its own, the
// app as a child process (production, dispatcher on); webhook receivers and graphql-ws subscribers in worker threads
// (bench/event-lag-receivers.ts). The load is task title updates through the tool route, each a committed
// task.updated event, open loop: update i is sent at start + i/rate whatever the earlier ones are doing, so a slow app
// shows up as lag and requests in flight, not as a lower rate. A measured run writes bench/RESULTS.md (section event-lag).

import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { benchAppEnv, shownEnv } from './app-env.ts';
import { createDatabase, databaseUrl, dropDatabase, serverFacts, serverUrl } from './database.ts';
import { type Cleanups, endRun, gitState, machineFacts, RESULTS_DIR, round2, runEntry, startRun } from './entry.ts';
import { epochMs, type PathSummary, percentiles, receiverWorker, titleOf } from './event-lag-receivers.ts';
import { demoteHeadings, fmt as num, writeSection } from './report.ts';
import { seedDatabase } from './seed.ts';
import { appServeArgs, freePort, ROOT, ServerProcess } from './server-process.ts';

const log = (line: string) => process.stderr.write(`[events] ${line}\n`);
const cleanups: Cleanups = [];

/** Most warm-up updates (ten a second) before giving up on a receiver that never sees one. */
const WARMUP_MAX = 600;
/** Open loop up to this many requests in flight: past it the app is far behind anyway, and more would only measure socket queues. */
const MAX_IN_FLIGHT = 1000;
/** p99 lag from commit, per path (the target load: 20 updates/s, 100 graphql-ws subscribers, 5 webhooks, 2 cores). */
const P99_TARGET_MS = { webhooks: 2_000, subscribers: 1_000 } as const;
/** Most webhook subscriptions: 20 on the project plus 20 on its team (the app's limit per scope). */
const MAX_SUBSCRIPTIONS = 40;

/** The numeric options: meaning, default, smoke default. */
const FLAGS = {
  duration: ['seconds of fixed-rate updates', 60, 3],
  rate: ['task updates per second, open loop', 200, 20],
  subscriptions: [`webhook subscriptions to task.updated, each its own receiver (at most ${MAX_SUBSCRIPTIONS})`, 10, 2],
  subscribers: ["graphql-ws subscribers of the project's taskEvents", 200, 4],
  tasks: ['tasks the updates cycle through', 100, 10],
  drain: ['longest wait, seconds, for the events after the last update', 120, 30],
} as const;
type Options = Record<keyof typeof FLAGS, number> & { smoke: boolean; keep: boolean };

const USAGE = `Usage: npm run bench:events -- [options]: event lag from commit to webhooks and graphql-ws subscribers at a fixed update rate.
Writes bench/results/event-lag-<timestamp>.md, and bench/RESULTS.md unless --smoke. Exit status 1 on harness errors and on
lost, duplicated or unverifiable events or failed updates; a missed lag target is reported, not an error.
  --smoke                a few seconds with tiny numbers: checks the harness end to end; says nothing about speed
  --keep                 keep the database and print its URL
${Object.entries(FLAGS).map(([k, [what, full, smoke]]) => `  --${`${k} <n>`.padEnd(20)} ${what} (default ${full}, smoke ${smoke})`).join('\n')}
`;

function parseOptions(argv: string[]): Options {
  const fail = (message: string): never => (process.stderr.write(`${message}\n${USAGE}`), process.exit(1));
  const flags = Object.keys(FLAGS) as (keyof typeof FLAGS)[];
  const options = { smoke: { type: 'boolean' }, keep: { type: 'boolean' }, help: { type: 'boolean' }, ...Object.fromEntries(flags.map((k) => [k, { type: 'string' }])) } as const;
  let v: Record<string, string | boolean | undefined> = {};
  try {
    v = parseArgs({ args: argv, options, strict: true }).values;
  } catch (err) {
    fail((err as Error).message);
  }
  if (v.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const o = { smoke: !!v.smoke, keep: !!v.keep } as Options;
  for (const k of flags) {
    o[k] = v[k] === undefined ? FLAGS[k][o.smoke ? 2 : 1] : Number(v[k]);
    // Any positive duration; counts are integers, ≥ 1 except for either kind of receiver (one may be left out).
    const min = k === 'subscriptions' || k === 'subscribers' ? 0 : 1;
    if (k === 'duration' ? !(o[k] > 0 && o[k] < Infinity) : !Number.isInteger(o[k]) || o[k] < min) fail(`--${k}: ${k === 'duration' ? 'a positive number' : `an integer ≥ ${min}`}, not ${v[k]}`);
  }
  if (o.subscriptions > MAX_SUBSCRIPTIONS) fail(`--subscriptions: at most ${MAX_SUBSCRIPTIONS}`);
  if (o.subscriptions + o.subscribers === 0) fail('Nothing to measure: no subscriptions and no subscribers');
  return o;
}

/** Where updates go: the app, the benchmark user's credentials and the tasks to cycle through. */
type Target = { url: string; headers: Record<string, string>; taskIds: number[] };

/**
 * Sends updates at `rate` per second, update i at start + i/rate (a timer every few ms sends whatever is due, so timer
 * jitter does not lower the rate), until `total` are sent or `enough()`; resolves once all answered. `state` feeds the
 * progress line; `responseAt` (NaN: failed) tells the receivers which events to expect.
 */
async function drive(t: Target, phase: 'warm' | 'run', rate: number, total: number, state = { sent: 0, inFlight: 0 }, enough = () => false) {
  const [responseAt, latencies, errors, pending] = [new Float64Array(total).fill(NaN), [] as number[], [] as string[], [] as Promise<void>[]];
  const startedAt = epochMs();
  let endedAt = startedAt;
  const send = async (seq: number) => {
    state.inFlight++;
    const sentAt = epochMs();
    try {
      const body = JSON.stringify({ task_id: t.taskIds[seq % t.taskIds.length], title: titleOf(phase, seq) });
      const res = await fetch(`${t.url}/api/mcp/tasks/update`, { method: 'POST', headers: t.headers, body, signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
      responseAt[seq] = epochMs();
      latencies.push(responseAt[seq] - sentAt);
    } catch (err) {
      const e = err as Error & { cause?: Error };
      if (errors.length < 5) errors.push(`${e.message}${e.cause ? ` (${e.cause.message})` : ''}`);
    }
    state.inFlight--;
    endedAt = Math.max(endedAt, epochMs());
  };
  while (state.sent < total && !enough()) {
    const due = startedAt + (state.sent * 1000) / rate;
    if (due <= epochMs() && state.inFlight < MAX_IN_FLIGHT) pending.push(send(state.sent++));
    else await sleep(Math.max(0, Math.min(due - epochMs(), 5)));
  }
  await Promise.all(pending);
  return { sent: state.sent, ok: latencies.length, startedAt, endedAt, latency: percentiles(Float64Array.from(latencies)), errors, responseAt };
}

/** Unprocessed outbox events and pending webhook deliveries: missing events with a backlog left are late, not lost. */
async function backlogOf(db: pg.Client): Promise<{ outbox: number; deliveries: number }> {
  const sql = `SELECT (SELECT count(*)::int FROM "OutboxEvent" WHERE "processedAt" IS NULL) AS outbox, (SELECT count(*)::int FROM "WebhookDelivery" WHERE status = 'pending') AS deliveries`;
  return (await db.query(sql)).rows[0];
}

/** One task.updated subscription per port, the first 20 on the project, the rest on its team (the app's limit per scope); answers their secrets. */
async function createSubscriptions({ url, headers }: Target, projectId: number, teamUuid: string, ports: number[]): Promise<string[]> {
  const secrets: string[] = [];
  for (const [i, port] of ports.entries()) {
    const scope = i < 20 ? { project_id: projectId } : { team_id: teamUuid };
    const body = JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, ...scope, metadata: { 'X-Event-Type': ['task.updated'] }, description: `event-lag receiver ${i}` });
    const res = await fetch(`${url}/api/v1/webhook/subscriptions`, { method: 'POST', headers, body });
    const answer = (await res.json()) as { subscription?: { secret: string } };
    if (res.status !== 201 || !answer.subscription) throw new Error(`creating webhook subscription ${i}: HTTP ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    secrets.push(answer.subscription.secret);
  }
  return secrets;
}

async function measure(o: Options, run: string) {
  const [server, dbName, redis] = [serverUrl(), `tasksvc_evlag_${run}`, process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'];
  const url = databaseUrl(server, dbName);
  await createDatabase(server, dbName);
  cleanups.push(() => (o.keep ? log(`kept database ${url}`) : dropDatabase(server, dbName)));
  log(`database ${dbName}: seeding one board with ${o.tasks} tasks`);
  // One board of the benchmark user's team (with watchers, assignees and comments, so an update notifies people as
  // usual); about 90 % of seeded tasks are live, and the margin keeps the count reached.
  const seed = await seedDatabase(url, { projects: 1, tasks: Math.ceil(o.tasks / 0.85) + 10, users: 4 });
  const [projectId, db] = [seed.visibleProjectIds[0], new pg.Client({ connectionString: url })];
  await db.connect();
  cleanups.push(() => db.end());
  const taskIds = (await db.query(`SELECT id FROM "Task" WHERE "projectId" = $1 AND status = 'Normal' ORDER BY id LIMIT $2`, [projectId, o.tasks])).rows.map((r) => r.id as number);
  if (taskIds.length < o.tasks) throw new Error(`only ${taskIds.length} live tasks seeded, not ${o.tasks}`);

  // Dispatcher on, private webhook destinations allowed; every subscriber uses the board owner's key, so the per-user
  // cap on live connections must admit them all. Rate limits are off, so Redis holds no keys, only pub/sub wake-ups.
  const env = benchAppEnv({ DATABASE_URL: url, REDIS_URL: redis, REDIS_PREFIX: `tasksvc-bench-evlag-${run}:`, EVENT_DISPATCHER: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', LIVE_CONNECTIONS_PER_USER: String(Math.max(20, o.subscribers + 10)) });
  const [port, eldFile] = [await freePort(), join(tmpdir(), `tasksvc-evlag-${run}-eld.json`)];
  cleanups.push(() => rmSync(eldFile, { force: true }));
  const app = await ServerProcess.start({ name: 'app', args: appServeArgs(), env: { ...env, PORT: String(port) }, port, eldFile });
  cleanups.push(() => app.stop());
  log(`app pid ${app.pid} at ${app.url}`);

  const total = Math.max(1, Math.round(o.rate * o.duration));
  const [hooks, subs] = [receiverWorker({ role: 'webhooks', count: o.subscriptions, size: total }), receiverWorker({ role: 'subscribers', count: o.subscribers, size: total, url: app.url, key: seed.apiKey, projectId })];
  cleanups.push(hooks.stop, subs.stop);
  const target: Target = { url: app.url, headers: { authorization: `Bearer ${seed.apiKey}`, 'content-type': 'application/json' }, taskIds };
  hooks.trust(await createSubscriptions(target, projectId, seed.teamUuid, await hooks.ready));
  await subs.ready;

  // Warm-up: until every sink has seen an event (subscriptions registered, connections and JIT warm).
  const allWarm = () => [hooks.progress(), subs.progress()].every((p) => p.warm >= p.sinks);
  const warmup = await drive(target, 'warm', 10, WARMUP_MAX, undefined, allWarm);
  if (!allWarm()) throw new Error(`not every receiver saw a warm-up event after ${WARMUP_MAX} updates; app output:\n${app.tail(10)}`);
  log(`${o.subscriptions} webhook subscriptions, ${o.subscribers} WebSocket subscribers: every one saw a warm-up event after ${warmup.sent} updates`);
  // Let the warm-up's stragglers drain so they are not billed to the measured phase.
  await sleep(1000);
  await app.settle(5000);

  log(`run: ${o.rate} updates/s for ${o.duration} s (${total} updates)`);
  const state = { sent: 0, inFlight: 0 };
  const line = () =>
    backlogOf(db).then((b) => `sent ${state.sent}/${total}, in flight ${state.inFlight}; received webhooks ${hooks.progress().received}, WebSocket ${subs.progress().received}; backlog ${b.outbox} outbox, ${b.deliveries} deliveries`);
  const timer = setInterval(() => void line().then(log, () => undefined), 5000);
  await app.beginWindow();
  const updates = await drive(target, 'run', o.rate, total, state).finally(() => clearInterval(timer));
  // Drain: until every sink has the event of every answered update, or --drain passes.
  const complete = (p: { received: number; sinks: number }) => p.received >= updates.ok * p.sinks;
  const until = epochMs() + o.drain * 1000;
  while (epochMs() < until && !(complete(hooks.progress()) && complete(subs.progress()))) await sleep(200);
  log(`drained: ${await line()}`);
  const appWindow = await app.endWindow();
  const [webhooks, subscribers] = await Promise.all([hooks, subs].map((w) => w.summarize(updates.responseAt)));
  const drained = complete(webhooks) && complete(subscribers);
  return {
    ...{ tasks: taskIds.length, warmup: warmup.sent, updates: { ...updates, responseAt: undefined }, webhooks, subscribers, drained },
    /** From the last update's answer until the last expected event arrived (or the wait ended). */
    drainMs: Math.round(Math.max(0, (drained ? Math.max(webhooks.lastAt ?? 0, subscribers.lastAt ?? 0) : epochMs()) - updates.endedAt)),
    /** The backlog when the wait ended: missing events with deliveries still pending were late, not lost. */
    finalBacklog: await backlogOf(db),
    app: { ...appWindow, peakRssMb: round2(app.peakRssMb()) },
    ...{ postgres: await serverFacts(url), appEnv: shownEnv(env) },
  };
}

type Result = Awaited<ReturnType<typeof measure>> & { startedAt: string; finishedAt: string; git: { commit: string; dirty: number }; machine: ReturnType<typeof machineFacts> & { loadAvgAtEnd: number[] }; options: Options };

/**
 * Whether the run met each target. Integrity: null when events are missing but still queued (late: whether any are
 * lost is unknown); false for a duplicate, a wrong event, a failed signature or update, or an event missing with nothing queued (lost).
 */
function verdicts(r: Result): { lag: boolean; integrity: boolean | null } {
  const paths = [r.webhooks, r.subscribers];
  const lag = (['webhooks', 'subscribers'] as const).every((k) => r[k].sinks === 0 || (r[k].lag?.p99 ?? Infinity) <= P99_TARGET_MS[k]);
  if (r.webhooks.problems.unverified > 0 || r.updates.ok !== r.updates.sent || paths.some((s) => s.duplicated + s.unexpected > 0)) return { lag, integrity: false };
  if (paths.every((s) => s.missing === 0)) return { lag, integrity: true };
  return { lag, integrity: r.finalBacklog.outbox + r.finalBacklog.deliveries === 0 ? false : null };
}

function renderReport(r: Result): string {
  const [v, o, m, u, a, b] = [verdicts(r), r.options, r.machine, r.updates, r.app, r.finalBacklog];
  const mark = (ok: boolean | null) => (ok === null ? 'undetermined (events still queued when the wait ended)' : ok ? 'met' : '**missed**');
  const pairs = (x: Record<string, string>, sep: string) => Object.entries(x).map(([k, y]) => `${k}${sep}${y}`);
  const secs = (u.endedAt - u.startedAt) / 1000;
  const row = (name: string, s: PathSummary) =>
    `| ${name} | ${[s.sinks, s.expectedPerSink * s.sinks, s.received, s.missing, s.duplicated, s.unexpected].map((n) => num(n)).join(' | ')} | ${[s.lag?.p50, s.lag?.p99, s.lag?.max, s.worstSinkP99].map((n) => num(n, 1)).join(' | ')} |`;
  return [
    `# Event lag${o.smoke ? ' (smoke run: says nothing about speed)' : ''}`,
    '',
    `${r.startedAt} → ${r.finishedAt}; commit \`${r.git.commit.slice(0, 12)}\`${r.git.dirty ? ` + ${r.git.dirty} uncommitted file(s)` : ''}.`,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; load average ${m.loadAvgAtStart.join(' ')} at start, ${m.loadAvgAtEnd.join(' ')} at end` +
      `${m.loadAvgAtStart[0] > m.cores * 0.5 ? ' (**busy machine**: other work competed for the cores)' : ''}. PostgreSQL: ${pairs(r.postgres, ' ').join(', ')}.`,
    `Settings: ${o.subscriptions} webhook subscriptions (task.updated), ${o.subscribers} graphql-ws subscribers, updates over ${r.tasks} tasks; ` +
      `Redis pub/sub between app and subscribers. App: ${pairs(r.appEnv, '=').join(' ')}; warm-up ${r.warmup} updates.`,
    '',
    `**Targets**: p99 lag ≤ ${num(P99_TARGET_MS.subscribers)} ms to graphql-ws subscribers and ≤ ${num(P99_TARGET_MS.webhooks)} ms to webhooks: ${mark(v.lag)}; ` +
      `every event received exactly once per sink (none missing when the wait ended, none duplicated), every update answered: ${mark(v.integrity)}.`,
    '',
    "Lag is receipt time − the event's `timestamp` (the app's clock when it wrote the outbox row, in the update's transaction just before COMMIT; same clock as the receivers).",
    '',
    `## Fixed rate: ${o.rate} updates/s for ${o.duration} s`,
    '',
    `Updates: ${num(u.sent)} sent, ${num(u.ok)} answered 200, ${num(u.ok / secs, 1)} updates/s over ${num(secs, 1)} s; update latency p50 ${num(u.latency?.p50, 1)} ms, p99 ${num(u.latency?.p99, 1)} ms, max ${num(u.latency?.max, 1)} ms.`,
    ...(u.errors.length ? ['', `Update failures: ${u.errors.map((e) => `\`${e.replace(/`/g, "'")}\``).join('; ')}`] : []),
    '',
    '| path | sinks | expected | received | missing | duplicated | unexpected | lag p50 ms | p99 | max | worst sink p99 |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...(r.webhooks.sinks ? [row('webhooks', r.webhooks)] : []),
    ...(r.subscribers.sinks ? [row('WebSocket', r.subscribers)] : []),
    '',
    r.drained
      ? `Drain: the last event arrived ${num(r.drainMs)} ms after the last update's answer.`
      : `Drain: **incomplete** after ${num(r.drainMs / 1000, 1)} s, with ${num(b.deliveries)} webhook deliveries still pending and ${num(b.outbox)} outbox events ` +
        `unprocessed (missing events ${b.deliveries + b.outbox ? 'were late, not necessarily lost' : 'were lost'}).`,
    '',
    `App: RSS peak ${num(a.peakRssMb)} MB (VmHWM), CPU ${num(a.cpuCores, 2)} cores, event-loop delay p99 ${num(a.eld?.p99Ms, 1)} ms (max ${num(a.eld?.maxMs, 1)}); machine ${num(a.machineBusy * 100)} % busy.`,
    `Receivers: webhooks ${JSON.stringify(r.webhooks.problems)}; WebSocket ${JSON.stringify(r.subscribers.problems)}.`,
    '',
  ].join('\n');
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const { startedAt, stamp, load } = startRun(log, o.smoke ? 'smoke run' : 'measured run', o.smoke);
  const measured = await measure(o, `${stamp}_${randomBytes(3).toString('hex')}`);
  const [finishedAt, machine] = [new Date().toISOString(), { ...machineFacts(load), loadAvgAtEnd: loadavg().map(round2) }];
  const result: Result = { startedAt: startedAt.toISOString(), finishedAt, git: gitState(), machine, options: o, ...measured };
  const [base, markdown] = [join(RESULTS_DIR, `event-lag-${stamp}${o.smoke ? '-smoke' : ''}`), renderReport(result)];
  writeFileSync(`${base}.md`, markdown);
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${markdown}\n`);
  log(`report: ${base}.md (raw: ${base}.json)${o.smoke ? '' : '; written to bench/RESULTS.md (section event-lag)'}`);
  if (!o.smoke) writeSection(join(ROOT, 'bench', 'RESULTS.md'), 'event-lag', demoteHeadings(markdown));

  const [v, errors] = [verdicts(result), [] as string[]];
  if (v.integrity === false) errors.push('events were lost, duplicated or unexpected, failed verification, or updates failed (see the report)');
  if (v.integrity === null && o.smoke) errors.push('smoke: events were still queued when the wait ended');
  if (v.integrity === null && !o.smoke) log('events were still queued when the wait ended: late, so loss and duplication are undetermined (see the report)');
  if (o.smoke && !(result.webhooks.received + result.subscribers.received > 0 && result.updates.ok > 0)) errors.push('smoke: the run saw no updates or no events');
  endRun(log, startedAt, errors, o.smoke ? 'harness works (smoke: lag not judged)' : `lag target ${v.lag ? 'met' : 'MISSED'}`);
}

runEntry(main, log, cleanups);
