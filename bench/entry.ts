// What every benchmark entry point does around its main function: run the registered cleanups (last first)
// on exit, on failure and on Ctrl-C, and report the commit and machine it measured.

import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './server-process.ts';

/** Where runs write their raw results and reports (ignored by git). */
export const RESULTS_DIR = join(ROOT, 'bench', 'results');

/** Cleanup steps of a run; an entry may remove its own once done early. */
export type Cleanups = (() => Promise<unknown> | unknown)[];

/** The commit measured and how many files differ from it. */
export function gitState(): { commit: string; dirty: number } {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  return { commit: git('rev-parse', 'HEAD') || 'unknown', dirty: git('status', '--porcelain').split('\n').filter(Boolean).length };
}

/** Rounds to two decimals (report figures). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The machine a run measured on, with the load average it started at. */
export function machineFacts(loadAvgAtStart: number[]) {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30 * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAvgAtStart: loadAvgAtStart.map(round2),
  };
}

/** The start of a run: its time, a stamp for file names, the load average (logged; a warning when others keep half the cores busy, except in smoke runs). */
export function startRun(log: (line: string) => void, what: string, smoke: boolean) {
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const load = loadavg();
  mkdirSync(RESULTS_DIR, { recursive: true });
  log(`${what} ${stamp}; load average ${load.map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`);
  if (!smoke && load[0] > cpus().length * 0.5) log(`WARNING: the machine is busy (load ${load[0].toFixed(1)}): numbers will be noisy; ratios hold up better than absolutes.`);
  return { startedAt, stamp, load };
}

/** The end of a run: its problems are listed and set exit code 1; else `done` is logged with the time taken. */
export function endRun(log: (line: string) => void, startedAt: Date, errors: string[], done: string): void {
  if (errors.length) {
    log(`${errors.length} problem(s):\n  ${errors.join('\n  ')}`);
    process.exitCode = 1;
  } else log(`done in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s; ${done}`);
}

/** Runs `main`; an error is logged and sets exit code 1. The cleanups run afterwards, and on SIGINT/SIGTERM (exit code 130); a failing one does not stop the others. */
export function runEntry(main: () => Promise<void>, log: (line: string) => void, cleanups: Cleanups): void {
  const cleanup = async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (err) {
        log(`cleanup: ${(err as Error).message}`);
      }
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  main()
    .catch((err: Error) => {
      log(err.stack ?? err.message);
      process.exitCode = 1;
    })
    .finally(cleanup);
}
