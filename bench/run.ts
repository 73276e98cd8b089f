// `npm run bench`: seeds fresh databases (PostgreSQL, PGlite), runs the app, the floor and PostGraphile as
// child processes, drives load with autocannon, writes bench/results/<run>.json and the `load` section of
// bench/RESULTS.md (complete full runs; others bench/results/<run>.md). See `npm run bench -- --help` and
// bench/BENCHMARKS.md.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAppEnv, shownEnv } from './app-env.ts';
import { createDatabase, databaseUrl, dropDatabase, serverAnswers, serverFacts, serverUrl } from './database.ts';
import { type Cleanups, endRun, gitState, machineFacts, RESULTS_DIR, runEntry, startRun } from './entry.ts';
import { type BenchOptions, parseOptions } from './options.ts';
import { PG_APPLICATION, runPass } from './pass.ts';
import { withApplicationName } from './pg-cpu.ts';
import { renderReport, writeSection } from './report.ts';
import type { BenchResults, PassResult } from './results.ts';
import { seedDatabase } from './seed.ts';
import { ROOT } from './server-process.ts';

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const cleanups: Cleanups = [];

/** One database's pass: the database made (a fresh PostgreSQL database, a PGlite data directory), seeded, measured, removed (`--keep` keeps it). */
async function pass(database: PassResult['database'], o: BenchOptions, run: string, workDir: string): Promise<PassResult> {
  let location: string;
  let remove: () => unknown;
  if (database === 'postgres') {
    const server = serverUrl();
    const answer = await serverAnswers(server);
    if (!answer.ok) {
      const why = `PostgreSQL at ${new URL(server).host} does not answer (${answer.reason})`;
      log(`postgres: skipped: ${why}`);
      return { database, seed: null, skipped: why, errors: [], peakRssMb: {}, rows: [], hostile: [] };
    }
    const name = `tasksvc_bench_${run}`;
    location = databaseUrl(server, name);
    await createDatabase(server, name);
    remove = () => (o.keep ? log(`postgres: kept database ${location}`) : dropDatabase(server, name).catch((err: Error) => log(`could not drop ${name}: ${err.message}`)));
  } else {
    location = mkdtempSync(join(tmpdir(), 'tasksvc-bench-pglite-'));
    // TASKSVC_DATA_DIR=… for bench/diagnostics/.
    remove = () => (o.keep ? log(`pglite: kept data directory ${location}`) : rmSync(location, { recursive: true, force: true }));
  }
  cleanups.push(remove);
  try {
    log(`${database}: seeding ${o.seed.tasks.toLocaleString('en')} tasks in ${o.seed.projects} projects for ${o.seed.users} users`);
    const seed = await seedDatabase(location, o.seed);
    const pg = database === 'postgres';
    const appEnv = benchAppEnv(pg ? { DATABASE_URL: withApplicationName(location, PG_APPLICATION.app) } : { TASKSVC_DATA_DIR: location });
    const result = await runPass({ database, appEnv, databaseUrl: pg ? location : undefined, seed, options: o, run, workDir, log });
    if (pg) result.server = await serverFacts(location);
    return result;
  } finally {
    cleanups.splice(cleanups.indexOf(remove), 1);
    await remove();
  }
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const { startedAt, stamp, load } = startRun(log, `${o.mode} run`, o.mode === 'smoke');
  const run = `${stamp}_${o.mode}`;
  const workDir = mkdtempSync(join(tmpdir(), 'tasksvc-bench-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));

  const passes: PassResult[] = [];
  if (o.postgres) passes.push(await pass('postgres', o, run, workDir));
  if (o.pglite) passes.push(await pass('pglite', o, run, workDir));
  const { connections, durationSec, warmupSec, boardCalls, boardTasks } = o;
  const results: BenchResults = {
    mode: o.mode,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    git: gitState(),
    machine: machineFacts(load),
    settings: { connections, durationSec, warmupSec, boardCalls, boardTasks, appEnv: shownEnv(benchAppEnv()) },
    passes,
  };
  writeFileSync(join(RESULTS_DIR, `${run}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const target = o.writeResults ? join(ROOT, 'bench', 'RESULTS.md') : join(RESULTS_DIR, `${run}.md`);
  writeSection(target, 'load', renderReport(results));
  log(`results: ${join(RESULTS_DIR, run)}.json; report: ${target}${o.profile ? `; CPU profiles: ${join(RESULTS_DIR, 'profiles', run)}/` : ''}`);

  // Without DATABASE_URL an absent local PostgreSQL is not an error: the PGlite pass still checks the harness.
  const optional = (p: PassResult) => p.database === 'postgres' && !p.seed && !process.env.DATABASE_URL && o.pglite;
  const errors = passes.flatMap((p) => [...(p.skipped && !optional(p) ? [`${p.database}: ${p.skipped}`] : []), ...p.errors.map((e) => `${p.database}: ${e}`)]);
  if (!passes.some((p) => p.rows.length || p.hostile.length)) errors.push('no pass ran');
  endRun(log, startedAt, errors, 'no errors');
}

runEntry(main, log, cleanups);
