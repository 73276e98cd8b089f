import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { Redis } from 'ioredis';
import type { Viewer } from '../auth/viewer.ts';
import type { Config } from '../config.ts';
import { OutageLog, describeError } from '../db/outage.ts';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './env.ts';

/**
 * Rate limits: a token bucket per caller. Authenticated requests spend from
 * the bucket of their API key (or, for a signed session, of their user);
 * requests without valid credentials (401s, the docs) from the bucket of
 * their client IP. Each bucket holds `burst` tokens and refills at
 * `perMinute / 60` a second; a request with no token left answers 429 with
 * `Retry-After`. Every limited response carries `RateLimit-Limit` (bucket
 * size), `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the
 * bucket is full again). With REDIS_URL the buckets live in Redis (one
 * atomic script, Redis's clock), so all instances share them; otherwise in
 * process memory. The probes `/healthz` and `/readyz` are never limited.
 */
export interface BucketPolicy {
  /** Bucket size. */
  capacity: number;
  /** Refill, tokens per second. */
  refillPerSecond: number;
}

/** The outcome of spending one token. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until one token is available (0 when allowed). */
  retryAfterSeconds: number;
}

/** Where buckets are kept. */
export interface BucketStore {
  readonly kind: 'memory' | 'redis';
  /** The store's outage log (Redis): failures and the recovery are logged there once per outage. */
  readonly health?: OutageLog;
  /** Spends one token of `key`; answers the tokens left (fractional) and whether one was spent. */
  take(key: string, policy: BucketPolicy): Promise<{ allowed: boolean; tokens: number }>;
}

/** Buckets in this process only (no REDIS_URL). */
export class MemoryBucketStore implements BucketStore {
  readonly kind = 'memory';
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async take(key: string, policy: BucketPolicy) {
    const now = this.now();
    const b = this.buckets.get(key) ?? { tokens: policy.capacity, at: now };
    b.tokens = Math.min(policy.capacity, b.tokens + (Math.max(0, now - b.at) / 1000) * policy.refillPerSecond);
    b.at = now;
    const allowed = b.tokens >= 1;
    if (allowed) b.tokens -= 1;
    this.buckets.set(key, b);
    if (this.buckets.size > 50_000) this.prune(now, policy);
    return { allowed, tokens: b.tokens };
  }

  /** Forgets buckets that have refilled completely (they equal a new bucket). */
  private prune(now: number, policy: BucketPolicy) {
    const fullAfterMs = (policy.capacity / policy.refillPerSecond) * 1000;
    for (const [key, b] of this.buckets) if (now - b.at > fullAfterMs) this.buckets.delete(key);
  }
}

// Refill, spend and store in one step, on Redis's clock, so concurrent
// requests on any number of instances never spend the same token twice.
const TOKEN_BUCKET_LUA = `
local capacity = tonumber(ARGV[1])
local per_ms = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1])
local at = tonumber(state[2])
if tokens == nil or at == nil then
  tokens = capacity
  at = now
end
if now > at then
  tokens = tokens + (now - at) * per_ms
  at = now
end
if tokens > capacity then tokens = capacity end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / per_ms) + 1000)
return { allowed, tostring(tokens) }
`;

type BucketRedis = Redis & {
  tokenBucket(key: string, capacity: number, perMs: number): Promise<[number, string]>;
  /** Logs this connection's outages: the first error (one line), a reminder a minute, the recovery. */
  health: OutageLog;
};

// One connection per Redis URL and process, whatever the number of apps:
// the state is in Redis, and the socket never holds the process open.
const sharedClients = new Map<string, BucketRedis>();

function redisClient(url: string, logger: Logger): BucketRedis {
  let client = sharedClients.get(url);
  if (!client) {
    // ioredis reports every failed reconnect as an 'error': logged once per outage, not with a stack each.
    const health = new OutageLog(logger, 'rate limit store (Redis; requests are allowed meanwhile)');
    const redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      enableAutoPipelining: true,
      retryStrategy: (times) => Math.min(times * 200, 5000),
    });
    redis.defineCommand('tokenBucket', { numberOfKeys: 1, lua: TOKEN_BUCKET_LUA });
    redis.on('connect', () => (redis as unknown as { stream?: { unref?: () => void } }).stream?.unref?.());
    redis.on('error', (err) => health.failure(err));
    redis.on('ready', () => health.success());
    client = Object.assign(redis, { health }) as BucketRedis;
    sharedClients.set(url, client);
  }
  return client;
}

/** Closes the shared Redis connections of the rate limiter (shutdown, tests). */
export async function closeRateLimitConnections(): Promise<void> {
  const clients = [...sharedClients.values()];
  sharedClients.clear();
  for (const c of clients) c.disconnect();
}

/** Buckets in Redis, shared by every instance using the same prefix. */
export class RedisBucketStore implements BucketStore {
  readonly kind = 'redis';
  constructor(
    private readonly redis: BucketRedis,
    private readonly prefix: string,
  ) {}

  get health(): OutageLog {
    return this.redis.health;
  }

  async take(key: string, policy: BucketPolicy) {
    const [allowed, tokens] = await this.redis.tokenBucket(
      this.prefix + key,
      policy.capacity,
      policy.refillPerSecond / 1000,
    );
    return { allowed: allowed === 1, tokens: Number(tokens) };
  }
}

/** The caller's bucket name and policy for one request. */
export interface BucketChoice {
  key: string;
  policy: BucketPolicy | null;
}

/** Applies the configured limits to requests. */
export class RateLimiter {

  constructor(
    readonly store: BucketStore,
    private readonly caller: BucketPolicy | null,
    private readonly anonymous: BucketPolicy | null,
    private readonly trustProxy: boolean,
    private readonly logger: Logger,
  ) {}

  /** Which bucket a request spends from: its key, its session user, or its client IP. */
  bucketFor(c: Context<AppEnv>, viewer: Viewer | null): BucketChoice {
    if (viewer) return this.bucketOf(viewer);
    return { key: `ip:${clientIp(c, this.trustProxy)}`, policy: this.anonymous };
  }

  /** The bucket of an authenticated caller: its key's, or its session user's (sockets spend from it too). */
  bucketOf(viewer: Viewer): BucketChoice {
    if (viewer.apiKeyId != null) return { key: `key:${viewer.apiKeyId}`, policy: this.caller };
    return { key: `user:${viewer.userId}`, policy: this.caller };
  }

  /**
   * Spends a token of the request's bucket. Null when limits are off for
   * it. A store failure (Redis down) lets the request through and is logged:
   * an outage of the limiter must not become an outage of the service.
   */
  async spend(choice: BucketChoice): Promise<RateDecision | null> {
    const policy = choice.policy;
    if (!policy) return null;
    let taken: { allowed: boolean; tokens: number };
    try {
      taken = await this.store.take(choice.key, policy);
    } catch (err) {
      if (this.store.health) this.store.health.failure(err);
      else this.logger.warn({ error: describeError(err) }, 'rate limit store failed; request allowed');
      return null;
    }
    const tokens = Math.max(0, taken.tokens);
    return {
      allowed: taken.allowed,
      limit: policy.capacity,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil((policy.capacity - tokens) / policy.refillPerSecond),
      retryAfterSeconds: taken.allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / policy.refillPerSecond)),
    };
  }
}

/** The `RateLimit-*` (and on 429 `Retry-After`) headers of a decision. */
export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  const h: Record<string, string> = {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetSeconds),
  };
  if (!d.allowed) h['Retry-After'] = String(d.retryAfterSeconds);
  return h;
}

/** The 429 body (spec 7.1 shape). */
export function rateLimitedBody(d: RateDecision) {
  return {
    success: false as const,
    error: 'RATE_LIMITED' as const,
    message: `Too many requests: retry in ${d.retryAfterSeconds} s.`,
    details: { field: null, code: 'rate_limited' },
  };
}

/**
 * The client address: the socket's peer, or with TRUST_PROXY the first
 * `X-Forwarded-For` entry (only trustworthy behind a proxy that sets it).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return 'unknown';
  }
}

function policyOf(perMinute: number, burst: number | undefined): BucketPolicy | null {
  if (perMinute === 0) return null;
  return { capacity: burst ?? perMinute, refillPerSecond: perMinute / 60 };
}

/**
 * The limiter of one app from its configuration (Redis when REDIS_URL is
 * set). Buckets are the keys `<REDIS_PREFIX>ratelimit:<bucket>`: instances
 * with the same REDIS_PREFIX share limits, deployments sharing one Redis
 * with different prefixes do not.
 */
export function createRateLimiter(config: Config, logger: Logger): RateLimiter {
  // Buckets are named by database ids: an in-memory database's ids mean nothing to anyone else.
  const privateDb = !config.DATABASE_URL && config.TASKSVC_DATA_DIR.startsWith('memory://');
  const prefix = `${config.REDIS_PREFIX}ratelimit:${privateDb ? `${randomUUID()}:` : ''}`;
  const store = config.REDIS_URL ? new RedisBucketStore(redisClient(config.REDIS_URL, logger), prefix) : new MemoryBucketStore();
  return new RateLimiter(
    store,
    policyOf(config.RATE_LIMIT_PER_MINUTE, config.RATE_LIMIT_BURST),
    policyOf(config.RATE_LIMIT_ANON_PER_MINUTE, config.RATE_LIMIT_ANON_BURST),
    config.TRUST_PROXY,
    logger,
  );
}
