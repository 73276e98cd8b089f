// Named (prepared) statements: hot SQL is planned once per connection, and
// neither pg's per-connection cache nor PostgreSQL's plans grow without bound.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { createStatementNamer } from '../../src/db/statement-names.ts';
import { isPostgres } from '../support/database.ts';

describe('statement namer', () => {
  it('names a statement on its second sighting, and always with the same name', () => {
    const namer = createStatementNamer();
    expect(namer({ sql: 'SELECT 1' })).toBeUndefined();
    const name = namer({ sql: 'SELECT 1' });
    expect(name).toMatch(/^s/);
    expect(namer({ sql: 'SELECT 1' })).toBe(name);
    expect(namer({ sql: 'SELECT 2' })).toBeUndefined();
    expect(namer({ sql: 'SELECT 2' })).not.toBe(name);
  });

  it('names at most maxNamed statements; later ones run unnamed', () => {
    const namer = createStatementNamer({ maxNamed: 2, admitAfter: 1 });
    expect(namer({ sql: 'a' })).toBeDefined();
    expect(namer({ sql: 'b' })).toBeDefined();
    expect(namer({ sql: 'c' })).toBeUndefined();
    expect(namer({ sql: 'c' })).toBeUndefined();
    expect(namer.size()).toBe(2);
  });

  it('forgets the oldest unnamed sightings past maxCandidates (one-off SQL cannot pile up)', () => {
    const namer = createStatementNamer({ maxCandidates: 2 });
    namer({ sql: 'old' });
    namer({ sql: 'x' });
    namer({ sql: 'y' });
    // 'old' was forgotten, so this is its first sighting again.
    expect(namer({ sql: 'old' })).toBeUndefined();
    expect(namer({ sql: 'y' })).toBeDefined();
  });
});

// PostgreSQL only: named prepared statements live in a server connection; the embedded database's adapter has none.
describe.runIf(isPostgres)('prepared statements on PostgreSQL', () => {
  it('a repeated Prisma query is prepared on the connection; with 0 nothing is', async () => {
    for (const preparedStatements of [1000, 0]) {
      const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://', poolSize: 1, preparedStatements });
      try {
        for (let i = 0; i < 3; i++) await db.prisma.user.findMany({ where: { email: 'nobody@example.invalid' }, take: 1 });
        const rows = await db.prisma.$queryRawUnsafe<{ statement: string }[]>('SELECT statement FROM pg_prepared_statements');
        const userQueries = rows.filter((r) => r.statement.includes('"User"'));
        expect(userQueries.length, `preparedStatements=${preparedStatements}`).toBe(preparedStatements ? 1 : 0);
      } finally {
        await db.close();
      }
    }
  });
});
