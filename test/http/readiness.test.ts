// /readyz reports each dependency: with a Redis of this test's own (never
// the shared one) that dies and comes back, the instance is `degraded`
// (HTTP 200: it still serves; wake-ups poll, rate limits are not enforced)
// and then `ok` again; the outage is one log line per part that uses Redis
// (wake-ups, the rate-limit store), without a stack, however many probes
// and requests meanwhile.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { createLogger } from '../../src/logger.ts';
import { createTestServices, testConfig } from '../support/app.ts';

const WAIT = { timeout: 30_000, interval: 200 };
let port: number;
let redis: ChildProcess | null = null;
let services: Awaited<ReturnType<typeof createTestServices>>;
let app: ReturnType<typeof createApp>['app'];
const lines: Record<string, unknown>[] = [];

async function sparePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port: p } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return p;
}

async function startRedis() {
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
}

/** Stops this test's Redis by its PID (SIGKILL: a crash, not a shutdown). */
async function killRedis() {
  const r = redis!;
  redis = null;
  const exited = new Promise((resolve) => r.once('exit', resolve));
  process.kill(r.pid!, 'SIGKILL');
  await exited;
}

const readyz = async () => {
  const res = await app.request('/readyz');
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

beforeAll(async () => {
  port = await sparePort();
  await startRedis();
  const config = testConfig({ REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info' });
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  services = await createTestServices(config, { logger: createLogger(config, sink) });
  app = createApp(services).app;
}, 120_000);

afterAll(async () => {
  if (redis) await killRedis();
  await services?.close();
});

describe('/readyz with Redis', () => {
  it('ok with every dependency up', async () => {
    await expect.poll(async () => (await readyz()).body.status, WAIT).toBe('ok');
    const { status, body } = await readyz();
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      status: 'ok',
      database: services.database.kind,
      checks: { database: { status: 'up' }, redis: { status: 'up', wakeUps: 'up', rateLimits: 'up' } },
    });
  });

  it('a dead Redis is degraded (still 200), one line per part without a stack; back up, ok again', async () => {
    const before = lines.length;
    await killRedis();
    await expect.poll(async () => (await readyz()).body.status, WAIT).toBe('degraded');
    // Requests keep being served meanwhile (rate limits fail open), and probes keep coming.
    for (let i = 0; i < 5; i++) {
      expect((await app.request('/api/v1/user/context')).status).toBe(401);
      await readyz();
    }
    await expect.poll(async () => (await readyz()).body.checks.redis.rateLimits, WAIT).toBe('down');
    const { status, body } = await readyz();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      status: 'degraded',
      checks: {
        database: { status: 'up' },
        redis: { status: 'down', wakeUps: 'down', rateLimits: 'down', error: expect.stringContaining('REDIS_URL') },
      },
    });
    const warned = lines.slice(before).filter((l) => (l.level as number) >= 40);
    expect(warned.map((l) => l.msg).sort()).toEqual([
      'live-event wake-ups (Redis) unavailable: feeds poll the outbox until Redis is back',
      'rate limit store (Redis; requests are allowed meanwhile) failing; retrying with back-off',
    ]);
    // The error in one line, never a serialised Error with its stack.
    for (const l of warned) expect(JSON.stringify(l)).not.toContain('"stack"');

    await startRedis();
    await expect.poll(async () => (await readyz()).body.status, WAIT).toBe('ok');
  });

  it('a Redis that is down at start: degraded from the first probe, its lines without a stack', async () => {
    const dead = await sparePort();
    const own: Record<string, unknown>[] = [];
    const config = testConfig({ REDIS_URL: `redis://127.0.0.1:${dead}`, LOG_LEVEL: 'info' });
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) own.push(JSON.parse(l));
        done();
      },
    });
    const other = await createTestServices(config, { logger: createLogger(config, sink) });
    try {
      const probe = createApp(other).app;
      const body = async () => (await (await probe.request('/readyz')).json()) as Record<string, any>;
      await expect.poll(async () => (await body()).checks.redis?.wakeUps, WAIT).toBe('down');
      expect((await body()).status).toBe('degraded');
      await expect.poll(() => own.filter((l) => (l.level as number) >= 40).length, WAIT).toBeGreaterThan(0);
      for (const l of own.filter((l) => (l.level as number) >= 40)) expect(JSON.stringify(l)).not.toContain('"stack"');
    } finally {
      await other.close();
    }
  });
});
