// The REST API through the stock typed client an integrator would use:
// openapi-typescript turns the service's own /api/openapi.json into types,
// a client module written against them with openapi-fetch is type-checked
// by the TypeScript compiler (integer query parameters take numbers, the
// Idempotency-Key header is a declared parameter, a misspelt body field does
// not compile), then run against the real server over HTTP: a retry with
// the same key makes one task, the misspelt field is refused naming it, a
// stale or unsupported If-Match is 412.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';
import { makeUserWithProject } from '../support/factories.ts';

const t = useTestServer();
const dir = fileURLToPath(new URL('../../test-artifacts/typed-rest-client/', import.meta.url));

// The client an integrator writes: every call typed by the generated `paths`.
const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './openapi.ts';

type NewTask = paths['/api/v1/tasks']['post']['requestBody']['content']['application/json'];

export function tasksvc(baseUrl: string, key: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${key}\` } });
  return {
    createTask: (projectId: number, title: string, idempotencyKey?: string) =>
      client.POST('/api/v1/tasks', {
        body: { project_id: projectId, title, priority: 'high' },
        params: { header: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} },
      }),
    listTasks: (projectId: number, limit: number) =>
      client.GET('/api/v1/tasks', { params: { query: { project_id: projectId, limit, offset: 0 } } }),
    misspelt: (projectId: number) => {
      // @ts-expect-error: prority is not a field of a task create (the body type is exact)
      const body: NewTask = { project_id: projectId, title: 't', prority: 'high' };
      // openapi-fetch's generic init skips excess-property checks: the server is the last line.
      return client.POST('/api/v1/tasks', { body: body as NewTask });
    },
    getTask: (id: number) => client.GET('/api/v1/tasks/{id}', { params: { path: { id } } }),
    renameTask: (id: number, title: string, etag: string) =>
      client.PATCH('/api/v1/tasks/{id}', { params: { path: { id }, header: { 'If-Match': etag } }, body: { title } }),
    renameSection: (projectId: number, sectionId: number, title: string, etag: string) =>
      client.PATCH('/api/v1/projects/{projectId}/sections/{sectionId}', {
        params: { path: { projectId, sectionId }, header: { 'If-Match': etag } },
        body: { title },
      }),
    createToolTask: (projectId: number, title: string, idempotencyKey: string) =>
      client.POST('/api/mcp/tasks/create', {
        body: { project_id: projectId, title },
        params: { header: { 'Idempotency-Key': idempotencyKey } },
      }),
  };
}
`;

/**
 * What this file reads of the generated client's answers. The client itself is type-checked against
 * the generated types above (in beforeAll); this file cannot import its types statically, since
 * test-artifacts/ exists only once the test has written it (a clean checkout's typecheck).
 */
interface Answer {
  response: Response;
  data?: { task: { id: number }; tasks: unknown[] };
  error?: unknown;
}
type Client = Record<
  'createTask' | 'createToolTask' | 'listTasks' | 'misspelt' | 'getTask' | 'renameTask' | 'renameSection',
  (...args: (string | number)[]) => Promise<Answer>
>;
let client: Client;
let world: Awaited<ReturnType<typeof makeUserWithProject>>;

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const spec = await (await fetch(`${t.url}/api/openapi.json`)).json();
  writeFileSync(join(dir, 'openapi.ts'), astToString(await openapiTS(spec)));
  writeFileSync(join(dir, 'client.ts'), CLIENT);
  const program = ts.createProgram([join(dir, 'client.ts')], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
  });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(diagnostics).toEqual([]);
  world = await makeUserWithProject(t.db, { prefix: 'TYP' });
  const mod = (await import(/* @vite-ignore */ join(dir, 'client.ts'))) as {
    tasksvc: (u: string, k: string) => Client;
  };
  client = mod.tasksvc(t.url, world.key);
}, 120_000);

describe('openapi-fetch, typed by openapi-typescript from /api/openapi.json', () => {
  it('a retry with the same Idempotency-Key makes one task (REST and the tool route)', async () => {
    const first = await client.createTask(world.project.id, 'Once', 'x1');
    const again = await client.createTask(world.project.id, 'Once', 'x1');
    expect(first.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    const tool = await client.createToolTask(world.project.id, 'Tool once', 'x2');
    expect((await client.createToolTask(world.project.id, 'Tool once', 'x2')).data).toEqual(tool.data);
    expect(await t.db.task.count({ where: { projectId: world.project.id } })).toBe(2);
  });

  it('integer query parameters are numbers; a misspelt field is 400 naming it, nothing written', async () => {
    const listed = await client.listTasks(world.project.id, 5);
    expect(listed.data?.tasks.length).toBe(2);
    const refused = await client.misspelt(world.project.id);
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ error: 'VALIDATION', details: { field: 'prority', code: 'unknown_field' } });
    expect(await t.db.task.count({ where: { projectId: world.project.id } })).toBe(2);
  });

  it('If-Match: a stale task version is 412; on a resource without versions any tag is 412, nothing written', async () => {
    const created = await client.createTask(world.project.id, 'Versioned');
    const id = created.data!.task.id;
    const etag = (await client.getTask(id)).response.headers.get('etag')!;
    expect(etag).toMatch(/^"1-/);
    expect((await client.renameTask(id, 'Renamed', etag)).response.status).toBe(200);
    const stale = await client.renameTask(id, 'Lost update', etag);
    expect(stale.response.status).toBe(412);
    const section = world.project.sections[0]!;
    const unversioned = await client.renameSection(world.project.id, section.id, 'Renamed', '"1-abc"');
    expect(unversioned.response.status).toBe(412);
    expect(unversioned.error).toMatchObject({ details: { field: 'If-Match', code: 'not_versioned' } });
    expect((await t.db.section.findUniqueOrThrow({ where: { id: section.id } })).title).toBe(section.title);
    expect((await client.renameSection(world.project.id, section.id, 'Renamed', '*')).response.status).toBe(200);
  });
});
