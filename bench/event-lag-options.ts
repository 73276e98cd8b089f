// Command-line options of `npm run bench:events` (issue #7).

/** Everything a run needs to know, after defaults. */
export interface EventLagOptions {
  smoke: boolean;
  durationSec: number;
  /** Task updates per second in the fixed-rate phase (open loop). */
  rate: number;
  /** Webhook subscriptions (task.updated), each with its own receiver. */
  subscriptions: number;
  /** graphql-ws clients subscribed to the project's taskEvents. */
  subscribers: number;
  /** Tasks the updates cycle through. */
  tasks: number;
  /** Updates of the saturation phase, sent as fast as `burstConcurrency` allows. */
  burst: number;
  burstConcurrency: number;
  /** Longest wait, after the last update of a phase, for its events to arrive. */
  drainSec: number;
  /** Keep the PostgreSQL database (print its URL). */
  keep: boolean;
  /** CPU-profile the app child (node --cpu-prof) into bench/results/profiles/. */
  profile: boolean;
}

/** Most webhook subscriptions: 20 per project plus 20 on its team (the app's limit per scope). */
export const MAX_SUBSCRIPTIONS = 40;

const HELP = `npm run bench:events [-- options]
  Event lag from commit to webhook receipt and to WebSocket subscribers (issue #7): a fresh
  PostgreSQL database, Redis pub/sub, the app as a child process; updates at a fixed rate, then a
  burst to measure deliveries/s at saturation. Writes bench/results/event-lag-<timestamp>.md.

  --duration S        seconds of fixed-rate updates (default 60)
  --rate N            task updates per second, open loop (default 200)
  --subscriptions N   webhook subscriptions to task.updated, each its own receiver (default 10, at most ${MAX_SUBSCRIPTIONS})
  --subscribers N     graphql-ws subscribers of the project's taskEvents (default 200)
  --tasks N           tasks the updates cycle through (default 100)
  --burst K           updates of the saturation phase (default 1000; 0 skips it)
  --burst-concurrency N   updates in flight during the burst (default 16)
  --drain S           longest wait for a phase's events after its last update (default 120)
  --keep              keep the PostgreSQL database and print its URL
  --profile           CPU-profile the app child (node --cpu-prof) into bench/results/profiles/event-lag-<timestamp>/
                      (summarise with: npx tsx bench/profile-summary.ts <file>)
  --smoke             a few seconds with tiny numbers: checks the harness end to end (exit 1 if any
                      event is lost, duplicated or fails verification); says nothing about speed

  Needs PostgreSQL at 127.0.0.1:5432 (or DATABASE_URL's server; user with CREATE DATABASE) and
  Redis at 127.0.0.1:6379 (or REDIS_URL). Exit status 1 on harness errors and on lost, duplicated
  or unverifiable events; a missed lag target is reported, not an error.
`;

function value(argv: string[], i: number, name: string): string {
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value\n\n${HELP}`);
  return v;
}

function count(v: string, name: string, min = 1): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}, not ${v}`);
  return n;
}

/** Parses the command line (`process.argv.slice(2)`); prints the help and exits for --help. */
export function parseEventLagOptions(argv: string[]): EventLagOptions {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const smoke = argv.includes('--smoke');
  const o: EventLagOptions = smoke
    ? {
        smoke,
        durationSec: 3,
        rate: 20,
        subscriptions: 2,
        subscribers: 4,
        tasks: 10,
        burst: 50,
        burstConcurrency: 8,
        drainSec: 30,
        keep: false,
        profile: false,
      }
    : {
        smoke,
        durationSec: 60,
        rate: 200,
        subscriptions: 10,
        subscribers: 200,
        tasks: 100,
        burst: 1000,
        burstConcurrency: 16,
        drainSec: 120,
        keep: false,
        profile: false,
      };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    switch (arg) {
      case '--smoke':
        break;
      case '--duration': {
        const n = Number(value(argv, i++, arg));
        if (!Number.isFinite(n) || n <= 0) throw new Error(`--duration must be a positive number of seconds`);
        o.durationSec = n;
        break;
      }
      case '--rate':
        o.rate = count(value(argv, i++, arg), arg);
        break;
      case '--subscriptions':
        o.subscriptions = count(value(argv, i++, arg), arg, 0);
        if (o.subscriptions > MAX_SUBSCRIPTIONS) throw new Error(`--subscriptions: at most ${MAX_SUBSCRIPTIONS}`);
        break;
      case '--subscribers':
        o.subscribers = count(value(argv, i++, arg), arg, 0);
        break;
      case '--tasks':
        o.tasks = count(value(argv, i++, arg), arg);
        break;
      case '--burst':
        o.burst = count(value(argv, i++, arg), arg, 0);
        break;
      case '--burst-concurrency':
        o.burstConcurrency = count(value(argv, i++, arg), arg);
        break;
      case '--drain':
        o.drainSec = count(value(argv, i++, arg), arg);
        break;
      case '--keep':
        o.keep = true;
        break;
      case '--profile':
        o.profile = true;
        break;
      default:
        throw new Error(`Unknown option ${arg}\n\n${HELP}`);
    }
  }
  if (o.subscriptions + o.subscribers === 0) throw new Error('Nothing to measure: no subscriptions and no subscribers');
  return o;
}
