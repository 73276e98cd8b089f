import { Prisma } from '../generated/prisma/client.ts';
import type { Db } from '../db/client.ts';
import { GoneError, ValidationError } from '../errors.ts';
import { type EventMessage, type OutboxRow, toEventMessage } from './event-message.ts';
import { USER_EVENTS } from './outbox.ts';
import { sequenceState } from './sequencer.ts';

/** Stamped outbox events matching `where`, in commit order, at most `limit`. */
async function readOutbox(db: Db, where: Prisma.Sql, limit: number): Promise<EventMessage[]> {
  const rows = await db.$queryRaw<OutboxRow[]>`
    SELECT e.id, e.position, e.type, e."taskId", e."projectId", e."fromProjectId", e."ticketNumber", e."actorId", e.data, e."createdAt"
    FROM "OutboxEvent" e
    WHERE ${where}
    ORDER BY e.position
    LIMIT ${limit}::integer`;
  return rows.map(toEventMessage);
}

/** Stamped events after `position`, of every board, in commit order. */
export async function readEventsAfter(db: Db, position: bigint, limit: number): Promise<EventMessage[]> {
  return readOutbox(db, Prisma.sql`e.position > ${position}::bigint`, limit);
}

/**
 * Stamped events of one board after `position`, in commit order: its own and
 * those of tasks that moved away from it; not the events of its members'
 * inboxes ({@link USER_EVENTS}), which only their own recipients read.
 */
export async function readBoardEventsAfter(db: Db, projectId: number, position: bigint, limit: number): Promise<EventMessage[]> {
  return readOutbox(
    db,
    Prisma.sql`(e."projectId" = ${projectId}::integer OR e."fromProjectId" = ${projectId}::integer)
      AND e.position > ${position}::bigint
      AND e.type <> ALL(${USER_EVENTS}::text[])`,
    limit,
  );
}

/** Stamped events of one user's inbox ({@link USER_EVENTS} naming them) after `position`, in commit order. */
export async function readUserEventsAfter(db: Db, userId: number, position: bigint, limit: number): Promise<EventMessage[]> {
  return readOutbox(
    db,
    Prisma.sql`e.type = ANY(${USER_EVENTS}::text[])
      AND e.data -> 'userIds' @> ${JSON.stringify([userId])}::jsonb
      AND e.position > ${position}::bigint`,
    limit,
  );
}

/** The users an event of an inbox ({@link USER_EVENTS}) is for (`data.userIds`). */
export function recipientsOf(event: Pick<EventMessage, 'data'>): number[] {
  const ids = event.data.userIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}

/** The boards an event concerns: its own, and the one a task left. */
export function boardsOf(event: Pick<EventMessage, 'projectId' | 'fromProjectId'>): number[] {
  return event.fromProjectId === null || event.fromProjectId === event.projectId
    ? [event.projectId]
    : [event.projectId, event.fromProjectId];
}

/**
 * Reads a client's resume cursor (`after`, SSE `Last-Event-ID`): the
 * `cursor` of the last event it received. Not a cursor, or one this service
 * never issued (ahead of the feed) → VALIDATION naming `field`; older than
 * the retention (events after it were deleted) → GONE: the client must
 * refetch and subscribe again without it.
 */
export async function parseResumeCursor(db: Db, value: string, field: string, retentionDays: number): Promise<bigint> {
  if (!/^\d{1,19}$/.test(value)) {
    throw new ValidationError(field, `${field} must be the cursor of a received event (digits).`, 'invalid_cursor');
  }
  const position = BigInt(value);
  const { lastPosition, horizon } = await sequenceState(db);
  if (position > lastPosition) {
    throw new ValidationError(
      field,
      `${field} "${value}" is not a cursor of this service (no event has it yet); subscribe without it.`,
      'unknown_cursor',
    );
  }
  if (position < horizon) {
    throw new GoneError(
      `${field} "${value}" is older than the event retention (${retentionDays} days): events after it were deleted. ` +
        'Refetch the board, then subscribe again without it.',
      field,
      'cursor_expired',
    );
  }
  return position;
}
