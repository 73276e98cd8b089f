import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { createTestServer, type TestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

// HTTP conventions an integrator expects: ETag and 304 on GET, Link on paged
// lists, 405 with Allow for a known path asked with the wrong method, and a
// keep-alive socket that still works after a 413.

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ env: { MAX_BODY_BYTES: '2048' } });
});
afterAll(() => t.close());

async function member(prefix: string, tasks = 0) {
  const { user, key } = await makeUserWithKey(t.db);
  const project = await makeProject(t.db, { memberIds: [user.id], prefix });
  for (let i = 0; i < tasks; i++) await createTask(t.db, user.id, { projectId: project.id, title: `t${i}` });
  return { user, key, project };
}

describe('query parameters', () => {
  it('a parameter given twice → 400 naming it (one value per name; lists are comma-separated)', async () => {
    const { key, project } = await member('QRP', 1);
    const once = await t.fetch(`/api/v1/tasks?project_id=${project.id}&limit=1`, { key });
    expect(once.status).toBe(200);
    await once.text();
    await expectError(await t.fetch(`/api/v1/tasks?project_id=${project.id}&limit=1&limit=2`, { key }), 400, 'limit', 'repeated');
  });
});

describe('conditional GET', () => {
  it('a single resource and a list carry an ETag; If-None-Match with it → 304 without a body, until it changes', async () => {
    const { key, project } = await member('ETG', 1);
    const [task] = await t.db.task.findMany({ where: { projectId: project.id } });
    for (const path of [`/api/v1/tasks/${task.id}`, `/api/v1/tasks?project_id=${project.id}`, `/api/mcp/projects`]) {
      const first = await t.fetch(path, { key });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      await first.text();
      const again = await t.fetch(path, { key, headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      const weak = await t.fetch(path, { key, headers: { 'if-none-match': `"other", W/${etag}` } });
      expect(weak.status, path).toBe(304);
      await weak.text();
    }
    const etag = (await t.fetch(`/api/v1/tasks/${task.id}`, { key })).headers.get('etag')!;
    await t.fetch(`/api/v1/tasks/${task.id}`, { key, method: 'PATCH', json: { title: 'changed' } });
    const changed = await t.fetch(`/api/v1/tasks/${task.id}`, { key, headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect((await changed.json()).task.title).toBe('changed');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  // Hono answers HEAD by running the GET route and dropping the body: the tag and the 304 must be the GET's.
  it('HEAD carries the GET answer’s ETag and Link, no body; If-None-Match with it, with `*` or in a spaced list → 304', async () => {
    const { key, project } = await member('ETH', 3);
    const path = `/api/v1/tasks?project_id=${project.id}&limit=1`;
    const get = await t.fetch(path, { key });
    const etag = get.headers.get('etag')!;
    await get.text();
    const head = await t.fetch(path, { key, method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.headers.get('link')).toBe(get.headers.get('link'));
    expect(await head.text()).toBe('');
    for (const condition of [etag, '*', ` "other" ,  W/${etag} `]) {
      const res = await t.fetch(path, { key, method: 'HEAD', headers: { 'if-none-match': condition } });
      expect(res.status, condition).toBe(304);
      expect(res.headers.get('etag'), condition).toBe(etag);
    }
    const other = await t.fetch(path, { key, method: 'HEAD', headers: { 'if-none-match': '"other", W/"other-too"' } });
    expect(other.status).toBe(200);
  });

  it('another user never gets a 304 for a resource they cannot see', async () => {
    const a = await member('ETA', 1);
    const b = await member('ETB');
    const [task] = await t.db.task.findMany({ where: { projectId: a.project.id } });
    const etag = (await t.fetch(`/api/v1/tasks/${task.id}`, { key: a.key })).headers.get('etag')!;
    await expectError(
      await t.fetch(`/api/v1/tasks/${task.id}`, { key: b.key, headers: { 'if-none-match': etag } }),
      404,
      'id',
    );
  });
});

describe('Link on paged lists', () => {
  it('rel="next" while items remain and rel="prev" after the first page, keeping the query', async () => {
    const { key, project } = await member('LNK', 5);
    const base = `/api/v1/tasks?project_id=${project.id}`;
    const first = await t.fetch(`${base}&limit=2`, { key });
    expect(first.headers.get('link')).toBe(`</api/v1/tasks?project_id=${project.id}&limit=2&offset=2>; rel="next"`);
    const middle = await t.fetch(`${base}&limit=2&offset=2`, { key });
    expect(middle.headers.get('link')).toBe(
      `</api/v1/tasks?project_id=${project.id}&limit=2&offset=4>; rel="next", ` +
        `</api/v1/tasks?project_id=${project.id}&limit=2&offset=0>; rel="prev"`,
    );
    const last = await t.fetch(`${base}&limit=2&offset=4`, { key });
    expect(last.headers.get('link')).toBe(`</api/v1/tasks?project_id=${project.id}&limit=2&offset=2>; rel="prev"`);
    const all = await t.fetch(base, { key });
    expect(all.headers.get('link')).toBeNull();
  });
});

describe('405 Method Not Allowed', () => {
  it('a known path with another method → 405 with Allow and the spec 7.1 body; an unknown path stays 404', async () => {
    const { key } = await member('MNA');
    const res = await t.fetch('/api/v1/tasks/1/move', { key, method: 'PUT' });
    expect(res.headers.get('allow')).toBe('POST');
    const body = await expectError(res, 405, 'method');
    expect(body.error).toBe('METHOD_NOT_ALLOWED');
    const tasks = await t.fetch('/api/v1/tasks', { key, method: 'DELETE' });
    expect(tasks.headers.get('allow')).toBe('GET, HEAD, POST');
    await expectError(tasks, 405, 'method');
    const one = await t.fetch('/api/v1/tasks/7', { key, method: 'POST', json: {} });
    expect(one.headers.get('allow')).toBe('DELETE, GET, HEAD, PATCH');
    await expectError(one, 405, 'method');
    await expectError(await t.fetch('/api/v1/nothing-here', { key, method: 'POST' }), 404, null);
  });
});

describe('413 on a kept-alive socket', () => {
  it('says Connection: close, so the next request of a keep-alive client is answered (no "socket hang up")', async () => {
    const { key } = await member('BIG');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
        const req = httpRequest(
          `${t.url}${path}`,
          {
            agent,
            method,
            headers: {
              authorization: `Bearer ${key}`,
              ...(body !== undefined
                ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
                : {}),
            },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, text, connection: res.headers.connection }));
          },
        );
        // The server may close while the refused body is still being sent (EPIPE): the answer came first.
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' ? undefined : reject(err)));
        req.end(body);
      });
    try {
      const big = await send('POST', '/api/v1/tasks', JSON.stringify({ title: 'x'.repeat(4_000_000) }));
      expect(big.status).toBe(413);
      expect(big.connection).toBe('close');
      expect(JSON.parse(big.text)).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', details: { field: 'body' } });
      const next = await send('GET', '/api/v1/user/context');
      expect(next.status).toBe(200);
      const chunked = await new Promise<number>((resolve, reject) => {
        // No Content-Length: the limit is found while reading the stream.
        const req = httpRequest(`${t.url}/api/v1/tasks`, {
          agent,
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        });
        req.on('response', (res) => {
          expect(res.headers.connection).toBe('close');
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' ? undefined : reject(err)));
        req.write('{"title":"');
        req.write('y'.repeat(4_000_000));
        req.end('"}');
      });
      expect(chunked).toBe(413);
      expect((await send('GET', '/api/v1/user/context')).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
