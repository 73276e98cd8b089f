import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from '../../src/graphql/builder.ts';
import { createApp } from '../../src/http/app.ts';
import type { AppEnv } from '../../src/http/env.ts';
import { requestTimeout } from '../../src/http/request-limits.ts';
import { createLogger } from '../../src/logger.ts';
import { createTestServer } from '../support/app.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { documentedFetch } from '../support/openapi-responses.ts';
import { OWN_BUCKETS } from './session-helpers.ts';

const LIMITS = { MAX_BODY_BYTES: '2048', MAX_QUERY_STRING_LENGTH: '300', MAX_HEADER_BYTES: '2048' };
let t: Awaited<ReturnType<typeof createTestServer>>;
let key: string;
let projectId: number;
beforeAll(async () => {
  t = await createTestServer({ env: { ...LIMITS, ...OWN_BUCKETS } });
  const u = await makeUserWithKey(t.db);
  key = u.key;
  projectId = (await makeProject(t.db, { memberIds: [u.user.id] })).id;
});
afterAll(() => t?.close());

/** A JSON task-create body of exactly `bytes` bytes. */
function bodyOfSize(bytes: number): string {
  const base = JSON.stringify({ project_id: projectId, title: 'Sized', description: '' });
  const pad = bytes - base.length;
  return JSON.stringify({ project_id: projectId, title: 'Sized', description: 'x'.repeat(pad) });
}

describe('request body limit (MAX_BODY_BYTES)', () => {
  it('one under and at the limit are accepted, one over → 413 with the error body and nothing written', async () => {
    for (const size of [2047, 2048]) {
      const body = bodyOfSize(size);
      expect(Buffer.byteLength(body)).toBe(size);
      const res = await t.fetch('/api/v1/tasks', {
        method: 'POST',
        key,
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, String(size)).toBe(201);
    }
    const before = await t.db.task.count({ where: { projectId } });
    const res = await t.fetch('/api/v1/tasks', {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/json' },
      body: bodyOfSize(2049),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      error: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('2048'),
      details: { field: 'body', code: 'too_large' },
    });
    expect(await t.db.task.count({ where: { projectId } })).toBe(before);
  });

  it('a streamed (chunked) body without Content-Length is counted too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 4; i++) c.enqueue(chunk);
        c.close();
      },
    });
    const res = await documentedFetch(`${t.url}/api/v1/tasks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('GraphQL bodies have the same limit', async () => {
    const query = `{ me { id } } # ${'x'.repeat(2100)}`;
    const res = await t.fetch('/graphql', { method: 'POST', key, json: { query } });
    expect(res.status).toBe(413);
  });
});

describe('query string and header limits', () => {
  it('query string: at the limit accepted, one over → 400 query_string too_long', async () => {
    // `pad` is no parameter of the route: ignored once the size check passed.
    const path = (n: number) => `/api/v1/projects?pad=${'a'.repeat(n - 'pad='.length)}`;
    expect((await t.fetch(path(299), { key })).status).toBe(200);
    expect((await t.fetch(path(300), { key })).status).toBe(200);
    const over = await t.fetch(path(301), { key });
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      success: false,
      error: 'VALIDATION',
      message: expect.stringContaining('300'),
      details: { field: 'query_string', code: 'too_long' },
    });
  });

  it('headers: at the limit accepted, one over → 400 headers too_large (checked before authentication)', async () => {
    // In-process request: exactly the headers given (no client-added ones).
    const app = createApp(t.services).app;
    const auth = `Bearer ${key}`;
    const fixed = 'authorization'.length + auth.length + 4 + 'x-pad'.length + 4;
    const call = (total: number) =>
      app.request('/api/mcp/user/context', { headers: { authorization: auth, 'x-pad': 'p'.repeat(total - fixed) } });
    expect((await call(2047)).status).toBe(200);
    expect((await call(2048)).status).toBe(200);
    const over = await call(2049);
    expect(over.status).toBe(400);
    expect((await over.json()).details).toEqual({ field: 'headers', code: 'too_large' });
    const anonymous = await app.request('/api/mcp/user/context', { headers: { 'x-pad': 'p'.repeat(3000) } });
    expect(anonymous.status).toBe(400);
  });
});

describe('request timeout', () => {
  function appWith(delayMs: number) {
    const app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set('logger', createLogger({ LOG_LEVEL: 'silent' }));
      await next();
    });
    app.use(requestTimeout(100));
    app.get('/slow', async (c) => {
      await new Promise((r) => setTimeout(r, delayMs));
      return c.json({ ok: true });
    });
    return app;
  }

  it('a request running longer than the timeout → 503 TIMEOUT with the error body; a quick one is untouched', async () => {
    const slow = await appWith(400).request('/slow');
    expect(slow.status).toBe(503);
    expect(await slow.json()).toEqual({
      success: false,
      error: 'TIMEOUT',
      message: expect.stringContaining('100 ms'),
      details: { field: null, code: 'timeout' },
    });
    const quick = await appWith(5).request('/slow');
    expect(quick.status).toBe(200);
  });

  it('event streams are exempt', async () => {
    const res = await appWith(200).request('/slow', { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
  });
});

describe('GraphQL depth and cost limits', () => {
  const nested = (levels: number) =>
    `{ task(ref: { taskId: 2000000000 }) { ${'parent { '.repeat(levels)}id${' }'.repeat(levels)} } }`;
  const run = async (query: string) => (await t.fetch('/graphql', { method: 'POST', key, json: { query } })).json();

  it(`a query deeper than ${QUERY_LIMITS.depth} is refused before it runs, with a clear error`, async () => {
    const deep = await run(nested(15));
    // The limit is checked as the root field starts: `task` (nullable) answers null with the error, nothing ran.
    expect(deep.data?.task ?? null).toBeNull();
    expect(deep.errors[0]).toMatchObject({
      message: expect.stringMatching(new RegExp(`^Query depth \\d+ exceeds the limit of ${QUERY_LIMITS.depth}\\.$`)),
      extensions: { code: 'VALIDATION', field: 'query', detail: 'depth_limit' },
    });
  });

  it('the deepest accepted query is exactly at the limit', async () => {
    let deepestAccepted = -1;
    for (let levels = 0; levels < 15; levels++) {
      const body = await run(nested(levels));
      if (body.errors?.[0]?.extensions?.detail === 'depth_limit') {
        expect(body.errors[0].message).toBe(
          `Query depth ${QUERY_LIMITS.depth + 1} exceeds the limit of ${QUERY_LIMITS.depth}.`,
        );
        break;
      }
      // Accepted: it ran, and found no such task (a lookup answers null for that).
      expect(body.errors).toBeUndefined();
      expect(body.data).toEqual({ task: null });
      deepestAccepted = levels;
    }
    expect(deepestAccepted).toBeGreaterThan(3);
  });

  it(`a query costlier than ${QUERY_LIMITS.complexity} is refused`, async () => {
    const costly = await run('{ tasks { items { subtasks { subtasks { subtasks { subtasks { id title } } } } } } }');
    expect(costly.errors[0].extensions).toMatchObject({
      code: 'VALIDATION',
      field: 'query',
      detail: 'complexity_limit',
    });
  });
});

describe('malformed GraphQL request parameters', () => {
  it('variables or extensions that are not JSON → 400 naming the parameter (GET and form-encoded POST), not a 500', async () => {
    for (const [name, value] of [
      ['variables', ' '],
      ['variables', '{'],
      ['extensions', 'nope'],
    ]) {
      const get = await t.fetch(
        `/graphql?query=${encodeURIComponent('{ me { id } }')}&${name}=${encodeURIComponent(value)}`,
        { key },
      );
      expect(get.status).toBe(400);
      expect((await get.json()).errors[0].extensions).toEqual({
        code: 'VALIDATION',
        field: name,
        detail: 'invalid_json',
      });
      const form = await t.fetch('/graphql', {
        method: 'POST',
        key,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ query: '{ me { id } }', [name]: value }).toString(),
      });
      expect(form.status).toBe(400);
    }
    const fine = await t.fetch(
      `/graphql?query=${encodeURIComponent('query($x: Int) { me { id } }')}&variables=${encodeURIComponent('{"x":1}')}`,
      { key },
    );
    expect(fine.status).toBe(200);
  });
});
