// What one search may cost: the caller controls up to 200 characters, and
// typo tolerance multiplies index keys per word, so the keys of a whole
// query are budgeted; on a PostgreSQL server the statement also has a time
// limit, past which the search is a 400 naming `query`.
import { describe, expect, it } from 'vitest';
import { indexKeysOf, MAX_QUERY_KEYS, MAX_QUERY_WORDS, parseQuery } from '../../src/search/query-terms.ts';
import { PostgresSearchIndex } from '../../src/search/postgres-engine.ts';
import { searchTasks } from '../../src/search/search-tasks.ts';
import { isPostgres, openTestDatabase, useTestDb } from '../support/database.ts';
import { expectAppError } from '../support/errors.ts';
import { makeUser } from '../support/factories.ts';
import { searchProject, seedTask } from './seed.ts';

const db = useTestDb();
const keysOf = (query: string) => parseQuery(query).terms.reduce((n, t) => n + indexKeysOf(t).length, 0);
// Long misspelt words, each distinct, filling the 200 characters the spec allows.
const LONG_WORDS = Array.from({ length: 9 }, (_, i) => `iternationalization${'abcdefghi'[i]}`).join(' ');

describe('query cost budget', () => {
  it('a 200-character query of long misspelt words stays within the key budget', () => {
    expect(LONG_WORDS.length).toBeLessThanOrEqual(200);
    expect(keysOf(LONG_WORDS)).toBeLessThanOrEqual(MAX_QUERY_KEYS);
    // The first word keeps its full tolerance; later ones get less.
    const [first, ...rest] = parseQuery(LONG_WORDS).terms;
    expect(first.typos).toBe(2);
    expect(rest.every((t) => t.typos < 2)).toBe(true);
  });

  it('realistic queries keep every word’s typo budget', () => {
    for (const q of ['two factr authentcation', 'pasword reset emial outlok', 'internationalisation of the billing dashbord']) {
      const terms = parseQuery(q).terms;
      expect(terms.map((t) => t.typos), q).toEqual(
        terms.map((t) => ([...t.word].length >= 8 ? 2 : [...t.word].length >= 4 ? 1 : 0)),
      );
    }
  });

  it(`matches at most ${MAX_QUERY_WORDS} distinct words; later ones are ignored`, () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i}`);
    expect(parseQuery(words.join(' ')).terms.map((t) => t.word)).toEqual(words.slice(0, MAX_QUERY_WORDS));
  });
});

describe.runIf(isPostgres)('statement time limit (PostgreSQL server)', () => {
  it('a search over its time limit is a 400 too_complex on query, and the connection stays usable', async () => {
    const user = await makeUser(db);
    const project = await searchProject(db, [user.id]);
    // The search statement runs on a connection the database lends (raw pg), as the service's engine does.
    const database = await openTestDatabase();
    try {
      const index = new PostgresSearchIndex(db, { server: true, session: database.session, statementTimeoutMs: 1 });
      for (let i = 0; i < 150; i++) {
        await seedTask(db, index, project, { title: `Internationalization dashboard report ${i}`, description: LONG_WORDS });
      }
      // Never finishes within 1 ms (a hundred and fifty rows, hundreds of index keys).
      await expectAppError(searchTasks(db, index, user.id, { query: LONG_WORDS }), 'VALIDATION', 'query', 'too_complex');
      const normal = new PostgresSearchIndex(db, { server: true, session: database.session });
      const found = await searchTasks(db, normal, user.id, { query: 'internationalizaton dashbord' });
      expect(found.total).toBe(150);
      // The timed-out search's connection went back to the pool outside a transaction, with the pool's settings.
      const settings = await Promise.all(
        Array.from({ length: 3 }, () =>
          database.session((sql) => sql.query<{ timeout: string }>("SELECT current_setting('statement_timeout') AS timeout")),
        ),
      );
      for (const [row] of settings) expect(row.timeout).not.toBe('1ms');
    } finally {
      await database.close();
    }
  });
});
