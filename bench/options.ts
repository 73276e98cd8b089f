// The command line of `npm run bench`. Its --smoke (seconds, checks the harness end to end, asserts nothing about
// time), like every other benchmark's, is what CI runs, so none rots.

import { Command, InvalidArgumentError } from 'commander';
import type { SeedSize } from './seed.ts';

/** Integer ≥ min, for commander's option parsers. */
const integer = (min = 1) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`an integer ≥ ${min}, not ${v}`);
  return n;
};

/** The benchmark's command with its general options (--smoke, --keep, --profile). */
function benchCommand(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .option('--smoke', 'a few seconds with tiny numbers: checks the harness end to end; says nothing about speed')
    .option('--keep', 'keep the databases (PostgreSQL; the PGlite data directory of npm run bench) and print where (for bench/diagnostics/)')
    .option('--profile', 'CPU-profile the app child (node --cpu-prof) into bench/results/profiles/')
    .showHelpAfterError();
}

/** The settings of each mode; the command line may change the seed's tasks and the seconds per scenario. */
const MODES = {
  full: { seed: { projects: 50, tasks: 100_000, users: 60 }, durationSec: 20, warmupSec: 3, connections: 10, boardCalls: 10, boardTasks: 500 },
  quick: { seed: { projects: 50, tasks: 10_000, users: 60 }, durationSec: 2, warmupSec: 1, connections: 10, boardCalls: 3, boardTasks: 500 },
  smoke: { seed: { projects: 4, tasks: 400, users: 8 }, durationSec: 0.5, warmupSec: 0, connections: 4, boardCalls: 1, boardTasks: 100 },
};

/** Everything a run of `npm run bench` needs to know, after defaults. */
export interface BenchOptions {
  mode: keyof typeof MODES;
  postgres: boolean;
  pglite: boolean;
  /** The same data set on both databases, so PGlite ÷ PostgreSQL compares engines only. */
  seed: SeedSize;
  durationSec: number;
  warmupSec: number;
  connections: number;
  /** Interleaved rounds: every scenario of every server once per round (ratios are medians of same-round ratios). */
  rounds: number;
  boardCalls: number;
  boardTasks: number;
  /** Scenario ids to run (all when empty). */
  only: string[];
  reference: boolean;
  keep: boolean;
  profile: boolean;
  /** Write bench/RESULTS.md: complete full runs only (the others write bench/results/<run>.md). */
  writeResults: boolean;
}

/** Parses the command line of `npm run bench`. */
export function parseOptions(argv: string[]): BenchOptions {
  const v = benchCommand('npm run bench --', 'Load against a bare floor server and PostGraphile, on PostgreSQL and PGlite; writes bench/RESULTS.md on a complete full run.')
    .option('--quick', 'a minute or two: 10,000 tasks, 2 s per scenario')
    .option('--pg-only', 'skip the PGlite pass')
    .option('--pglite-only', 'skip the PostgreSQL pass (and the floor and the reference)')
    .option('--only <ids>', 'only these scenarios: list, list-graphql, list-trusted, projects, search, create, create-graphql, update, board, hostile', (s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .option('--no-reference', 'do not run PostGraphile beside the floor')
    .option('--rounds <n>', 'interleaved rounds (each scenario on each server once per round)', integer(1), 1)
    .option('--duration <s>', 'seconds per scenario', (s) => {
      if (!(Number(s) > 0)) throw new InvalidArgumentError(`a positive number, not ${s}`);
      return Number(s);
    })
    .option('--tasks <n>', 'tasks to seed (both databases)', integer(1))
    .parse(argv, { from: 'user' })
    .opts();
  const mode = v.smoke ? 'smoke' : v.quick ? 'quick' : 'full';
  const m = MODES[mode];
  const only: string[] = v.only ?? [];
  return {
    ...m,
    mode,
    postgres: !v.pgliteOnly,
    pglite: !v.pgOnly,
    seed: { ...m.seed, tasks: v.tasks ?? m.seed.tasks },
    durationSec: v.duration ?? m.durationSec,
    rounds: v.rounds,
    only,
    reference: v.reference !== false,
    keep: !!v.keep,
    profile: !!v.profile,
    // A partial run must not replace the committed results.
    writeResults: mode === 'full' && !only.length && !v.pgOnly && !v.pgliteOnly && v.tasks === undefined && v.duration === undefined,
  };
}
