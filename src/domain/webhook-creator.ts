import type { Db } from '../db/client.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { webhookCreatorHoldsSql } from './access.ts';

// A webhook subscription is a standing grant of its creator: it sends what
// its creator may see, and only while they may. The rule (who holds one)
// is `webhookCreatorHoldsSql` in access.ts; this file applies it when a
// subscription is used: at fan-out, before each send, and on re-enabling.

/** Text of `disabledReason` for {@link WebhookDisabledCause} `creator_lost_access`. */
export const CREATOR_LOST_ACCESS_REASON =
  'Its creator no longer sees its board or team (left or removed, or no longer an owner for a team-wide ' +
  'subscription); an owner re-enables it with PATCH {"active": true} and becomes its creator.';

/**
 * Whether the subscription's creator still holds it (the rule of
 * `webhookCreatorHoldsSql`): false for one whose creator left its board or
 * team, or whose creator's account is gone.
 */
export async function creatorHoldsWebhook(db: Db, id: number): Promise<boolean> {
  const [row] = await db.$queryRaw<{ holds: boolean }[]>`
    SELECT ${webhookCreatorHoldsSql()} AS holds FROM "WebhookSubscription" s WHERE s.id = ${id}::integer`;
  return row?.holds ?? false;
}

/**
 * Disables, with cause `creator_lost_access`, the active subscriptions among
 * those `scope` selects (an SQL condition over the subscription `s`) whose
 * creator no longer holds them; returns their ids. Runs where events meet
 * subscriptions (the dispatcher's fan-out, the deliverer's claim), so a
 * removed member's subscription stops at its next event or send.
 */
export async function disableLostWebhooks(db: Db, scope: Prisma.Sql): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE "WebhookSubscription" AS s
    SET active = false, "disabledCause" = 'creator_lost_access'::"WebhookDisabledCause",
        "disabledReason" = ${CREATOR_LOST_ACCESS_REASON}, "disabledAt" = timezone('UTC', now()),
        "updatedAt" = timezone('UTC', now())
    WHERE s.active AND (${scope}) AND NOT ${webhookCreatorHoldsSql()}
    RETURNING s.id`;
  return rows.map((r) => r.id);
}
