// Command-line options of `npm run bench` and what each mode measures.

import type { SeedSize } from './seed.ts';

/** Everything a run needs to know, after defaults. */
export interface BenchOptions {
  mode: 'full' | 'quick' | 'smoke';
  postgres: boolean;
  pglite: boolean;
  pgSeed: SeedSize;
  pgliteSeed: SeedSize;
  connections: number;
  durationSec: number;
  warmupSec: number;
  boardCalls: number;
  boardTasks: number;
  /** Scenario ids to run (all when empty); `board` for the team board. */
  only: string[];
  /** Write `--cpu-prof` profiles of the app child (PostgreSQL pass). */
  profile: boolean;
  /** Extra Node flags for the app child (e.g. heap limits, to measure their effect on RSS). */
  appNodeFlags: string[];
  /** Keep the PostgreSQL database (print its URL) instead of dropping it. */
  keep: boolean;
  /** Write bench/BENCHMARKS.md (default: full runs only). */
  writeReport: boolean;
}

const HELP = `npm run bench [-- options]
  (no option)        full run: 100,000 tasks on each database, 20 s per scenario; writes bench/BENCHMARKS.md
  --quick            a minute or two: 10,000 tasks, 2 s per scenario
  --smoke            a few seconds: checks the harness end to end, asserts nothing about time
  --pg-only          skip the PGlite pass          --pglite-only   skip the PostgreSQL pass (and the floor)
  --only a,b         run only these scenarios (list, list-graphql, projects, search, create, create-graphql, update, board)
  --connections N    concurrent connections (default 10)
  --duration S       seconds per scenario          --warmup S      unmeasured seconds before each
  --tasks N          tasks to seed on PostgreSQL   --pglite-tasks N   tasks to seed on PGlite
  --board-calls N    team boards to create      --board-tasks N   tasks per board (default 500)
  --profile          CPU-profile the app child (node --cpu-prof) into bench/results/profiles/
  --app-node-flags F Node flags for the app child, space-separated (e.g. "--max-old-space-size=160")
  --keep             keep the PostgreSQL database and print its URL (for EXPLAIN ANALYZE)
  --write-report     write bench/BENCHMARKS.md from this run (default for complete full runs; others write
                     bench/results/<run>.md)
`;

function value(argv: string[], i: number, name: string): string {
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value\n\n${HELP}`);
  return v;
}

function positive(v: string, name: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not ${v}`);
  return n;
}

/** Parses the command line (`process.argv.slice(2)`). */
export function parseOptions(argv: string[]): BenchOptions {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const mode = argv.includes('--smoke') ? 'smoke' : argv.includes('--quick') ? 'quick' : 'full';
  const o: BenchOptions = {
    full: {
      mode,
      postgres: true,
      pglite: true,
      // The same data set on both databases, so PGlite ÷ PostgreSQL compares engines only.
      pgSeed: { projects: 50, tasks: 100_000, users: 60 },
      pgliteSeed: { projects: 50, tasks: 100_000, users: 60 },
      connections: 10,
      durationSec: 20,
      warmupSec: 3,
      boardCalls: 10,
      boardTasks: 500,
      only: [],
      profile: false,
      appNodeFlags: [],
      keep: false,
      writeReport: true,
    },
    quick: {
      mode,
      postgres: true,
      pglite: true,
      pgSeed: { projects: 50, tasks: 10_000, users: 60 },
      pgliteSeed: { projects: 50, tasks: 10_000, users: 60 },
      connections: 10,
      durationSec: 2,
      warmupSec: 1,
      boardCalls: 3,
      boardTasks: 500,
      only: [],
      profile: false,
      appNodeFlags: [],
      keep: false,
      writeReport: false,
    },
    smoke: {
      mode,
      postgres: true,
      pglite: true,
      pgSeed: { projects: 4, tasks: 400, users: 8 },
      pgliteSeed: { projects: 4, tasks: 200, users: 8 },
      connections: 4,
      durationSec: 0.5,
      warmupSec: 0,
      boardCalls: 1,
      boardTasks: 100,
      only: [],
      profile: false,
      appNodeFlags: [],
      keep: false,
      writeReport: false,
    },
  }[mode] as BenchOptions;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    switch (arg) {
      case '--quick':
      case '--smoke':
        break;
      case '--pg-only':
        o.pglite = false;
        break;
      case '--pglite-only':
        o.postgres = false;
        break;
      case '--app-node-flags':
        // Its value is itself flags (`--max-old-space-size=…`), so value()'s `--` check does not apply.
        o.appNodeFlags = (argv[++i] ?? '').split(/\s+/).filter(Boolean);
        break;
      case '--only':
        o.only = value(argv, i++, arg).split(',').map((s) => s.trim()).filter(Boolean);
        break;
      case '--connections':
        o.connections = Math.round(positive(value(argv, i++, arg), arg));
        break;
      case '--duration':
        o.durationSec = positive(value(argv, i++, arg), arg);
        break;
      case '--warmup':
        o.warmupSec = Number(value(argv, i++, arg));
        break;
      case '--tasks':
        o.pgSeed = { ...o.pgSeed, tasks: Math.round(positive(value(argv, i++, arg), arg)) };
        break;
      case '--pglite-tasks':
        o.pgliteSeed = { ...o.pgliteSeed, tasks: Math.round(positive(value(argv, i++, arg), arg)) };
        break;
      case '--board-calls':
        o.boardCalls = Math.round(positive(value(argv, i++, arg), arg));
        break;
      case '--board-tasks':
        o.boardTasks = Math.round(positive(value(argv, i++, arg), arg));
        break;
      case '--profile':
        o.profile = true;
        break;
      case '--keep':
        o.keep = true;
        break;
      case '--write-report':
        o.writeReport = true;
        break;
      default:
        throw new Error(`Unknown option ${arg}\n\n${HELP}`);
    }
  }
  // A partial run must not replace the committed report unless asked to.
  const partial = o.only.length > 0 || !o.postgres || !o.pglite || argv.some((a) => ['--tasks', '--pglite-tasks', '--duration', '--connections', '--board-calls', '--board-tasks'].includes(a));
  if (partial && !argv.includes('--write-report')) o.writeReport = false;
  return o;
}
