import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { Database, DatabaseOptions, SqlRunner } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { DEFAULT_WAL_CHECKPOINTS, keepWalCheckpointed } from './pglite-checkpoints.ts';
import { PGliteWorker } from './pglite-remote.ts';
import { PGLITE_START_PARAMS } from './pglite-settings.ts';

/** The PGlite extensions every embedded database loads (the migrations use them). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * A lease (transaction or session) of the embedded database with no
 * statement for this long is rolled back and its connection given on: its
 * caller is gone. Longer than the longest interactive transaction the
 * service opens (60 s, whose own timeout rolls it back first).
 */
export const DEFAULT_LEASE_IDLE_MS = 90_000;

/**
 * Most statements the embedded database keeps prepared at once, whatever
 * `preparedStatements` asks for: each keeps its plan in PGlite's memory,
 * and the service's hot statements are a few dozen.
 */
export const PGLITE_MAX_PREPARED_STATEMENTS = 200;

type PrismaLog = { emit: 'event'; level: 'query' }[] | undefined;

/** The worker thread behind an embedded database opened by {@link openPGlite}, for tests and the bench. */
const workers = new WeakMap<Database, PGliteWorker>();

/** The worker thread of an embedded database, or null (PostgreSQL, PGlite in process). */
export function pgliteWorkerOf(database: Database): PGliteWorker | null {
  return workers.get(database) ?? null;
}

/**
 * Opens the embedded database: in a worker thread (pglite-remote.ts), or in
 * this thread when the caller hands over a filesystem of its own
 * (`pgliteFs`, the tests' in-memory copies of a migrated template: a
 * filesystem object cannot move to another thread) or asks for it
 * (`pgliteInProcess`).
 */
export async function openPGlite(options: DatabaseOptions, log: PrismaLog, attachQueryLog: (p: PrismaClient) => void): Promise<Database> {
  const release = options.dataDir.startsWith('memory://') ? () => undefined : lockDataDir(options.dataDir);
  try {
    return options.pgliteFs || options.pgliteInProcess
      ? await inProcess(options, log, attachQueryLog, release)
      : await inWorker(options, log, attachQueryLog, release);
  } catch (err) {
    release();
    throw err;
  }
}

async function inWorker(options: DatabaseOptions, log: PrismaLog, attachQueryLog: (p: PrismaClient) => void, release: () => void): Promise<Database> {
  const worker = await PGliteWorker.start({
    dataDir: options.dataDir,
    startParams: [...PGLITE_START_PARAMS],
    walCheckpoints: { ...DEFAULT_WAL_CHECKPOINTS, ...options.walCheckpoints },
    statementTimeoutMs: options.statementTimeoutMs ?? 0,
    leaseIdleMs: options.leaseIdleMs ?? DEFAULT_LEASE_IDLE_MS,
    preparedStatements: Math.min(options.preparedStatements ?? 0, PGLITE_MAX_PREPARED_STATEMENTS),
    walCheckpointEvents: options.onWalCheckpoint,
    onRestart: options.onPGliteRestart,
  });
  // The request client's statements are under the budget; raw SQL (migrations, checkpoints, backups) is not.
  const adapter = new PrismaPGlite(worker.client(true) as unknown as PGlite);
  const prisma = new PrismaClient({ adapter, log: log ? [...log] : undefined });
  attachQueryLog(prisma);
  const runner = (lease: Parameters<PGliteWorker['query']>[3]): SqlRunner => ({
    exec: async (text) => void (await worker.exec(text, lease)),
    query: async <T,>(text: string, params?: unknown[]) => (await worker.query<T>(text, params, {}, lease)).rows,
  });
  const database: Database = {
    prisma,
    background: prisma,
    kind: 'pglite',
    location: options.dataDir,
    sql: runner(null),
    // The connection is the caller's until fn ends; a failed fn's open transaction is rolled back.
    session: async (fn) => {
      const lease = await worker.acquire(null);
      let failed = true;
      try {
        const result = await fn(runner(lease));
        failed = false;
        return result;
      } finally {
        await worker.release(lease, failed ? 'ROLLBACK' : null).catch(() => undefined);
      }
    },
    close: async () => {
      await prisma.$disconnect();
      await worker.close();
      release();
    },
  };
  workers.set(database, worker);
  return database;
}

async function inProcess(options: DatabaseOptions, log: PrismaLog, attachQueryLog: (p: PrismaClient) => void, release: () => void): Promise<Database> {
  const pgliteOptions = { extensions: PGLITE_EXTENSIONS, startParams: [...PGLITE_START_PARAMS] };
  const lite = await (options.pgliteFs
    ? PGlite.create({ fs: options.pgliteFs, ...pgliteOptions })
    : PGlite.create(options.dataDir, pgliteOptions));
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(lite), log: log ? [...log] : undefined });
  attachQueryLog(prisma);
  const sql: SqlRunner = {
    exec: async (text) => void (await lite.exec(text)),
    query: async <T,>(text: string, params?: unknown[]) => (await lite.query<T>(text, params)).rows,
  };
  const stopCheckpoints = keepWalCheckpointed(sql, { ...DEFAULT_WAL_CHECKPOINTS, ...options.walCheckpoints }, options.onWalCheckpoint);
  return {
    prisma,
    background: prisma,
    kind: 'pglite',
    location: options.dataDir,
    sql,
    // PGlite is a single connection already.
    session: (fn) => fn(sql),
    close: async () => {
      await stopCheckpoints();
      await prisma.$disconnect();
      await lite.close();
      release();
    },
  };
}
