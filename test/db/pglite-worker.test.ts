// The embedded database in its worker thread (src/db/pglite-remote.ts,
// pglite-worker.ts): the Prisma client and raw SQL through the channel, the
// one connection held by a transaction or a session and given back in
// arrival order, a lease whose caller is gone, the statement budget that
// restarts the worker, and a worker that dies.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Prisma } from '../../src/generated/prisma/client.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseOptions, openDatabase } from '../../src/db/client.ts';
import { pgliteWorkerOf } from '../../src/db/pglite-database.ts';
import { isStatementTimeout } from '../../src/db/statement-timeout.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { migratedDataDir } from '../support/cli.ts';
import { isPostgres } from '../support/database.ts';
import { makeUser } from '../support/factories.ts';

let parent = '';
let copies = 0;
const open: Database[] = [];

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'tasksvc-pglite-worker-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** A database in its worker thread, on a copy of the migrated template. */
async function inWorker(options: Partial<DatabaseOptions> = {}, dataDir = migratedDataDir(parent, `data-${++copies}`)) {
  const database = await openDatabase({ dataDir, ...options });
  open.push(database);
  return { database, dataDir };
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `database` answers again (after a restart). */
async function answering(database: Database) {
  for (let i = 0; i < 600; i++) {
    const ok = await database.sql.query('SELECT 1').then(
      () => true,
      () => false,
    );
    if (ok) return;
    await settle(50);
  }
  throw new Error('the embedded database did not come back');
}

describe.skipIf(isPostgres)('the embedded database in a worker thread', () => {
  it('runs in a thread of its own: Prisma models, raw SQL, parsed types and PostgreSQL errors as on PGlite in process', async () => {
    const { database } = await inWorker();
    expect(pgliteWorkerOf(database)?.threadId).toBeGreaterThan(0);
    const user = await makeUser(database.prisma, 'Worker');
    const found = await database.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(found.createdAt).toBeInstanceOf(Date);
    expect(found.displayName).toBe(user.displayName);
    // Column types the adapter parses itself (int8, timestamptz, jsonb, arrays) arrive as Prisma expects them.
    const [row] = await database.prisma.$queryRaw<{ big: bigint; at: Date; doc: unknown; list: string[] }[]>(
      Prisma.sql`SELECT 9007199254740993::int8 AS big, '2020-02-29T12:00:00Z'::timestamptz AS at, '{"a":[1,2]}'::jsonb AS doc, ARRAY['x','y'] AS list`,
    );
    expect(row).toEqual({ big: 9007199254740993n, at: new Date('2020-02-29T12:00:00Z'), doc: { a: [1, 2] }, list: ['x', 'y'] });
    const [raw] = await database.sql.query<{ n: number; arr: number[] }>('SELECT 2 AS n, ARRAY[1,2] AS arr');
    expect(raw).toEqual({ n: 2, arr: [1, 2] });
    // A unique violation is still Prisma's P2002 (the adapter sees PGlite's DatabaseError).
    const again = await database.prisma.user.create({ data: { email: user.email, displayName: 'x' } }).catch((e: unknown) => e);
    expect((again as { code?: string }).code).toBe('P2002');
  });

  it('gives the one connection to a transaction from BEGIN to COMMIT: other statements wait, a rollback leaves nothing', async () => {
    const { database } = await inWorker();
    await database.sql.exec('CREATE TABLE turn (n int)');
    const order: string[] = [];
    let inside!: () => void;
    const begun = new Promise<void>((r) => (inside = r));
    let finish!: () => void;
    const held = new Promise<void>((r) => (finish = r));
    const tx = database.prisma.$transaction(async (t) => {
      await t.$executeRaw`INSERT INTO turn VALUES (1)`;
      inside();
      await held;
      order.push('tx commits');
    });
    await begun;
    const outside = database.sql.query<{ c: number }>('SELECT count(*)::int AS c FROM turn').then((rows) => {
      order.push('outside runs');
      return rows[0]?.c;
    });
    await settle(200);
    expect(order).toEqual([]);
    finish();
    await tx;
    // It ran after the commit, so it saw the row.
    expect(await outside).toBe(1);
    expect(order).toEqual(['tx commits', 'outside runs']);

    const failed = await database.prisma
      .$transaction(async (t) => {
        await t.$executeRaw`INSERT INTO turn VALUES (2)`;
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('changed my mind');
    expect(await database.sql.query('SELECT n FROM turn ORDER BY n')).toEqual([{ n: 1 }]);
  });

  it('holds the connection for a session (Database.session) and rolls back what a failed one left open', async () => {
    const { database } = await inWorker();
    await database.sql.exec('CREATE TABLE kept (n int)');
    const failed = await database
      .session(async (sql) => {
        await sql.exec('BEGIN');
        await sql.exec('INSERT INTO kept VALUES (1)');
        throw new Error('gone mid-way');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('gone mid-way');
    // Not inside the abandoned transaction: the insert is gone and this statement commits on its own.
    await database.sql.exec('INSERT INTO kept VALUES (2)');
    expect(await database.sql.query('SELECT n FROM kept')).toEqual([{ n: 2 }]);
  });

  it('rolls back a lease whose caller is gone once it is idle past leaseIdleMs, so the connection is not held forever', async () => {
    const { database } = await inWorker({ leaseIdleMs: 300 });
    await database.sql.exec('CREATE TABLE left_open (n int)');
    const worker = pgliteWorkerOf(database)!;
    // A caller that began a transaction and vanished: no statement, no release, ever.
    const lease = await worker.acquire('BEGIN');
    await worker.exec('INSERT INTO left_open VALUES (1)', lease);
    const started = performance.now();
    await database.sql.exec('INSERT INTO left_open VALUES (2)');
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(await database.sql.query('SELECT n FROM left_open')).toEqual([{ n: 2 }]);
    // The vanished caller, back after all, is told its transaction is over.
    const late = await worker.exec('INSERT INTO left_open VALUES (3)', lease).catch((e: { code?: string }) => e.code);
    expect(late).toBe('25P03');
  });

  it('checkpoints in the worker (reported to the service)', async () => {
    const checkpoints: { walBytes: number }[] = [];
    const { database } = await inWorker({
      walCheckpoints: { intervalMs: 20, maxWalBytes: 2 ** 20, maxAgeMs: 3_600_000 },
      onWalCheckpoint: { onCheckpoint: (c) => checkpoints.push(c) },
    });
    await database.sql.exec('CREATE TABLE filler AS SELECT g, repeat(md5(g::text), 20) AS body FROM generate_series(1, 5000) g');
    for (let i = 0; i < 100 && !checkpoints.length; i++) await settle(50);
    expect(checkpoints[0]?.walBytes).toBeGreaterThanOrEqual(2 ** 20);
  });

  it('stops a request statement past the budget by restarting the worker: its caller gets query_canceled, others 503, commits survive', async () => {
    const restarts: { cause: string; restartedInMs?: number }[] = [];
    const { database } = await inWorker({ statementTimeoutMs: 400, onPGliteRestart: (r) => restarts.push(r) });
    await database.sql.exec('CREATE TABLE survives (n int)');
    await database.prisma.$executeRaw`INSERT INTO survives VALUES (1)`;
    const threadBefore = pgliteWorkerOf(database)!.threadId;
    const slow = database.prisma.$queryRaw`SELECT pg_sleep(30)`.catch((e: unknown) => e);
    // Queued behind the slow statement: the worker is stopped under it.
    await settle(50);
    const queued = database.prisma.$queryRaw`SELECT 1`.catch((e: unknown) => e);
    const stopped = await slow;
    expect(isStatementTimeout(stopped)).toBe(true);
    expect(isDatabaseUnavailable(await queued)).toBe(true);
    expect(restarts[0]?.cause).toBe('budget');
    await answering(database);
    console.info(`restarted after the budget in ${Math.round(restarts.find((r) => r.restartedInMs)?.restartedInMs ?? NaN)} ms`);
    expect(pgliteWorkerOf(database)!.threadId).not.toBe(threadBefore);
    expect(await database.sql.query('SELECT n FROM survives')).toEqual([{ n: 1 }]);
    // Raw SQL (migrations, checkpoints, backups) is not under the budget.
    await database.sql.query('SELECT pg_sleep(0.6)');
    expect(restarts.filter((r) => r.cause === 'budget' && r.restartedInMs === undefined)).toHaveLength(1);
  });

  it('comes back after its thread dies mid-transaction: the uncommitted write is gone, every commit is there', async () => {
    const { database } = await inWorker();
    await database.sql.exec('CREATE TABLE ledger (n int)');
    for (let n = 1; n <= 20; n++) await database.prisma.$executeRaw`INSERT INTO ledger VALUES (${n})`;
    let inside!: () => void;
    const begun = new Promise<void>((r) => (inside = r));
    let killed!: () => void;
    const dead = new Promise<void>((r) => (killed = r));
    const tx = database.prisma
      .$transaction(async (t) => {
        await t.$executeRaw`INSERT INTO ledger VALUES (21)`;
        inside();
        await dead;
        await t.$executeRaw`INSERT INTO ledger VALUES (22)`;
      })
      .catch((e: unknown) => e);
    await begun;
    await pgliteWorkerOf(database)!.kill();
    killed();
    expect(isDatabaseUnavailable(await tx)).toBe(true);
    // Meanwhile: 503 material (cannot_connect_now), not a hang.
    const during = await database.sql.query('SELECT 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(during)).toBe(true);
    await answering(database);
    const rows = await database.sql.query<{ n: number }>('SELECT n FROM ledger ORDER BY n');
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('opens an existing data directory unchanged after a clean close, through its worker', async () => {
    const { database, dataDir } = await inWorker();
    const user = await makeUser(database.prisma, 'Kept');
    await database.close();
    open.splice(open.indexOf(database), 1);
    const { database: reopened } = await inWorker({}, dataDir);
    expect((await reopened.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });
});
