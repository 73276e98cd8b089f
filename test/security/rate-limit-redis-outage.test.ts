import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/auth/viewer.ts';
import { closeRateLimitConnections, createRateLimiter } from '../../src/http/rate-limit.ts';
import { createLogger } from '../../src/logger.ts';
import { type PrivateRedis, startPrivateRedis } from '../events/redis-server.ts';
import { testConfig } from '../support/app.ts';

// The rate limiter's Redis goes away (a private redis-server killed by its
// PID) and comes back: requests are allowed meanwhile (the limiter fails
// open), and the outage is logged once, in one line without a stack, and its
// end once, however many reconnects ioredis makes and requests arrive.

let redis: PrivateRedis | undefined;
afterAll(async () => {
  await closeRateLimitConnections();
  await redis?.kill();
});

const until = async (what: string, check: () => boolean, limitMs = 60_000) => {
  const end = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('rate limiter during a Redis outage', () => {
  it('allows requests and logs the outage and its end once each, without stacks', { timeout: 120_000 }, async () => {
    redis = await startPrivateRedis();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger({ LOG_LEVEL: 'info' }, stream);
    const limiter = createRateLimiter(testConfig({ REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '600' }), logger);
    const bucket = limiter.bucketOf({ userId: 1, apiKeyId: 1 } as Viewer);
    expect((await limiter.spend(bucket))?.allowed).toBe(true);

    await redis.kill();
    const started = Date.now();
    // Requests keep coming while ioredis reconnects (every 200 ms, then slower) for 3 s.
    while (Date.now() - started < 3000) {
      expect(await limiter.spend(bucket)).toBeNull();
      await new Promise((r) => setTimeout(r, 50));
    }
    const text = lines.join('\n');
    expect(text).not.toMatch(/\\n\s+at /);
    expect(lines.filter((l) => l.includes('rate limit store')), text).toHaveLength(1);
    expect(lines[0]).toContain('failing');

    await redis.start();
    await until('the recovery', () => lines.some((l) => l.includes('recovered')));
    expect((await limiter.spend(bucket))?.allowed).toBe(true);
    expect(lines.filter((l) => l.includes('rate limit store'))).toHaveLength(2);
  });
});
