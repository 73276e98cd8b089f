// The statement budget of requests on PostgreSQL (STATEMENT_TIMEOUT_MS):
// a statement that cannot finish in time (here: waiting on a lock another
// session holds on "Task", the way a slow statement would hold a
// connection) is stopped by the server, the request answers 503 TIMEOUT
// (REST, tool route and GraphQL alike, no SQL in the answer), a search 400
// `too_complex` on `query`, and the pool keeps serving: more requests than
// it has connections succeed as soon as the lock is gone.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { isPostgres } from '../support/database.ts';
import { isolatedDatabaseEnv } from '../support/db-snapshot.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { beforeAllValue } from '../support/lifecycle.ts';
import { OWN_BUCKETS } from '../security/session-helpers.ts';

const BUDGET_MS = 300;
const POOL = 2;

describe.skipIf(!isPostgres)('statement budget on PostgreSQL', () => {
  const world = beforeAllValue(
    async () => {
      const isolated = await isolatedDatabaseEnv();
      const t = await createTestServer({
        env: {
          ...isolated.env,
          ...OWN_BUCKETS,
          RATE_LIMIT_PER_MINUTE: '0',
          STATEMENT_TIMEOUT_MS: String(BUDGET_MS),
          DATABASE_POOL_SIZE: String(POOL),
        },
      });
      const { user, key } = await makeUserWithKey(t.db);
      const project = await makeProject(t.db, { memberIds: [user.id] });
      return { t, key, projectId: project.id, url: isolated.env.DATABASE_URL!, drop: isolated.drop };
    },
    async (w) => {
      await w.t.close();
      await w.drop();
    },
  );

  async function call(method: string, path: string, body?: unknown) {
    const res = await fetch(world.t.url + path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${world.key}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : null };
  }

  /** Runs `fn` while another session holds an exclusive lock on "Task". */
  async function whileTaskLocked<T>(fn: () => Promise<T>): Promise<T> {
    const locker = new pg.Client({ connectionString: world.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE "Task" IN ACCESS EXCLUSIVE MODE');
      return await fn();
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
  }

  it('a statement past the budget answers 503 TIMEOUT on every facade; the pool still serves', async () => {
    const { projectId } = world;
    const gql = (query: string) => call('POST', '/graphql', { query });
    const answers = await whileTaskLocked(() =>
      Promise.all([
        call('GET', `/api/v1/tasks?project_id=${projectId}`),
        call('GET', `/api/mcp/tasks?project_id=${projectId}`),
        call('POST', '/api/v1/tasks', { project_id: projectId, title: 'written while locked' }),
        gql(`{ tasks(filter: { projectId: ${projectId} }) { items { id } } }`),
        call('GET', `/api/v1/tasks?project_id=${projectId}`),
      ]),
    );
    for (const a of answers.slice(0, 3).concat(answers.slice(4))) {
      expect(a.status, a.text).toBe(503);
      expect(a.json).toMatchObject({ success: false, error: 'TIMEOUT', details: { field: null, code: 'statement_timeout' } });
      expect(a.text).not.toMatch(/SELECT|INSERT|Task"|canceling|prisma/i);
    }
    const graphql = answers[3];
    expect(graphql.status, graphql.text).toBe(503);
    expect(graphql.json.errors[0].extensions).toMatchObject({ code: 'TIMEOUT', detail: 'statement_timeout' });
    expect(graphql.text).not.toMatch(/SELECT|canceling|prisma/i);
    // Nothing was written, and every connection of the pool serves again (twice the pool at once).
    const after = await Promise.all(
      Array.from({ length: POOL * 2 }, () => call('GET', `/api/v1/tasks?project_id=${projectId}`)),
    );
    for (const a of after) expect(a.status, a.text).toBe(200);
    expect(after[0].json.tasks.some((t: { title: string }) => t.title === 'written while locked')).toBe(false);
    const created = await call('POST', '/api/v1/tasks', { project_id: projectId, title: 'written after' });
    expect(created.status, created.text).toBe(201);
  });

  it('a search past the budget answers 400 too_complex naming `query`', async () => {
    const answer = await whileTaskLocked(() => call('GET', '/api/v1/tasks/search?query=anything'));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.details).toEqual({ field: 'query', code: 'too_complex' });
    expect((await call('GET', '/api/v1/tasks/search?query=anything')).status).toBe(200);
  });

  it('migrations run without the budget: the connection keeps it afterwards', async () => {
    const rows = await world.t.services.database.sql.query<{ v: string }>("SELECT current_setting('statement_timeout') AS v");
    expect(rows[0].v).toBe(`${BUDGET_MS}ms`);
  });
});
