// A PostgreSQL restart or pg_terminate_backend kills pooled connections:
// the server must log it, replace them and keep serving, never crash.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { isPostgres } from '../support/database.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';

let own: IsolatedDatabase;
let t: TestApp;

/** Terminates every other connection to the private database; returns how many. */
async function terminateConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [new URL(own.env.DATABASE_URL!).pathname.slice(1)],
    );
    return rows.length;
  } finally {
    await admin.end();
  }
}

// PostgreSQL only: an embedded database has no pooled connections a server can terminate.
describe.runIf(isPostgres)('losing pooled PostgreSQL connections', () => {
  beforeAll(async () => {
    own = await isolatedDatabase('tasksvc_connloss');
    t = await createTestApp({ env: own.env });
  });
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  it('an idle connection of a pool Prisma has not connected to yet fails without crashing; the pool reconnects', async () => {
    const errors: Error[] = [];
    const db = await openDatabase({ databaseUrl: own.env.DATABASE_URL, dataDir: 'memory://', onIdleError: (e) => errors.push(e) });
    try {
      await db.sql.query('SELECT 1');
      expect(await terminateConnections()).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200)); // the FATAL notice reaches the idle client
      expect(errors.map((e) => (e as Error & { code?: string }).code)).toContain('57P01');
      expect(await db.sql.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('terminated idle connections are replaced: the next requests succeed', async () => {
    const { key } = await makeUserWithKey(t.db);
    const me = () => t.fetch('/api/mcp/user/context', { key });
    // Several requests at once so the pool holds more than one idle connection.
    expect((await Promise.all([me(), me(), me()])).map((r) => r.status)).toEqual([200, 200, 200]);

    expect(await terminateConnections()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200)); // the FATAL notices reach the idle clients

    const after = await Promise.all([me(), me(), me()]);
    expect(after.map((r) => r.status)).toEqual([200, 200, 200]);
  });
});
