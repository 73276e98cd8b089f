import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { threadCpuClock } from '../content/thread-cpu.ts';
import { keepWalCheckpointed } from './pglite-checkpoints.ts';
import { DEFAULT_PREPARED_STATEMENTS, PreparedStatements } from './pglite-prepared.ts';
import {
  databaseError,
  type PGliteReply,
  type PGliteRequest,
  type PGliteResult,
  type PGliteWorkerData,
  RUNNING_SLOTS,
  serializeError,
} from './pglite-protocol.ts';

// The embedded database's thread: PGlite (PostgreSQL compiled to
// WebAssembly runs every statement synchronously on the thread that calls
// it) behind the channel of pglite-protocol.ts, so that no statement runs on
// the service's event loop. PGlite is one connection: a lease (a transaction
// or a session) holds it from acquire to release; other statements wait
// their turn in arrival order.

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const data = workerData as PGliteWorkerData;
const running = new BigInt64Array(data.running);

const send = (reply: PGliteReply) => port.postMessage(reply);

/** First come, first served: the one connection. */
class Connection {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  async take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

interface Lease {
  id: number;
  /** Statements of the lease in flight (a caller's statements run one after another, but need not). */
  busy: number;
  timer: NodeJS.Timeout | null;
}

const connection = new Connection();
const leases = new Map<number, Lease>();
let nextLease = 1;
let lite: PGlite;
/** Named prepared statements of the one connection (null: every statement unnamed). */
let prepared: PreparedStatements | null = null;

/** Text out for the caller's own parsers: one parser table per set of type OIDs. */
const rawParsers = new Map<string, Record<number, (text: string) => string>>();
const keepText = (text: string) => text;
function parsersFor(raw: number[]) {
  const key = raw.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(raw.map((oid) => [oid, keepText]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

const plain = (r: { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }): PGliteResult => ({
  rows: r.rows,
  fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  affectedRows: r.affectedRows,
});

/** Runs one statement, marking it in `running` while it runs when the budget applies. */
async function statement<T>(id: number, budgeted: boolean, run: () => Promise<T>): Promise<T> {
  if (budgeted) {
    Atomics.store(running, RUNNING_SLOTS.id, BigInt(id));
    Atomics.store(running, RUNNING_SLOTS.startedAt, BigInt(Date.now()));
  }
  try {
    return await run();
  } finally {
    if (budgeted) Atomics.store(running, RUNNING_SLOTS.startedAt, 0n);
  }
}

/** Runs `run` on the connection: inside its lease, or alone once no lease holds it. */
async function onConnection<T>(lease: number | null, run: () => Promise<T>): Promise<T> {
  if (lease === null) {
    await connection.take();
    try {
      return await run();
    } finally {
      connection.give();
    }
  }
  const held = leases.get(lease);
  if (!held) {
    throw databaseError('25P03', 'terminating connection due to idle-in-transaction timeout (the transaction was rolled back)');
  }
  held.busy++;
  if (held.timer) clearTimeout(held.timer);
  held.timer = null;
  try {
    return await run();
  } finally {
    held.busy--;
    if (held.busy === 0 && leases.get(lease) === held) idleTimer(held);
  }
}

/** A lease idle past `leaseIdleMs` belongs to a caller that is gone: roll back, give the connection on. */
function idleTimer(lease: Lease) {
  lease.timer = setTimeout(() => {
    if (lease.busy > 0 || leases.get(lease.id) !== lease) return;
    leases.delete(lease.id);
    void lite
      .exec('ROLLBACK')
      .catch(() => undefined)
      .finally(() => {
        connection.give();
        send({ kind: 'lease-expired', lease: lease.id });
      });
  }, data.leaseIdleMs);
  lease.timer.unref();
}

async function handle(req: PGliteRequest): Promise<PGliteReply> {
  switch (req.kind) {
    case 'query': {
      const r = await onConnection(req.lease, () =>
        statement(req.id, req.budgeted, () => {
          const options = req.raw.length ? { rowMode: req.rowMode, parsers: parsersFor(req.raw) } : { rowMode: req.rowMode };
          return prepared ? prepared.query(req.sql, req.params, options) : lite.query(req.sql, req.params, options);
        }),
      );
      return { kind: 'done', id: req.id, result: plain(r) };
    }
    case 'exec': {
      const rs = await onConnection(req.lease, () => statement(req.id, req.budgeted, () => lite.exec(req.sql)));
      return { kind: 'done', id: req.id, results: rs.map(plain) };
    }
    case 'acquire': {
      await connection.take();
      if (req.sql) {
        try {
          await lite.exec(req.sql);
        } catch (err) {
          connection.give();
          throw err;
        }
      }
      const lease: Lease = { id: nextLease++, busy: 0, timer: null };
      leases.set(lease.id, lease);
      idleTimer(lease);
      return { kind: 'done', id: req.id, lease: lease.id };
    }
    case 'release': {
      const lease = leases.get(req.lease);
      // Already expired (rolled back and given on): nothing left to end.
      if (!lease) return { kind: 'done', id: req.id };
      if (lease.timer) clearTimeout(lease.timer);
      leases.delete(req.lease);
      try {
        if (req.sql) await lite.exec(req.sql);
      } finally {
        connection.give();
      }
      return { kind: 'done', id: req.id };
    }
    case 'close': {
      await stopCheckpoints();
      // After the statements and leases ahead of it: nothing acknowledged is cut short.
      await connection.take();
      await lite.close();
      return { kind: 'done', id: req.id };
    }
  }
}

let stopCheckpoints: () => Promise<void> = async () => undefined;

try {
  lite = await PGlite.create(data.dataDir, {
    extensions: { pg_trgm },
    startParams: data.startParams,
    pgliteWasmModule: data.pgliteWasmModule,
    initdbWasmModule: data.initdbWasmModule,
    fsBundle: data.fsBundle,
  });
} catch (err) {
  send({ kind: 'start-failed', error: serializeError(err) });
  process.exit(1);
}
if (data.preparedStatements > 0) prepared = new PreparedStatements(lite, { ...DEFAULT_PREPARED_STATEMENTS, max: data.preparedStatements });

// Checkpoints run here, between other callers' statements (see pglite-checkpoints.ts).
stopCheckpoints = keepWalCheckpointed(
  {
    exec: (sql) => onConnection(null, async () => void (await lite.exec(sql))),
    query: <T,>(sql: string, params?: unknown[]) => onConnection(null, async () => (await lite.query<T>(sql, params)).rows),
  },
  data.walCheckpoints,
  {
    onCheckpoint: ({ walBytes, ms }) => send({ kind: 'checkpoint', walBytes, ms }),
    onError: (err) => send({ kind: 'checkpoint-failed', message: err.message }),
  },
);

port.on('message', (req: PGliteRequest) => {
  handle(req).then(send, (err: unknown) => send({ kind: 'failed', id: req.id, error: serializeError(err) }));
});
send({ kind: 'ready', cpuClock: threadCpuClock() });
