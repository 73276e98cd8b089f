import type { Db } from '../db/client.ts';

/*
 * Commit-ordered positions for the outbox: the cursor of live subscriptions.
 *
 * Why not the id: `OutboxEvent.id` comes from a sequence, taken when the row
 * is inserted, not when its transaction commits. Transaction A may insert id
 * 10, transaction B id 11, and B commit first. A reader that saw 11 and
 * remembers "after 11" never sees 10 once A commits: the event is lost for
 * it. Any cursor over insert-time ids has this hole.
 *
 * The position is stamped after commit, by one writer at a time:
 *   1. lock the single `OutboxSequence` row (`SELECT … FOR UPDATE`): a second
 *      stamper waits here until the first has committed;
 *   2. in a new statement, so with a snapshot taken after the lock was granted
 *      (READ COMMITTED takes one per statement), number the committed rows
 *      that have no position yet, in id order, from `lastPosition + 1`, and
 *      move `lastPosition` on.
 * Rows of transactions still open are invisible to step 2 and get a larger
 * position in a later round. So positions grow in the order rows become
 * visible: once a reader has seen position P, every position below P is
 * already visible to it (it was stamped by this or an earlier stamper, which
 * committed before the later one got the lock), and "position > cursor"
 * misses nothing. Within one round, id order keeps the events of one task in
 * the order of its changes (writers of one task queue on its row lock, so the
 * later change also inserts later).
 *
 * A row lock, not an advisory lock or a snapshot horizon (`pg_snapshot_xmin`),
 * because it needs nothing beyond plain SQL and works the same on PostgreSQL
 * and on the embedded PGlite (one connection, where it is trivially serial).
 * The cost is one short transaction per round, whoever runs it: any number of
 * dispatchers may call this concurrently; they just take turns.
 */

/** What one stamping round did. */
export interface StampResult {
  /** Rows stamped in this round. */
  stamped: number;
  /** The highest position stamped so far (by anyone), after this round. */
  lastPosition: bigint;
}

/** Most rows stamped in one round (a backlog takes several short rounds). */
export const STAMP_BATCH = 1000;

/**
 * Stamps committed rows without a position (see the comment above): one
 * short transaction, after one cheap look that skips it when there is
 * nothing to stamp (the common case of an idle poll).
 */
export async function stampPositions(db: Db, limit = STAMP_BATCH): Promise<StampResult> {
  const [look] = await db.$queryRaw<{ lastPosition: bigint; pending: boolean }[]>`
    SELECT (SELECT "lastPosition" FROM "OutboxSequence" WHERE id = 1) AS "lastPosition",
           EXISTS (SELECT 1 FROM "OutboxEvent" WHERE position IS NULL) AS pending`;
  if (look && !look.pending) return { stamped: 0, lastPosition: BigInt(look.lastPosition ?? 0) };
  const [, rows] = await db.$transaction([
    db.$queryRaw`SELECT "lastPosition" FROM "OutboxSequence" WHERE id = 1 FOR UPDATE`,
    db.$queryRaw<{ lastPosition: bigint; stamped: bigint }[]>`
      WITH base AS (
        SELECT "lastPosition" AS last FROM "OutboxSequence" WHERE id = 1
      ), pending AS (
        SELECT id, row_number() OVER (ORDER BY id) AS n
        FROM "OutboxEvent" WHERE position IS NULL
        ORDER BY id LIMIT ${limit}::integer
      ), stamped AS (
        UPDATE "OutboxEvent" AS e SET position = base.last + pending.n
        FROM pending, base WHERE e.id = pending.id
        RETURNING 1
      )
      UPDATE "OutboxSequence"
      SET "lastPosition" = "lastPosition" + (SELECT count(*) FROM stamped)
      WHERE id = 1
      RETURNING "lastPosition", (SELECT count(*) FROM stamped) AS stamped`,
  ]);
  const row = rows[0];
  if (!row) throw new Error('OutboxSequence row 1 is missing (migrations not applied?)');
  return { stamped: Number(row.stamped), lastPosition: BigInt(row.lastPosition) };
}

/** The last position stamped and the retention horizon (cursors at or below it are expired). */
export async function sequenceState(db: Db): Promise<{ lastPosition: bigint; horizon: bigint }> {
  const [row] = await db.$queryRaw<{ lastPosition: bigint; horizon: bigint }[]>`
    SELECT "lastPosition", horizon FROM "OutboxSequence" WHERE id = 1`;
  return { lastPosition: BigInt(row?.lastPosition ?? 0), horizon: BigInt(row?.horizon ?? 0) };
}
