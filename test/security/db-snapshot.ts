import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import type { TestApp } from '../support/app.ts';

// Rewritten on purpose by reads: API keys record their last use.
const VOLATILE_TABLES = new Set(['ApiKey', '_prisma_migrations']);

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

/**
 * Env for a test app with a database of its own. On PGlite every test app
 * has one already ({}); with DATABASE_URL a fresh database is created on
 * the same server and migrated, so whole-database snapshots are not
 * disturbed by test files running in parallel. `drop()` removes it.
 */
export async function isolatedDatabaseEnv(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: {}, drop: async () => undefined };
  const name = `tasksvc_sec_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
