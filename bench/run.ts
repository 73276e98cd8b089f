// `npm run bench`: seeds fresh databases, runs the app (and the floor) as
// child processes, drives load with autocannon, writes bench/results/*.json
// and the tables of bench/RESULTS.md. See `npm run bench -- --help` and bench/BENCHMARKS.md.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAppEnv, shownEnv } from './app-env.ts';
import { createDatabase, databaseUrl, dropDatabase, serverAnswers, serverFacts, serverUrl } from './database.ts';
import { type Cleanups, endRun, gitState, machineFacts, RESULTS_DIR, runEntry, startRun } from './entry.ts';
import { type BenchOptions, parseOptions } from './options.ts';
import { PG_APPLICATION, runPass } from './pass.ts';
import { withApplicationName } from './pg-cpu.ts';
import { writeReport } from './report.ts';
import type { BenchResults, PassResult } from './results.ts';
import { seedDatabase, type SeedSize } from './seed.ts';
import { ROOT } from './server-process.ts';

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const cleanups: Cleanups = [];

function seed(kind: 'postgres' | 'pglite', location: string, size: SeedSize) {
  log(`${kind}: seeding ${size.tasks.toLocaleString('en')} tasks in ${size.projects} projects for ${size.users} users`);
  return seedDatabase(location, size);
}

/** The PostgreSQL passes: one seeded database, one pass per `--workers` value (the app as `serve --workers N`). */
async function postgresPasses(o: BenchOptions, run: string, workDir: string): Promise<PassResult[]> {
  const server = serverUrl();
  const answer = await serverAnswers(server);
  if (!answer.ok) {
    const why = `PostgreSQL at ${new URL(server).host} does not answer (${answer.reason})`;
    log(`postgres: skipped: ${why}`);
    return [{ database: 'postgres', seed: null, skipped: why, errors: [], appStartMs: null, appPeakRssMb: null, floorPeakRssMb: null, scenarios: [], board: null }];
  }
  const name = `tasksvc_bench_${run}`;
  const url = databaseUrl(server, name);
  await createDatabase(server, name);
  const drop = async () => {
    if (o.keep) log(`postgres: kept database ${url}`);
    else await dropDatabase(server, name).catch((err: Error) => log(`could not drop ${name}: ${err.message}`));
  };
  cleanups.push(drop);
  try {
    const seeded = await seed('postgres', url, o.pgSeed);
    const results: PassResult[] = [];
    // Later passes see the rows earlier passes created (creates, boards): a few percent more tasks.
    for (const workers of o.workers) {
      const result = await runPass({
        database: 'postgres',
        appEnv: benchAppEnv({ DATABASE_URL: withApplicationName(url, PG_APPLICATION.app) }),
        workers,
        floorDatabaseUrl: url,
        seed: seeded,
        options: o,
        run,
        workDir,
        profileDir: join(RESULTS_DIR, 'profiles', run),
        log,
      });
      result.server = await serverFacts(url);
      results.push(result);
    }
    return results;
  } finally {
    cleanups.splice(cleanups.indexOf(drop), 1);
    await drop();
  }
}

async function pglitePass(o: BenchOptions, run: string, workDir: string): Promise<PassResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tasksvc-bench-pglite-'));
  // --keep keeps the data directory too (TASKSVC_DATA_DIR=… for bench/diagnostics/).
  const remove = () => (o.keep ? log(`pglite: kept data directory ${dataDir}`) : rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(remove);
  try {
    return await runPass({
      database: 'pglite',
      appEnv: benchAppEnv({ TASKSVC_DATA_DIR: dataDir }),
      seed: await seed('pglite', dataDir, o.pgliteSeed),
      options: o,
      run,
      workDir,
      profileDir: join(RESULTS_DIR, 'profiles', run),
      log,
    });
  } finally {
    cleanups.splice(cleanups.indexOf(remove), 1);
    remove();
  }
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const { startedAt, stamp, load } = startRun(log, `${o.mode} run`, o.mode === 'smoke');
  const run = `${stamp}_${o.mode}`;
  const workDir = mkdtempSync(join(tmpdir(), 'tasksvc-bench-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));

  const passes: PassResult[] = [];
  if (o.postgres) passes.push(...(await postgresPasses(o, run, workDir)));
  if (o.pglite) passes.push(await pglitePass(o, run, workDir));

  const appEnv = benchAppEnv();
  const results: BenchResults = {
    mode: o.mode,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    git: gitState(),
    machine: machineFacts(load),
    settings: {
      connections: o.connections,
      durationSec: o.durationSec,
      warmupSec: o.warmupSec,
      boardCalls: o.boardCalls,
      boardTasks: o.boardTasks,
      appEnv: shownEnv(appEnv),
    },
    passes,
  };
  const file = join(RESULTS_DIR, `${run}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`results: ${file}`);
  const target = o.writeReport ? join(ROOT, 'bench', 'RESULTS.md') : join(RESULTS_DIR, `${run}.md`);
  writeReport(results, target);
  log(`report: ${target}`);

  // Without DATABASE_URL an absent local PostgreSQL is not an error: the PGlite pass still checks the harness.
  const optional = (p: PassResult) => p.database === 'postgres' && !p.seed && !process.env.DATABASE_URL && o.pglite;
  const errors = passes.flatMap((p) => [...(p.skipped && !optional(p) ? [`${p.database}: ${p.skipped}`] : []), ...p.errors.map((e) => `${p.database}: ${e}`)]);
  const ran = passes.filter((p) => !p.skipped || p.scenarios.length);
  if (!ran.length) errors.push('no pass ran');
  endRun(log, startedAt, errors, 'no errors');
}

runEntry(main, log, cleanups);
