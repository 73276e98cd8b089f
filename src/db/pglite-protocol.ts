import { messages } from '@electric-sql/pglite';
import type { WalCheckpointOptions } from './pglite-checkpoints.ts';

/*
 * The channel between the service and the embedded database's worker thread
 * (pglite-worker.ts runs PGlite, pglite-remote.ts is the service's side).
 * Requests carry an id; the worker answers each once. A lease is the one
 * connection held by one caller: a transaction (BEGIN at acquire, COMMIT or
 * ROLLBACK at release) or a session (`Database.session`); statements without
 * a lease wait until no lease is held.
 */

/** What the worker is started with (its `workerData`). */
export interface PGliteWorkerData {
  /** A data directory, or `memory://`. */
  dataDir: string;
  startParams: string[];
  /** Compiled once per process (pglite-wasm.ts); V8 shares the machine code between threads. */
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  /** PGlite's filesystem bundle (share/, lib/), read once per process. */
  fsBundle: Blob;
  walCheckpoints: WalCheckpointOptions;
  /** A lease with no statement for this long is rolled back and released (its caller is gone). */
  leaseIdleMs: number;
  /** Most statements kept prepared at once (pglite-prepared.ts); 0: every statement unnamed. */
  preparedStatements: number;
  /** The statement the worker runs now: see {@link RUNNING_SLOTS}. */
  running: SharedArrayBuffer;
}

/**
 * Slots of `running` (a BigInt64Array): the id of the request whose statement
 * runs now and the wall clock (ms since the epoch) it started at, 0 when
 * nothing budgeted runs. The service's watchdog reads them without a message.
 */
export const RUNNING_SLOTS = { id: 0, startedAt: 1, length: 2 } as const;

/** Rows as arrays (the Prisma adapter) or as objects keyed by column (raw SQL callers). */
export type RowMode = 'array' | 'object';

/** A request from the service to the worker. */
export type PGliteRequest =
  | {
      kind: 'query';
      id: number;
      sql: string;
      params: unknown[];
      rowMode: RowMode;
      /** Type OIDs whose values come back as PostgreSQL's text, for the caller's own parsers. */
      raw: number[];
      lease: number | null;
      /** Whether the statement budget applies (the watchdog may stop it). */
      budgeted: boolean;
    }
  | { kind: 'exec'; id: number; sql: string; lease: number | null; budgeted: boolean }
  /** Takes the connection, running `sql` (BEGIN) first when given. */
  | { kind: 'acquire'; id: number; sql: string | null }
  /** Runs `sql` (COMMIT or ROLLBACK) when given, then gives the connection back. */
  | { kind: 'release'; id: number; lease: number; sql: string | null }
  | { kind: 'close'; id: number };

/** One statement's result: what the Prisma adapter reads of PGlite's `Results`. */
export interface PGliteResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** A worker's message to the service. */
export type PGliteReply =
  /** `cpuClock`: where the worker thread's CPU time can be read (src/content/thread-cpu.ts), or null. */
  | { kind: 'ready'; cpuClock: string | null }
  | { kind: 'done'; id: number; result?: PGliteResult; results?: PGliteResult[]; lease?: number }
  | { kind: 'failed'; id: number; error: SerializedError }
  | { kind: 'checkpoint'; walBytes: number; ms: number }
  | { kind: 'checkpoint-failed'; message: string }
  /** A lease was idle past `leaseIdleMs` and was rolled back and released. */
  | { kind: 'lease-expired'; lease: number }
  /** The worker could not start (the data directory, the filesystem bundle). */
  | { kind: 'start-failed'; error: SerializedError };

/** The fields of PostgreSQL's error (PGlite's `DatabaseError`), or of any other error. */
export interface SerializedError {
  message: string;
  database: boolean;
  fields: Record<string, string | undefined>;
}

const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

/** An error as it crosses the channel. */
export function serializeError(err: unknown): SerializedError {
  const e = (err ?? {}) as Record<string, unknown>;
  const fields: Record<string, string | undefined> = {};
  for (const f of ERROR_FIELDS) if (typeof e[f] === 'string') fields[f] = e[f] as string;
  return {
    message: err instanceof Error ? err.message : String(err),
    database: err instanceof messages.DatabaseError,
    fields,
  };
}

/**
 * The error again on the service's side: PostgreSQL's errors as PGlite's
 * `DatabaseError`, which the Prisma adapter turns into Prisma's errors (a
 * unique violation stays P2002).
 */
export function deserializeError(e: SerializedError): Error {
  if (!e.database) return Object.assign(new Error(e.message), e.fields);
  return Object.assign(new messages.DatabaseError(e.message, 0, 'error'), e.fields);
}

/** A PostgreSQL-coded error made on the service's side (the worker stopped, a lease expired). */
export function databaseError(code: string, message: string): Error {
  return Object.assign(new messages.DatabaseError(message, 0, 'error'), { code, severity: 'FATAL' });
}
