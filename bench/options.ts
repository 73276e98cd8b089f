// Command-line options of every benchmark, parsed by one parser (commander):
// `npm run bench` (load against the floor and the reference),
// `npm run bench:events` (event lag), `npm run bench:web` and `bench:data-io`. Each has --smoke (seconds, checks the harness end to
// end, asserts nothing about time) so CI runs them all and none rots.

import { Command, InvalidArgumentError } from 'commander';
import type { SeedSize } from './seed.ts';

/** Integer ≥ min, for commander's option parsers. */
export const integer =
  (min = 1) =>
  (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`an integer ≥ ${min}, not ${v}`);
    return n;
  };

/** A positive number (seconds), for commander's option parsers. */
export const positive = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`a positive number, not ${v}`);
  return n;
};

const seconds = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError(`seconds ≥ 0, not ${v}`);
  return n;
};

/** A benchmark's command with the options every benchmark has (--smoke, --keep, --profile). */
export function benchCommand(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .option('--smoke', 'a few seconds with tiny numbers: checks the harness end to end; says nothing about speed')
    .option('--keep', 'keep the databases (PostgreSQL; the PGlite data directory of npm run bench) and print where (for bench/diagnostics/)')
    .option('--profile', 'CPU-profile the app child (node --cpu-prof) into bench/results/profiles/')
    .showHelpAfterError();
}

/** Parses `argv` (process.argv.slice(2)) with `command`; the values with the defaults of `mode` under the given ones. */
function parse(command: Command, argv: string[], defaults: (mode: string) => object): Record<string, any> & { mode: string; given: Set<string> } {
  command.parse(argv, { from: 'user' });
  const values = command.opts();
  const mode = values.smoke ? 'smoke' : values.quick ? 'quick' : 'full';
  // Only what was given on the command line overrides the mode's defaults.
  const given = new Set(Object.keys(values).filter((k) => command.getOptionValueSource(k) === 'cli'));
  const picked = Object.fromEntries([...given].map((k) => [k, values[k]]));
  return { ...defaults(mode), ...picked, mode, given };
}

// ---------------------------------------------------------------- npm run bench

/** Everything a run of `npm run bench` needs to know, after defaults. */
export interface BenchOptions {
  mode: 'full' | 'quick' | 'smoke';
  postgres: boolean;
  pglite: boolean;
  pgSeed: SeedSize;
  pgliteSeed: SeedSize;
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Interleaved rounds: every scenario of every server once per round (ratios are medians of same-round ratios). */
  rounds: number;
  boardCalls: number;
  boardTasks: number;
  /** Scenario ids to run (all when empty); `board` for the team board. */
  only: string[];
  /** Run PostGraphile on the PostgreSQL pass as a reference server. */
  reference: boolean;
  /** App processes on PostgreSQL (`tasksvc serve --workers N`); several values compare them. */
  workers: number[];
  /** Write `--cpu-prof` profiles of the app child (PostgreSQL pass). */
  profile: boolean;
  /** Extra Node flags for the app child (e.g. heap limits, to measure their effect on RSS). */
  appNodeFlags: string[];
  /** Keep the PostgreSQL database (print its URL) instead of dropping it. */
  keep: boolean;
  /** Write the tables of bench/RESULTS.md (default: full runs only). */
  writeReport: boolean;
}

const SEEDS: Record<string, { pg: SeedSize; pglite: SeedSize }> = {
  // The same data set on both databases, so PGlite ÷ PostgreSQL compares engines only.
  full: { pg: { projects: 50, tasks: 100_000, users: 60 }, pglite: { projects: 50, tasks: 100_000, users: 60 } },
  quick: { pg: { projects: 50, tasks: 10_000, users: 60 }, pglite: { projects: 50, tasks: 10_000, users: 60 } },
  smoke: { pg: { projects: 4, tasks: 400, users: 8 }, pglite: { projects: 4, tasks: 200, users: 8 } },
};

const LOAD_DEFAULTS = {
  full: { connections: 10, durationSec: 20, warmupSec: 3, rounds: 1, boardCalls: 10, boardTasks: 500 },
  quick: { connections: 10, durationSec: 2, warmupSec: 1, rounds: 1, boardCalls: 3, boardTasks: 500 },
  smoke: { connections: 4, durationSec: 0.5, warmupSec: 0, rounds: 1, boardCalls: 1, boardTasks: 100 },
} as const;

/** Parses the command line of `npm run bench`. */
export function parseOptions(argv: string[]): BenchOptions {
  const command = benchCommand('npm run bench --', 'Load against a bare floor server and PostGraphile, on PostgreSQL and PGlite; writes bench/RESULTS.md on a full run.')
    .option('--quick', 'a minute or two: 10,000 tasks, 2 s per scenario')
    .option('--pg-only', 'skip the PGlite pass')
    .option('--pglite-only', 'skip the PostgreSQL pass (and the floor and the reference)')
    .option('--only <ids>', 'only these scenarios: list, list-graphql, list-trusted, projects, search, create, create-graphql, update, board, hostile', (v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .option('--no-reference', 'do not run PostGraphile beside the floor')
    .option('--workers <n,...>', 'app processes on PostgreSQL; several (1,2) run the app once per value', (v) => v.split(',').map(integer(1)))
    .option('--connections <n>', 'concurrent connections (default 10)', integer(1))
    .option('--duration <s>', 'seconds per scenario', positive)
    .option('--warmup <s>', 'unmeasured seconds before each scenario', seconds)
    .option('--rounds <n>', 'interleaved rounds (each scenario on each server once per round)', integer(1))
    .option('--tasks <n>', 'tasks to seed on PostgreSQL', integer(1))
    .option('--pglite-tasks <n>', 'tasks to seed on PGlite', integer(1))
    .option('--board-calls <n>', 'team boards to create', integer(0))
    .option('--board-tasks <n>', 'tasks per board (default 500)', integer(1))
    .option('--app-node-flags <flags>', 'Node flags for the app child, space-separated (e.g. "--max-old-space-size=160")')
    .option('--write-report', 'write the tables of bench/RESULTS.md from this run (default for complete full runs; others write bench/results/<run>.md)');
  const v = parse(command, argv, (mode) => ({ ...LOAD_DEFAULTS[mode as keyof typeof LOAD_DEFAULTS] }));
  const mode = v.mode as BenchOptions['mode'];
  const seeds = SEEDS[mode];
  const o: BenchOptions = {
    mode,
    postgres: !v.pgliteOnly,
    pglite: !v.pgOnly,
    pgSeed: { ...seeds.pg, ...(v.tasks ? { tasks: v.tasks } : {}) },
    pgliteSeed: { ...seeds.pglite, ...(v.pgliteTasks ? { tasks: v.pgliteTasks } : {}) },
    connections: v.connections,
    durationSec: v.duration ?? v.durationSec,
    warmupSec: v.warmup ?? v.warmupSec,
    rounds: v.rounds,
    boardCalls: v.boardCalls,
    boardTasks: v.boardTasks,
    only: v.only ?? [],
    reference: v.reference !== false,
    workers: v.workers ?? [1],
    profile: !!v.profile,
    appNodeFlags: (v.appNodeFlags ?? '').split(/\s+/).filter(Boolean),
    keep: !!v.keep,
    writeReport: mode === 'full',
  };
  // A partial run must not replace the committed report unless asked to.
  const partial = o.only.length > 0 || !o.postgres || !o.pglite || ['tasks', 'pgliteTasks', 'duration', 'connections', 'boardCalls', 'boardTasks'].some((k) => v.given.has(k));
  o.writeReport = v.writeReport ? true : o.writeReport && !partial;
  return o;
}

// ---------------------------------------------------------------- npm run bench:events

/** Most webhook subscriptions: 20 per project plus 20 on its team (the app's limit per scope). */
export const MAX_SUBSCRIPTIONS = 40;

/** Everything a run of `npm run bench:events` needs to know, after defaults. */
export interface EventLagOptions {
  smoke: boolean;
  durationSec: number;
  /** Task updates per second (open loop). */
  rate: number;
  /** Webhook subscriptions (task.updated), each with its own receiver. */
  subscriptions: number;
  /** graphql-ws clients subscribed to the project's taskEvents. */
  subscribers: number;
  /** Tasks the updates cycle through. */
  tasks: number;
  /** Longest wait, after the last update, for its events to arrive. */
  drainSec: number;
  keep: boolean;
  profile: boolean;
  /** Only rewrite the event-lag section of bench/RESULTS.md from this raw result (bench/results/event-lag-*.json). */
  report?: string;
}

const EVENT_DEFAULTS = {
  full: { durationSec: 60, rate: 200, subscriptions: 10, subscribers: 200, tasks: 100, drainSec: 120 },
  smoke: { durationSec: 3, rate: 20, subscriptions: 2, subscribers: 4, tasks: 10, drainSec: 30 },
};

/** Parses the command line of `npm run bench:events`. */
export function parseEventLagOptions(argv: string[]): EventLagOptions {
  const command = benchCommand(
    'npm run bench:events --',
    'Event lag from commit to webhook receipt and to WebSocket subscribers: a fresh PostgreSQL database, Redis pub/sub, the app as a child ' +
      'process; updates at a fixed rate. Writes bench/results/event-lag-<timestamp>.md. ' +
      'Exit status 1 on harness errors and on lost, duplicated or unverifiable events; a missed lag target is reported, not an error.',
  )
    .option('--duration <s>', 'seconds of fixed-rate updates (default 60)', positive)
    .option('--rate <n>', 'task updates per second, open loop (default 200)', integer(1))
    .option('--subscriptions <n>', `webhook subscriptions to task.updated, each its own receiver (default 10, at most ${MAX_SUBSCRIPTIONS})`, integer(0))
    .option('--subscribers <n>', "graphql-ws subscribers of the project's taskEvents (default 200)", integer(0))
    .option('--tasks <n>', 'tasks the updates cycle through (default 100)', integer(1))
    .option('--drain <s>', 'longest wait for the events after the last update (default 120)', integer(1))
    .option('--report <results.json>', 'measure nothing: rewrite the event-lag section of bench/RESULTS.md from a raw result');
  const v = parse(command, argv, (mode) => ({ ...EVENT_DEFAULTS[mode === 'smoke' ? 'smoke' : 'full'] }));
  const o: EventLagOptions = {
    smoke: v.mode === 'smoke',
    durationSec: v.duration ?? v.durationSec,
    rate: v.rate,
    subscriptions: v.subscriptions,
    subscribers: v.subscribers,
    tasks: v.tasks,
    drainSec: v.drain ?? v.drainSec,
    keep: !!v.keep,
    profile: !!v.profile,
    report: v.report,
  };
  if (o.subscriptions > MAX_SUBSCRIPTIONS) command.error(`--subscriptions: at most ${MAX_SUBSCRIPTIONS}`);
  if (o.subscriptions + o.subscribers === 0) command.error('Nothing to measure: no subscriptions and no subscribers');
  return o;
}
