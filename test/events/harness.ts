// Test instances with the event dispatcher on (test apps have it off by
// default), a real receiver that verifies every webhook with the
// `standardwebhooks` package, and helpers that produce task events.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { randomUUID } from 'node:crypto';
import { createTestServices, testConfig } from '../support/app.ts';
import type { Db } from '../../src/db/client.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';
import type { DispatcherOptions } from '../../src/events/dispatcher.ts';
import { recordTaskEvent, type WebhookEventName } from '../../src/events/outbox.ts';
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryOptions } from '../../src/events/webhook-delivery.ts';
import { startServer, type RunningServer } from '../../src/http/server.ts';
import type { FeedOptions } from '../../src/events/event-feed.ts';
import type { Logger } from '../../src/logger.ts';
import type { ServiceFaults, Services } from '../../src/services.ts';

/**
 * Environment of one test file: a database of its own on PostgreSQL (so
 * dispatchers of other files never take its events) and a unique Redis
 * prefix for channels, for the same reason.
 */
export async function eventTestEnv(): Promise<IsolatedDatabase> {
  const db = await isolatedDatabase('tasksvc_events');
  return { env: { REDIS_PREFIX: `tasksvc-test-${randomUUID().slice(0, 8)}:`, ...db.env }, drop: db.drop };
}

/** Live-event feed polls for tests: a lost wake-up costs a second, an outage 100 ms per poll. */
export const FAST_FEED: Partial<FeedOptions> = { fallbackPollMs: 100, idlePollMs: 1_000 };

/** Short retries for tests: 50 ms, 100 ms, 150 ms, then failed. */
export const FAST_RETRY = { scheduleMs: [50, 100, 150], jitter: 0 };

export type Tuning = Partial<Omit<DispatcherOptions, 'delivery'>> & { delivery?: Partial<DeliveryOptions> };

export interface Instance {
  services: Services & { close(): Promise<void> };
  db: Db;
  url: string;
  server: RunningServer;
  fetch(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** An app instance listening on 127.0.0.1 with its own dispatcher (or none with `dispatcher: false`). */
export async function startInstance(
  opts: {
    env?: Record<string, string>;
    dispatcher?: Tuning | false;
    faults?: ServiceFaults;
    logger?: Logger;
    feed?: Partial<FeedOptions>;
  } = {},
): Promise<Instance> {
  const config = testConfig(opts.env);
  const tuning = opts.dispatcher;
  // PostgreSQL databases of these tests are migrated by eventTestEnv.
  const services = await createTestServices(config, {
    feed: { ...FAST_FEED, ...opts.feed },
    faults: opts.faults,
    logger: opts.logger,
    dispatcher:
      tuning === false
        ? false
        : {
            pollIntervalMs: 50,
            claimTimeoutMs: 1_000,
            ...tuning,
            delivery: {
              ...DEFAULT_DELIVERY_OPTIONS,
              allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
              pollIntervalMs: 50,
              retry: FAST_RETRY,
              ...tuning?.delivery,
            },
          },
  });
  const server = await startServer(services, { port: 0, host: '127.0.0.1' });
  return {
    services,
    db: services.database.prisma,
    url: server.url,
    server,
    fetch: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return fetch(server.url + path, { ...init, headers, body });
    },
    close: async () => {
      await server.close();
      await services.close();
    },
  };
}

/** One webhook request as the receiver got it. */
export interface Received {
  path: string;
  id: string;
  timestamp: string;
  payload: {
    event: string;
    task_id: number | null;
    ticket_number: string | null;
    project_id: number | null;
    data: Record<string, unknown>;
    timestamp: string;
  };
  /** False when the signature did not verify (a test should then fail). */
  verified: boolean;
  status: number;
}

export type Responder = (req: { path: string; count: number; id: string }) => {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer this much later (a slow receiver: deliveries stay in flight). */
  delayMs?: number;
};

/**
 * An HTTP receiver on 127.0.0.1 that verifies every request with the
 * subscription secret of its path (`/hook/<name>`) and answers per `respond`.
 */
export async function startReceiver(respond: Responder = () => ({ status: 200 })) {
  const secrets = new Map<string, string>();
  const received: Received[] = [];
  let responder = respond;
  const perPathCount = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const secret = secrets.get(path);
      let verified = false;
      let payload: Received['payload'];
      try {
        payload = new Webhook(secret ?? 'whsec_AAAA').verify(body, headers) as Received['payload'];
        verified = secret !== undefined;
      } catch {
        payload = JSON.parse(body || 'null');
      }
      const count = (perPathCount.get(path) ?? 0) + 1;
      perPathCount.set(path, count);
      const answer = responder({ path, count, id: headers['webhook-id'] });
      received.push({
        path,
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        payload,
        verified,
        status: answer.status,
      });
      const reply = () => {
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? `answer ${answer.status}`);
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    urlFor: (name: string) => `http://127.0.0.1:${port}/hook/${name}`,
    /** Registers the secret that requests to `/hook/<name>` must be signed with. */
    trust: (name: string, secret: string) => secrets.set(`/hook/${name}`, secret),
    at: (name: string) => received.filter((r) => r.path === `/hook/${name}`),
    setResponder: (r: Responder) => {
      responder = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A task row straight in the database (tests about events, not task rules). */
export async function makeTask(
  db: Db,
  project: { id: number; ticketPrefix: string; sections: { id: number }[] },
  title = 'Task',
) {
  const { taskCounter } = await db.project.update({
    where: { id: project.id },
    data: { taskCounter: { increment: 1 } },
  });
  const task = await db.task.create({
    data: { projectId: project.id, sectionId: project.sections[0].id, uniqueIndex: taskCounter, title },
  });
  return { id: task.id, projectId: project.id, ticketNumber: `${project.ticketPrefix}-${taskCounter}` };
}

/** Commits one event for a task, as a task mutation would. */
export function emit(
  db: Db,
  task: { id: number; projectId: number; ticketNumber: string },
  type: WebhookEventName,
  data: Record<string, unknown> = {},
  actorId: number | null = null,
) {
  return db.$transaction((tx) => recordTaskEvent(tx, { type, task, actorId, data }));
}

/** Polls `check` until it returns true or `ms` pass. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
}

/** Creates a subscription through REST and trusts its secret at the receiver. */
export async function subscribe(
  app: Instance,
  key: string,
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  name: string,
  scope: { project_id?: number; team_id?: string | number },
  events: string[],
) {
  const res = await app.fetch('/api/v1/webhook/subscriptions', {
    method: 'POST',
    key,
    json: { url: receiver.urlFor(name), ...scope, metadata: { 'X-Event-Type': events } },
  });
  const body = (await res.json()) as { subscription: { id: number; secret: string } };
  if (res.status !== 201) throw new Error(`subscribe failed: ${res.status} ${JSON.stringify(body)}`);
  receiver.trust(name, body.subscription.secret);
  return body.subscription;
}
