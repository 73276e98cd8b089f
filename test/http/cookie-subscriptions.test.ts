import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setPassword } from '../../src/domain/user.ts';
import { emit, eventTestEnv, type Instance, makeTask, startInstance, waitFor } from '../events/harness.ts';
import { sseSubscribe } from '../events/sse-client.ts';
import { feedWaiter, SUBSCRIPTION } from '../events/ws-client.ts';
import { makeProject, makeUser } from '../support/factories.ts';

// Real servers and sockets: generous limits for loaded machines.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const LISTED = 'https://dashboard.example';
let app: Instance;
let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;

beforeAll(async () => {
  testEnv = await eventTestEnv();
  app = await startInstance({
    env: { ...testEnv.env, SESSION_SECRET: 'cookie-subscriptions-secret-0123', CORS_ORIGINS: LISTED },
  });
});
afterAll(async () => {
  await app?.close();
  await testEnv?.drop();
});

/** A member of a new board, signed in with a password: the browser's cookies. */
async function signedInMember() {
  const user = await makeUser(app.db, 'Viewer');
  await setPassword(app.db, user.email, 'a long enough password');
  const project = await makeProject(app.db, { memberIds: [user.id] });
  const res = await app.fetch('/api/auth/login', {
    method: 'POST',
    json: { email: user.email, password: 'a long enough password' },
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { user, project, cookie };
}

/** A graphql-ws subscription sending only the upgrade's headers (what a browser page sends). */
function browserSocket(headers: Record<string, string>, variables: Record<string, unknown>) {
  const got: unknown[] = [];
  let closed: { code: number } | null = null;
  const client = createClient({
    url: app.url.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols: string | string[]) {
        super(url, protocols, { headers });
      }
    },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
    on: { closed: (event) => void (closed = event as { code: number }) },
  });
  client.subscribe(
    { query: SUBSCRIPTION, variables },
    { next: (v) => void got.push(v), error: () => undefined, complete: () => undefined },
  );
  return { got, closed: () => closed, dispose: () => client.dispose() };
}

describe('graphql-ws with the session cookie', () => {
  it('from the service itself or a listed origin receives events; from a foreign origin is closed with 4403', async () => {
    const { project, cookie, user } = await signedInMember();
    const task = await makeTask(app.db, project);
    const registered = feedWaiter(app.services.feed);
    const own = browserSocket({ cookie, origin: app.url }, { projectId: project.id });
    const listed = browserSocket({ cookie, origin: LISTED }, { projectId: project.id });
    const foreign = browserSocket({ cookie, origin: 'https://evil.example' }, { projectId: project.id });
    const anonymous = browserSocket({ origin: app.url }, { projectId: project.id });
    try {
      await waitFor(() => foreign.closed() !== null && anonymous.closed() !== null, 20_000, 'refusals');
      expect(foreign.closed()!.code).toBe(4403);
      expect(anonymous.closed()!.code).toBe(4403);
      await registered(2);
      await emit(app.db, task, 'task.updated', {}, user.id);
      await waitFor(() => own.got.length > 0 && listed.got.length > 0, 20_000, 'events');
      for (const s of [own, listed]) {
        expect(s.got[0]).toMatchObject({ data: { taskEvents: { event: 'TASK_UPDATED', taskId: task.id } } });
      }
      expect(foreign.got).toEqual([]);
    } finally {
      for (const s of [own, listed, foreign, anonymous]) await s.dispose();
    }
  });

  it('a signed-out session cannot open a socket', async () => {
    const { project, cookie } = await signedInMember();
    await app.fetch('/api/auth/logout', { method: 'POST', headers: { cookie, origin: app.url } });
    const socket = browserSocket({ cookie, origin: app.url }, { projectId: project.id });
    try {
      await waitFor(() => socket.closed() !== null, 20_000, 'refusal');
      expect(socket.closed()!.code).toBe(4403);
    } finally {
      await socket.dispose();
    }
  });
});

describe('SSE with the session cookie', () => {
  it('from an allowed origin receives events; a foreign origin is refused with 403', async () => {
    const { project, cookie, user } = await signedInMember();
    const task = await makeTask(app.db, project);
    const body = { query: SUBSCRIPTION, variables: { projectId: project.id } };
    const noKey = { authorization: '', cookie };
    const foreign = await sseSubscribe(app.url, '', body, { method: 'GET', headers: { ...noKey, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    foreign.close();
    const registered = feedWaiter(app.services.feed);
    const stream = await sseSubscribe(app.url, '', body, { method: 'GET', headers: { ...noKey, origin: LISTED } });
    try {
      expect(stream.status).toBe(200);
      await registered(1);
      await emit(app.db, task, 'task.updated', {}, user.id);
      await waitFor(() => stream.results().length > 0, 20_000, 'event over SSE');
      expect(stream.results()[0]).toMatchObject({ data: { taskEvents: { event: 'TASK_UPDATED', taskId: task.id } } });
    } finally {
      stream.close();
    }
  });
});
