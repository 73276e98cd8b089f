import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

/** The environment of a private database and the function that drops it. */
export interface IsolatedDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * On PostgreSQL, a database of the caller's own on the same server, created
 * and migrated here, so work of test files running in parallel never
 * disturbs it (whole-database snapshots, dispatchers taking events,
 * terminated connections); unmigrated with `migrate: false` (a restore's
 * empty target). On PGlite every test app is already private:
 * the env is empty. `drop()` removes the database.
 */
export async function isolatedDatabase(prefix: string, options: { migrate?: boolean } = {}): Promise<IsolatedDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: {}, drop: async () => undefined };
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  if (options.migrate !== false) {
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
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
