// graphql-ws is held to the HTTP rules: credentials re-checked (a revoked key
// ends the socket within CREDENTIAL_RECHECK_MS, and no operation runs after
// the revocation), the same rate-limit bucket per operation, the body limit
// per message, and a per-user cap on live connections.
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { sseSubscribe } from '../events/sse-client.ts';
import { SUBSCRIPTION } from '../events/ws-client.ts';
import { RawGraphqlWs } from '../support/raw-graphql-ws.ts';
import { OWN_BUCKETS } from '../security/session-helpers.ts';

const RECHECK_MS = 1000;
const t = useTestServer({
  env: {
    ...OWN_BUCKETS,
    CREDENTIAL_RECHECK_MS: String(RECHECK_MS),
    LIVE_CONNECTIONS_PER_USER: '3',
    MAX_BODY_BYTES: '2048',
    RATE_LIMIT_PER_MINUTE: '6',
    ADMIN_PASSWORD: 'admin-secret-1',
  },
});

/** A real graphql-ws client of `key`, with the close events it saw. */
function client(key: string) {
  const closes: { code: number; reason: string; at: number }[] = [];
  const c: Client = createClient({
    url: t.url.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${key}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined,
    on: { closed: (e) => closes.push({ code: (e as CloseEvent).code, reason: (e as CloseEvent).reason, at: Date.now() }) },
  });
  const query = (q: string) =>
    new Promise<any>((resolve, reject) => {
      let result: unknown;
      c.subscribe({ query: q }, { next: (r) => (result = r), error: reject, complete: () => resolve(result) });
    });
  return { c, closes, query };
}

async function waitFor<T>(what: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = what();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('graphql-ws credentials', () => {
  it('a revoked key: the next operation is refused and the socket closes with 4401 within the re-check interval', async () => {
    const { key, keyId } = await makeUserWithKey(t.db);
    const a = client(key);
    const idle = client(key);
    try {
      expect((await a.query('{ me { id } }')).data.me.id).toBeDefined();
      await idle.query('{ me { id } }');
      const revokedAt = Date.now();
      await t.db.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
      // The socket that stays idle is closed by the periodic re-check.
      const closed = await waitFor(() => idle.closes[0]);
      expect(closed.code).toBe(4401);
      // Bounded by the interval plus a loaded machine's scheduling, not a timing of the service.
      expect(closed.at - revokedAt).toBeLessThan(RECHECK_MS + 20_000);
      // The other one sends an operation at once: refused, it never runs.
      const refused = await a.query('{ me { id } }').then(
        (r) => r,
        (e) => e,
      );
      expect(JSON.stringify(refused)).not.toContain('"me"');
      expect((await waitFor(() => a.closes[0])).code).toBe(4401);
    } finally {
      await a.c.dispose();
      await idle.c.dispose();
    }
  });

  it('resetUser (admin) closes the user’s open sockets with 4401', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const a = client(key);
    try {
      await a.query('{ me { id } }');
      const res = await t.fetch('/api/resetUser', {
        method: 'POST',
        headers: { 'x-admin-password': 'admin-secret-1' },
        json: { user_id: user.id },
      });
      expect(res.status).toBe(200);
      expect((await waitFor(() => a.closes[0])).code).toBe(4401);
    } finally {
      await a.c.dispose();
    }
  });
});

describe('graphql-ws limits', () => {
  it('operations spend the caller’s HTTP rate-limit bucket: past it → RATE_LIMITED, the operation does not run', async () => {
    const { key } = await makeUserWithKey(t.db);
    // Two tokens spent over HTTP, four over the socket: the seventh request of the minute is refused.
    for (let i = 0; i < 2; i++) expect((await t.fetch('/api/v1/projects', { key })).status).toBe(200);
    const a = client(key);
    try {
      for (let i = 0; i < 4; i++) expect((await a.query('{ me { id } }')).data.me).toBeTruthy();
      const refused = await a.query('{ me { id } }').then(
        (r) => r,
        (e) => e,
      );
      expect(refused).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'RATE_LIMITED' }) })]);
      expect((await t.fetch('/api/v1/projects', { key })).status).toBe(429);
    } finally {
      await a.c.dispose();
    }
  });

  it('a message of MAX_BODY_BYTES is read; one byte more closes the socket with 1009', async () => {
    const { key } = await makeUserWithKey(t.db);
    const message = (bytes: number) => {
      const base = JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ me { id } } #' } });
      return base.replace('#', '#' + 'x'.repeat(bytes - base.length));
    };
    const ws = new RawGraphqlWs(t.url);
    try {
      await ws.init({ authorization: `Bearer ${key}` });
      expect(Buffer.byteLength(message(2048))).toBe(2048);
      ws.send(message(2048));
      expect(await ws.next()).toMatchObject({ message: { type: 'next', id: '1' } });
      await ws.next();
      ws.send(message(2049));
      expect(await ws.next()).toMatchObject({ type: 'close', code: 1009 });
    } finally {
      ws.close();
    }
  });

  it('a user holds at most LIVE_CONNECTIONS_PER_USER sockets: under and at the cap acknowledged, one over closed with 4429', async () => {
    const { key } = await makeUserWithKey(t.db);
    const other = await makeUserWithKey(t.db);
    const sockets = [0, 1, 2, 3].map(() => new RawGraphqlWs(t.url));
    const bystander = new RawGraphqlWs(t.url);
    try {
      for (const ws of sockets.slice(0, 3)) {
        expect(await ws.init({ authorization: `Bearer ${key}` })).toMatchObject({ message: { type: 'connection_ack' } });
      }
      expect(await sockets[3].init({ authorization: `Bearer ${key}` })).toMatchObject({ type: 'close', code: 4429 });
      expect(await bystander.init({ authorization: `Bearer ${other.key}` })).toMatchObject({ message: { type: 'connection_ack' } });
      // A closed socket gives its slot back.
      sockets[0].close();
      await sockets[0].next();
      const again = new RawGraphqlWs(t.url);
      sockets.push(again);
      expect(await again.init({ authorization: `Bearer ${key}` })).toMatchObject({ message: { type: 'connection_ack' } });
    } finally {
      for (const ws of [...sockets, bystander]) ws.close();
    }
  });
});

describe('SSE streams under the same rules', () => {
  it('a revoked key ends the stream; streams and sockets share the per-user cap (429 over it)', async () => {
    const { user, key, keyId } = await makeUserWithKey(t.db);
    const project = await makeProject(t.db, { memberIds: [user.id] });
    const open = () => sseSubscribe(t.url, key, { query: SUBSCRIPTION, variables: { projectId: project.id } });
    const socket = new RawGraphqlWs(t.url);
    const streams = [await open(), await open()];
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200]);
      // Two streams and a socket: at the cap of 3; the next stream is one over.
      expect(await socket.init({ authorization: `Bearer ${key}` })).toMatchObject({ message: { type: 'connection_ack' } });
      const over = await open();
      expect(over.status).toBe(429);
      expect(JSON.parse(over.text()).errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', detail: 'live_connections' });
      over.close();

      await t.db.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
      await waitFor(() => (streams.every((s) => s.ended()) ? true : undefined));
      expect(streams[0].text()).toContain('event: complete');
      expect(await socket.next()).toMatchObject({ type: 'close', code: 4401 });
    } finally {
      for (const s of streams) s.close();
      socket.close();
    }
  });
});
