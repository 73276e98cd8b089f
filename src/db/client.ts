import type { PGliteOptions } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.ts';
import type { WalCheckpointEvents, WalCheckpointOptions } from './pglite-checkpoints.ts';
import { openPGlite, PGLITE_EXTENSIONS } from './pglite-database.ts';
import type { PGliteWorkerOptions } from './pglite-remote.ts';
import { createStatementNamer } from './statement-names.ts';

/** The Prisma client type used across the service. */
export type Db = PrismaClient;

/** Runs raw, possibly multi-statement SQL; used by the migrator and benchmarks. */
export interface SqlRunner {
  /** Executes one or more statements, no parameters, no result. */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** An open database: the Prisma client plus the raw runner on the same storage. */
export interface Database {
  /** The client of requests. */
  prisma: Db;
  /**
   * The client of background work (outbox dispatcher, webhook deliverer,
   * live-event feed): on PostgreSQL a small pool of its own, so request load
   * cannot starve event delivery and a delivery backlog cannot starve
   * requests. On PGlite (one connection) the same client as `prisma`.
   */
  background: Db;
  sql: SqlRunner;
  kind: 'postgres' | 'pglite';
  /** Where the data lives, for start-up output (password removed). */
  location: string;
  /** Runs `fn` on one dedicated connection (session locks, BEGIN/COMMIT). */
  session<T>(fn: (sql: SqlRunner) => Promise<T>): Promise<T>;
  /** Connections of each pool now (PostgreSQL; PGlite has one connection and no pool): the metrics read them. */
  pools?(): PoolUse[];
  close(): Promise<void>;
}

/** One connection pool's use: open connections, idle ones, callers waiting, the cap. */
export interface PoolUse {
  pool: 'requests' | 'background';
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  /** `postgres://…`; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** Connections of the request pool (PostgreSQL). */
  poolSize?: number;
  /**
   * `statement_timeout` (ms) of every connection of the request pool
   * (PostgreSQL; see statement-timeout.ts). Absent or 0: none, as for
   * one-shot commands (migrate, reindex) and the background pool. On the
   * embedded database in its worker, the budget of every statement of
   * `prisma` (not of `sql` and `session`): past it the worker is restarted
   * (see pglite-remote.ts).
   */
  statementTimeoutMs?: number;
  /**
   * Most distinct statements sent as named (prepared) statements on
   * PostgreSQL (see statement-names.ts), and on the embedded database in its
   * worker at most PGLITE_MAX_PREPARED_STATEMENTS at once
   * (pglite-prepared.ts); 0 or absent sends all unnamed.
   */
  preparedStatements?: number;
  /** Connections of the background pool (PostgreSQL); see {@link Database.background}. */
  backgroundPoolSize?: number;
  /**
   * The PGlite filesystem to run on instead of `dataDir`'s: the tests give
   * each database an in-memory one filled with a copy of a migrated template
   * (test/support/database.ts). PGlite only; ignored for PostgreSQL.
   */
  pgliteFs?: PGliteOptions['fs'];
  /** Log every SQL statement to this callback (tests snapshot it). */
  onQuery?: (sql: string) => void;
  /**
   * Errors of idle pooled PostgreSQL connections (a restart or
   * `pg_terminate_backend`). The pool drops such a connection and opens a
   * new one on demand; without a listener pg would crash the process.
   */
  onIdleError?: (err: Error) => void;
  /** When the embedded database is checkpointed (PGlite only; see pglite-checkpoints.ts). */
  walCheckpoints?: Partial<WalCheckpointOptions>;
  /** Checkpoint reports and errors of the embedded database (PGlite only). */
  onWalCheckpoint?: WalCheckpointEvents;
  /**
   * Run PGlite on this thread instead of its worker thread (PGlite only;
   * implied by `pgliteFs`). One-shot tools may; the service never does.
   */
  pgliteInProcess?: boolean;
  /**
   * The embedded database's worker stopped (a statement past
   * `statementTimeoutMs`, or the thread died) and restarts (PGlite in a worker only).
   */
  onPGliteRestart?: PGliteWorkerOptions['onRestart'];
  /** See `DEFAULT_LEASE_IDLE_MS` (PGlite in a worker only; tests shorten it). */
  leaseIdleMs?: number;
}

export { PGLITE_EXTENSIONS };

/**
 * Opens the database: PostgreSQL through `@prisma/adapter-pg` when a URL is
 * given, else embedded PGlite (with `pg_trgm`) in `dataDir`.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const log = options.onQuery ? ([{ emit: 'event', level: 'query' }] as const) : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Sent at connect: the session default, which RESET returns to.
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    pool.on('error', (err) => options.onIdleError?.(err));
    // One namer for both pools: a name always stands for the same SQL text.
    const namer = options.preparedStatements ? createStatementNamer({ maxNamed: options.preparedStatements }) : undefined;
    const adapter = (p: pg.Pool) => new PrismaPg(p, namer ? { statementNameGenerator: (q) => namer(q) as string } : undefined);
    const prisma = new PrismaClient({ adapter: adapter(pool), log: log ? [...log] : undefined });
    attachQueryLog(prisma, options.onQuery);
    // Made on first use: one-shot commands (the CLI, migrations) never need it.
    let backgroundPool: pg.Pool | null = null;
    let background: PrismaClient | null = null;
    const backgroundClient = () => {
      if (background) return background;
      backgroundPool = new pg.Pool({ connectionString: options.databaseUrl, max: options.backgroundPoolSize ?? 3 });
      backgroundPool.on('error', (err) => options.onIdleError?.(err));
      background = new PrismaClient({ adapter: adapter(backgroundPool), log: log ? [...log] : undefined });
      attachQueryLog(background, options.onQuery);
      return background;
    };
    const url = new URL(options.databaseUrl);
    url.password = '';
    // Raw statements reach the query log too (`onQuery`), as Prisma's do: the SQL a request runs
    // is all of it (the search engine's statement runs here, see src/search/postgres-engine.ts).
    const runnerOf = (q: pg.Pool | pg.PoolClient): SqlRunner => ({
      exec: async (sql) => {
        options.onQuery?.(sql);
        await q.query(sql);
      },
      query: async (sql, params) => {
        options.onQuery?.(sql);
        return (await q.query(sql, params as unknown[])).rows;
      },
    });
    return {
      prisma,
      get background() {
        return backgroundClient();
      },
      kind: 'postgres',
      location: url.toString(),
      sql: runnerOf(pool),
      session: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn(runnerOf(conn));
        } finally {
          conn.release();
        }
      },
      pools: () => {
        const use = (name: PoolUse['pool'], p: pg.Pool, max: number): PoolUse => ({ pool: name, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount, max });
        const bg = backgroundPool as pg.Pool | null;
        return [use('requests', pool, options.poolSize ?? 10), ...(bg ? [use('background', bg, options.backgroundPoolSize ?? 3)] : [])];
      },
      close: async () => {
        await Promise.all([prisma.$disconnect(), background?.$disconnect()]);
        await Promise.all([pool.end(), backgroundPool?.end()]);
      },
    };
  }
  return openPGlite(options, log ? [...log] : undefined, (prisma) => attachQueryLog(prisma, options.onQuery));
}

function attachQueryLog(prisma: PrismaClient, onQuery?: (sql: string) => void) {
  if (!onQuery) return;
  (prisma as unknown as { $on(e: 'query', cb: (e: { query: string }) => void): void }).$on('query', (e) =>
    onQuery(e.query),
  );
}

