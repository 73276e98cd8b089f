// `tasksvc mock` as users run it (the built bundle, a child process) and as
// a frontend reaches it (HTTP): realistic seeded values from the committed
// schema, stable for a seed, empty and error cases on request, node(id:)
// refetching what a list showed. The service itself never mocks.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { tasksvcArgs } from '../support/cli.ts';

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = spawn(process.execPath, tasksvcArgs('mock', '--port', '0', '--seed', '7'), {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /mock GraphQL endpoint: (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`tasksvc mock exited ${code}: ${out} ${err}`)));
  });
});
afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGTERM');
});

async function query(q: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query: q, variables }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: any; errors?: { message: string; extensions: Record<string, unknown> }[] },
  };
}

const TASKS = `{
  tasks { total items { globalId id title ticketNumber priority status dueDate createdAt description
    assignees { kind displayName } labels { name color } project { title ticketPrefix } } }
}`;

describe('tasksvc mock', () => {
  it('answers the committed schema with realistic values', async () => {
    const { status, body } = await query(TASKS);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const items = body.data.tasks.items;
    expect(items.length).toBeGreaterThan(0);
    for (const task of items) {
      expect(task.ticketNumber).toMatch(/^[A-Z]{3}-\d+$/);
      expect(task.title).toMatch(/^[A-Z][a-z]+ [\w ]+$/);
      expect(['URGENT', 'HIGH', 'MEDIUM', 'LOW', null]).toContain(task.priority);
      expect(['NORMAL', 'ARCHIVE', 'DELETED']).toContain(task.status);
      expect(new Date(task.dueDate).toISOString()).toBe(task.dueDate);
      expect(task.description).toMatch(/^<p>.+<\/p><ul><li>/);
      expect(task.labels[0].color).toMatch(/^#[0-9a-f]{6}$/);
      expect(typeof task.assignees[0].displayName).toBe('string');
    }
  });

  it('is stable for a seed: the same answer twice; another x-mock-seed, other values', async () => {
    const a = await query(TASKS);
    const b = await query(TASKS);
    expect(b.body).toEqual(a.body);
    const other = await query(TASKS, {}, { 'x-mock-seed': '8' });
    expect(other.body.data.tasks.items[0].title + other.body.data.tasks.items[0].ticketNumber).not.toBe(
      a.body.data.tasks.items[0].title + a.body.data.tasks.items[0].ticketNumber,
    );
    expect((await query(TASKS, {}, { 'x-mock-seed': '7' })).body).toEqual(a.body);
  });

  it('node(id:) refetches the task a list showed, with the same values', async () => {
    const list = (await query('{ tasks { items { globalId title ticketNumber } } }')).body.data.tasks.items;
    for (const task of list) {
      const again = await query(
        'query($id: ID!) { node(id: $id) { __typename globalId ... on Task { title ticketNumber } } }',
        { id: task.globalId },
      );
      expect(again.body).toEqual({ data: { node: { __typename: 'Task', ...task } } });
    }
    const bad = await query('query($id: ID!) { node(id: $id) { globalId } }', { id: 'nope' });
    expect(bad.body.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'id' });
  });

  it('x-mock-scenario: empty answers empty lists and zero totals, lookups by id their (empty) object', async () => {
    const { body } = await query(
      '{ tasks { total items { id } } tasksConnection { totalCount edges { node { id } } pageInfo { hasNextPage } } teams { id } connectedAgent { id } project(id: 3) { sections { id } } }',
      {},
      { 'x-mock-scenario': 'empty' },
    );
    expect(body).toEqual({
      data: {
        tasks: { total: 0, items: [] },
        tasksConnection: { totalCount: 0, edges: [], pageInfo: { hasNextPage: false } },
        teams: [],
        connectedAgent: null,
        // A lookup by id answers its object, empty: an empty board, not a missing one.
        project: { sections: [] },
      },
    });
  });

  it('x-mock-scenario: error answers the service’s error shape with the code asked for', async () => {
    const notFound = await query(TASKS, {}, { 'x-mock-scenario': 'error', 'x-mock-error-code': 'NOT_FOUND' });
    expect(notFound.body.data).toBeNull();
    expect(notFound.body.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND', detail: 'not_found' });
    const internal = await query(
      'mutation { watchTask(ref: { taskId: 1 }) { id } }',
      {},
      { 'x-mock-scenario': 'error' },
    );
    expect(internal.body.errors?.[0].extensions.code).toBe('INTERNAL');
  });

  it('a wrong mock header is 400 naming it', async () => {
    for (const [name, value] of [
      ['x-mock-seed', 'abc'],
      ['x-mock-scenario', 'chaos'],
      ['x-mock-error-code', 'TEAPOT'],
    ]) {
      const res = await query(TASKS, {}, { [name]: value });
      expect(res.status, name).toBe(400);
      expect(res.body.errors?.[0].extensions, name).toMatchObject({ code: 'VALIDATION', field: name });
    }
  });
});

describe('the service', () => {
  const t = useTestApp();

  it('never mocks: the mock headers change nothing on /graphql', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const res = await t.fetch('/graphql', {
      method: 'POST',
      key,
      headers: { 'x-mock-scenario': 'error' },
      json: { query: '{ me { id } }' },
    });
    expect(await res.json()).toEqual({ data: { me: { id: user.id } } });
  });
});
