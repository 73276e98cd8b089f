import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Results, Transaction } from '@electric-sql/pglite';
import { readCpuNs } from '../content/thread-cpu.ts';
import { workerEntry } from '../worker-entry.ts';
import type { WalCheckpointEvents, WalCheckpointOptions } from './pglite-checkpoints.ts';
import { Backoff } from './outage.ts';
import {
  databaseError,
  deserializeError,
  type PGliteReply,
  type PGliteRequest,
  type PGliteResult,
  RUNNING_SLOTS,
  type RowMode,
} from './pglite-protocol.ts';
import { pgliteAssets } from './pglite-wasm.ts';

/*
 * The service's side of the embedded database's worker thread (see
 * pglite-worker.ts and the channel in pglite-protocol.ts). Two things keep
 * the service answering whatever a statement costs:
 * - every statement runs on the worker's thread, never on the event loop;
 * - a budgeted statement (the request client's) running past the budget
 *   (CPU time of the database thread, see checkBudget) is stopped the only
 *   way synchronous WebAssembly can be: the worker is
 *   terminated and a new one opens the data directory again. PostgreSQL
 *   makes each commit durable before it answers it, so nothing acknowledged
 *   is lost: the new worker replays the WAL to the last commit. The caller
 *   of the stopped statement gets PostgreSQL's query_canceled (57014, as
 *   statement_timeout on PostgreSQL: 503 TIMEOUT); the others in flight and
 *   those arriving during the restart get admin_shutdown or
 *   cannot_connect_now (57P01, 57P03: 503 UNAVAILABLE with Retry-After).
 * An in-memory database (`memory://`) cannot be opened again: there the
 * budget does not stop statements, and a worker that died stays down.
 */

/** Options of {@link PGliteWorker.start}. */
export interface PGliteWorkerOptions {
  dataDir: string;
  startParams: string[];
  walCheckpoints: WalCheckpointOptions;
  /** Budget of a budgeted statement (ms); 0: none. Ignored in memory. */
  statementTimeoutMs: number;
  /** A lease (transaction, session) with no statement for this long is rolled back and released. */
  leaseIdleMs: number;
  /** Most statements the worker keeps prepared at once (pglite-prepared.ts); 0 or absent: none. */
  preparedStatements?: number;
  /** Checkpoint reports (from the worker). */
  walCheckpointEvents?: WalCheckpointEvents;
  /** The worker stopped (`cause`) and, once `restartedInMs` is known, a new one serves. */
  onRestart?: (info: { cause: 'budget' | 'exit'; restartedInMs?: number; error?: Error }) => void;
}

/** The PGlite calls pglite-prisma-adapter makes (query, exec, transaction), over the channel. */
export interface PGliteChannelClient {
  query<T>(sql: string, params?: unknown[], options?: { rowMode?: RowMode; parsers?: Parsers }): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** A request before it is given its id. */
type Unsent = PGliteRequest extends infer R ? (R extends PGliteRequest ? Omit<R, 'id'> : never) : never;
type Parsers = Record<number, (text: string, typeId: number) => unknown>;
type Lease = { generation: number; id: number };
type Sent = { resolve: (reply: Extract<PGliteReply, { kind: 'done' }>) => void; reject: (err: Error) => void };

/** The caller's parsers as the type OIDs they need as text (worked out once per parser table). */
const rawOids = new WeakMap<Parsers, number[]>();
function oidsOf(parsers: Parsers): number[] {
  let oids = rawOids.get(parsers);
  if (!oids) {
    oids = Object.keys(parsers).map(Number);
    rawOids.set(parsers, oids);
  }
  return oids;
}

/** PGlite in a worker thread, restarted after a statement ran past its budget or the thread died. */
export class PGliteWorker {
  private worker: Worker | null = null;
  private state: 'ready' | 'restarting' | 'down' | 'closed' = 'restarting';
  private generation = 0;
  private nextId = 1;
  private readonly sent = new Map<number, Sent>();
  private readonly running = new SharedArrayBuffer(RUNNING_SLOTS.length * 8);
  private readonly slots = new BigInt64Array(this.running);
  private watchdog: NodeJS.Timeout | null = null;
  /** Where the worker thread's CPU time is read (Linux), and the budgeted statement being watched. */
  private cpuClock: string | null = null;
  private watched: { id: number; cpuNs: number | null } | null = null;
  private readonly restartBackoff = new Backoff(200, 10_000);
  private readonly inMemory: boolean;

  private constructor(private readonly options: PGliteWorkerOptions) {
    this.inMemory = options.dataDir.startsWith('memory://');
  }

  /** Starts the worker and resolves once its database answers. */
  static async start(options: PGliteWorkerOptions): Promise<PGliteWorker> {
    if (!options.dataDir.startsWith('memory://') && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
      // A first start runs initdb, which peaks near 850 MB of WebAssembly memory that a thread
      // keeps once grown: one worker makes the directory and ends, another serves it.
      const first = new PGliteWorker({ ...options, statementTimeoutMs: 0 });
      await first.spawn();
      await first.close();
    }
    const host = new PGliteWorker(options);
    await host.spawn();
    const budget = host.budgetMs;
    if (budget) {
      host.watchdog = setInterval(() => host.checkBudget(budget), Math.max(10, Math.min(250, Math.floor(budget / 4))));
      host.watchdog.unref();
    }
    return host;
  }

  /** The statement budget that applies (none in memory: a restart would lose the data). */
  private get budgetMs(): number {
    return this.inMemory ? 0 : this.options.statementTimeoutMs;
  }

  private async spawn(): Promise<void> {
    const assets = await pgliteAssets();
    const { entry, eval: isCode } = workerEntry(import.meta.url, './pglite-worker.ts', 'pglite-worker');
    const worker = new Worker(entry, {
      eval: isCode,
      execArgv: [],
      workerData: {
        dataDir: this.options.dataDir,
        startParams: this.options.startParams,
        ...assets,
        walCheckpoints: this.options.walCheckpoints,
        leaseIdleMs: this.options.leaseIdleMs,
        preparedStatements: this.options.preparedStatements ?? 0,
        running: this.running,
      },
    });
    await new Promise<void>((resolve, reject) => {
      const failed = (err: Error) => {
        forget(worker);
        void worker.terminate();
        reject(err);
      };
      worker.once('error', failed);
      worker.once('exit', (code) => failed(new Error(`the embedded database's worker exited with code ${code} while starting`)));
      worker.on('message', (reply: PGliteReply) => {
        if (reply.kind === 'start-failed') failed(deserializeError(reply.error));
        if (reply.kind !== 'ready') return;
        forget(worker);
        this.cpuClock = reply.cpuClock;
        this.attach(worker);
        resolve();
      });
    });
  }

  private attach(worker: Worker) {
    this.worker = worker;
    this.state = 'ready';
    // The worker does not keep the process alive: close() ends it, and so does the process.
    worker.unref();
    worker.on('message', (reply: PGliteReply) => this.onReply(reply));
    worker.on('error', () => undefined);
    worker.once('exit', () => {
      if (this.worker === worker) this.stopped('exit');
    });
  }

  private onReply(reply: PGliteReply) {
    const events = this.options.walCheckpointEvents;
    switch (reply.kind) {
      case 'done':
      case 'failed': {
        const sent = this.sent.get(reply.id);
        if (!sent) return;
        this.sent.delete(reply.id);
        if (this.sent.size === 0) this.worker?.unref();
        if (reply.kind === 'done') sent.resolve(reply);
        else sent.reject(deserializeError(reply.error));
        return;
      }
      case 'checkpoint':
        return events?.onCheckpoint?.({ walBytes: reply.walBytes, ms: reply.ms });
      case 'checkpoint-failed':
        return events?.onError?.(new Error(reply.message));
      default:
        return;
    }
  }

  /**
   * The budget is CPU time of the database's thread where Linux shows it (a
   * busy machine's waits for a core are not the statement's), with wall time
   * at three times the budget as the backstop (and the budget itself where
   * there is no thread clock). CPU is counted from the first look at a
   * statement, at most one interval after it started.
   */
  private checkBudget(budget: number) {
    const startedAt = Number(Atomics.load(this.slots, RUNNING_SLOTS.startedAt));
    if (this.state !== 'ready' || !startedAt) {
      this.watched = null;
      return;
    }
    const id = Number(Atomics.load(this.slots, RUNNING_SLOTS.id));
    const wallMs = Date.now() - startedAt;
    if (this.watched?.id !== id) this.watched = { id, cpuNs: this.cpuClock ? readCpuNs(this.cpuClock) : null };
    const startCpu = this.watched.cpuNs;
    const cpuNow = startCpu !== null && this.cpuClock ? readCpuNs(this.cpuClock) : null;
    const over = cpuNow !== null && startCpu !== null ? (cpuNow - startCpu) / 1e6 > budget || wallMs > 3 * budget : wallMs > budget;
    if (over) this.stopped('budget', id);
  }

  /** The worker is gone (stopped for the budget, or died): fail what it held, then start another. */
  private stopped(cause: 'budget' | 'exit', overBudget?: number) {
    const worker = this.worker;
    this.worker = null;
    this.generation++;
    this.watched = null;
    Atomics.store(this.slots, RUNNING_SLOTS.startedAt, 0n);
    if (worker) {
      forget(worker);
      worker.on('error', () => undefined);
      void worker.terminate();
    }
    for (const [id, sent] of this.sent) {
      sent.reject(
        id === overBudget
          ? databaseError('57014', 'canceling statement due to statement timeout (the embedded database stopped it and restarts)')
          : databaseError('57P01', 'terminating connection: the embedded database restarts'),
      );
    }
    this.sent.clear();
    if (this.state === 'closed') return;
    if (this.inMemory) {
      this.state = 'down';
      this.options.onRestart?.({ cause, error: new Error('an in-memory embedded database cannot be restarted; its data is gone') });
      return;
    }
    this.state = 'restarting';
    this.options.onRestart?.({ cause });
    const began = performance.now();
    const again = () => {
      if (this.state === 'closed') return;
      this.spawn().then(
        () => {
          this.restartBackoff.reset();
          if (this.state === 'closed') return void this.worker?.terminate();
          this.options.onRestart?.({ cause, restartedInMs: performance.now() - began });
        },
        (err: unknown) => {
          this.options.onRestart?.({ cause, error: err instanceof Error ? err : new Error(String(err)) });
          setTimeout(again, this.restartBackoff.fail()).unref();
        },
      );
    };
    again();
  }

  private send(req: Unsent): Promise<Extract<PGliteReply, { kind: 'done' }>> {
    if (this.state !== 'ready' || !this.worker) {
      return Promise.reject(
        this.state === 'restarting'
          ? databaseError('57P03', 'the embedded database is restarting')
          : databaseError('57P01', this.state === 'closed' ? 'the embedded database is closed' : 'the embedded database stopped'),
      );
    }
    const id = this.nextId++;
    const worker = this.worker;
    // Referenced while it owes an answer: a one-shot command awaiting a statement must not exit first.
    if (this.sent.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.sent.set(id, { resolve, reject });
      worker.postMessage({ ...req, id });
    });
  }

  /** Runs one statement (on `lease`, else on its own) and parses the columns the caller has parsers for. */
  async query<T>(
    sql: string,
    params: unknown[] = [],
    options: { rowMode?: RowMode; parsers?: Parsers } = {},
    lease: Lease | null = null,
    budgeted = false,
  ): Promise<Results<T>> {
    const leaseId = this.leaseId(lease);
    const raw = options.parsers ? oidsOf(options.parsers) : [];
    const rowMode = options.rowMode ?? 'object';
    const reply = await this.send({ kind: 'query', sql, params, rowMode, raw, lease: leaseId, budgeted });
    const result = reply.result as PGliteResult;
    if (options.parsers && raw.length) parseColumns(result, options.parsers, rowMode);
    return result as Results<T>;
  }

  async exec(sql: string, lease: Lease | null = null, budgeted = false): Promise<Results[]> {
    const leaseId = this.leaseId(lease);
    return (await this.send({ kind: 'exec', sql, lease: leaseId, budgeted })).results as Results[];
  }

  /** Takes the connection (running `sql` first, e.g. BEGIN) until {@link release}. */
  async acquire(sql: string | null): Promise<Lease> {
    const generation = this.generation;
    const reply = await this.send({ kind: 'acquire', sql });
    return { generation, id: reply.lease as number };
  }

  /** Runs `sql` (COMMIT, ROLLBACK) if given and gives the connection back; a lease of a stopped worker is already gone. */
  async release(lease: Lease, sql: string | null): Promise<void> {
    if (lease.generation !== this.generation) {
      if (sql === 'COMMIT') throw databaseError('57P01', 'terminating connection: the embedded database restarted before the commit');
      return;
    }
    await this.send({ kind: 'release', lease: lease.id, sql });
  }

  private leaseId(lease: Lease | null): number | null {
    if (lease && lease.generation !== this.generation) {
      throw databaseError('57P01', 'terminating connection: the embedded database restarted during the transaction');
    }
    return lease?.id ?? null;
  }

  /** The client pglite-prisma-adapter is given: statements under the budget when `budgeted`. */
  client(budgeted: boolean): PGliteChannelClient {
    return {
      query: (sql, params, options) => this.query(sql, params, options, null, budgeted),
      exec: (sql) => this.exec(sql, null, budgeted),
      transaction: (callback) => this.transaction(callback, budgeted),
    };
  }

  /** PGlite's `transaction`: BEGIN at acquire, COMMIT (or ROLLBACK when `callback` throws) at release. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>, budgeted: boolean): Promise<T> {
    const lease = await this.acquire('BEGIN');
    let ended: Promise<void> | null = null;
    const open = () => {
      if (ended) throw new Error('Transaction is closed');
    };
    const tx = {
      query: async (sql: string, params?: unknown[], options?: { rowMode?: RowMode; parsers?: Parsers }) => {
        open();
        return this.query(sql, params, options, lease, budgeted);
      },
      exec: async (sql: string) => {
        open();
        return this.exec(sql, lease, budgeted);
      },
      rollback: async () => {
        open();
        ended = this.release(lease, 'ROLLBACK');
        await ended;
      },
      get closed() {
        return ended !== null;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!ended) ended = this.release(lease, 'ROLLBACK');
      await ended.catch(() => undefined);
      throw err;
    }
    if (!ended) ended = this.release(lease, 'COMMIT');
    await ended;
    return result;
  }

  /**
   * Test and bench hook: ends the worker thread as a crash would (no
   * clean shutdown); the service restarts it as after any other death.
   */
  async kill(): Promise<void> {
    await this.worker?.terminate();
  }

  /** The thread of the worker serving now, for diagnostics (its id). */
  get threadId(): number | null {
    return this.worker?.threadId ?? null;
  }

  /**
   * Closes the database cleanly (after the statements and leases ahead of
   * it: every acknowledged commit is in the WAL already; PGlite's close
   * checkpoints), then ends the thread.
   */
  async close(): Promise<void> {
    if (this.watchdog) clearInterval(this.watchdog);
    if (this.state === 'closed') return;
    const worker = this.state === 'ready' ? this.worker : null;
    const closing = worker ? this.send({ kind: 'close' }).catch(() => undefined) : null;
    // From here on every new statement is refused; those sent before still run.
    this.state = 'closed';
    await closing;
    const last = this.worker;
    this.worker = null;
    if (last) {
      forget(last);
      last.on('error', () => undefined);
      await last.terminate();
    }
  }
}

/**
 * Drops the service's listeners of a worker. Not `removeAllListeners()`:
 * that also removes Node's own listeners, which keep the worker's message
 * port receiving, and the next answers never arrive.
 */
function forget(worker: Worker) {
  for (const event of ['message', 'error', 'exit'] as const) worker.removeAllListeners(event);
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parseColumns(result: PGliteResult, parsers: Parsers, rowMode: RowMode) {
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const key = rowMode === 'array' ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, field.dataTypeID);
    }
  });
}
