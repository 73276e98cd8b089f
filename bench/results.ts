// The raw results of `npm run bench` (bench/results/<run>.json): one shape, written by the pass as it
// measures and read by the report as it is.

import type { machineFacts } from './entry.ts';
import type { WindowStats } from './server-process.ts';

/** Which server is measured: the app, the bare floor, or PostGraphile (the reference). */
export type ServerKind = 'app' | 'floor' | 'reference';

/** `/healthz` round trips (ms) over a window. */
export type HealthzStats = { n: number; p99: number; max: number };

/** One measured row: a load scenario in one round, or a server's sequential team boards (id `board`). */
export interface Measured {
  id: string;
  label: string;
  server: ServerKind;
  round: number;
  /** Successful requests per second (boards: 1000 ÷ mean ms). */
  rps: number;
  requests: number;
  /** Latency, ms (boards: no p99). */
  p50: number;
  p99: number | null;
  meanMs: number;
  maxMs: number;
  /** Answers outside 2xx plus failed requests. */
  non2xx: number;
  window: WindowStats;
  cpuMsPerRequest: number | null;
  /** The server's PostgreSQL backends (null on PGlite, or when /proc does not show them). */
  pgCpuMsPerRequest: number | null;
  /** The app's `/healthz` meanwhile (the app's rows). */
  healthz?: HealthzStats;
  /** 1-minute load average at the end of the row. */
  loadAvg: number;
  /** What was wrong with the answers (boards). */
  problem?: string;
}

/** The wait for the app's outbox dispatcher: `outbox` counts unprocessed rows (PostgreSQL), `cpu-idle` waits for the app's CPU going idle (PGlite). */
export type DrainResult = { method: 'outbox' | 'cpu-idle'; ms: number; drained: boolean; backlogBefore?: number; backlogAfter?: number };

/** Everything measured against one database. */
export interface PassResult {
  database: 'postgres' | 'pglite';
  seed: { counts: Record<string, number>; seconds: number } | null;
  /** Why the pass did not run, or stopped early. */
  skipped?: string;
  errors: string[];
  /** The floor's answers against the app's, per scenario id ("identical", "same shape" or what differs). */
  parity?: Record<string, string>;
  /** PostgreSQL's version and write-relevant settings. */
  server?: Record<string, string>;
  /** Milliseconds from spawning the app until /healthz answered, and its RSS idle right after. */
  appStartMs?: number;
  appIdleRssMb?: number;
  /** Peak RSS of each server over the whole pass (VmHWM), MB. */
  peakRssMb: Partial<Record<ServerKind, number>>;
  rows: Measured[];
  /** The wait before the team boards. */
  drain?: DrainResult;
  /** Each hostile create and the app's `/healthz` while it ran. */
  hostile: { label: string; status: number; ms: number; healthz: HealthzStats }[];
}

/** A whole run. */
export interface BenchResults {
  mode: 'full' | 'quick' | 'smoke';
  startedAt: string;
  finishedAt: string;
  git: { commit: string; dirty: number };
  machine: ReturnType<typeof machineFacts>;
  settings: { connections: number; durationSec: number; warmupSec: number; boardCalls: number; boardTasks: number; appEnv: Record<string, string> };
  passes: PassResult[];
}
