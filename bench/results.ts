// The shape of a benchmark run's raw results (bench/results/*.json), shared by
// the runner that writes them and the report that reads them.

import type { HealthzStats } from './healthz-probe.ts';
import type { HostileResult } from './hostile-phase.ts';
import type { LoadResult } from './load.ts';
import type { WindowStats } from './server-process.ts';

/** Which server a scenario loads: the app, the bare floor, or PostGraphile (the reference). */
export type ServerKind = 'app' | 'floor' | 'reference';

/** One measured scenario. */
export interface ScenarioResult {
  id: string;
  label: string;
  server: ServerKind;
  /** CPU ms per request of the server's PostgreSQL backends (null where /proc does not show them). */
  pgCpuMsPerRequest?: number | null;
  /** The check request before the load: its status, time, and what was wrong (null = right). */
  probe: { status: number; ms: number; problem: string | null };
  load: LoadResult | null;
  window: WindowStats | null;
  /** 1-minute load average when the scenario started (others' work on the machine). */
  loadAvg: number;
  /** Interleaved round (1-based) when the run had several. */
  round?: number;
  /**
   * The wait before this scenario for the app's outbox backlog (PostgreSQL): the app's dispatcher reads
   * every server's events, so without it the floor's and PostGraphile's writes would be billed to the
   * next scenario's CPU.
   */
  drain?: DrainResult;
  /** `/healthz` of the app while the load ran (app scenarios). */
  healthz?: HealthzStats;
}

/** Sequential team-board creations (spec 4.3) with 500 tasks each. */
export interface BoardResult {
  tasksPerBoard: number;
  /** End-to-end milliseconds of each call. */
  ms: number[];
  statuses: number[];
  p50: number;
  max: number;
  mean: number;
  problem: string | null;
  window: WindowStats | null;
  /** `/healthz` of the app while its boards were created. */
  healthz?: HealthzStats;
}

/** The wait for the app's outbox backlog before the team boards. */
export interface DrainResult {
  /** `outbox`: rows with no processedAt counted (PostgreSQL); `cpu-idle`: the app's CPU going idle (PGlite). */
  method: 'outbox' | 'cpu-idle';
  /** Milliseconds waited. */
  ms: number;
  /** False when the wait hit its limit first. */
  drained: boolean;
  backlogBefore?: number;
  backlogAfter?: number;
}

/** Everything measured against one database. */
export interface PassResult {
  database: 'postgres' | 'pglite';
  /** App processes (`serve --workers N`), when more than one. */
  workers?: number;
  seed: { counts: Record<string, number>; seconds: number } | null;
  /** Why the pass did not run, or stopped early. */
  skipped?: string;
  errors: string[];
  /** Milliseconds from spawning the app until /healthz answered. */
  appStartMs: number | null;
  /** The app idle right after start-up (2 s; shorter in smoke runs): RSS, JS heap in `eld`. */
  appIdle?: WindowStats | null;
  /** Peak RSS of the app process over the whole pass (VmHWM), MB. */
  appPeakRssMb: number | null;
  floorPeakRssMb: number | null;
  referencePeakRssMb?: number | null;
  scenarios: ScenarioResult[];
  board: BoardResult | null;
  /** The same boards on the floor and PostGraphile (PostgreSQL). */
  boards?: Partial<Record<'floor' | 'reference', BoardResult>>;
  /** The outbox drain before the boards. */
  drain?: DrainResult;
  /** Whether the floor's bodies equal the app's for the same read requests, per scenario id ("identical" or what differs). */
  floorParityAll?: Record<string, string>;
  /** PostgreSQL version and write-relevant settings. */
  server?: Record<string, string>;
  /** Hostile shapes created one by one, with /healthz meanwhile. */
  hostile?: HostileResult[];
  /** CPU profiles written for this pass (`--profile`). */
  profiles?: string[];
}

/** A whole run. */
export interface BenchResults {
  mode: 'full' | 'quick' | 'smoke';
  startedAt: string;
  finishedAt: string;
  git: { commit: string; dirty: number };
  machine: { cpu: string; cores: number; memoryGb: number; node: string; platform: string; loadAvgAtStart: number[] };
  settings: { connections: number; durationSec: number; warmupSec: number; boardCalls: number; boardTasks: number; appEnv: Record<string, string> };
  passes: PassResult[];
}
