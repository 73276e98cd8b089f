import type { Services } from '../services.ts';
import { OutageLog, describeError } from '../db/outage.ts';
import type { RateLimiter } from './rate-limit.ts';

/**
 * What `/readyz` answers: each dependency of this instance and the verdict.
 *
 * - `ok`: every dependency answers.
 * - `degraded` (HTTP 200: keep routing here): the database answers, an
 *   optional part does not. Redis down: live-event wake-ups fall back to
 *   polling the outbox (events arrive within the poll, none is lost) and rate
 *   limits are not enforced (requests are allowed); Meilisearch down: task
 *   search fails (503) until it is back. Everything else works.
 * - `down` (HTTP 503: take this instance out): the database does not answer;
 *   no request can be served.
 *
 * Redis is judged from the connections the service already holds (the
 * wake-up subscriber's confirmed SUBSCRIBE, the rate-limit store's last
 * error), so a probe costs Redis nothing; the database and Meilisearch are
 * asked, each within {@link PROBE_TIMEOUT_MS}. A failing probe of the
 * database is logged once per outage (and its recovery), not per probe.
 */

/** Longest one dependency may take to answer a probe. */
export const PROBE_TIMEOUT_MS = 2000;

/** A dependency's state: `up`, or `down` with the reason in one line. */
export type DependencyState = { status: 'up' } | { status: 'down'; error: string };

export interface Readiness {
  /** True while requests can be served (`ok` or `degraded`). */
  ok: boolean;
  status: 'ok' | 'degraded' | 'down';
  /** The database engine (`postgres` or `pglite`). */
  database: string;
  checks: {
    database: DependencyState;
    /** Present with REDIS_URL. */
    redis?: DependencyState & { wakeUps: 'up' | 'down'; rateLimits: 'up' | 'down' };
    /** Present with Meilisearch (the PostgreSQL engine is the database). */
    search?: DependencyState & { engine: 'meilisearch' };
  };
}

function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function probe(work: () => Promise<unknown>, what: string): Promise<DependencyState> {
  try {
    await withinTimeout(work(), what);
    return { status: 'up' };
  } catch (err) {
    return { status: 'down', error: describeError(err) };
  }
}

/** The readiness probe of an app: its services and its rate limiter. */
export function readinessProbe(services: Services, limiter: RateLimiter): () => Promise<Readiness> {
  const { database, config } = services;
  const outage = new OutageLog(services.logger, 'readiness check (database)');
  return async () => {
    const db = await probe(() => database.sql.query('SELECT 1'), 'the database');
    if (db.status === 'down') outage.failure(new Error(db.error));
    else outage.success();
    const checks: Readiness['checks'] = { database: db };
    if (config.REDIS_URL) {
      const wakeUps = services.wakeChannel.kind !== 'redis' || services.wakeChannel.connected ? 'up' : 'down';
      const rateLimits = limiter.store.health?.failing ? 'down' : 'up';
      const effects = [
        wakeUps === 'down' && 'live-event wake-ups poll the outbox',
        rateLimits === 'down' && 'rate limits are not enforced',
      ].filter(Boolean);
      checks.redis = effects.length
        ? { status: 'down', error: `Redis (REDIS_URL) does not answer: ${effects.join('; ')}`, wakeUps, rateLimits }
        : { status: 'up', wakeUps, rateLimits };
    }
    const search = services.search;
    if (search?.engine === 'meilisearch' && search.ping) {
      checks.search = { engine: 'meilisearch', ...(await probe(() => search.ping!(), 'Meilisearch')) };
    }
    const optionalDown = [checks.redis, checks.search].some((c) => c?.status === 'down');
    const status = db.status === 'down' ? 'down' : optionalDown ? 'degraded' : 'ok';
    return { ok: status !== 'down', status, database: database.kind, checks };
  };
}
