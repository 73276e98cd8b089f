import type { Db } from '../db/client.ts';
import type { PostOutcome } from './webhook-http.ts';

/** A delivery whose POST got a 2xx, to be recorded as succeeded. */
export interface Success {
  deliveryId: number;
  subscriptionId: number;
  /** Attempts before this one. */
  attemptCount: number;
  outcome: PostOutcome;
}

/**
 * Records successful attempts in one autocommitted statement (data-modifying
 * CTEs are atomic): the attempt log rows, the deliveries marked succeeded,
 * and the end of their subscriptions' failure streaks.
 */
export async function recordSuccesses(db: Db, items: Success[]): Promise<void> {
  if (items.length === 0) return;
  const ids = items.map((s) => s.deliveryId);
  const attempts = items.map((s) => s.attemptCount + 1);
  const codes = items.map((s) => s.outcome.statusCode);
  const durations = items.map((s) => s.outcome.durationMs);
  const excerpts = items.map((s) => s.outcome.responseExcerpt);
  const subscriptions = [...new Set(items.map((s) => s.subscriptionId))];
  await db.$executeRaw`
    WITH input AS (
      SELECT * FROM unnest(${ids}::integer[], ${attempts}::integer[], ${codes}::integer[], ${durations}::integer[], ${excerpts}::text[])
        AS x("deliveryId", "attempts", "statusCode", "durationMs", "excerpt")
    ), attempt AS (
      INSERT INTO "WebhookAttempt" ("deliveryId", "statusCode", "durationMs", "responseExcerpt", "createdAt")
      SELECT "deliveryId", "statusCode", "durationMs", "excerpt", timezone('UTC', now()) FROM input
    ), delivered AS (
      UPDATE "WebhookDelivery" AS d
      SET status = 'succeeded'::"DeliveryStatus", "attemptCount" = input."attempts",
          "lastStatusCode" = input."statusCode", "updatedAt" = timezone('UTC', now())
      FROM input WHERE d.id = input."deliveryId"
    )
    UPDATE "WebhookSubscription" SET "failingSince" = NULL, "updatedAt" = timezone('UTC', now())
    WHERE id = ANY(${subscriptions}::integer[]) AND "failingSince" IS NOT NULL`;
}

/**
 * Collects successes for up to `delayMs` (or `max` of them) and records them
 * together: at hundreds of deliveries a second, one statement and one commit
 * per batch instead of per delivery. Each caller's promise settles with its
 * batch; a failed batch rejects them all (their leases expire and they are
 * sent again with the same webhook-id, as after a crash).
 */
export class SuccessBatcher {
  private pending: { item: Success; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly delayMs = 5,
    private readonly max = 200,
  ) {}

  /** Queues one success; resolves once it is recorded. */
  record(item: Success): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.max) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
    });
  }

  /** Records what is queued now. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending.splice(0);
    if (batch.length === 0) return;
    try {
      await recordSuccesses(
        this.db,
        batch.map((b) => b.item),
      );
      for (const b of batch) b.resolve();
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }
}
