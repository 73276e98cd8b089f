import { afterEach, describe, expect, it } from 'vitest';
import { occupiedPort, serve } from '../support/serve-child.ts';
import { isPostgres } from '../support/database.ts';
import { type TcpProxy, startTcpProxy } from '../support/tcp-proxy.ts';

// `tasksvc serve` as a child process at start-up: the port is checked before
// the database, a taken port is one line, a database that does not answer
// is waited for (with a message naming DATABASE_URL) and the service comes
// up once it answers.

describe('tasksvc serve start-up', () => {
  it('a taken port is one line and exit 1, before the database is tried', { timeout: 120_000 }, async () => {
    const holder = await occupiedPort();
    try {
      const port = (holder.address() as { port: number }).port;
      // A database that would make start-up wait for minutes: the port must fail first.
      const c = serve({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATABASE_WAIT_SECONDS: '600' }, '--port', String(port));
      expect(await c.exited).toBe(1);
      expect(c.err().trim().split('\n')).toEqual([
        `error: port ${port} is already in use on 127.0.0.1 (EADDRINUSE): stop the program listening there or choose another port with PORT or --port.`,
      ]);
      expect(c.out()).not.toContain('PostgreSQL');
    } finally {
      holder.close();
    }
  });

  it('a non-PostgreSQL DATABASE_URL is refused by configuration', { timeout: 120_000 }, async () => {
    const c = serve({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/tasksvc' }, '--port', '0');
    expect(await c.exited).toBe(1);
    expect(c.err()).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(c.err()).not.toMatch(/\n\s+at /);
  });

  it('NODE_ENV=production with a placeholder secret stops with one line naming the variable, before listening', { timeout: 120_000 }, async () => {
    const c = serve({ NODE_ENV: 'production', TASKSVC_DATA_DIR: 'memory://', SESSION_SECRET: 'change-me-to-32-random-bytes-please' }, '--port', '0');
    expect(await c.exited).toBe(1);
    expect(c.err().trim().split('\n')).toEqual([expect.stringMatching(/^error: SESSION_SECRET is a placeholder value: NODE_ENV=production refuses it\./)]);
    expect(c.out()).not.toContain('listening');
  });

  it('gives up on a database that never answers, naming DATABASE_URL, with one waiting line', { timeout: 120_000 }, async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 }, { down: true });
    try {
      const c = serve({ DATABASE_URL: proxy.url('postgres://postgres:secret@127.0.0.1:5432/none'), DATABASE_WAIT_SECONDS: '3' }, '--port', '0');
      expect(await c.exited).toBe(1);
      const lastLine = c.err().trim().split('\n');
      expect(lastLine).toHaveLength(1);
      expect(lastLine[0]).toMatch(/^error: cannot reach PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/none \(DATABASE_URL\) after \d+ s and \d+ attempts: .*ECONNREFUSED/);
      expect(c.err()).not.toContain('secret');
      // One "waiting" line, however many attempts: state changes are logged, not every retry.
      const waiting = c.out().split('\n').filter((l) => l.includes('does not answer yet'));
      expect(waiting).toHaveLength(1);
      expect(Number(/and (\d+) attempts/.exec(lastLine[0])?.[1])).toBeGreaterThan(2);
    } finally {
      await proxy.close();
    }
  });

  // PostgreSQL only: it cuts the connection to a database server, which the embedded database does not have.
  describe.runIf(isPostgres)('on PostgreSQL', () => {
    let proxy: TcpProxy | undefined;
    afterEach(() => proxy?.close());

    it('answers 503 "starting" while it waits for the database, then comes up when it answers', { timeout: 180_000 }, async () => {
      const real = new URL(process.env.DATABASE_URL as string);
      proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) }, { down: true });
      const free = await occupiedPort();
      const port = (free.address() as { port: number }).port;
      await new Promise((resolve) => free.close(resolve));
      const c = serve({ DATABASE_URL: proxy.url(real.toString()), DATABASE_WAIT_SECONDS: '120' }, '--port', String(port), '--json');
      await c.waitFor(/does not answer yet/);
      // Bound before the database answers: probes and clients get a clear 503.
      const early = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(early.status).toBe(503);
      expect(early.headers.get('retry-after')).toBe('1');
      expect(await early.json()).toMatchObject({ error: 'UNAVAILABLE', details: { code: 'starting' } });
      await proxy.restore();
      const summaryLine = await c.waitFor(/\{"url":"[^\n]*\n/);
      const summary = JSON.parse(summaryLine) as { health: string; url: string };
      const health = await fetch(summary.health);
      expect(health.status).toBe(200);
      expect(c.out()).toMatch(/PostgreSQL at .* is reachable/);
      c.proc.kill('SIGTERM');
      expect(await c.exited).toBe(0);
    });
  });
});
