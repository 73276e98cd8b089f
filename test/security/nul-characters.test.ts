// PostgreSQL text cannot hold U+0000: every transport must refuse it as a
// 400 naming the field, before anything is written (found by the fuzz test).
import { describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { useTestServer } from '../support/app.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();

async function fixture() {
  const { user, key } = await makeUserWithKey(t.db);
  const project = await makeProject(t.db, { memberIds: [user.id] });
  return { user, key, project };
}

describe('NUL characters in input', () => {
  it('a REST query parameter: 400 naming it', async () => {
    const { key } = await fixture();
    const res = await t.fetch('/api/v1/projects?search=a%00b', { key });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: 'VALIDATION', details: { field: 'search', code: 'invalid_characters' } });
  });

  it('a REST body field: 400 naming it, no task written', async () => {
    const { key, project } = await fixture();
    const res = await t.fetch('/api/v1/tasks', { method: 'POST', key, json: { project_id: project.id, title: 'x\u0000y' } });
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual({ field: 'title', code: 'invalid_characters' });
    expect(await t.db.task.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('a NUL under a key named like an Object.prototype member: still a 400 naming it', async () => {
    const { key } = await fixture();
    const res = await t.fetch('/api/v1/tasks', { method: 'POST', key, json: { valueOf: '\u0000' } });
    expect(res.status).toBe(400);
    expect((await res.json()).details).toEqual({ field: 'value_of', code: 'invalid_characters' });
  });

  it('the same body without the NUL character succeeds', async () => {
    const { key, project } = await fixture();
    const ok = await t.fetch('/api/v1/tasks', { method: 'POST', key, json: { project_id: project.id, title: 'x\u0001y' } });
    expect(ok.status).toBe(201);
  });

  it('a GraphQL variable and a GraphQL literal: VALIDATION errors naming them, nothing written', async () => {
    const { key, project } = await fixture();
    const viaVariable = await t.fetch('/graphql', {
      method: 'POST',
      key,
      json: {
        query: 'mutation($input: CreateTaskInput!) { createTask(input: $input) { id } }',
        variables: { input: { projectId: project.id, title: 'a\u0000' } },
      },
    });
    const v = await viaVariable.json();
    expect(v.errors[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'input.title' });
    const viaLiteral = await t.fetch('/graphql', {
      method: 'POST',
      key,
      json: { query: '{ projects(search: "a\\u0000") { total } }' },
    });
    const l = await viaLiteral.json();
    expect(l.errors[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'search' });
    expect(await t.db.task.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('a graphql-ws operation: refused with the same error', async () => {
    const { key } = await fixture();
    const client = createClient({
      url: t.url.replace(/^http/, 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
      retryAttempts: 0,
    });
    try {
      const errors = await new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: 'query($s: String) { projects(search: $s) { total } }', variables: { s: '\u0000' } },
          { next: () => resolve(null), error: resolve, complete: () => undefined },
        );
      });
      expect(JSON.stringify(errors)).toContain('must not contain the NUL character');
    } finally {
      await client.dispose();
    }
  });
});
