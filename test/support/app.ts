import { randomUUID } from 'node:crypto';
import { parseConfig, type Config } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/http/server.ts';
import { createApp } from '../../src/http/app.ts';
import { createServices, type Services, type ServicesOptions } from '../../src/services.ts';
import { pgliteTemplateFs } from './database.ts';
import { beforeAllValue } from './lifecycle.ts';
import { assertDocumentedResponse } from './openapi-responses.ts';
import { PRISM_MODE, checkPrismViolations, startPrism } from './prism.ts';

export interface TestApp {
  services: Services;
  db: Services['database']['prisma'];
  /** In-process fetch against the Hono app (no socket). */
  fetch(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The config of a test app: the test database (DATABASE_URL, else in-memory
 * PGlite), quiet logs, and a Redis prefix (rate-limit buckets, wake-up
 * channel) of its own, even on the shared Redis of CI (other files' 401 storms must not drain them); then `env`.
 */
export function testConfig(env: Record<string, string> = {}) {
  return parseConfig({
    ...process.env,
    TASKSVC_DATA_DIR: 'memory://',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REDIS_PREFIX: `tasksvc-test:${randomUUID()}:`,
    ...env,
  });
}

/** Every answer of a test fetch must be one the OpenAPI document describes (see openapi-responses.ts). */
async function documented(method: string | undefined, path: string, response: Promise<Response>): Promise<Response> {
  const res = await response;
  await assertDocumentedResponse(method ?? 'GET', path, res);
  return res;
}

/**
 * The services of a test app on `config`'s database: PostgreSQL is migrated
 * by the global setup; an in-memory PGlite starts as a copy of the migrated
 * template; any other PGlite directory is migrated here.
 */
export async function createTestServices(config: Config, opts: Omit<ServicesOptions, 'migrate' | 'pgliteFs'> = {}) {
  const embedded = !config.DATABASE_URL && config.TASKSVC_DATA_DIR.startsWith('memory://');
  const pgliteFs = embedded ? pgliteTemplateFs() : undefined;
  return createServices(config, { ...opts, migrate: !config.DATABASE_URL && !pgliteFs, pgliteFs });
}

/**
 * A fresh app on the test database: the shared PostgreSQL of DATABASE_URL
 * (migrated by the global setup), else a new in-memory PGlite per call,
 * copied from the migrated template.
 * Tests make their own users and teams (see factories), so they never
 * depend on each other's data.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; onQuery?: (sql: string) => void } = {},
): Promise<TestApp> {
  const config = testConfig(opts.env);
  const services = await createTestServices(config, { onQuery: opts.onQuery });
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
      return documented(init.method, path, Promise.resolve(app.request(path, { ...init, headers, body })));
    },
    close: () => services.close(),
  };
}

/** A test app listening on a real port of 127.0.0.1. */
export type TestServer = TestApp & {
  url: string;
  server: RunningServer;
  /**
   * Restarts the listener as a server restart looks to clients: every socket
   * closes and nothing listens until `whileDown` (changes made meanwhile, e.g.
   * through another instance) has run; then it listens again on the same port.
   */
  restartListener(whileDown?: () => Promise<void>): Promise<void>;
};

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
  let server = await startServer(t.services, { port: 0, host: '127.0.0.1' });
  // `npm run test:prism`: REST requests go through a Prism validating proxy in front of this server.
  const prism = PRISM_MODE ? await startPrism(server.url) : null;
  const viaPrism = (path: string) => prism !== null && path.startsWith('/api/v1/');
  return {
    ...t,
    url: server.url,
    get server() {
      return server;
    },
    restartListener: async (whileDown) => {
      await server.close();
      await whileDown?.();
      server = await startServer(t.services, { port: server.port, host: '127.0.0.1' });
    },
    fetch: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      if (opts.connectionClose) headers.set('connection', 'close');
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      if (!viaPrism(path)) return documented(init.method, path, fetch(server.url + path, { ...init, headers, body }));
      const answer = fetch(prism!.url + path, { ...init, headers, body }).then((res) => {
        checkPrismViolations(init.method ?? 'GET', path, res);
        return res;
      });
      return documented(init.method, path, answer);
    },
    close: async () => {
      await prism?.close();
      await server.close();
      await t.close();
    },
  };
}

/**
 * A test app for the whole file: started before its tests, closed after
 * them (see {@link beforeAllValue}); use it at the top of a test file.
 */
export function useTestApp(opts: Parameters<typeof createTestApp>[0] = {}): TestApp {
  return beforeAllValue(() => createTestApp(opts), (t) => t.close());
}

/** A test server for the whole file (see {@link useTestApp}). */
export function useTestServer(opts: Parameters<typeof createTestServer>[0] = {}): TestServer {
  return beforeAllValue(() => createTestServer(opts), (t) => t.close());
}
