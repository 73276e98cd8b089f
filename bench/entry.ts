// What every benchmark entry point does around its main function: run the
// registered cleanups (last first) on exit, on failure and on Ctrl-C, and
// report the commit it measured.

import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { ROOT } from './server-process.ts';

/** Cleanup steps of a run; an entry may remove its own once done early. */
export type Cleanups = (() => Promise<unknown> | unknown)[];

/** `git <args>` in the project, or '' when git is unavailable. */
export function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** The commit measured and how many files differ from it. */
export function gitState(): { commit: string; dirty: number } {
  return {
    commit: git(['rev-parse', 'HEAD']) || 'unknown',
    dirty: git(['status', '--porcelain']).split('\n').filter(Boolean).length,
  };
}

/** Rounds to two decimals (report figures). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The machine a run measured on, with the load average it started at. */
export function machineFacts(loadAvgAtStart: number[]) {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAvgAtStart: loadAvgAtStart.map(round2),
  };
}

/**
 * Runs `main`; an error is logged and sets exit code 1. The cleanups run
 * afterwards, and on SIGINT/SIGTERM (exit code 130); a failing cleanup is
 * logged and does not stop the others.
 */
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
