// Every unexpected error is logged once, with its cause, on every transport
// (/graphql, the REST facade, the tool routes, graphql-ws, SSE), while the
// caller gets the masked answer; and a client that aborts its own upload is
// neither answered as nor logged as a database outage. The fault is real: the
// `Project` table of this test's own database is renamed away, so every
// query touching boards fails inside PostgreSQL/PGlite (not "unavailable").
import { type Socket, connect } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.ts';
import { type RunningServer, startServer } from '../../src/http/server.ts';
import { createTestServices, testConfig } from '../support/app.ts';
import { captureLogs, until } from '../support/database-outage.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';

const logs = captureLogs();
let own: IsolatedDatabase;
let services: Awaited<ReturnType<typeof createTestServices>>;
let server: RunningServer;
let key: string;

beforeAll(async () => {
  own = await isolatedDatabase('unexpected_errors');
  const config = testConfig({ ...own.env, LOG_LEVEL: 'debug' });
  services = await createTestServices(config, { logger: createLogger(config, logs.stream) });
  server = await startServer(services, { port: 0, host: '127.0.0.1' });
  key = (await makeUserWithKey(services.database.prisma, 'Logged')).key;
});

afterAll(async () => {
  await server?.close();
  await services?.close();
  await own?.drop();
});

const parsed = () => logs.since().map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message?: string; stack?: string } });
const errorsLogged = () => parsed().filter((l) => l.level >= 50);
const headers = () => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json', connection: 'close' });

describe('unexpected errors', () => {
  it('a client aborting its own upload is a client abort (debug), not a database outage', async () => {
    logs.mark();
    const { hostname, port } = new URL(server.url);
    const socket: Socket = connect({ host: hostname, port: Number(port) });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/v1/tasks HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{"title":"`,
    );
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();
    await until('the abort to be logged', () => parsed().some((l) => l.msg.startsWith('client closed the request')), 30_000);
    const text = logs.since().join('\n');
    expect(text).not.toMatch(/database|unavailable|outage/i);
    expect(errorsLogged()).toEqual([]);
    // Nothing counts as an outage: the service answers normally.
    const res = await fetch(`${server.url}/api/v1/projects`, { headers: headers() });
    expect(res.status).toBe(200);
  });

  describe('with a broken table', () => {
    beforeAll(async () => {
      await services.database.prisma.$executeRawUnsafe('ALTER TABLE "Project" RENAME TO "ProjectGone"');
    });
    afterAll(async () => {
      await services.database.prisma.$executeRawUnsafe('ALTER TABLE "ProjectGone" RENAME TO "Project"');
    });

    /** Runs `call`, then expects exactly one error line naming the cause (the missing table). */
    async function expectLoggedOnce(call: () => Promise<unknown>) {
      logs.mark();
      await call();
      await until('the error to be logged', () => errorsLogged().length > 0, 30_000);
      // Any second line for the same fault would come with the same answer: give it the same turn.
      await new Promise((r) => setImmediate(r));
      const lines = errorsLogged();
      expect(lines, JSON.stringify(lines)).toHaveLength(1);
      expect(JSON.stringify(lines[0].err)).toMatch(/Project/);
      expect(lines[0].err?.stack).toBeTruthy();
    }

    it('POST /graphql: masked INTERNAL for the caller, logged once with its cause', async () => {
      await expectLoggedOnce(async () => {
        const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: headers(), body: JSON.stringify({ query: '{ projects { items { id } } }' }) });
        const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(body.errors[0]).toMatchObject({ message: 'Unexpected error.' });
        expect(JSON.stringify(body)).not.toMatch(/ProjectGone|relation|stack/i);
      });
    });

    it('the REST facade and the tool routes: 500, logged once with its cause', async () => {
      for (const path of ['/api/v1/projects', '/api/mcp/projects']) {
        await expectLoggedOnce(async () => {
          const res = await fetch(`${server.url}${path}`, { headers: headers() });
          expect(res.status).toBe(500);
        });
      }
    });

    it('graphql-ws and SSE: logged once with its cause', async () => {
      await expectLoggedOnce(async () => {
        const client = createClient({
          url: server.url.replace('http', 'ws') + '/graphql',
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${key}` },
          retryAttempts: 0,
          lazy: true,
        });
        const result = await new Promise<unknown>((resolve) => {
          let got: unknown;
          client.subscribe({ query: '{ projects { items { id } } }' }, { next: (v) => (got = v), error: (e) => resolve(e), complete: () => resolve(got) });
        });
        expect(JSON.stringify(result)).toContain('Unexpected error.');
        await client.dispose();
      });
      await expectLoggedOnce(async () => {
        const res = await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { ...headers(), accept: 'text/event-stream' },
          body: JSON.stringify({ query: '{ projects { items { id } } }' }),
        });
        expect(await res.text()).toContain('Unexpected error.');
      });
    });
  });
});
