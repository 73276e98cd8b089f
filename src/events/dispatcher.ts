import { webhookCreatorHoldsSql } from '../domain/access.ts';
import { disableLostWebhooks } from '../domain/webhook-creator.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { OUTBOX_CHANNEL } from './outbox.ts';
import { listenPostgres } from './pg-listener.ts';
import { PollLoop } from './poll-loop.ts';
import { type EventMessage, type OutboxRow, toEventMessage } from './event-message.ts';
import { isUserEvent } from './outbox.ts';
import { STAMP_BATCH, stampPositions } from './sequencer.ts';
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryOptions, WebhookDeliverer } from './webhook-delivery.ts';
import { onWake, wake } from './wakeup.ts';

/** Tuning of the outbox dispatcher (defaults suit production; tests shorten them). */
export interface DispatcherOptions {
  /** Poll interval when no wake-up arrives. */
  pollIntervalMs: number;
  /** Events claimed per step. */
  batchSize: number;
  /** Most events stamped with positions per step (a backlog takes several). */
  stampBatchSize: number;
  /**
   * After a step that found work, rest this many times as long as the step
   * took (see PollLoop); 0 drains a backlog without pausing.
   */
  busyRestRatio: number;
  /** A claim older than this belongs to a dispatcher that died: it is taken again. */
  claimTimeoutMs: number;
  /**
   * Events stay resumable (live subscriptions' `after`) this many days;
   * processed events without webhook deliveries are deleted after it.
   */
  retentionDays: number;
  /** Events with webhook deliveries (and so the delivery log) are kept this many days. */
  deliveryLogDays: number;
  /** Webhook delivery tuning. */
  delivery: DeliveryOptions;
  /**
   * Called once per dispatched event, after pub/sub and webhook fan-out and
   * before the event is marked done (so at least once). Errors are logged.
   */
  onEvent?: (event: EventMessage) => Promise<void> | void;
  /** Test-only fault injection: throwing abandons the batch as a crash would. */
  faults?: {
    afterClaim?: (eventIds: string[]) => Promise<void> | void;
    afterFanOut?: (eventIds: string[]) => Promise<void> | void;
  };
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  pollIntervalMs: 200,
  batchSize: 100,
  stampBatchSize: STAMP_BATCH,
  busyRestRatio: 0,
  claimTimeoutMs: 30_000,
  retentionDays: 7,
  deliveryLogDays: 30,
  delivery: DEFAULT_DELIVERY_OPTIONS,
};

/**
 * On the embedded database the dispatcher shares the one connection (and
 * the one thread) with the requests, and PGlite serves statements in the
 * order they queue. So a backlog (a burst of writes leaves one) is worked off
 * in small steps, each resting as long as it took before the next: a
 * request's statement waits behind at most one short step, and requests
 * keep at least half of the connection while the backlog drains. On
 * PostgreSQL the dispatcher has its own pool and drains at full speed.
 */
export const EMBEDDED_DISPATCHER_OPTIONS: Pick<DispatcherOptions, 'batchSize' | 'stampBatchSize' | 'busyRestRatio'> = {
  batchSize: 50,
  stampBatchSize: 100,
  busyRestRatio: 1,
};

export interface DispatcherDeps {
  database: Database;
  logger: Logger;
  /**
   * Called after each stamping round with the last position stamped (by
   * this instance or another) and whether this round stamped any: wakes the
   * live-event feeds (this instance's always, the others' through the wake
   * channel when this one stamped).
   */
  announce?: (lastPosition: bigint, stampedHere: boolean) => void;
  /** The search index, when the services have one (read at each batch). */
  search?: () => Pick<SearchIndex, 'indexTask'> | undefined;
  /** PostgreSQL URL for LISTEN/NOTIFY wake-ups; without it, in-process wake-ups and polling. */
  databaseUrl?: string;
}

const HOUSEKEEPING_MS = 10 * 60_000;
/** Longest time between two stamping rounds without a wake-up (a lost NOTIFY costs at most this). */
const STAMP_FALLBACK_MS = 1_000;

/**
 * Moves committed outbox events to their consumers. Each step first stamps
 * commit-ordered positions on newly committed rows (src/events/sequencer.ts)
 * and announces them, which wakes the live-event feeds (GraphQL
 * subscriptions read the outbox themselves, see src/events/event-feed.ts);
 * then it claims stamped events for webhook subscriptions (one delivery row
 * per matching subscription) and the search index, and marks them
 * processed. Claims use `FOR UPDATE SKIP LOCKED`, so any number of instances
 * share the work; a claim left by a process that died is retaken after
 * `claimTimeoutMs`. All of it runs on the background pool.
 */
export class EventDispatcher {
  readonly options: DispatcherOptions;
  readonly deliverer: WebhookDeliverer;
  private readonly loop: PollLoop;
  private readonly unsubscribe: (() => void)[] = [];
  private stopListening: (() => Promise<void>) | null = null;
  /** New outbox rows were committed (a wake-up) since the last stamping round. */
  private stampDue = true;
  private lastStampAt = 0;
  private housekeeping: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: DispatcherDeps,
    options: Partial<DispatcherOptions> = {},
  ) {
    const embedded = deps.database.kind === 'pglite' ? EMBEDDED_DISPATCHER_OPTIONS : {};
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...embedded, ...options };
    this.loop = new PollLoop('outbox', this.options.pollIntervalMs, () => this.step(), deps.logger, this.options.busyRestRatio);
    this.deliverer = new WebhookDeliverer(deps.database.background, deps.logger, this.options.delivery);
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
      this.unsubscribe.push(onWake('outbox', () => this.wakeUp()));
    } else {
      this.stopListening = listenPostgres(
        this.deps.databaseUrl,
        OUTBOX_CHANNEL,
        () => this.wakeUp(),
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

  /** New rows were committed: stamp them in the next round, now. */
  private wakeUp(): void {
    this.stampDue = true;
    this.loop.nudge();
  }

  /** One round: stamp and announce new positions, then dispatch a batch; true when there may be more. */
  private async step(): Promise<boolean> {
    // Stamping is due on a wake-up, and at least every STAMP_FALLBACK_MS in case one was lost;
    // idle polls in between only look for claimable events.
    let stamped = 0;
    if (this.stampDue || Date.now() - this.lastStampAt >= STAMP_FALLBACK_MS) {
      this.stampDue = false;
      this.lastStampAt = Date.now();
      stamped = await this.stamp();
      if (stamped >= this.options.stampBatchSize) this.stampDue = true;
    }
    const dispatched = await this.dispatchBatch();
    return stamped > 0 || dispatched > 0;
  }

  /** Stamps positions on committed rows and announces them; returns how many this round stamped. */
  async stamp(): Promise<number> {
    const { stamped, lastPosition } = await stampPositions(this.deps.database.background, this.options.stampBatchSize);
    this.deps.announce?.(lastPosition, stamped > 0);
    return stamped;
  }

  /** Claims and dispatches one batch of stamped events; returns how many events it handled. */
  async dispatchBatch(): Promise<number> {
    const db = this.deps.database.background;
    const claimed = await db.$queryRaw<OutboxRow[]>`
      UPDATE "OutboxEvent" AS e SET "claimedAt" = timezone('UTC', now())
      FROM (
        SELECT id FROM "OutboxEvent"
        WHERE "processedAt" IS NULL AND position IS NOT NULL
          AND ("claimedAt" IS NULL OR "claimedAt" < timezone('UTC', now()) - (${this.options.claimTimeoutMs}::integer * interval '1 millisecond'))
        ORDER BY position
        LIMIT ${this.options.batchSize}::integer
        FOR UPDATE SKIP LOCKED
      ) AS c
      WHERE e.id = c.id
      RETURNING e.id, e.position, e.type, e."taskId", e."projectId", e."fromProjectId", e."ticketNumber", e."actorId", e.data, e."createdAt"`;
    if (claimed.length === 0) return 0;
    const events = claimed.map(toEventMessage).sort((a, b) => (BigInt(a.cursor!) < BigInt(b.cursor!) ? -1 : 1));
    const ids = events.map((e) => e.id);
    await this.options.faults?.afterClaim?.(ids);

    const idList = Prisma.join(ids.map((id) => BigInt(id)));
    // A subscription is its creator's standing grant: one whose creator left
    // its board (or no longer owns its team) is disabled before it is matched,
    // with the reason on the subscription. The fan-out checks the same rule
    // again for a removal committed in between.
    await disableLostWebhooks(
      db,
      Prisma.sql`(s."projectId" IN (SELECT "projectId" FROM "OutboxEvent" WHERE id IN (${idList}))
        OR s."teamId" IN (SELECT p."teamId" FROM "OutboxEvent" e JOIN "Project" p ON p.id = e."projectId" WHERE e.id IN (${idList})))`,
    );
    // One delivery per matching subscription (only the webhook event names
    // match a subscription's filter) made before the event: pending for an
    // active one whose creator still holds it, `skipped` for any other (listed in its log, sent only when redelivered);
    // the unique (subscriptionId, eventId) makes a retaken batch a no-op here.
    const fannedOut = await db.$executeRaw`
      INSERT INTO "WebhookDelivery" ("subscriptionId", "eventId", "status", "attemptCount", "nextAttemptAt", "createdAt", "updatedAt")
      SELECT s.id, e.id, CASE WHEN s.active AND ${webhookCreatorHoldsSql()} THEN 'pending'::"DeliveryStatus" ELSE 'skipped'::"DeliveryStatus" END, 0,
        timezone('UTC', now()), timezone('UTC', now()), timezone('UTC', now())
      FROM "OutboxEvent" e
      JOIN "Project" p ON p.id = e."projectId"
      JOIN "WebhookSubscription" s
        ON (s."projectId" = e."projectId" OR (s."teamId" IS NOT NULL AND s."teamId" = p."teamId"))
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

  private async runHooks(events: EventMessage[]): Promise<void> {
    const search = this.deps.search?.();
    if (search) {
      // Comments and inbox entries change nothing the search index holds of a task.
      const taskIds = [...new Set(events.flatMap((e) => (e.taskId === null || e.event.startsWith('comment.') || isUserEvent(e) ? [] : [e.taskId])))];
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

  /**
   * Retention. Moves the resume horizon past the events older than
   * `retentionDays` (a cursor below it is expired: parseResumeCursor), then
   * deletes processed events below the horizon that have no webhook
   * deliveries, and processed events older than `deliveryLogDays` (their
   * deliveries and attempts cascade). Bounded work per call.
   */
  async purgeOld(): Promise<number> {
    const db = this.deps.database.background;
    // Positions follow time closely (stamped right after commit): walk forward from the horizon.
    await db.$executeRaw`
      UPDATE "OutboxSequence" SET horizon = GREATEST(horizon, COALESCE((
        SELECT max(position) FROM (
          SELECT position, "createdAt" FROM "OutboxEvent"
          WHERE position > (SELECT horizon FROM "OutboxSequence" WHERE id = 1)
          ORDER BY position LIMIT 10000
        ) AS old
        WHERE old."createdAt" < timezone('UTC', now()) - (${this.options.retentionDays}::integer * interval '1 day')
      ), 0))
      WHERE id = 1`;
    return db.$executeRaw`
      DELETE FROM "OutboxEvent" WHERE id IN (
        SELECT e.id FROM "OutboxEvent" e
        WHERE e."processedAt" IS NOT NULL
          AND (e."processedAt" < timezone('UTC', now()) - (${this.options.deliveryLogDays}::integer * interval '1 day')
            OR (e.position <= (SELECT horizon FROM "OutboxSequence" WHERE id = 1)
                AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e.id)))
        ORDER BY e.id LIMIT 1000)`;
  }
}
