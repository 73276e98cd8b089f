// Every Redis key and channel of a deployment is under its REDIS_PREFIX, so
// deployments can share one Redis: after rate-limited requests (signed in
// and anonymous) and live events, a private redis-server holds no key and
// saw no command on a key or channel outside the prefix.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { eventTestEnv, type Instance, startInstance, waitFor } from './harness.ts';
import { type PrivateRedis, startPrivateRedis } from './redis-server.ts';
import { closeRateLimitConnections } from '../../src/http/rate-limit.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const PREFIX = 'deployment-a:';
let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;
let redis: PrivateRedis;
let monitor: Redis;
/** MONITOR's own connection (ioredis opens one for it). */
let feed: Redis;
let app: Instance;
/** Every command the server ran (MONITOR), as its arguments. */
const commands: string[][] = [];

beforeAll(async () => {
  testEnv = await eventTestEnv();
  redis = await startPrivateRedis();
  monitor = new Redis(redis.url);
  // Its ready check (INFO) first: run while MONITOR starts, it can reach the new MONITOR
  // connection in the same packet as MONITOR's OK, and ioredis then fails ("Command queue state error").
  await monitor.ping();
  feed = await monitor.monitor();
  feed.on('monitor', (_time: string, args: string[]) => void commands.push(args));
  app = await startInstance({
    env: { ...testEnv.env, REDIS_URL: redis.url, REDIS_PREFIX: PREFIX, RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_ANON_PER_MINUTE: '1000' },
  });
});
afterAll(async () => {
  await app?.close();
  await closeRateLimitConnections();
  feed?.disconnect();
  monitor?.disconnect();
  await redis?.kill();
  await testEnv?.drop();
});

/**
 * The keys and channels a command names (by its argument positions), or
 * null for commands that name none. A command not listed here fails the
 * test: a new use of Redis must say where its keys are.
 */
function namesOf(args: string[]): string[] | null {
  const [name, ...rest] = args;
  switch (name.toLowerCase()) {
    case 'evalsha':
    case 'eval':
      return rest.slice(2, 2 + Number(rest[1]));
    case 'publish':
    case 'hmget':
    case 'hset':
    case 'hgetall':
    case 'pexpire':
    case 'expire':
    case 'get':
    case 'set':
    case 'del':
    case 'incr':
      return [rest[0]];
    case 'subscribe':
    case 'unsubscribe':
      return rest;
    case 'time':
    case 'ping':
    case 'info':
    case 'client':
    case 'select':
    case 'quit':
    case 'script':
    case 'monitor':
    case 'keys':
    case 'pubsub':
      return null;
    default:
      return [`(unlisted command ${name})`];
  }
}

describe('Redis keys and channels', () => {
  it('are all under REDIS_PREFIX: rate-limit buckets, the wake-up channel, whatever the activity', async () => {
    const owner = await makeUserWithKey(app.db, 'Owner');
    const project = await makeProject(app.db, { memberIds: [owner.user.id] });
    for (let i = 0; i < 3; i++) {
      const res = await app.fetch('/graphql', {
        method: 'POST',
        key: owner.key,
        json: { query: 'mutation($i: CreateTaskInput!) { createTask(input: $i) { id } }', variables: { i: { projectId: project.id, title: `T${i}` } } },
      });
      expect(res.status).toBe(200);
    }
    expect((await app.fetch('/api/v1/projects')).status).toBe(401); // anonymous bucket
    expect((await app.fetch('/api/v1/projects', { key: 'not-a-key' })).status).toBe(401);
    expect((await app.fetch('/api/mcp/user/context', { key: owner.key })).status).toBe(200);

    const client = new Redis(redis.url);
    try {
      // The events were stamped and announced (a PUBLISH on the wake channel), the buckets written.
      await waitFor(() => commands.some((c) => c[0].toLowerCase() === 'publish'), 20_000, 'a wake-up published');
      await waitFor(async () => (await client.keys('*')).length >= 2, 20_000, 'rate-limit buckets');
      const keys = await client.keys('*');
      const channels = (await client.pubsub('CHANNELS', '*')) as string[];
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(keys.filter((k) => !k.startsWith(`${PREFIX}ratelimit:`))).toEqual([]);
      expect(channels).toEqual([`${PREFIX}events:wake`]);
      const named = commands.flatMap((c) => namesOf(c) ?? []);
      expect(named.length).toBeGreaterThan(0);
      expect(named.filter((n) => !n.startsWith(PREFIX))).toEqual([]);
    } finally {
      client.disconnect();
    }
  });
});
