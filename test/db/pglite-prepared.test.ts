// Named prepared statements on the embedded database in its worker
// (src/db/pglite-prepared.ts): a statement is prepared on its second use and
// answers exactly as unprepared, at most `preparedStatements` stay prepared
// (least recently used closed), and a table change under a prepared
// statement does not break it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { Prisma } from '../../src/generated/prisma/client.ts';
import { migratedDataDir } from '../support/cli.ts';
import { isPostgres } from '../support/database.ts';

let parent = '';
let copies = 0;
const open: Database[] = [];

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'tasksvc-pglite-prepared-'));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

async function inWorker(preparedStatements: number) {
  const database = await openDatabase({ dataDir: migratedDataDir(parent, `data-${++copies}`), preparedStatements });
  open.push(database);
  return database;
}

/** The statements prepared on the one connection by the worker (not by SQL PREPARE). */
async function preparedNow(database: Database): Promise<string[]> {
  const rows = await database.sql.query<{ statement: string }>(
    `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'tasksvc\\_%' AND statement NOT LIKE '%pg_prepared_statements%' ORDER BY prepare_time`,
  );
  return rows.map((r) => r.statement);
}

/** Raw statements of many parameter and column types, each run three times. */
async function typedAnswers(database: Database) {
  const user = await database.prisma.user.create({ data: { email: 'prepared@test.local', displayName: 'Prepared', createdAt: new Date('2021-01-01T00:00:00Z') } });
  const out: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    out.push(
      await database.prisma.$queryRaw(
        Prisma.sql`SELECT ${9007199254740993n}::int8 AS big, ${new Date('2020-02-29T12:00:00Z')}::timestamptz AS at,
          ${JSON.stringify({ a: [1, 2], i })}::jsonb AS doc, ${['x', 'y,z', null, '"q"']}::text[] AS list,
          ${null}::text AS nothing, ${1.5}::float8 AS f, ${'12.345'}::numeric AS n, ${true}::boolean AS yes, ${Buffer.from([0, 255])}::bytea AS bin`,
      ),
    );
    out.push(await database.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true, displayName: true, createdAt: true } }));
    out.push(await database.sql.query('SELECT $1::int + $2::int AS sum, $3::text AS t', [i, 2, `n${i}`]));
  }
  // A PostgreSQL error through a prepared statement is the same error, and the connection goes on.
  for (let i = 0; i < 3; i++) {
    const failed = await database.sql.query('SELECT 1 / $1::int AS q', [0]).catch((e: unknown) => e as { code?: string });
    out.push((failed as { code?: string }).code);
  }
  const again = await database.prisma.user.create({ data: { email: user.email, displayName: 'x' } }).catch((e: unknown) => e);
  out.push((again as { code?: string }).code);
  return out.map((v) => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x))) as unknown);
}

describe.skipIf(isPostgres)('prepared statements on the embedded database', () => {
  it('prepares a statement on its second use, and answers exactly as unprepared', async () => {
    const database = await inWorker(50);
    await database.sql.query('SELECT $1::int AS once', [1]);
    expect(await preparedNow(database)).not.toContain('SELECT $1::int AS once');
    await database.sql.query('SELECT $1::int AS once', [2]);
    expect(await preparedNow(database)).toContain('SELECT $1::int AS once');

    const prepared = await typedAnswers(database);
    const plain = await typedAnswers(await inWorker(0));
    expect(prepared).toEqual(plain);
    expect(prepared.slice(-4)).toEqual(['22012', '22012', '22012', 'P2002']);
    expect(await preparedNow(database)).toContain('SELECT 1 / $1::int AS q');
  });

  it('keeps at most preparedStatements prepared, closing the least recently used', async () => {
    const database = await inWorker(3);
    const run = async (n: number) => {
      for (let i = 0; i < 2; i++) await database.sql.query(`SELECT ${n} + $1::int AS v`, [i]);
    };
    // The check's own statement is prepared too (it counts against the bound): two others fit.
    await run(1);
    await run(2);
    await preparedNow(database);
    await preparedNow(database);
    expect(await preparedNow(database)).toEqual(expect.arrayContaining(['SELECT 1 + $1::int AS v', 'SELECT 2 + $1::int AS v']));
    await run(1); // now more recent than 2
    await run(3);
    const now = await preparedNow(database);
    expect(now).toContain('SELECT 1 + $1::int AS v');
    expect(now).toContain('SELECT 3 + $1::int AS v');
    expect(now).not.toContain('SELECT 2 + $1::int AS v');
    expect((await database.sql.query<{ v: number }>('SELECT 2 + $1::int AS v', [5]))[0]).toEqual({ v: 7 });
  });

  it('answers after a table change under a prepared statement (its result type changed)', async () => {
    const database = await inWorker(50);
    await database.sql.exec('CREATE TABLE prep_t (id int)');
    await database.sql.exec('INSERT INTO prep_t VALUES (1)');
    for (let i = 0; i < 2; i++) expect(await database.sql.query('SELECT * FROM prep_t WHERE id = $1', [1])).toEqual([{ id: 1 }]);
    await database.sql.exec(`ALTER TABLE prep_t ADD COLUMN label text DEFAULT 'x'`);
    expect(await database.sql.query('SELECT * FROM prep_t WHERE id = $1', [1])).toEqual([{ id: 1, label: 'x' }]);
    expect(await database.sql.query('SELECT * FROM prep_t WHERE id = $1', [1])).toEqual([{ id: 1, label: 'x' }]);
  });
});
