// A service instance whose PostgreSQL connection a test can cut and restore:
// a private database (so its loops never take other test files' events)
// reached through a TCP proxy, with its info-level log lines captured.
import { Writable } from 'node:stream';
import { parseConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices, type ServicesOptions } from '../../src/services.ts';
import { isolatedDatabase } from './isolated-database.ts';
import { type TcpProxy, startTcpProxy } from './tcp-proxy.ts';

/** Log lines (pino JSON) as written; `since()` those after the last `mark()`. */
export function captureLogs() {
  const lines: string[] = [];
  let from = 0;
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    stream,
    mark: () => (from = lines.length),
    since: () => lines.slice(from),
    all: () => lines,
  };
}

/** Resolves once `check` holds (polled every 200 ms); fails naming `what` after `limitMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 120_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export type CuttableServices = Awaited<ReturnType<typeof startCuttableServices>>;

/**
 * Services on a private PostgreSQL database (named from `prefix`) behind a
 * proxy (`proxy.cut()`, `proxy.restore()`), logging at info into `logs`.
 * `close()` stops them, the proxy, and drops the database.
 */
export async function startCuttableServices(prefix: string, opts: Omit<ServicesOptions, 'logger'> = {}) {
  const own = await isolatedDatabase(prefix);
  let proxy: TcpProxy | undefined;
  try {
    const real = new URL(own.env.DATABASE_URL);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const logs = captureLogs();
    const config = parseConfig({ DATABASE_URL: proxy.url(real.toString()), NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const services = await createServices(config, { ...opts, logger: createLogger({ LOG_LEVEL: 'info' }, logs.stream) });
    const p = proxy;
    return {
      services,
      proxy: p,
      logs,
      close: async () => {
        await services.close();
        await p.close();
        await own.drop();
      },
    };
  } catch (err) {
    await proxy?.close();
    await own.drop();
    throw err;
  }
}
