// `npm run bench:events`: event lag from commit to webhook receipt and to
// WebSocket subscribers at a fixed update rate. A fresh PostgreSQL database
// (one board seeded by bench/seed.ts), Redis pub/sub under a prefix of its
// own, the app as a child process (production, dispatcher on); webhook
// receivers and graphql-ws subscribers in worker threads of this process
// (bench/event-lag-receivers.ts). The load is task title updates through the
// tool route, each a committed task.updated event, open loop: update i is
// sent at start + i/rate whatever the earlier ones are doing, so a slow app
// shows up as lag and requests in flight, not as a lower rate. A measured
// run writes its report into bench/RESULTS.md (section event-lag); see --help.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
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
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Most warm-up updates before giving up on a receiver that never sees one. */
const WARMUP_MAX = 600;
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Open loop up to this many requests in flight; past it the app is far
 * behind anyway, and thousands of pending connections would only measure
 * socket queues (the sends then run late, which the achieved rate shows).
 */
const MAX_IN_FLIGHT = 1000;
/** The drain ends early when nothing arrived for this long with no backlog left (the rest is lost). */
const QUIET_MS = 5_000;
/** p99 lag from commit, per path (the target load: 20 updates/s, 100 graphql-ws subscribers, 5 webhooks, 2 cores). */
const P99_TARGET_MS = { subscribers: 1_000, webhooks: 2_000 } as const;
/** Most webhook subscriptions: 20 on the project plus 20 on its team (the app's limit per scope). */
const MAX_SUBSCRIPTIONS = 40;

// ---------------------------------------------------------------- options

/** The numeric options, their meaning and their defaults (a measured run; a smoke run). */
const FLAGS = {
  duration: ['seconds of fixed-rate updates', 60, 3],
  rate: ['task updates per second, open loop', 200, 20],
  subscriptions: [`webhook subscriptions to task.updated, each its own receiver (at most ${MAX_SUBSCRIPTIONS})`, 10, 2],
  subscribers: ["graphql-ws subscribers of the project's taskEvents", 200, 4],
  tasks: ['tasks the updates cycle through', 100, 10],
  drain: ['longest wait, seconds, for the events after the last update', 120, 30],
} as const;
type Flag = keyof typeof FLAGS;
type Options = Record<Flag, number> & { smoke: boolean; keep: boolean };

const USAGE = `Usage: npm run bench:events -- [options]

Event lag from commit to webhook receipt and to WebSocket subscribers: a fresh PostgreSQL database, Redis pub/sub, the app
as a child process; updates at a fixed rate. Writes bench/results/event-lag-<timestamp>.md, and bench/RESULTS.md unless
--smoke. Exit status 1 on harness errors and on lost, duplicated or unverifiable events; a missed lag target is reported.

  --smoke                a few seconds with tiny numbers: checks the harness end to end; says nothing about speed
  --keep                 keep the database and print its URL
${Object.entries(FLAGS).map(([k, [what, full, smoke]]) => `  --${`${k} <n>`.padEnd(20)} ${what} (default ${full}, smoke ${smoke})`).join('\n')}
`;

function parseOptions(argv: string[]): Options {
  const fail = (message: string): never => (process.stderr.write(`${message}\n\n${USAGE}`), process.exit(1));
  const flags = Object.keys(FLAGS) as Flag[];
  let v: Record<string, string | boolean | undefined> = {};
  try {
    const options = { smoke: { type: 'boolean' }, keep: { type: 'boolean' }, help: { type: 'boolean' }, ...Object.fromEntries(flags.map((k) => [k, { type: 'string' }])) } as const;
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
    const n = v[k] === undefined ? FLAGS[k][o.smoke ? 2 : 1] : Number(v[k]);
    // Any positive duration; counts are integers, ≥ 1 except the two kinds of receiver (one may be left out).
    const min = k === 'subscriptions' || k === 'subscribers' ? 0 : 1;
    if (k === 'duration' ? !(n > 0 && Number.isFinite(n)) : !Number.isInteger(n) || n < min) fail(`--${k}: ${k === 'duration' ? 'a positive number' : `an integer ≥ ${min}`}, not ${v[k]}`);
    o[k] = n;
  }
  if (o.subscriptions > MAX_SUBSCRIPTIONS) fail(`--subscriptions: at most ${MAX_SUBSCRIPTIONS}`);
  if (o.subscriptions + o.subscribers === 0) fail('Nothing to measure: no subscriptions and no subscribers');
  return o;
}

// ---------------------------------------------------------------- the load

/** Where updates go: the app, the benchmark user's key and the tasks to cycle through. */
type Target = { url: string; key: string; taskIds: number[] };

/** Sends update `seq` of `phase`: its HTTP status ('error' without an answer), when the answer arrived, how long it took. */
async function update(t: Target, phase: 'warm' | 'run', seq: number): Promise<{ status: string; at: number; ms: number; error?: string }> {
  const sentAt = epochMs();
  try {
    const res = await fetch(`${t.url}/api/mcp/tasks/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ task_id: t.taskIds[seq % t.taskIds.length], title: titleOf(phase, seq) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const [text, at] = [await res.text(), epochMs()];
    return { status: String(res.status), at, ms: at - sentAt, error: res.status === 200 ? undefined : `HTTP ${res.status}: ${text.slice(0, 200)}` };
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return { status: 'error', at: NaN, ms: NaN, error: `${e.name}: ${e.message}${e.cause ? ` (${e.cause.message})` : ''}` };
  }
}

/**
 * Sends `total` updates at `rate` per second, update i at start + i/rate (a timer every few milliseconds sends
 * whatever is due, so timer jitter does not lower the rate), and resolves once every one has answered. `state` is
 * what the progress line reads; `responseAt` (NaN: failed) tells the receivers which events to expect.
 */
async function fixedRate(t: Target, rate: number, total: number, state: { sent: number; inFlight: number }) {
  const [responseAt, latencies, statuses, errors] = [new Float64Array(total).fill(NaN), [] as number[], {} as Record<string, number>, [] as string[]];
  const [startedAt, due, pending] = [epochMs(), (i: number) => startedAt + (i * 1000) / rate, [] as Promise<void>[]];
  let endedAt = startedAt;
  const send = async (seq: number) => {
    [state.sent, state.inFlight] = [state.sent + 1, state.inFlight + 1];
    const r = await update(t, 'run', seq);
    [state.inFlight, endedAt, statuses[r.status]] = [state.inFlight - 1, Math.max(endedAt, epochMs()), (statuses[r.status] ?? 0) + 1];
    if (r.status === '200') [responseAt[seq], latencies[latencies.length]] = [r.at, r.ms];
    else if (errors.length < 5) errors.push(r.error!);
  };
  for (let next = 0; next < total; ) {
    while (next < total && due(next) <= epochMs() && state.inFlight < MAX_IN_FLIGHT) pending.push(send(next++));
    if (next < total) await sleep(Math.max(0, Math.min(due(next) - epochMs(), 5)));
  }
  await Promise.all(pending);
  return { sent: total, ok: latencies.length, startedAt, endedAt, latency: percentiles(Float64Array.from(latencies)), statuses, errors, responseAt };
}

/** Unprocessed outbox events and pending webhook deliveries now: missing events with a backlog left are late, not lost. */
async function backlogOf(db: pg.Client): Promise<{ outbox: number; deliveries: number }> {
  const sql = `SELECT (SELECT count(*)::int FROM "OutboxEvent" WHERE "processedAt" IS NULL) AS outbox, (SELECT count(*)::int FROM "WebhookDelivery" WHERE status = 'pending') AS deliveries`;
  return (await db.query(sql)).rows[0];
}

/**
 * One task.updated subscription per port, to http://127.0.0.1:<port>/hook: the first 20 on the project, the rest on
 * its team (the app allows 20 per scope; both reach the project's events). Answers their signing secrets.
 */
async function createSubscriptions(app: string, key: string, projectId: number, teamUuid: string, ports: number[]): Promise<string[]> {
  const secrets: string[] = [];
  for (const [i, port] of ports.entries()) {
    const scope = i < 20 ? { project_id: projectId } : { team_id: teamUuid };
    const body = JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, ...scope, metadata: { 'X-Event-Type': ['task.updated'] }, description: `event-lag receiver ${i}` });
    const res = await fetch(`${app}/api/v1/webhook/subscriptions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body });
    const answer = (await res.json()) as { subscription?: { secret: string } };
    if (res.status !== 201 || !answer.subscription) throw new Error(`creating webhook subscription ${i}: HTTP ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    secrets.push(answer.subscription.secret);
  }
  return secrets;
}

// ---------------------------------------------------------------- the run

async function measure(o: Options, run: string) {
  const [pgServer, dbName, redis] = [serverUrl(), `tasksvc_evlag_${run}`, process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'];
  const url = databaseUrl(pgServer, dbName);
  await createDatabase(pgServer, dbName);
  cleanups.push(() => (o.keep ? log(`kept database ${url}`) : dropDatabase(pgServer, dbName)));
  log(`database ${dbName}: seeding one board with ${o.tasks} tasks`);
  // One board of the benchmark user's team (with watchers, assignees and comments, so an update notifies
  // people as usual); about 90 % of seeded tasks are live, and the margin keeps the count reached.
  const seed = await seedDatabase(url, { projects: 1, tasks: Math.ceil(o.tasks / 0.85) + 10, users: 4 });
  const [projectId, db] = [seed.visibleProjectIds[0], new pg.Client({ connectionString: url })];
  await db.connect();
  cleanups.push(() => db.end());
  const taskIds = (await db.query(`SELECT id FROM "Task" WHERE "projectId" = $1 AND status = 'Normal' ORDER BY id LIMIT $2`, [projectId, o.tasks])).rows.map((r) => r.id as number);
  if (taskIds.length < o.tasks) throw new Error(`only ${taskIds.length} live tasks seeded, not ${o.tasks}`);

  // Dispatcher on, private webhook destinations allowed; every subscriber uses the board owner's key, so the per-user
  // cap on live connections must admit them all. Rate limits are off, so Redis holds no keys: only pub/sub wake-ups.
  const env = benchAppEnv({ DATABASE_URL: url, REDIS_URL: redis, REDIS_PREFIX: `tasksvc-bench-evlag-${run}:`, EVENT_DISPATCHER: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', LIVE_CONNECTIONS_PER_USER: String(Math.max(20, o.subscribers + 10)) });
  const [workDir, port, appStarted] = [mkdtempSync(join(tmpdir(), 'tasksvc-evlag-')), await freePort(), performance.now()];
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  const app = await ServerProcess.start({ name: 'app', args: appServeArgs(), env: { ...env, PORT: String(port) }, port, eldFile: join(workDir, 'eld-app.json') });
  cleanups.push(() => app.stop());
  const appStartMs = Math.round(performance.now() - appStarted);
  log(`app pid ${app.pid} at ${app.url} (started in ${appStartMs} ms)`);

  const total = Math.max(1, Math.round(o.rate * o.duration));
  const workers = [receiverWorker({ role: 'webhooks', count: o.subscriptions, size: total }), receiverWorker({ role: 'subscribers', count: o.subscribers, size: total, url: app.url, key: seed.apiKey, projectId })];
  cleanups.push(...workers.map((w) => w.stop));
  workers[0].trust(await createSubscriptions(app.url, seed.apiKey, projectId, seed.teamUuid, await workers[0].ready));
  await workers[1].ready;
  log(`${o.subscriptions} webhook subscriptions, ${o.subscribers} WebSocket subscribers connected`);
  const progress = () => workers.map((w) => w.progress());

  // Warm-up: one update every 100 ms until every sink has seen one (subscriptions registered, connections and JIT warm).
  const [target, warmStarted, warm] = [{ url: app.url, key: seed.apiKey, taskIds }, performance.now(), [] as Promise<unknown>[]];
  while (!progress().every((p) => p.warm >= p.sinks)) {
    if (warm.length >= WARMUP_MAX) throw new Error(`not every receiver saw a warm-up event after ${WARMUP_MAX} updates; app output:\n${app.tail(10)}`);
    warm.push(update(target, 'warm', warm.length));
    await sleep(100);
  }
  await Promise.all(warm);
  const warmup = { sent: warm.length, seconds: round2((performance.now() - warmStarted) / 1000) };
  log(`warm: every receiver saw an event after ${warmup.sent} updates (${warmup.seconds} s)`);
  // Let the warm-up's stragglers drain so they are not billed to the measured phase.
  await sleep(1000);
  await app.settle(5000);

  log(`run: ${o.rate} updates/s for ${o.duration} s (${total} updates)`);
  const [loadAvgAtStart, state] = [loadavg().map(round2), { sent: 0, inFlight: 0 }];
  await app.beginWindow();
  const line = async () => {
    const [[w, s], b] = [progress(), await backlogOf(db)];
    return `sent ${state.sent}/${total}, in flight ${state.inFlight}; received webhooks ${w.received}, WebSocket ${s.received}; backlog ${b.outbox} outbox, ${b.deliveries} deliveries`;
  };
  const timer = setInterval(() => void line().then(log, () => undefined), 5000);
  const drive = await fixedRate(target, o.rate, total, state).finally(() => clearInterval(timer));
  // Drain: until every sink has every answered update's event, or nothing arrived for a while with no backlog left
  // (the rest is lost), or --drain passes.
  const [until, complete] = [epochMs() + o.drain * 1000, (p: { received: number; sinks: number }) => p.received >= drive.ok * p.sinks];
  for (let [count, changed] = [-1, epochMs()]; epochMs() < until; await sleep(200)) {
    const [[w, s], b] = [progress(), await backlogOf(db)];
    if (complete(w) && complete(s)) break;
    if (w.received + s.received !== count) [count, changed] = [w.received + s.received, epochMs()];
    else if (epochMs() - changed > QUIET_MS && b.outbox + b.deliveries === 0) break;
  }
  log(`drained: ${await line()}`);
  const appWindow = await app.endWindow();
  const [webhooks, subscribers] = await Promise.all(workers.map((w) => w.summarize(drive.responseAt)));
  const drained = [webhooks, subscribers].every(complete);
  const { responseAt: _, ...updates } = drive;
  return {
    ...{ tasks: taskIds.length, appStartMs, warmup, updates, webhooks, subscribers, drained },
    /** From the last update's answer until the last expected event arrived (or the wait ended). */
    drainMs: Math.round(Math.max(0, (drained ? Math.max(webhooks.lastAt ?? 0, subscribers.lastAt ?? 0) : epochMs()) - drive.endedAt)),
    /** The backlog when the wait ended: missing events with deliveries still pending were late, not lost. */
    finalBacklog: await backlogOf(db),
    app: { ...appWindow, peakRssMb: round2(app.peakRssMb()), loadAvgAtStart },
    ...{ postgres: await serverFacts(url), appEnv: shownEnv(env) },
  };
}

// ---------------------------------------------------------------- the report

type Result = Awaited<ReturnType<typeof measure>> & { startedAt: string; finishedAt: string; git: { commit: string; dirty: number }; machine: ReturnType<typeof machineFacts> & { loadAvgAtEnd: number[] }; options: Options };

/**
 * Whether the run met each target. Integrity: null when events were still queued as the wait ended (late; whether
 * any would be lost is then unknown), false for a duplicate, a wrong event, a failed signature, a failed update, or
 * an event missing with nothing left in the queues (lost).
 */
function verdicts(r: Result): { lag: boolean; integrity: boolean | null } {
  const paths = [r.webhooks, r.subscribers];
  const lag = paths.every((s, i) => s.sinks === 0 || (s.lag?.p99 ?? Infinity) <= [P99_TARGET_MS.webhooks, P99_TARGET_MS.subscribers][i]);
  if (r.webhooks.problems.unverified > 0 || r.updates.ok !== r.updates.sent || paths.some((s) => s.duplicated + s.unexpected > 0)) return { lag, integrity: false };
  if (paths.every((s) => s.missing === 0)) return { lag, integrity: true };
  return { lag, integrity: r.finalBacklog.outbox + r.finalBacklog.deliveries === 0 ? false : null };
}

/** The markdown report. */
function renderReport(r: Result): string {
  const [v, o, m, u, a, b] = [verdicts(r), r.options, r.machine, r.updates, r.app, r.finalBacklog];
  const mark = (ok: boolean | null) => (ok === null ? 'undetermined (events still queued when the wait ended)' : ok ? 'met' : '**missed**');
  const pairs = (x: Record<string, string | number>, sep: string) => Object.entries(x).map(([k, y]) => `${k}${sep}${y}`).join(sep === '=' ? ' ' : ', ');
  const secs = (u.endedAt - u.startedAt) / 1000;
  const row = (name: string, s: PathSummary) =>
    `| ${name} | ${[s.sinks, s.expectedPerSink * s.sinks, s.received, s.missing, s.duplicated, s.unexpected].map((n) => num(n)).join(' | ')} | ${[s.lag?.p50, s.lag?.p99, s.lag?.max, s.worstSinkP99].map((n) => num(n, 1)).join(' | ')} |`;
  return [
    `# Event lag${o.smoke ? ' (smoke run: says nothing about speed)' : ''}`,
    '',
    `${r.startedAt} → ${r.finishedAt}; commit \`${r.git.commit.slice(0, 12)}\`${r.git.dirty ? ` + ${r.git.dirty} uncommitted file(s)` : ''}.`,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; load average ${m.loadAvgAtStart.join(' ')} at start, ${m.loadAvgAtEnd.join(' ')} at end` +
      `${m.loadAvgAtStart[0] > m.cores * 0.5 ? ' (**busy machine**: other work competed for the cores)' : ''}.`,
    `PostgreSQL: ${pairs(r.postgres, ' ')}. Redis pub/sub between app and subscribers.`,
    `Settings: ${num(o.rate)} updates/s for ${o.duration} s over ${r.tasks} tasks; ${o.subscriptions} webhook subscriptions (task.updated); ${o.subscribers} graphql-ws subscribers. ` +
      `App: ${pairs(r.appEnv, '=')}; started in ${num(r.appStartMs)} ms; warm-up ${r.warmup.sent} updates (${num(r.warmup.seconds, 1)} s).`,
    '',
    `**Targets**: p99 lag ≤ ${num(P99_TARGET_MS.subscribers)} ms to graphql-ws subscribers and ≤ ${num(P99_TARGET_MS.webhooks)} ms to webhooks: ${mark(v.lag)}; ` +
      `every event received exactly once per sink (none missing when the wait ended, none duplicated), every update answered: ${mark(v.integrity)}.`,
    '',
    "Lag is receipt time − the event's `timestamp` (the app's clock when it wrote the outbox row, inside the update's transaction just before " +
      'COMMIT; same machine clock as the receivers), so it slightly over-states commit → receipt.',
    '',
    `## Fixed rate: ${o.rate} updates/s for ${o.duration} s`,
    '',
    `Updates: ${num(u.sent)} sent, ${num(u.ok)} answered 200 (${pairs(u.statuses, ': ')}), ${num(u.ok / secs, 1)} updates/s over ${num(secs, 1)} s; ` +
      `update latency p50 ${num(u.latency?.p50, 1)} ms, p99 ${num(u.latency?.p99, 1)} ms, max ${num(u.latency?.max, 1)} ms.`,
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
    `App: RSS peak ${num(a.peakRssMb)} MB (VmHWM over the run; ${num(a.rssPeakMb)} MB sampled in the phase), CPU ${num(a.cpuCores, 2)} cores, ` +
      `event-loop delay p99 ${num(a.eld?.p99Ms, 1)} ms (max ${num(a.eld?.maxMs, 1)}); machine ${num(a.machineBusy * 100)} % busy; load average at the phase's start ${a.loadAvgAtStart.join(' ')}.`,
    `Receivers: webhooks ${JSON.stringify(r.webhooks.problems)}; WebSocket ${JSON.stringify(r.subscribers.problems)}.`,
    '',
  ].join('\n');
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const { startedAt, stamp, load } = startRun(log, o.smoke ? 'smoke run' : 'measured run', o.smoke);
  const measured = await measure(o, `${stamp}_${randomBytes(3).toString('hex')}`);
  const machine = { ...machineFacts(load), loadAvgAtEnd: loadavg().map(round2) };
  const result: Result = { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), git: gitState(), machine, options: o, ...measured };
  const [base, markdown] = [join(RESULTS_DIR, `event-lag-${stamp}${o.smoke ? '-smoke' : ''}`), renderReport(result)];
  writeFileSync(`${base}.md`, markdown);
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${markdown}\n`);
  log(`report: ${base}.md (raw: ${base}.json)`);
  if (!o.smoke) writeSection(join(ROOT, 'bench', 'RESULTS.md'), 'event-lag', demoteHeadings(markdown));
  if (!o.smoke) log('written to bench/RESULTS.md (section event-lag)');

  const [v, errors] = [verdicts(result), [] as string[]];
  if (v.integrity === false) errors.push('events were lost, duplicated or unexpected, failed verification, or updates failed (see the report)');
  if (v.integrity === null && o.smoke) errors.push('smoke: events were still queued when the wait ended');
  if (v.integrity === null && !o.smoke) log('events were still queued when the wait ended: late, so loss and duplication are undetermined (see the report)');
  if (o.smoke && !(result.webhooks.received + result.subscribers.received > 0 && result.updates.ok > 0)) errors.push('smoke: the run saw no updates or no events');
  endRun(log, startedAt, errors, o.smoke ? 'harness works (smoke: lag not judged)' : `lag target ${v.lag ? 'met' : 'MISSED'}`);
}

runEntry(main, log, cleanups);
