// One pass: the app (and, on PostgreSQL, the floor) started as children over a
// seeded database, every scenario probed then loaded, the team board timed.

import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { probe, runLoad } from './load.ts';
import type { BenchOptions } from './options.ts';
import type { PassResult, ScenarioResult, ServerKind } from './results.ts';
import { loadScenarios } from './scenarios.ts';
import { timeBoards, waitForDrain } from './board-phase.ts';
import { floorParity } from './parity.ts';
import { probeHealthz } from './healthz-probe.ts';
import { runHostile } from './hostile-phase.ts';
import type { SeedResult } from './seed.ts';
import { appServeArgs, freePort, ServerProcess } from './server-process.ts';
import { PgCpuMeter, withApplicationName } from './pg-cpu.ts';

/** application_name of each server's PostgreSQL connections, so their backends' CPU is told apart. */
export const PG_APPLICATION = { app: 'tasksvc-bench-app', floor: 'tasksvc-bench-floor', reference: 'tasksvc-bench-reference' } as const;

/** What a pass runs against. */
export interface PassInput {
  database: 'postgres' | 'pglite';
  /** Environment of the app child (database settings included). */
  appEnv: NodeJS.ProcessEnv;
  /** `serve --workers N` (PostgreSQL; default 1). */
  workers?: number;
  /** PostgreSQL URL for the floor; none on PGlite. */
  floorDatabaseUrl?: string;
  seed: SeedResult;
  options: BenchOptions;
  run: string;
  /** Scratch directory of the run (event-loop files, profiles). */
  workDir: string;
  /** Where CPU profiles go (`--profile`). */
  profileDir: string;
  /** Called with each line of progress. */
  log: (line: string) => void;
}

const wanted = (o: BenchOptions, id: string) => !o.only.length || o.only.includes(id);

async function startApp(input: PassInput): Promise<ServerProcess> {
  const port = await freePort();
  const profiling = input.options.profile && input.database === 'postgres';
  if (profiling) mkdirSync(input.profileDir, { recursive: true });
  const workers = input.workers ?? 1;
  return ServerProcess.start({
    name: `app (${input.database}${workers > 1 ? `, ${workers} workers` : ''})`,
    args: [...appServeArgs(), ...(workers > 1 ? ['--workers', String(workers)] : [])],
    env: { ...input.appEnv, PORT: String(port) },
    port,
    nodeFlags: [...input.options.appNodeFlags, ...(profiling ? ['--cpu-prof', `--cpu-prof-dir=${input.profileDir}`] : [])],
    eldFile: join(input.workDir, `eld-app-${input.database}.json`),
    eld: workers === 1,
  });
}

/** The floor or PostGraphile, on the pass's PostgreSQL database, with its own application_name. */
async function startComparator(input: PassInput, kind: 'floor' | 'reference'): Promise<ServerProcess> {
  const port = await freePort();
  return ServerProcess.start({
    name: kind === 'floor' ? 'floor' : 'reference (PostGraphile)',
    args: ['--import', 'tsx', `bench/${kind}-server.ts`],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(kind === 'reference' ? { NODE_ENV: 'production', GRAPHILE_ENV: 'production' } : {}),
      DATABASE_URL: withApplicationName(input.floorDatabaseUrl!, PG_APPLICATION[kind]),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    port,
    eldFile: join(input.workDir, `eld-${kind}.json`),
  });
}

/** Runs every scenario of one database; failures are recorded, never thrown past the pass. */
export async function runPass(input: PassInput): Promise<PassResult> {
  const result: PassResult = {
    database: input.database,
    ...(input.workers && input.workers > 1 ? { workers: input.workers } : {}),
    seed: { counts: input.seed.counts, seconds: Math.round(input.seed.seconds * 10) / 10 },
    errors: [],
    appStartMs: null,
    appPeakRssMb: null,
    floorPeakRssMb: null,
    scenarios: [],
    board: null,
  };
  const label = `${input.database}${input.workers && input.workers > 1 ? ` (${input.workers} workers)` : ''}`;
  const headers = { authorization: `Bearer ${input.seed.apiKey}` };
  const started = performance.now();
  let app: ServerProcess | null = null;
  let floor: ServerProcess | null = null;
  let reference: ServerProcess | null = null;
  const meters = new Map<ServerKind, PgCpuMeter>();
  const before = new Set(existsSync(input.profileDir) ? readdirSync(input.profileDir) : []);
  try {
    app = await startApp(input);
    result.appStartMs = Math.round(performance.now() - started);
    await app.settle();
    await app.beginWindow();
    await new Promise((r) => setTimeout(r, Math.min(2000, input.options.durationSec * 1000)));
    result.appIdle = await app.endWindow();
    input.log(`${label}: app ready in ${result.appStartMs} ms (pid ${app.pid}), idle RSS ${result.appIdle.rssPeakMb} MB`);
    if (input.floorDatabaseUrl) {
      floor = await startComparator(input, 'floor');
      const parity = (result.floorParityAll = await floorParity(app, floor, headers, input.seed, input.run));
      input.log(`${label}: floor ready (pid ${floor.pid}); its answers vs the app's: ${JSON.stringify(parity)}`);
      for (const [id, verdict] of Object.entries(parity)) {
        if (verdict !== 'identical' && verdict !== 'same shape') result.errors.push(`floor ${id} differs from the app's: ${verdict}`);
      }
      if (input.options.reference) {
        reference = await startComparator(input, 'reference');
        input.log(`${label}: reference (PostGraphile) ready (pid ${reference.pid})`);
      }
      for (const kind of ['app', 'floor', 'reference'] as const) meters.set(kind, await new PgCpuMeter(input.floorDatabaseUrl, PG_APPLICATION[kind]).open());
    }
    const scenarios = loadScenarios(input.seed, input.run);
    for (let round = 1; round <= input.options.rounds; round++)
    for (const scenario of scenarios) {
      if (!wanted(input.options, scenario.id)) continue;
      const server: ServerProcess | null = { app, floor, reference }[scenario.server];
      if (!server) continue;
      const drain = input.floorDatabaseUrl ? await waitForDrain(app, input.options.mode, input.floorDatabaseUrl) : undefined;
      if (drain && (drain.backlogBefore || !drain.drained)) input.log(`${label}: before ${scenario.label}: outbox drain ${drain.ms} ms (${drain.backlogBefore} → ${drain.backlogAfter} events)`);
      await app.settle();
      const check = await probe(server.url, headers, scenario.make, 0);
      const entry: ScenarioResult = {
        id: scenario.id,
        label: scenario.label,
        server: scenario.server,
        probe: { status: check.status, ms: Math.round(check.ms * 10) / 10, problem: scenario.check(check.status, check.json ?? check.text) },
        load: null,
        window: null,
        loadAvg: Math.round(loadavg()[0] * 100) / 100,
        ...(input.options.rounds > 1 ? { round } : {}),
        ...(drain ? { drain } : {}),
      };
      result.scenarios.push(entry);
      if (entry.probe.problem) {
        result.errors.push(`${scenario.label}: ${entry.probe.problem}`);
        input.log(`${label}: ${scenario.label}: SKIPPED, probe failed: ${entry.probe.problem}`);
        continue;
      }
      // Warm-up outside the measured window; the window covers the measured load only.
      if (input.options.warmupSec > 0) {
        await runLoad(server.url, headers, scenario.make, { connections: input.options.connections, durationSec: input.options.warmupSec });
        // autocannon stops at its deadline with up to one request per connection unanswered; the
        // server still runs them. Without this wait they (and the events they wrote) are billed
        // to the window while the window's own requests queue behind them: on PGlite's one
        // connection that took a --quick update window's 2 s whole (0–1 requests counted).
        await server.settle();
        if (server !== app) await app.settle();
      }
      const meter = meters.get(scenario.server);
      await meter?.begin();
      await server.beginWindow();
      const healthz = scenario.server === 'app' ? probeHealthz(app.url) : null;
      entry.load = await runLoad(server.url, headers, scenario.make, { connections: input.options.connections, durationSec: input.options.durationSec });
      if (healthz) entry.healthz = await healthz.stop();
      entry.window = await server.endWindow();
      const pgCpu = await meter?.end();
      const l = entry.load;
      entry.pgCpuMsPerRequest = pgCpu && l.requests ? Math.round((pgCpu.cpuMs / l.requests) * 100) / 100 : null;
      input.log(
        `${label}: ${scenario.label.padEnd(30)} ${String(l.rps).padStart(8)} req/s  p50 ${l.p50} ms  p99 ${l.p99} ms` +
          `  cpu ${l.requests ? ((entry.window.cpuCores * input.options.durationSec * 1000) / l.requests).toFixed(1) : '?'} ms/req  pg ${entry.pgCpuMsPerRequest ?? '?'} ms/req  healthz p99 ${entry.healthz?.p99 ?? '–'} max ${entry.healthz?.max ?? '–'} ms  rss ${entry.window.rssPeakMb} MB  eld p99 ${entry.window.eld?.p99Ms ?? '?'} ms${l.non2xx ? `  NON-2XX ${l.non2xx} ${JSON.stringify(l.statusCodes)}` : ''}`,
      );
      if (l.non2xx || l.errors) result.errors.push(`${scenario.label}: ${l.non2xx} non-2xx ${JSON.stringify(l.statusCodes)}, ${l.errors} errors`);
    }
    if (wanted(input.options, 'board') && input.options.boardCalls > 0) {
      // The load leaves outbox events for the app's dispatcher; the boards start once it has caught up.
      const d = (result.drain = await waitForDrain(app, input.options.mode, input.floorDatabaseUrl));
      input.log(
        `${label}: outbox drain before the boards: ${d.drained ? '' : 'NOT drained, gave up '}after ${d.ms} ms` +
          (d.method === 'outbox' ? ` (${d.backlogBefore} unprocessed events at start, ${d.backlogAfter} at end)` : ' (app CPU idle; PGlite outbox not readable from outside)'),
      );
      const boardArgs = { run: input.run, teamUuid: input.seed.teamUuid, userId: input.seed.userId, headers };
      for (const [kind, server] of [['app', app], ['floor', floor], ['reference', reference]] as const) {
        if (!server) continue;
        const healthz = kind === 'app' ? probeHealthz(app.url) : null;
        const b = await timeBoards(server, kind, input.options, boardArgs);
        if (healthz) b.healthz = await healthz.stop();
        if (kind === 'app') result.board = b;
        else (result.boards ??= {})[kind] = b;
        input.log(`${label}: team board on ${kind} (${b.tasksPerBoard} tasks) × ${b.ms.length}: p50 ${b.p50} ms, max ${b.max} ms${b.healthz ? `, /healthz p99 ${b.healthz.p99} max ${b.healthz.max} ms` : ''}${b.problem ? `  PROBLEM ${b.problem}` : ''}`);
        if (b.problem) result.errors.push(`team board (${kind}): ${b.problem}`);
      }
    }
    if (wanted(input.options, 'hostile') && input.seed.visibleProjectIds.length) {
      await app.settle();
      result.hostile = await runHostile(app.url, headers, input.seed.visibleProjectIds[0], input.options.mode);
      for (const h of result.hostile) {
        input.log(`${label}: hostile ${h.label}: ${h.status} in ${h.ms} ms, /healthz p99 ${h.healthz.p99} max ${h.healthz.max} ms`);
        if (h.status === 0 || h.status >= 500) result.errors.push(`hostile ${h.label}: HTTP ${h.status}`);
      }
    }
  } catch (err) {
    result.errors.push((err as Error).message);
    result.skipped = `stopped early: ${(err as Error).message.split('\n')[0]}`;
    input.log(`${label}: ${(err as Error).message}`);
  } finally {
    for (const [server, field] of [[app, 'appPeakRssMb'], [floor, 'floorPeakRssMb'], [reference, 'referencePeakRssMb']] as const) {
      if (!server) continue;
      result[field] = Math.round(server.peakRssMb() * 10) / 10;
      await server.stop();
    }
    for (const m of meters.values()) await m.close();
  }
  if (input.options.profile && existsSync(input.profileDir)) {
    result.profiles = readdirSync(input.profileDir).filter((f) => !before.has(f)).map((f) => join(input.profileDir, f));
  }
  return result;
}
