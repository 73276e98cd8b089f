import type { MemoryFS } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, type Db, openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { beforeAllValue } from './lifecycle.ts';
import { templateFs } from './pglite-template.ts';

/**
 * True when the tests run on PostgreSQL (DATABASE_URL). Embedded PGlite has
 * one connection, so concurrent transactions run one after another there: a
 * test of what locks do under concurrency passes on PGlite even with the lock
 * removed. Such tests run only here (`describe.runIf(isPostgres)`).
 */
export const isPostgres = Boolean(process.env.DATABASE_URL);

/**
 * A new in-memory PGlite filesystem holding a copy of the migrated data
 * directory the global setup wrote; undefined on PostgreSQL.
 */
export function pgliteTemplateFs(): MemoryFS | undefined {
  const dir = inject('pgliteTemplate');
  return dir ? templateFs(dir) : undefined;
}

/**
 * The test database for domain tests (no HTTP app): the shared PostgreSQL
 * of DATABASE_URL (migrated by the global setup), else a new in-memory PGlite
 * started from the migrated template.
 */
export async function openTestDatabase(opts: { onQuery?: (sql: string) => void } = {}): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return openDatabase({ databaseUrl: url, dataDir: 'memory://', onQuery: opts.onQuery });
  const pgliteFs = pgliteTemplateFs();
  const database = await openDatabase({ dataDir: 'memory://', pgliteFs, onQuery: opts.onQuery });
  if (!pgliteFs) await migrate(database);
  return database;
}

/**
 * The Prisma client of a test database for the whole file: opened before
 * its tests, closed after them (see {@link beforeAllValue}).
 */
export function useTestDb(opts: Parameters<typeof openTestDatabase>[0] = {}): Db {
  let database: Database | undefined;
  return beforeAllValue(
    async () => {
      database = await openTestDatabase(opts);
      return database.prisma;
    },
    () => database?.close(),
  );
}
