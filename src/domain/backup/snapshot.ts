import type { Database } from '../../db/client.ts';
import type { Query } from './catalog.ts';

/** How long a backup's snapshot may stay open on the embedded database (Prisma's transaction timeout). */
export const SNAPSHOT_TIMEOUT_MS = 6 * 60 * 60 * 1000;

/**
 * Runs `fn` with a query function inside one read-only snapshot of the whole
 * database, so every table is read as of the same instant while writers go
 * on.
 *
 * PostgreSQL: a dedicated connection in `SERIALIZABLE READ ONLY DEFERRABLE`
 * (waits for a snapshot no concurrent serializable transaction can make
 * anomalous, then never blocks writers nor is cancelled for them).
 *
 * Embedded database: it is one connection, so a snapshot is that connection
 * in a transaction; a Prisma interactive transaction holds it exclusively
 * (statements of other requests would otherwise run inside it). Requests wait
 * for the backup to end: on PGlite a backup pauses writes for its duration
 * (README: Backup, export, import).
 */
export async function withSnapshot<T>(db: Database, fn: (query: Query) => Promise<T>): Promise<T> {
  if (db.kind === 'postgres') {
    return db.session(async (sql) => {
      await sql.exec('BEGIN ISOLATION LEVEL SERIALIZABLE READ ONLY DEFERRABLE; SET LOCAL statement_timeout = 0');
      try {
        const result = await fn(sql.query);
        await sql.exec('COMMIT');
        return result;
      } catch (err) {
        await sql.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    });
  }
  return db.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe('SET TRANSACTION READ ONLY');
      return fn(<R,>(sql: string, params: unknown[] = []) => tx.$queryRawUnsafe<R[]>(sql, ...params));
    },
    { isolationLevel: 'RepeatableRead', maxWait: 60_000, timeout: SNAPSHOT_TIMEOUT_MS },
  );
}
