// A running service for scripts outside vitest (bench:web, docs:screenshots):
// the test servers' helpers read vitest's state, which only exists inside a
// test run. In-memory PGlite migrated here, or DATABASE_URL's PostgreSQL
// (migrated too); the dispatcher runs, so live events flow.
import { parseConfig } from '../../src/config.ts';
import { startServer } from '../../src/http/server.ts';
import { createServices } from '../../src/services.ts';

/** The service listening on 127.0.0.1 (a free port), with `fetch` as the holder of an API key. */
export async function startScriptServer(env: Record<string, string> = {}) {
  const config = parseConfig({
    ...process.env,
    TASKSVC_DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    EVENT_DISPATCHER: 'true',
    ...env,
  });
  const services = await createServices(config, { migrate: true });
  const server = await startServer(services, { port: 0, host: '127.0.0.1' });
  return {
    services,
    db: services.database.prisma,
    url: server.url,
    /** A request to the service, as the holder of `key` when given. */
    fetch(path: string, init: RequestInit & { key?: string; json?: unknown } = {}) {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return fetch(server.url + path, { ...init, headers, body });
    },
    async close() {
      await server.close();
      await services.close();
    },
  };
}
