import { Prisma } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { OUTBOX_CHANNEL } from './outbox.ts';
import { listenPostgres } from './pg-listener.ts';
import { PollLoop } from './poll-loop.ts';
import type { EventPubSub } from './pubsub.ts';
import { type OutboxRow, type TaskEventMessage, toTaskEventMessage } from './task-event-message.ts';
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryOptions, WebhookDeliverer } from './webhook-delivery.ts';
import { onWake, wake } from './wakeup.ts';

/** Tuning of the outbox dispatcher (defaults suit production; tests shorten them). */
export interface DispatcherOptions {
  /** Poll interval when no wake-up arrives. */
  pollIntervalMs: number;
  /** Events claimed per step. */
  batchSize: number;
  /** A claim older than this belongs to a dispatcher that died: it is taken again. */
  claimTimeoutMs: number;
  /** Processed events (and their delivery log) are deleted after this many days. */
  retentionDays: number;
  /** Webhook delivery tuning. */
  delivery: DeliveryOptions;
  /**
   * Called once per dispatched event, after pub/sub and webhook fan-out and
   * before the event is marked done (so at least once). Errors are logged.
   */
  onEvent?: (event: TaskEventMessage) => Promise<void> | void;
  /** Test-only fault injection: throwing abandons the batch as a crash would. */
  faults?: {
    afterClaim?: (eventIds: string[]) => Promise<void> | void;
    afterFanOut?: (eventIds: string[]) => Promise<void> | void;
  };
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  pollIntervalMs: 200,
  batchSize: 100,
  claimTimeoutMs: 30_000,
  retentionDays: 30,
  delivery: DEFAULT_DELIVERY_OPTIONS,
};

export interface DispatcherDeps {
  database: Database;
  pubsub: EventPubSub;
  logger: Logger;
  /** The search index, when the services have one (read at each batch). */
  search?: () => Pick<SearchIndex, 'indexTask'> | undefined;
  /** PostgreSQL URL for LISTEN/NOTIFY wake-ups; without it, in-process wake-ups and polling. */
  databaseUrl?: string;
}

const HOUSEKEEPING_MS = 10 * 60_000;

/**
 * Moves committed outbox events to their consumers: GraphQL subscriptions
 * (pub/sub), webhook subscriptions (one delivery row per matching
 * subscription) and the search index, then marks them processed. Claims use
 * `FOR UPDATE SKIP LOCKED`, so any number of instances share the work; a
 * claim left by a process that died is retaken after `claimTimeoutMs`.
 */
export class EventDispatcher {
  readonly options: DispatcherOptions;
  readonly deliverer: WebhookDeliverer;
  private readonly loop: PollLoop;
  private readonly unsubscribe: (() => void)[] = [];
  private stopListening: (() => Promise<void>) | null = null;
  private housekeeping: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: DispatcherDeps,
    options: Partial<DispatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
    this.loop = new PollLoop(
      'outbox',
      this.options.pollIntervalMs,
      () => this.dispatchBatch().then((n) => n > 0),
      deps.logger,
    );
    this.deliverer = new WebhookDeliverer(deps.database.prisma, deps.logger, this.options.delivery);
  }

  /** Starts dispatching and delivering; wakes on commits of this process and, on PostgreSQL, of any. */
  start(): void {
    this.loop.start();
    this.deliverer.start();
    if (!this.deps.databaseUrl) {
      // PGlite: one connection, so a wake-up's claim queues behind the writing
      // transaction and sees its rows. On PostgreSQL the trigger's NOTIFY
      // arrives after COMMIT instead; an in-process wake-up would only claim
      // too early (inside the still-open transaction) and find nothing.
      this.unsubscribe.push(onWake('outbox', () => this.loop.nudge()));
    } else {
      this.stopListening = listenPostgres(
        this.deps.databaseUrl,
        OUTBOX_CHANNEL,
        () => this.loop.nudge(),
        this.deps.logger,
      );
    }
    this.housekeeping = setInterval(
      () => void this.purgeOld().catch((err) => this.deps.logger.warn({ err }, 'outbox purge failed')),
      HOUSEKEEPING_MS,
    );
    this.housekeeping.unref?.();
  }

  /** Stops both loops, waiting for the batch and the deliveries in progress. */
  async stop(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    if (this.housekeeping) clearInterval(this.housekeeping);
    await this.stopListening?.();
    await this.loop.stop();
    await this.deliverer.stop();
  }

  /** Claims and dispatches one batch; returns how many events it handled. */
  async dispatchBatch(): Promise<number> {
    const db = this.deps.database.prisma;
    const claimed = await db.$queryRaw<OutboxRow[]>`
      UPDATE "OutboxEvent" AS e SET "claimedAt" = timezone('UTC', now())
      FROM (
        SELECT id FROM "OutboxEvent"
        WHERE "processedAt" IS NULL
          AND ("claimedAt" IS NULL OR "claimedAt" < timezone('UTC', now()) - (${this.options.claimTimeoutMs}::integer * interval '1 millisecond'))
        ORDER BY id
        LIMIT ${this.options.batchSize}::integer
        FOR UPDATE SKIP LOCKED
      ) AS c
      WHERE e.id = c.id
      RETURNING e.id, e.type, e."taskId", e."projectId", e."ticketNumber", e."actorId", e.data, e."createdAt"`;
    if (claimed.length === 0) return 0;
    const events = claimed.map(toTaskEventMessage).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    const ids = events.map((e) => e.id);
    await this.options.faults?.afterClaim?.(ids);

    for (const event of events) {
      try {
        this.deps.pubsub.publish('taskEvents', event.projectId, event);
      } catch (err) {
        this.deps.logger.warn({ err, eventId: event.id }, 'publishing a task event failed');
      }
    }
    const idList = Prisma.join(ids.map((id) => BigInt(id)));
    // One delivery per matching active subscription; the unique
    // (subscriptionId, eventId) makes a retaken batch a no-op here.
    const fannedOut = await db.$executeRaw`
      INSERT INTO "WebhookDelivery" ("subscriptionId", "eventId", "status", "attemptCount", "nextAttemptAt", "createdAt", "updatedAt")
      SELECT s.id, e.id, 'pending'::"DeliveryStatus", 0, timezone('UTC', now()), timezone('UTC', now()), timezone('UTC', now())
      FROM "OutboxEvent" e
      JOIN "Project" p ON p.id = e."projectId"
      JOIN "WebhookSubscription" s
        ON s.active
       AND (s."projectId" = e."projectId" OR (s."teamId" IS NOT NULL AND s."teamId" = p."teamId"))
       AND s."createdAt" <= e."createdAt"
       AND (s.metadata -> 'X-Event-Type') @> to_jsonb(e.type)
      WHERE e.id IN (${idList})
      ORDER BY e.id, s.id
      ON CONFLICT ("subscriptionId", "eventId") DO NOTHING`;
    await this.options.faults?.afterFanOut?.(ids);

    await this.runHooks(events);
    await db.$executeRaw`UPDATE "OutboxEvent" SET "processedAt" = timezone('UTC', now()) WHERE id IN (${idList})`;
    if (fannedOut > 0) wake('deliveries');
    return events.length;
  }

  private async runHooks(events: TaskEventMessage[]): Promise<void> {
    const search = this.deps.search?.();
    if (search) {
      const taskIds = [...new Set(events.map((e) => e.taskId))];
      const results = await Promise.allSettled(taskIds.map((id) => search.indexTask(id)));
      results.forEach((r, i) => {
        if (r.status === 'rejected')
          this.deps.logger.warn({ err: r.reason, taskId: taskIds[i] }, 'search indexing failed');
      });
    }
    if (this.options.onEvent) {
      for (const event of events) {
        try {
          await this.options.onEvent(event);
        } catch (err) {
          this.deps.logger.warn({ err, eventId: event.id }, 'onEvent hook failed');
        }
      }
    }
  }

  /** Deletes events processed more than `retentionDays` ago (their deliveries and attempts cascade). */
  async purgeOld(): Promise<number> {
    return this.deps.database.prisma.$executeRaw`
      DELETE FROM "OutboxEvent" WHERE id IN (
        SELECT id FROM "OutboxEvent"
        WHERE "processedAt" < timezone('UTC', now()) - (${this.options.retentionDays}::integer * interval '1 day')
        ORDER BY id LIMIT 1000)`;
  }
}
