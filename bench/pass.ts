// One pass over one seeded database: the servers started as children (the app; on PostgreSQL the floor and
// PostGraphile too), every scenario probed then loaded in a measured window, then the team boards one after
// another on each server, then the hostile shapes against the app.

import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { RESULTS_DIR } from './entry.ts';
import { probeHealthz, runLoad, send } from './load.ts';
import type { BenchOptions } from './options.ts';
import { floorParity } from './parity.ts';
import { PgCpuMeter, withApplicationName } from './pg-cpu.ts';
import { REFERENCE_BOARD } from './reference-documents.ts';
import type { DrainResult, Measured, PassResult, ServerKind } from './results.ts';
import { loadScenarios, teamBoardManifest } from './scenarios.ts';
import type { SeedResult } from './seed.ts';
import { appServeArgs, freePort, ServerProcess } from './server-process.ts';

/** application_name of each server's PostgreSQL connections, so their backends' CPU is told apart. */
export const PG_APPLICATION = { app: 'tasksvc-bench-app', floor: 'tasksvc-bench-floor', reference: 'tasksvc-bench-reference' } as const;

/** What a pass runs against: the app's environment (database settings included); on PostgreSQL the database (for the floor, PostGraphile, the CPU meters and the outbox); the scratch directory (event-loop files). */
export interface PassInput {
  database: 'postgres' | 'pglite';
  appEnv: NodeJS.ProcessEnv;
  databaseUrl?: string;
  seed: SeedResult;
  options: BenchOptions;
  run: string;
  workDir: string;
  log: (line: string) => void;
}

/** What one measured piece of work answers; the window's figures are added around it. */
type Timed = Pick<Measured, 'rps' | 'requests' | 'p50' | 'p99' | 'meanMs' | 'maxMs' | 'non2xx' | 'problem'> & { statusCodes?: Record<string, number> };

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Longest wait for the outbox backlog (longer is reported as not drained). */
const DRAIN_MAX_MS = { full: 300_000, quick: 120_000, smoke: 30_000 } as const;

async function start(input: PassInput, kind: ServerKind): Promise<ServerProcess> {
  const port = await freePort();
  const common = { port, eldFile: join(input.workDir, `eld-${kind}-${input.database}.json`) };
  if (kind === 'app') {
    const profile = input.options.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(RESULTS_DIR, 'profiles', input.run)}`] : [];
    return ServerProcess.start({ ...common, name: `app (${input.database})`, args: appServeArgs(), env: { ...input.appEnv, PORT: String(port) }, nodeFlags: profile });
  }
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: withApplicationName(input.databaseUrl!, PG_APPLICATION[kind]), PORT: String(port), HOST: '127.0.0.1' };
  const production = kind === 'reference' ? { NODE_ENV: 'production', GRAPHILE_ENV: 'production' } : {};
  return ServerProcess.start({ ...common, name: kind === 'floor' ? 'floor' : 'reference (PostGraphile)', args: ['--import', 'tsx', `bench/${kind}-server.ts`], env: { ...env, ...production } });
}

/**
 * Waits until the app's dispatcher has processed every outbox event (the floor's and PostGraphile's too: the
 * app's dispatcher reads the whole table, so their writes would otherwise be billed to the next scenario). On
 * PostgreSQL it counts the rows with no `processedAt`; on PGlite the app holds the database, so the app's CPU
 * going idle stands for the drain.
 */
async function waitForDrain(app: ServerProcess, input: PassInput): Promise<DrainResult> {
  const maxMs = DRAIN_MAX_MS[input.options.mode];
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  if (!input.databaseUrl) {
    await app.settle(maxMs);
    return { method: 'cpu-idle', ms: ms(), drained: ms() < maxMs };
  }
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  try {
    const backlog = async () => Number((await client.query(`SELECT count(*) AS n FROM "OutboxEvent" WHERE "processedAt" IS NULL`)).rows[0].n);
    const before = await backlog();
    let left = before;
    while (left > 0 && ms() < maxMs) left = await sleep(250).then(backlog);
    return { method: 'outbox', ms: ms(), drained: left === 0, backlogBefore: before, backlogAfter: left };
  } finally {
    await client.end();
  }
}

/** Creates the boards one after another on `server`, each timed end to end; stops at the first wrong answer. */
async function timeBoards(server: ServerProcess, kind: ServerKind, input: PassInput, headers: Record<string, string>): Promise<Timed> {
  const { boardCalls, boardTasks } = input.options;
  const { teamUuid, userId } = input.seed;
  const ms: number[] = [];
  let problem: string | undefined;
  for (let n = 0; n < boardCalls && !problem; n++) {
    // Each server its own titles (ticket prefixes are chosen from the title).
    const manifest = teamBoardManifest(kind === 'app' ? input.run : `${input.run} ${kind}`, n, boardTasks);
    const r = kind === 'reference'
      ? await send(`${server.url}/graphql`, headers, { query: REFERENCE_BOARD, variables: { teamId: teamUuid, userId, manifest } })
      : await send(`${server.url}/api/v1/teams/${teamUuid}/boards`, headers, manifest);
    ms.push(round1(r.ms));
    const ok = kind === 'reference' ? r.status === 200 && !r.json?.errors : r.status === 201;
    const tasks = ok ? (kind === 'reference' ? r.json?.data?.benchRefCreateTeamBoard?.result?.tasksByProjectId?.nodes?.length : r.json?.tasks?.length) : undefined;
    if (r.status === 0) problem = `call ${n + 1} failed after ${(r.ms / 1000).toFixed(1)} s: ${r.text}; ${kind} output: ${server.tail(5).replace(/\s+/g, ' ').slice(0, 300)}`;
    else if (tasks === undefined) problem = `HTTP ${r.status}: ${r.text.slice(0, 300)}`;
    else if (tasks !== boardTasks) problem = `answered ${tasks} tasks, not ${boardTasks}`;
  }
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = round1(ms.reduce((a, b) => a + b, 0) / ms.length);
  return { rps: 1000 / mean, requests: ms.length, p50: sorted[Math.floor((sorted.length - 1) / 2)], p99: null, meanMs: mean, maxMs: sorted[sorted.length - 1], non2xx: problem ? 1 : 0, problem };
}

/** The hostile shapes: the text-search parser's quadratic inputs (words joined by underscores) as HTML, and markdown whose rendering cost grows faster than its length. */
function hostileShapes(mode: BenchOptions['mode']) {
  const length = mode === 'smoke' ? 2_000 : 80_000;
  return [
    ...['_a', 'a_', '_1', 'a_b-'].map((unit) => ({ label: `description '${unit}' × ${length / unit.length} (HTML)`, text: unit.repeat(length / unit.length), markdown: false })),
    { label: `description of nested emphasis (markdown, ${length / 2} chars)`, text: '*a '.repeat(length / 6) + ' a*'.repeat(length / 6), markdown: true },
    { label: `description '_a' × ${length / 4} (markdown)`, text: '_a'.repeat(length / 4), markdown: true },
  ];
}

/** Runs every scenario of one database; failures are recorded, never thrown past the pass. */
export async function runPass(input: PassInput): Promise<PassResult> {
  const { options: o, seed, log, database } = input;
  const result: PassResult = { database, seed: { counts: seed.counts, seconds: round1(seed.seconds) }, errors: [], peakRssMb: {}, rows: [], hostile: [] };
  const headers = { authorization: `Bearer ${seed.apiKey}` };
  const wanted = (id: string) => !o.only.length || o.only.includes(id);
  const servers: Partial<Record<ServerKind, ServerProcess>> = {};
  const meters: Partial<Record<ServerKind, PgCpuMeter>> = {};
  const problem = (what: string) => {
    result.errors.push(what);
    log(`${database}: ${what}`);
  };

  /** Runs `work` in a measured window of `kind`'s server: CPU, RSS, event-loop delay, its backends' CPU, the app's /healthz. */
  const measure = async (kind: ServerKind, id: string, label: string, round: number, work: () => Promise<Timed>): Promise<Measured> => {
    const server = servers[kind]!;
    await meters[kind]?.begin();
    await server.beginWindow();
    const healthz = kind === 'app' ? probeHealthz(server.url) : null;
    const { statusCodes, ...t } = await work();
    const row: Measured = { id, label, server: kind, round, ...t, healthz: await healthz?.(), window: await server.endWindow(), cpuMsPerRequest: null, pgCpuMsPerRequest: null, loadAvg: round1(loadavg()[0]) };
    const pgCpu = await meters[kind]?.end();
    row.cpuMsPerRequest = t.rps ? (row.window.cpuCores * 1000) / t.rps : null;
    row.pgCpuMsPerRequest = pgCpu && t.requests ? pgCpu.cpuMs / t.requests : null;
    result.rows.push(row);
    const f = (n: number | null | undefined, digits = 1) => (n == null ? '–' : n.toFixed(digits));
    log(`${database}: ${label.padEnd(36)} ${f(t.rps).padStart(7)} req/s  p50 ${t.p50} ms  p99 ${t.p99 ?? '–'} ms  cpu ${f(row.cpuMsPerRequest)} ms/req  pg ${f(row.pgCpuMsPerRequest, 2)} ms/req  healthz p99 ${f(row.healthz?.p99)} ms  rss ${f(row.window.rssPeakMb, 0)} MB  eld p99 ${f(row.window.eld?.p99Ms)} ms`);
    if (t.non2xx) problem(`${label}: ${t.problem ?? `${t.non2xx} non-2xx ${JSON.stringify(statusCodes)}`}`);
    return row;
  };

  try {
    const started = performance.now();
    const app = (servers.app = await start(input, 'app'));
    result.appStartMs = Math.round(performance.now() - started);
    await app.settle();
    await app.beginWindow();
    await sleep(Math.min(2000, o.durationSec * 1000));
    result.appIdleRssMb = (await app.endWindow()).rssPeakMb;
    log(`${database}: app ready in ${result.appStartMs} ms (pid ${app.pid}), idle RSS ${result.appIdleRssMb} MB`);
    if (input.databaseUrl) {
      servers.floor = await start(input, 'floor');
      result.parity = await floorParity(app.url, servers.floor.url, headers, seed, input.run);
      log(`${database}: floor ready; its answers vs the app's: ${JSON.stringify(result.parity)}`);
      for (const [id, v] of Object.entries(result.parity)) if (v !== 'identical' && v !== 'same shape') problem(`floor ${id} differs from the app's: ${v}`);
      if (o.reference) servers.reference = await start(input, 'reference');
      for (const kind of Object.keys(servers) as ServerKind[]) meters[kind] = await new PgCpuMeter(input.databaseUrl, PG_APPLICATION[kind]).open();
    }
    const scenarios = loadScenarios(seed, input.run).filter((s) => wanted(s.id) && servers[s.server]);
    for (let round = 1; round <= o.rounds; round++) {
      for (const s of scenarios) {
        const server = servers[s.server]!;
        if (input.databaseUrl) {
          const d = await waitForDrain(app, input);
          if (d.backlogBefore || !d.drained) log(`${database}: before ${s.label}: outbox drain ${d.ms} ms (${d.backlogBefore} → ${d.backlogAfter} events)`);
        }
        await app.settle();
        const check = await send(server.url + s.make.path(0), headers, s.make.body?.(0));
        const wrong = s.check(check.status, check.json ?? check.text);
        if (wrong) {
          problem(`${s.label}: not run, its probe failed: ${wrong}`);
          continue;
        }
        // Warm-up outside the window. autocannon stops at its deadline with up to one request per connection
        // unanswered; the server still runs them, and without the wait they (and the events they wrote) are
        // billed to the window while its own requests queue behind them (on PGlite's one connection that took a
        // --quick update window whole).
        if (o.warmupSec > 0) {
          await runLoad(server.url, headers, s.make, o.connections, o.warmupSec);
          await server.settle();
          await app.settle();
        }
        await measure(s.server, s.id, s.label, round, () => runLoad(server.url, headers, s.make, o.connections, o.durationSec));
      }
    }
    if (wanted('board') && o.boardCalls > 0) {
      const d = (result.drain = await waitForDrain(app, input));
      log(`${database}: outbox drain before the boards: ${d.drained ? '' : 'NOT drained, gave up '}after ${d.ms} ms (${d.method}: ${d.backlogBefore ?? '?'} → ${d.backlogAfter ?? '?'} events)`);
      for (const kind of ['app', 'floor', 'reference'] as const) {
        const server = servers[kind];
        if (!server) continue;
        await server.settle();
        const who = { app: '', floor: ' (floor)', reference: ' (PostGraphile)' }[kind];
        await measure(kind, 'board', `team board, ${o.boardTasks} tasks${who} (sequential, ${o.boardCalls} calls)`, 1, () => timeBoards(server, kind, input, headers));
      }
    }
    if (wanted('hostile') && seed.visibleProjectIds.length) {
      await app.settle();
      for (const shape of hostileShapes(o.mode)) {
        const healthz = probeHealthz(app.url);
        const body = { project_id: seed.visibleProjectIds[0], title: 'hostile', description: shape.text, ...(shape.markdown ? { content_type: 'markdown' } : {}) };
        const r = await send(`${app.url}/api/v1/tasks`, headers, body);
        const h = { label: shape.label, status: r.status, ms: Math.round(r.ms), healthz: await healthz() };
        result.hostile.push(h);
        log(`${database}: hostile ${h.label}: ${h.status} in ${h.ms} ms, /healthz p99 ${h.healthz.p99} max ${h.healthz.max} ms`);
        if (h.status === 0 || h.status >= 500) problem(`hostile ${h.label}: HTTP ${h.status}`);
      }
    }
  } catch (err) {
    result.skipped = `stopped early: ${(err as Error).message.split('\n')[0]}`;
    problem((err as Error).message);
  } finally {
    for (const [kind, server] of Object.entries(servers)) {
      result.peakRssMb[kind as ServerKind] = round1(server.peakRssMb());
      await server.stop();
    }
    for (const m of Object.values(meters)) await m.close();
  }
  return result;
}
