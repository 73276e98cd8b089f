import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { CompiledExecution } from '../../src/graphql/compiled-execution.ts';
import { schema } from '../../src/graphql/schema.ts';
import { allRoutes, createApp } from '../../src/http/app.ts';
import { listTasksRoute } from '../../src/http/routes/tools/tasks.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, testConfig } from '../support/app.ts';
import { makeUser, makeUserWithProject } from '../support/factories.ts';

// The routes' documents and repeated /graphql documents run compiled by
// graphql-jit (GRAPHQL_JIT, on by default). These tests hold the compiled
// path to graphql-js's answers: the same requests through an app with
// GRAPHQL_JIT=false must get the same status, headers that matter and body.

let services: Services & { close(): Promise<void> };
let compiled: ReturnType<typeof createApp>;
let interpreted: ReturnType<typeof createApp>;

beforeAll(async () => {
  services = await createTestServices(testConfig());
  compiled = createApp(services);
  interpreted = createApp({ ...services, config: { ...services.config, GRAPHQL_JIT: false } });
});
afterAll(() => services.close());

interface Answer {
  status: number;
  etag: string | null;
  body: unknown;
}

async function answer(app: ReturnType<typeof createApp>['app'], key: string, method: string, path: string, json?: unknown): Promise<Answer> {
  const res = await app.request(path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), body: text ? JSON.parse(text) : null };
}

describe('compiled execution (graphql-jit) answers as graphql-js does', () => {
  it('compiles every REST and tool route document (none falls back to the interpreter)', () => {
    const execution = new CompiledExecution(schema);
    const refused = allRoutes().filter((r) => !execution.compiled(r.document));
    expect(refused.map((r) => `${r.def.method} ${r.fullPath}`)).toEqual([]);
  });

  it('the same status, ETag and body on reads and refusals of the routes, with and without GRAPHQL_JIT', async () => {
    const { user, key, project } = await makeUserWithProject(services.database.prisma, { prefix: 'JIT' });
    const mate = await makeUser(services.database.prisma, 'Mate');
    await services.database.prisma.projectMember.create({ data: { projectId: project.id, userId: mate.id } });
    const task = await createTask(services.database.prisma, user.id, {
      projectId: project.id,
      title: 'Compiled alpha report',
      priority: 'high',
      description: '<p>x</p>',
      assigneeUserIds: [mate.id],
      dueDate: '2030-01-02T03:04:05.000Z',
    });
    await createTask(services.database.prisma, user.id, { projectId: project.id, title: 'Second alpha', sectionId: project.sections[1].id });
    const stranger = await makeUserWithProject(services.database.prisma, { prefix: 'STR' });
    const theirs = await createTask(services.database.prisma, stranger.user.id, { projectId: stranger.project.id, title: 'not yours' });

    const requests: [string, string, unknown?][] = [
      ['GET', `/api/mcp/tasks?project_id=${project.id}&limit=50`],
      ['GET', `/api/mcp/tasks?task_id=${task.id}`],
      ['GET', `/api/mcp/tasks?ticket_number=JIT-1`],
      ['GET', `/api/mcp/tasks/search?query=alpha`],
      ['GET', `/api/mcp/tasks/search?query=JIT-1`],
      ['GET', '/api/v1/projects'],
      ['GET', `/api/v1/tasks/${task.id}`],
      ['GET', `/api/v1/tasks?project_id=${project.id}`],
      // Refusals raised in resolvers and domain functions, under the compiled execution.
      ['GET', `/api/mcp/tasks?project_id=${stranger.project.id}`],
      ['GET', `/api/v1/tasks/${theirs.id}`],
      ['GET', `/api/mcp/tasks/search?query=%20`],
      ['POST', '/api/mcp/tasks/update', { task_id: theirs.id, title: 'x' }],
      ['POST', '/api/mcp/tasks/create', { project_id: project.id, title: '' }],
      ['POST', '/api/mcp/tasks/create', { project_id: project.id, title: 'x', content_type: 'rtf' }],
    ];
    for (const [method, path, body] of requests) {
      const want = await answer(interpreted.app, key, method, path, body);
      const got = await answer(compiled.app, key, method, path, body);
      expect({ method, path, ...got }).toEqual({ method, path, ...want });
    }
    // The refusals keep their statuses (not only the same as each other's).
    expect((await answer(compiled.app, key, 'GET', `/api/v1/tasks/${theirs.id}`)).status).toBe(404);
    expect((await answer(compiled.app, key, 'GET', `/api/mcp/tasks/search?query=%20`)).status).toBe(400);
  });

  it('writes answer the same shapes; a stale If-Match is 412 on both', async () => {
    const { key, project } = await makeUserWithProject(services.database.prisma, { prefix: 'JIW' });
    const made: Answer[] = [];
    for (const app of [interpreted.app, compiled.app]) {
      made.push(await answer(app, key, 'POST', '/api/mcp/tasks/create', { project_id: project.id, title: 'Made', priority: 'low' }));
    }
    const [want, got] = made as [Answer & { body: { id: number; ticket_number: string } }, Answer & { body: { id: number } }];
    expect(got.status).toBe(want.status);
    const mask = { id: 0, ticket_number: '', createdAt: '', updatedAt: '' };
    expect({ ...got.body, ...mask }).toEqual({ ...want.body, ...mask });
    for (const app of [interpreted.app, compiled.app]) {
      const res = await app.request(`/api/v1/tasks/${want.body.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'if-match': '"999-abc"' },
        body: JSON.stringify({ title: 'y' }),
      });
      expect(res.status).toBe(412);
    }
  });

  it('/graphql: a repeated document runs compiled with the same data and errors, bad variables with graphql-js wording', async () => {
    const { key, project } = await makeUserWithProject(services.database.prisma, { prefix: 'JIG' });
    await createTask(services.database.prisma, (await services.database.prisma.projectMember.findFirstOrThrow({ where: { projectId: project.id } })).userId, {
      projectId: project.id,
      title: 'Graph alpha',
    });
    const list = { query: print(listTasksRoute.document), variables: { filter: { projectId: project.id }, limit: 50, offset: 0 } };
    const failing = { query: 'query Fail($q: String!) { searchTasks(query: $q) { total } }', variables: { q: '  ' } };
    const badVariables = { query: list.query, variables: { filter: { projectId: project.id, dueDateBefore: 'not a date' }, limit: 'ten' } };
    for (const body of [list, failing, badVariables]) {
      const want = await answer(interpreted.app, key, 'POST', '/graphql', body);
      // The first run is interpreted, the next ones compiled.
      for (let i = 0; i < 3; i++) expect(await answer(compiled.app, key, 'POST', '/graphql', body)).toEqual({ ...want, etag: null });
    }
    const document = compiled.documents.parse(list.query);
    // Compiled by the requests above (a first look would answer null: not yet repeated).
    expect(compiled.documents.compiled?.compiled(document)).toBeTruthy();
    expect(interpreted.documents.compiled).toBeNull();
  });
});
