import type { Db } from '../db/client.ts';
import { webhookCreatorHoldsSql } from '../domain/access.ts';
import { disableLostWebhooks } from '../domain/webhook-creator.ts';
import { Prisma } from '../generated/prisma/client.ts';
import type { Logger } from '../logger.ts';
import { PollLoop } from './poll-loop.ts';
import {
  type CircuitOptions,
  DEFAULT_CIRCUIT,
  DEFAULT_DISABLE_AFTER_MS,
  DEFAULT_RETRY_SCHEDULE_MS,
  nextRetryDelay,
  type RetryPolicy,
} from './retry-policy.ts';
import { type OutboxRow, toEventMessage, toWebhookPayload } from './event-message.ts';
import { postWebhook, type PostOutcome } from './webhook-http.ts';
import { webhookHeaders } from './webhook-signature.ts';
import { onWake } from './wakeup.ts';

/** Tuning of webhook delivery. */
export interface DeliveryOptions {
  pollIntervalMs: number;
  /** Deliveries in flight at once, per instance. */
  concurrency: number;
  /** Deliveries of one subscription in flight at once, per instance (its share of `concurrency`). */
  perSubscription: number;
  /**
   * Deliveries of one team's subscriptions (team-wide and on the team's
   * boards; a board without a team counts as its own) in flight at once, per
   * instance: one team's slow receivers hold at most this share of `concurrency`.
   */
  perTeam: number;
  /** A claimed delivery is hidden from other instances this long (longer than `timeoutMs`). */
  leaseMs: number;
  /** A 2xx must arrive within this time. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** A subscription failing without a success for this long is disabled. */
  disableAfterMs: number;
  /** The circuit breaker of destinations that keep timing out. */
  circuit: CircuitOptions;
  /** Allow private, loopback and link-local destinations (config WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Test-only: throwing between the POST and recording its outcome simulates a crash. */
  faults?: { beforeRecord?: (deliveryId: number) => Promise<void> | void };
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  pollIntervalMs: 200,
  concurrency: 32,
  perSubscription: 4,
  perTeam: 8,
  leaseMs: 60_000,
  timeoutMs: 10_000,
  retry: { scheduleMs: DEFAULT_RETRY_SCHEDULE_MS, jitter: 0.2 },
  disableAfterMs: DEFAULT_DISABLE_AFTER_MS,
  circuit: DEFAULT_CIRCUIT,
  allowPrivate: false,
};

export const USER_AGENT = 'tasksvc-webhooks/1';

/** Longest time between two passes that disable subscriptions whose creator lost access (their sends stop at once regardless). */
const LOST_CHECK_MS = 1_000;

/** A claimed delivery with everything its attempt needs (no second read). */
interface ClaimedDelivery extends OutboxRow {
  deliveryId: number;
  /** The attempt logged at the claim, outcome `unknown` until recorded. */
  attemptId: number;
  subscriptionId: number;
  attemptCount: number;
  url: string;
  secret: string;
  /** The tenant whose share the delivery uses: `t<teamId>`, or `p<projectId>` for a board without a team. */
  tenant: string;
  /** Set while the subscription's circuit is open (see {@link CircuitOptions}). */
  circuitOpenSince: Date | null;
}

/** In-flight counts by key; entries at zero are removed. */
class Counts<K> extends Map<K, number> {
  add(key: K, n: number): void {
    const next = (this.get(key) ?? 0) + n;
    if (next > 0) this.set(key, next);
    else this.delete(key);
  }

  /** The counts as JSON rows `{k, n}` (a parameter of the claim statement). */
  rows(): string {
    return JSON.stringify([...this].map(([k, n]) => ({ k: String(k), n })));
  }
}

/**
 * Sends due webhook deliveries and records each attempt. Deliveries are
 * claimed with `FOR UPDATE SKIP LOCKED` plus a lease (their `nextAttemptAt`
 * moves `leaseMs` ahead), so a delivery whose sender died is retried after
 * the lease. Per subscription and task, a delivery waits until every earlier
 * one is settled, so receivers see each task's events in order. Each claim
 * logs its attempt at once with the outcome `unknown`, completed when the
 * answer is recorded: an attempt in flight when its process dies stays in the
 * delivery log as `unknown` (the receiver may or may not have it; the retry
 * after the lease carries the same `webhook-id`).
 */
export class WebhookDeliverer {
  private readonly loop: PollLoop;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly bySubscription = new Counts<number>();
  private readonly byTenant = new Counts<string>();
  private offWake: (() => void) | null = null;
  private lostCheckedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    readonly options: DeliveryOptions,
  ) {
    this.loop = new PollLoop('webhooks', options.pollIntervalMs, () => this.step(), logger);
  }

  /** Starts the delivery loop. */
  start(): void {
    this.loop.start();
    this.offWake = onWake('deliveries', () => this.loop.nudge());
  }

  /** Stops claiming and waits for the attempts in flight (each ends within `timeoutMs`). */
  async stop(): Promise<void> {
    this.offWake?.();
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Wakes the loop (new deliveries were queued). */
  nudge(): void {
    this.loop.nudge();
  }

  private async step(): Promise<boolean> {
    const free = this.options.concurrency - this.inFlight.size;
    if (free <= 0) return false;
    await this.disableLost();
    const claimed = await this.claim(free);
    for (const delivery of claimed) {
      this.bySubscription.add(delivery.subscriptionId, 1);
      this.byTenant.add(delivery.tenant, 1);
      const p = this.attempt(delivery)
        .catch((err) => this.logger.error({ err, deliveryId: delivery.deliveryId }, 'webhook attempt failed to run'))
        .finally(() => {
          this.inFlight.delete(p);
          this.bySubscription.add(delivery.subscriptionId, -1);
          this.byTenant.add(delivery.tenant, -1);
          this.loop.nudge();
        });
      this.inFlight.add(p);
    }
    return claimed.length > 0 && this.inFlight.size < this.options.concurrency;
  }

  /**
   * The claim sends nothing to a subscription whose creator lost access;
   * this gives such a subscription with deliveries waiting its visible
   * state (disabled, `creator_lost_access`) without waiting for its next
   * event. At most once per {@link LOST_CHECK_MS}: it is a scan, and the
   * loop polls often.
   */
  private async disableLost(): Promise<void> {
    if (Date.now() - this.lostCheckedAt < LOST_CHECK_MS) return;
    this.lostCheckedAt = Date.now();
    await disableLostWebhooks(
      this.db,
      Prisma.sql`EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."subscriptionId" = s.id AND d.status = 'pending'::"DeliveryStatus")`,
    );
  }

  /**
   * Claims up to `limit` due deliveries whose earlier ones (same subscription
   * and task) are settled: the head of each (subscription, task) chain of
   * pending deliveries, when due and no earlier event of the task is still
   * being fanned out. Heads are found with one sort of the pending rows
   * (DISTINCT ON), not a per-row search for earlier pending ones, which grew
   * with the square of the backlog (seconds per claim at ten thousand
   * pending, so a backlog never drained). The claimed row's own conditions
   * are repeated outside the subquery so that PostgreSQL re-checks them on
   * the row it locks (a row another instance just claimed is not taken twice).
   *
   * Fair shares: a head is claimable only while its subscription has fewer
   * than `perSubscription` and its team fewer than `perTeam` deliveries in
   * flight here (the in-flight counts are parameters; heads are ranked within
   * their subscription and their team), and heads are taken round-robin
   * across teams (every team's first due head, then every team's second…), so
   * one team's backlog of slow deliveries never stands in front of another
   * team's. What is not claimed stays pending for a later claim: nothing is
   * dropped and the per-task order is kept.
   */
  private claim(limit: number): Promise<ClaimedDelivery[]> {
    const { perSubscription, perTeam } = this.options;
    return this.db.$queryRaw<ClaimedDelivery[]>`
      WITH claimed AS (
      UPDATE "WebhookDelivery" AS d
      SET "nextAttemptAt" = timezone('UTC', now()) + (${this.options.leaseMs}::integer * interval '1 millisecond')
      FROM (
        SELECT d0.id, r.tenant FROM "WebhookDelivery" d0
        JOIN (
          SELECT h.id, h.tenant, h."circuitOpen",
            row_number() OVER (PARTITION BY h."subscriptionId" ORDER BY h."nextAttemptAt", h.id) + COALESCE(bs.n, 0) AS "subRank",
            row_number() OVER (PARTITION BY h.tenant ORDER BY h."nextAttemptAt", h.id) + COALESCE(bt.n, 0) AS "tenantRank"
          FROM (
            SELECT DISTINCT ON (d1."subscriptionId", e."taskId")
              d1.id, d1."subscriptionId", d1."eventId", d1."nextAttemptAt", e."taskId",
              s1."circuitOpenSince" IS NOT NULL AS "circuitOpen",
              COALESCE('t' || COALESCE(s1."teamId", p1."teamId"), 'p' || s1."projectId") AS tenant
            FROM "WebhookDelivery" d1
            JOIN "OutboxEvent" e ON e.id = d1."eventId"
            -- A disabled subscription's backlog stays pending: leave it out of the sort.
            -- So is one whose creator no longer holds it (left its board or team): sent nothing, even if queued.
            JOIN "WebhookSubscription" s1 ON s1.id = d1."subscriptionId" AND s1.active AND ${webhookCreatorHoldsSql('s1')}
            LEFT JOIN "Project" p1 ON p1.id = s1."projectId"
            WHERE d1.status = 'pending'::"DeliveryStatus"
            ORDER BY d1."subscriptionId", e."taskId", d1."eventId"
          ) AS h
          LEFT JOIN (
            SELECT "taskId", min(id) AS "firstId" FROM "OutboxEvent"
            WHERE "processedAt" IS NULL
            GROUP BY "taskId"
          ) AS u ON u."taskId" = h."taskId"
          LEFT JOIN jsonb_to_recordset(${this.bySubscription.rows()}::jsonb) AS bs(k text, n integer) ON bs.k = h."subscriptionId"::text
          LEFT JOIN jsonb_to_recordset(${this.byTenant.rows()}::jsonb) AS bt(k text, n integer) ON bt.k = h.tenant
          WHERE h."nextAttemptAt" <= timezone('UTC', now())
            AND (u."firstId" IS NULL OR u."firstId" >= h."eventId")
        ) AS r ON r.id = d0.id
        WHERE d0.status = 'pending'::"DeliveryStatus"
          AND d0."nextAttemptAt" <= timezone('UTC', now())
          AND r."subRank" <= CASE WHEN r."circuitOpen" THEN 1 ELSE ${perSubscription}::integer END
          AND r."tenantRank" <= ${perTeam}::integer
        ORDER BY r."tenantRank", d0."nextAttemptAt", d0.id
        LIMIT ${limit}::integer
        FOR UPDATE OF d0 SKIP LOCKED
      ) AS c, "WebhookSubscription" AS s, "OutboxEvent" AS e
      WHERE d.id = c.id AND s.id = d."subscriptionId" AND e.id = d."eventId"
      RETURNING d.id AS "deliveryId", d."subscriptionId", d."attemptCount", s.url, s.secret, c.tenant, s."circuitOpenSince",
        e.id, e.type, e."taskId", e."projectId", e."ticketNumber", e."actorId", e.data, e."createdAt"
      ), attempt AS (
        INSERT INTO "WebhookAttempt" ("deliveryId", "outcome", "createdAt")
        SELECT "deliveryId", 'unknown'::"AttemptOutcome", timezone('UTC', now()) FROM claimed
        RETURNING id, "deliveryId"
      )
      SELECT claimed.*, attempt.id AS "attemptId" FROM claimed JOIN attempt USING ("deliveryId")`;
  }

  /** One attempt of one claimed delivery: POST, then record the outcome. */
  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const message = toEventMessage(delivery);
    const body = JSON.stringify(toWebhookPayload(message));
    const outcome = await postWebhook(
      delivery.url,
      {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-event-type': message.event,
        ...webhookHeaders(delivery.secret, message.id, body),
      },
      body,
      { timeoutMs: await this.timeoutFor(delivery), allowPrivate: this.options.allowPrivate },
    );
    await this.options.faults?.beforeRecord?.(delivery.deliveryId);
    await recordAttempt(this.db, delivery, outcome, this.options);
  }

  /**
   * The time one attempt may take: the full timeout, or the short one while
   * the subscription's circuit is open, except for the attempt that takes the
   * due probe (the probe time moves on in the same statement, so one attempt
   * gets it however many instances send).
   */
  private async timeoutFor(delivery: ClaimedDelivery): Promise<number> {
    const { timeoutMs, circuit } = this.options;
    if (!delivery.circuitOpenSince) return timeoutMs;
    const probe = await this.db.$executeRaw`
      UPDATE "WebhookSubscription"
      SET "circuitProbeAt" = timezone('UTC', now()) + (${circuit.probeEveryMs}::integer * interval '1 millisecond')
      WHERE id = ${delivery.subscriptionId}::integer AND "circuitOpenSince" IS NOT NULL
        AND ("circuitProbeAt" IS NULL OR "circuitProbeAt" <= timezone('UTC', now()))`;
    return probe > 0 ? timeoutMs : Math.min(circuit.shortTimeoutMs, timeoutMs);
  }
}

/** True for a 2xx answer. */
export function isSuccess(outcome: PostOutcome): boolean {
  return outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
}

/**
 * Completes the attempt logged at the claim with its outcome and moves the
 * delivery on: succeeded; retried later
 * (backoff with jitter, or `Retry-After`); or failed when the schedule is
 * exhausted. A 410 disables the subscription at once; a subscription with
 * no success for `disableAfterMs` is disabled too, with the reason. A
 * timeout lengthens the subscription's timeout streak and opens its circuit
 * at `circuit.tripAfterTimeouts`; any other outcome ends the streak and
 * closes the circuit (the destination answers).
 */
export async function recordAttempt(
  db: Db,
  delivery: { deliveryId: number; attemptId: number; subscriptionId: number; attemptCount: number },
  outcome: PostOutcome,
  options: Pick<DeliveryOptions, 'retry' | 'disableAfterMs' | 'circuit'>,
): Promise<void> {
  const attempts = delivery.attemptCount + 1;
  const { deliveryId, attemptId, subscriptionId } = delivery;
  if (isSuccess(outcome)) {
    // The common case in one autocommitted statement (data-modifying CTEs are
    // atomic): no interactive transaction holding a pooled connection.
    await db.$executeRaw`
      WITH attempt AS (
        UPDATE "WebhookAttempt"
        SET "outcome" = 'succeeded'::"AttemptOutcome", "statusCode" = ${outcome.statusCode}::integer,
            "durationMs" = ${outcome.durationMs}::integer, "responseExcerpt" = ${outcome.responseExcerpt}, "error" = ${outcome.error}
        WHERE id = ${attemptId}::integer
      ), delivered AS (
        UPDATE "WebhookDelivery"
        SET status = 'succeeded'::"DeliveryStatus", "attemptCount" = ${attempts}::integer,
            "lastStatusCode" = ${outcome.statusCode}::integer, "updatedAt" = timezone('UTC', now())
        WHERE id = ${deliveryId}::integer
      )
      UPDATE "WebhookSubscription"
      SET "failingSince" = NULL, "timeoutStreak" = 0, "circuitOpenSince" = NULL, "circuitProbeAt" = NULL,
          "updatedAt" = timezone('UTC', now())
      WHERE id = ${subscriptionId}::integer
        AND ("failingSince" IS NOT NULL OR "timeoutStreak" > 0 OR "circuitOpenSince" IS NOT NULL)`;
    return;
  }
  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.update({
      where: { id: attemptId },
      data: {
        outcome: 'failed',
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        responseExcerpt: outcome.responseExcerpt,
        error: outcome.error,
      },
    });
    const gone = outcome.statusCode === 410;
    const delay = gone ? null : nextRetryDelay(options.retry, attempts, outcome.retryAfterMs);
    if (delay === null) {
      await tx.webhookDelivery.update({
        where: { id: deliveryId },
        data: { status: 'failed', attemptCount: attempts, lastStatusCode: outcome.statusCode },
      });
    } else {
      await tx.$executeRaw`
        UPDATE "WebhookDelivery"
        SET "attemptCount" = ${attempts}::integer, "lastStatusCode" = ${outcome.statusCode}::integer,
            "nextAttemptAt" = timezone('UTC', now()) + (${delay}::integer * interval '1 millisecond'),
            "updatedAt" = timezone('UTC', now())
        WHERE id = ${deliveryId}::integer`;
    }
    if (gone) {
      await tx.webhookSubscription.update({
        where: { id: subscriptionId },
        data: {
          active: false,
          disabledCause: 'gone',
          disabledAt: new Date(),
          disabledReason: `The endpoint answered 410 Gone on ${new Date().toISOString()}; re-enable with PATCH {"active": true}.`,
        },
      });
      return;
    }
    // The right-hand sides read the row as it was: "timeoutStreak" + 1 is this attempt's streak.
    const trips = Prisma.sql`${outcome.timedOut}::boolean AND "timeoutStreak" + 1 >= ${options.circuit.tripAfterTimeouts}::integer`;
    const [streak] = await tx.$queryRaw<{ failingSince: Date; expired: boolean }[]>`
      UPDATE "WebhookSubscription"
      SET "failingSince" = COALESCE("failingSince", timezone('UTC', now())),
          "timeoutStreak" = CASE WHEN ${outcome.timedOut}::boolean THEN "timeoutStreak" + 1 ELSE 0 END,
          "circuitOpenSince" = CASE WHEN ${trips} THEN COALESCE("circuitOpenSince", timezone('UTC', now())) ELSE NULL END,
          "circuitProbeAt" = CASE
            WHEN NOT (${trips}) THEN NULL
            WHEN "circuitOpenSince" IS NULL
              THEN timezone('UTC', now()) + (${options.circuit.probeEveryMs}::integer * interval '1 millisecond')
            ELSE "circuitProbeAt" END
      WHERE id = ${subscriptionId}::integer
      RETURNING "failingSince",
        "failingSince" < timezone('UTC', now()) - (${options.disableAfterMs}::bigint * interval '1 millisecond') AS expired`;
    if (streak?.expired) {
      await tx.webhookSubscription.update({
        where: { id: subscriptionId },
        data: {
          active: false,
          disabledCause: 'failing',
          disabledAt: new Date(),
          disabledReason:
            `Deliveries have failed without a success since ${new Date(streak.failingSince).toISOString()}; ` +
            're-enable with PATCH {"active": true}.',
        },
      });
    }
  });
}
