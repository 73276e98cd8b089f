// `npm run bench`: seeds fresh databases, runs the app (and the floor) as
// child processes, drives load with autocannon, writes bench/results/*.json
// and the tables of bench/RESULTS.md. See `npm run bench -- --help` and bench/BENCHMARKS.md.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createDatabase, databaseUrl, dropDatabase, serverAnswers, serverFacts, serverUrl } from './database.ts';
import { type BenchOptions, parseOptions } from './options.ts';
import { PG_APPLICATION, runPass } from './pass.ts';
import { withApplicationName } from './pg-cpu.ts';
import { writeReport } from './report.ts';
import type { BenchResults, PassResult } from './results.ts';
import { seedBenchData, type SeedSize } from './seed.ts';
import { type Cleanups, gitState, machineFacts, runEntry } from './entry.ts';
import { ROOT } from './server-process.ts';
import { benchAppEnv, shownEnv } from './app-env.ts';

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
const cleanups: Cleanups = [];

async function seedInto(kind: 'postgres' | 'pglite', location: string, size: SeedSize) {
  // A one-shot seeder: PGlite on this thread (the app under load runs it in its worker).
  const database = await openDatabase(kind === 'postgres' ? { databaseUrl: location, dataDir: 'memory://' } : { dataDir: location, pgliteInProcess: true });
  try {
    await migrate(database);
    log(`${kind}: seeding ${size.tasks.toLocaleString('en')} tasks in ${size.projects} projects for ${size.users} users`);
    return await seedBenchData(database, size);
  } finally {
    await database.close();
  }
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
    const seed = await seedInto('postgres', url, o.pgSeed);
    const results: PassResult[] = [];
    // Later passes see the rows earlier passes created (creates, boards): a few percent more tasks.
    for (const workers of o.workers) {
      const result = await runPass({
        database: 'postgres',
        appEnv: benchAppEnv({ DATABASE_URL: withApplicationName(url, PG_APPLICATION.app) }),
        workers,
        floorDatabaseUrl: url,
        seed,
        options: o,
        run,
        workDir,
        profileDir: join(ROOT, 'bench', 'results', 'profiles', run),
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
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  cleanups.push(remove);
  try {
    const seed = await seedInto('pglite', dataDir, o.pgliteSeed);
    return await runPass({
      database: 'pglite',
      appEnv: benchAppEnv({ TASKSVC_DATA_DIR: dataDir }),
      seed,
      options: o,
      run,
      workDir,
      profileDir: join(ROOT, 'bench', 'results', 'profiles', run),
      log,
    });
  } finally {
    cleanups.splice(cleanups.indexOf(remove), 1);
    remove();
  }
}

async function main() {
  const o = parseOptions(process.argv.slice(2));
  const startedAt = new Date();
  const run = startedAt.toISOString().replace(/[-:T]/g, '').slice(0, 14) + `_${o.mode}`;
  const resultsDir = join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const workDir = mkdtempSync(join(tmpdir(), 'tasksvc-bench-'));
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  const load = loadavg();
  log(`${o.mode} run ${run}; load average ${load.map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`);
  if (o.mode !== 'smoke' && load[0] > cpus().length * 0.5) {
    log(`WARNING: the machine is busy (load ${load[0].toFixed(1)}): numbers will be low and noisy; ratios hold up better than absolutes.`);
  }

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
  const file = join(resultsDir, `${run}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`results: ${file}`);
  const target = o.writeReport ? join(ROOT, 'bench', 'RESULTS.md') : join(resultsDir, `${run}.md`);
  writeReport(results, target);
  log(`report: ${target}`);

  // Without DATABASE_URL an absent local PostgreSQL is not an error: the PGlite pass still checks the harness.
  const optional = (p: PassResult) => p.database === 'postgres' && !p.seed && !process.env.DATABASE_URL && o.pglite;
  const errors = passes.flatMap((p) => [...(p.skipped && !optional(p) ? [`${p.database}: ${p.skipped}`] : []), ...p.errors.map((e) => `${p.database}: ${e}`)]);
  const ran = passes.filter((p) => !p.skipped || p.scenarios.length);
  if (!ran.length) errors.push('no pass ran');
  if (errors.length) {
    log(`${errors.length} problem(s):\n  ${errors.join('\n  ')}`);
    process.exitCode = 1;
  } else log(`done in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s, no errors`);
}

runEntry(main, log, cleanups);
