import { timingSafeEqual } from 'node:crypto';
import type { Hono, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Services } from '../services.ts';
import type { AppEnv } from './env.ts';

/**
 * Prometheus metrics at `/metrics` (text format 0.0.4), off unless
 * METRICS_ENABLED: requests and their latency by method, route pattern (the
 * matched path, `/api/v1/tasks/:id{[0-9]+}`, never the raw URL, so the
 * series stay bounded) and status; the outbox backlog (events not yet
 * dispatched) and the event lag (age of the oldest of them), read from the
 * database when scraped; and the use of each connection pool (PostgreSQL).
 * With METRICS_TOKEN the scraper sends `Authorization: Bearer <token>`;
 * without it, keep the endpoint to a network only the scraper reaches.
 */
export interface Metrics {
  middleware: MiddlewareHandler<AppEnv>;
  mount(app: Hono<AppEnv>): void;
}

/** Latency buckets, seconds: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The metrics of one app (each app its own registry: tests run several in one process). */
export function createMetrics(services: Services): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'tasksvc_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'tasksvc_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const db = services.database;
  new Gauge({
    name: 'tasksvc_outbox_backlog',
    help: 'Outbox events not yet dispatched (webhooks, search, processed marks).',
    registers: [registry],
    async collect() {
      this.set(await backlog().then((b) => b.count));
    },
  });
  new Gauge({
    name: 'tasksvc_event_lag_seconds',
    help: 'Age of the oldest outbox event not yet dispatched (0 when none waits).',
    registers: [registry],
    async collect() {
      this.set(await backlog().then((b) => b.oldestAgeSeconds));
    },
  });
  // One query per scrape for both outbox gauges (it runs on the index of undispatched rows).
  let pending: Promise<{ count: number; oldestAgeSeconds: number }> | null = null;
  const backlog = () =>
    (pending ??= db.sql
      .query<{ count: string | number; age: string | number | null }>(
        `SELECT count(*) AS count, EXTRACT(EPOCH FROM now() - min("createdAt")) AS age FROM "OutboxEvent" WHERE "processedAt" IS NULL`,
      )
      .then(([row]) => ({ count: Number(row?.count ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.age ?? 0)) }))
      .finally(() => setTimeout(() => (pending = null), 0)));
  const poolGauge = (name: string, help: string, read: (p: import('../db/client.ts').PoolUse) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        for (const p of db.pools?.() ?? []) this.set({ pool: p.pool }, read(p));
      },
    });
  poolGauge('tasksvc_db_pool_connections', 'Open connections of a PostgreSQL pool.', (p) => p.total);
  poolGauge('tasksvc_db_pool_idle_connections', 'Idle connections of a PostgreSQL pool.', (p) => p.idle);
  poolGauge('tasksvc_db_pool_waiting', 'Callers waiting for a connection of a PostgreSQL pool.', (p) => p.waiting);
  poolGauge(
    'tasksvc_db_pool_max_connections',
    'The cap of a PostgreSQL pool (DATABASE_POOL_SIZE, EVENT_POOL_SIZE).',
    (p) => p.max,
  );

  const token = services.config.METRICS_TOKEN;
  const authorised = (header: string | undefined) => {
    if (!token) return true;
    const given = Buffer.from(header ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    middleware: async (c, next) => {
      const started = process.hrtime.bigint();
      await next();
      const route = routePath(c, -1) || 'unmatched';
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      requests.inc({ method: c.req.method, route, status: String(c.res.status) });
      latency.observe({ method: c.req.method, route }, seconds);
    },
    mount: (app) => {
      app.get('/metrics', async (c) => {
        if (!authorised(c.req.header('authorization'))) {
          return c.json(
            {
              success: false,
              error: 'UNAUTHENTICATED',
              message: 'Send Authorization: Bearer <METRICS_TOKEN>.',
              details: { field: 'authorization', code: 'unauthenticated' },
            },
            401,
          );
        }
        return c.body(await registry.metrics(), 200, {
          'content-type': registry.contentType,
          'cache-control': 'no-store',
        });
      });
    },
  };
}
