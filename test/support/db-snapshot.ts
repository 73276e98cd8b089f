import type { TestApp } from './app.ts';
import { isolatedDatabase } from './isolated-database.ts';

// Rewritten on purpose by reads: API keys and sessions record their last use.
const VOLATILE_TABLES = new Set(['ApiKey', 'Session', '_prisma_migrations']);
// Written on purpose by refused requests: a wrong password is charged to its account's throttle.
const IGNORED_TABLES = new Set(['LoginThrottle']);

/**
 * A fingerprint of every table: row count and an md5 of all rows (so an
 * UPDATE shows as well as an INSERT or DELETE). Only meaningful on a
 * database no other test writes to: see {@link isolatedDatabaseEnv}.
 */
export async function snapshotDb(t: TestApp): Promise<Record<string, string>> {
  const sql = t.services.database.sql;
  const tables = await sql.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    if (IGNORED_TABLES.has(tablename)) continue;
    const quoted = `"${tablename.replace(/"/g, '""')}"`;
    const [row] = await sql.query<{ n: string | number; h: string | null }>(
      VOLATILE_TABLES.has(tablename)
        ? `SELECT count(*) AS n, '' AS h FROM ${quoted}`
        : `SELECT count(*) AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${quoted} x`,
    );
    out[tablename] = `${row.n}:${row.h}`;
  }
  return out;
}

/** A whole-database snapshot needs a database no other test file writes to. */
export const isolatedDatabaseEnv = () => isolatedDatabase('tasksvc_sec');
