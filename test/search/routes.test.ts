import { describe, expect, it } from 'vitest';
import { searchIndexOf } from '../../src/search/create-search-index.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { gql } from '../support/graphql.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { searchProject, seedTask } from './seed.ts';

// GET /api/mcp/tasks/search and GET /api/v1/tasks/search over real HTTP,
// and the GraphQL field behind them.

let recording = false;
const statements: string[] = [];
const t = useTestServer({ onQuery: (sql) => recording && statements.push(sql) });

/** A user with a key and a board holding a few tasks. */
async function board() {
  const { user, key } = await makeUserWithKey(t.db, 'Searcher');
  const project = await searchProject(t.db, [user.id], ['Todo', 'Doing']);
  const index = searchIndexOf(t.services);
  const login = await seedTask(t.db, index, project, { title: 'Fix login redirect loop', priority: 'high' });
  const dark = await seedTask(t.db, index, project, {
    title: 'Dark mode for the dashboard',
    sectionId: project.sections[1].id,
  });
  return { user, key, project, login, dark };
}


const ROUTES = ['/api/mcp/tasks/search', '/api/v1/tasks/search'];

describe.each(ROUTES)('GET %s', (path) => {
  it('401 without a key or with a wrong one', async () => {
    await expectError(await t.fetch(`${path}?query=login`), 401, 'authorization');
    await expectError(await t.fetch(`${path}?query=login`, { key: 'tsk_not_a_real_key' }), 401, 'authorization');
  });

  it('400 naming the parameter; limits one under, at and one over; nothing changes', async () => {
    const { key, project } = await board();
    const before = await t.db.task.findMany({ where: { projectId: project.id }, orderBy: { id: 'asc' } });
    const q200 = `login ${'x'.repeat(194)}`;
    expect(q200).toHaveLength(200);
    const get = (qs: string) => t.fetch(`${path}?${qs}`, { key });

    await expectError(await get(''), 400, 'query', 'invalid_type');
    await expectError(await get(`query=${q200}x`), 400, 'query', 'too_big');
    await expectError(await get('query='), 400, 'query', 'too_small');
    await expectError(await get('query=%20%20'), 400, 'query', 'too_small');
    await expectError(await get('query=login&limit=51'), 400, 'limit', 'too_big');
    await expectError(await get('query=login&limit=0'), 400, 'limit', 'too_small');
    await expectError(await get('query=login&limit=ten'), 400, 'limit');
    await expectError(await get('query=login&limit=1.5'), 400, 'limit');
    await expectError(await get('query=login&project_id=abc'), 400, 'project_id');
    await expectError(await get('query=login&project_id=-1'), 400, 'project_id');
    await expectError(await get('query=login&board_id=0'), 400, 'board_id');
    await expectError(await get('query=login&has_due_date=maybe'), 400, 'has_due_date');
    await expectError(await get('query=login&priority=critical'), 400, 'priority');
    await expectError(await get('query=login&status=Open'), 400, 'status');
    await expectError(await get('query=login&assigned_to=bob'), 400, 'assigned_to');
    await expectError(
      await get(`query=login&project_id=${project.id}&board_id=${project.id + 1}`),
      400,
      'board_id',
      'conflicting_alias',
    );

    for (const ok of [`query=${q200}`, 'query=login&limit=50', 'query=login&limit=1', 'query=login&limit=49']) {
      expect((await get(ok)).status, ok).toBe(200);
    }
    expect(await t.db.task.findMany({ where: { projectId: project.id }, orderBy: { id: 'asc' } })).toEqual(before);
  });

  it('404 for a project of another tenant, naming the parameter', async () => {
    const mine = await board();
    const other = await board();
    await expectError(
      await t.fetch(`${path}?query=login&project_id=${other.project.id}`, { key: mine.key }),
      404,
      'project_id',
      'not_found',
    );
    await expectError(
      await t.fetch(`${path}?query=login&board_id=${other.project.id}`, { key: mine.key }),
      404,
      'board_id',
      'not_found',
    );
  });

  it('200: spec 4.1 hits best first, total, filters, typos, ticket numbers', async () => {
    const { key, project, login, dark } = await board();
    const res = await t.fetch(`${path}?query=${encodeURIComponent('logn redirct')}`, { key });
    expect(res.status).toBe(200);
    const body = await res.json();
    const hit = {
      id: login.id,
      ticket_number: login.ticketNumber,
      title: 'Fix login redirect loop',
      section: 'Todo',
      priority: 'high',
      score: expect.any(Number),
    };
    expect(body).toEqual(
      path.includes('/v1/') ? { success: true, tasks: [hit], total: 1 } : { tasks: [hit], total: 1 },
    );
    expect(body.tasks[0].score).toBeGreaterThan(0);
    expect(body.tasks[0].score).toBeLessThanOrEqual(1);

    const ticket = await (await t.fetch(`${path}?query=${dark.ticketNumber}`, { key })).json();
    expect(ticket.tasks[0]).toMatchObject({ id: dark.id, section: 'Doing', priority: null, score: 1 });

    const filtered = await (
      await t.fetch(
        `${path}?query=dashboard&board_id=${project.id}&section=doing&has_due_date=false&assigned_to=unassigned&status=Normal&limit=5`,
        { key },
      )
    ).json();
    expect(filtered.tasks.map((x: { id: number }) => x.id)).toEqual([dark.id]);
    const none = await (await t.fetch(`${path}?query=dashboard&priority=urgent`, { key })).json();
    expect(none).toMatchObject({ tasks: [], total: 0 });
  });
});

describe('GraphQL searchTasks', () => {
  const QUERY = /* GraphQL */ `
    query Search($query: String!, $limit: Int) {
      searchTasks(query: $query, limit: $limit) {
        total
        items {
          score
          task {
            id
            ticketNumber
            title
            section {
              title
            }
            assignees {
              displayName
            }
            labels {
              name
            }
          }
        }
      }
    }
  `;
  const run = (key: string, variables: Record<string, unknown>) => gql(t, key, QUERY, variables);

  it('returns tasks with nested fields in a bounded number of statements', async () => {
    const { user, key, project } = await makeUserWithKey(t.db).then(async (u) => ({
      ...u,
      project: await searchProject(t.db, [u.user.id]),
    }));
    const index = searchIndexOf(t.services);
    for (let i = 0; i < 12; i++)
      await seedTask(t.db, index, project, { title: `Quarterly planning item ${i}`, assigneeIds: [user.id] });
    statements.length = 0;
    recording = true;
    const body = await run(key, { query: 'quarterly planing', limit: 12 });
    recording = false;
    expect(body.errors).toBeUndefined();
    expect(body.data!.searchTasks.total).toBe(12);
    expect(body.data!.searchTasks.items).toHaveLength(12);
    expect(body.data!.searchTasks.items[0].task.assignees).toHaveLength(1);
    // Auth, projects, search (transaction or not), tasks with relations: not 12 of anything.
    expect(statements.length).toBeLessThan(20);
  });

  it('VALIDATION naming `query` (201 characters, empty) and `limit` (51)', async () => {
    const { key } = await makeUserWithKey(t.db);
    for (const [variables, field] of [
      [{ query: 'q'.repeat(201) }, 'query'],
      [{ query: '' }, 'query'],
      [{ query: 'ok', limit: 51 }, 'limit'],
    ] as const) {
      const body = await run(key, variables);
      expect(body.errors![0].extensions).toMatchObject({ code: 'VALIDATION', field });
    }
  });
});
