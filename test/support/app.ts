import { randomUUID } from 'node:crypto';
import { parseConfig } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/http/server.ts';
import { createApp } from '../../src/http/app.ts';
import { createServices, type Services } from '../../src/services.ts';

export interface TestApp {
  services: Services;
  db: Services['database']['prisma'];
  /** In-process fetch against the Hono app (no socket). */
  fetch(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The config of a test app: the test database (DATABASE_URL, else in-memory
 * PGlite), quiet logs, and rate-limit buckets of its own, even on the shared
 * Redis of CI (other files' 401 storms must not drain them); then `env`.
 */
export function testConfig(env: Record<string, string> = {}) {
  return parseConfig({
    ...process.env,
    TASKSVC_DATA_DIR: 'memory://',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_REDIS_PREFIX: `tasksvc-test:${randomUUID()}:`,
    ...env,
  });
}

/**
 * A fresh app on the test database: the shared PostgreSQL of DATABASE_URL
 * (migrated by the global setup), else a new in-memory PGlite per call.
 * Tests make their own users and teams (see factories), so they never
 * depend on each other's data.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; onQuery?: (sql: string) => void } = {},
): Promise<TestApp> {
  const config = testConfig(opts.env);
  const services = await createServices(config, { migrate: !config.DATABASE_URL, onQuery: opts.onQuery });
  const { app } = createApp(services);
  return {
    services,
    db: services.database.prisma,
    fetch: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return Promise.resolve(app.request(path, { ...init, headers, body }));
    },
    close: () => services.close(),
  };
}

/** A test app listening on a real port of 127.0.0.1. */
export type TestServer = TestApp & { url: string; server: RunningServer };

/**
 * The same app listening on a real port (for route tests over real HTTP).
 * `connectionClose` sends every request on a fresh connection: under load
 * (PGlite shares the event loop) a kept-alive socket can be closed by the
 * server just as the client reuses it.
 */
export async function createTestServer(
  opts: Parameters<typeof createTestApp>[0] & { connectionClose?: boolean } = {},
): Promise<TestServer> {
  const t = await createTestApp(opts);
  const server = await startServer(t.services, { port: 0, host: '127.0.0.1' });
  return {
    ...t,
    url: server.url,
    server,
    fetch: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      if (opts.connectionClose) headers.set('connection', 'close');
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return fetch(server.url + path, { ...init, headers, body });
    },
    close: async () => {
      await server.close();
      await t.close();
    },
  };
}
