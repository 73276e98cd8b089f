import { Prisma } from '../generated/prisma/client.ts';
import { insertRows } from '../db/insert-rows.ts';
import { wake } from './wakeup.ts';

/**
 * The webhook events: the one list of their names (what a subscription may
 * ask for, what `taskEvents` carries; `boardEvents` carries them and more).
 * A new webhook event is added here; every description and check that names
 * them is built from this list.
 */
export const WEBHOOK_EVENTS = ['task.created', 'task.assigned', 'task.updated'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The webhook event names as a description lists them: `task.created, task.assigned, task.updated`. */
export const WEBHOOK_EVENT_LIST = WEBHOOK_EVENTS.join(', ');

/**
 * Events of a board beyond the webhook ones, live on `boardEvents` only:
 * what a board view needs to stay correct without refetching.
 * `task.deleted` is never written: a task deleted for good is the webhook
 * event `task.updated` with `{deleted: true}`, which `boardEvents` names
 * `task.deleted` (src/graphql/types/board-event.ts).
 */
export const BOARD_ONLY_EVENTS = [
  'task.deleted',
  'section.created',
  'section.updated',
  'section.deleted',
  'label.created',
  'label.updated',
  'label.deleted',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'member.added',
  'member.removed',
] as const;
export type BoardOnlyEventName = (typeof BOARD_ONLY_EVENTS)[number];

/** Every event name `boardEvents` delivers. */
export const BOARD_EVENTS = [...WEBHOOK_EVENTS, ...BOARD_ONLY_EVENTS] as const;
export type BoardEventName = (typeof BOARD_EVENTS)[number];

/**
 * Events of one person, not of a board: `notification.created` says that
 * inbox entries were written for the users in `data.userIds` (about task
 * `taskId` of board `projectId`). They travel through the same outbox and
 * feed as board events but reach only those users' `inboxEvents`: never a
 * board subscription (the feed and its board reads leave them out) nor a
 * webhook (no subscription names them).
 */
export const USER_EVENTS = ['notification.created'] as const;
export type UserEventName = (typeof USER_EVENTS)[number];

/** Whether an event is one person's ({@link USER_EVENTS}) rather than a board's. */
export function isUserEvent(event: { event: string }): boolean {
  return (USER_EVENTS as readonly string[]).includes(event.event);
}

/**
 * The `notification.created` outbox row for inbox entries just written, as
 * the body of a data-modifying CTE: `recipients` is SQL over the statement's
 * CTEs, one row per recipient with a `"userId"` column (no rows: no event).
 * The task's board is read from the task itself. Call {@link outboxWritten}
 * after the statement.
 */
export function notificationEventSql(event: {
  taskId: number;
  ticketNumber: string;
  actorId: number | null;
  type: string;
  recipients: Prisma.Sql;
}): Prisma.Sql {
  return notificationEventOfSql({
    ...event,
    task: { id: Prisma.sql`t.id`, projectId: Prisma.sql`t."projectId"`, ticketNumber: Prisma.sql`${event.ticketNumber}` },
    from: Prisma.sql`"Task" t`,
    where: Prisma.sql`t.id = ${event.taskId}::int`,
  });
}

/**
 * {@link notificationEventSql} for a statement that writes the task too:
 * the task's id, board and ticket number are SQL over `from` (the
 * statement's CTEs, one row) filtered by `where`, so the event names the
 * board the statement wrote, not the one of its snapshot.
 */
export function notificationEventOfSql(event: {
  task: { id: Prisma.Sql; projectId: Prisma.Sql; ticketNumber: Prisma.Sql };
  from: Prisma.Sql;
  where: Prisma.Sql;
  actorId: number | null;
  type: string;
  recipients: Prisma.Sql;
}): Prisma.Sql {
  const data = JSON.stringify(withActor({ type: event.type }, event.actorId));
  // No recipients: jsonb_agg is null and no row is written.
  return Prisma.sql`
    INSERT INTO "OutboxEvent" ("type", "taskId", "projectId", "ticketNumber", "actorId", "data", "createdAt")
    SELECT ${USER_EVENTS[0]}, ${event.task.id}, ${event.task.projectId}, ${event.task.ticketNumber}, ${event.actorId}::int,
      ${data}::jsonb || jsonb_build_object('userIds', r.ids), ${new Date()}::timestamp(3)
    FROM ${event.from}, (SELECT jsonb_agg(x."userId" ORDER BY x."userId") AS ids FROM ${event.recipients} x) r
    WHERE r.ids IS NOT NULL AND ${event.where}`;
}

/** `{field: {from, to}}` for an update. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

export interface TaskEventInput {
  type: WebhookEventName;
  task: { id: number; projectId: number; ticketNumber: string };
  actorId: number | null;
  /** Event-specific `data` of the webhook payload (e.g. `{changes}` or `{assignee}`). */
  data: Record<string, unknown>;
  /** The board the task left, when it moved between boards (its `projectId` is the new one). */
  fromProjectId?: number;
}

/** An event of a board that is not about one task's own state (sections, labels, comments, members). */
export interface BoardEventInput {
  type: Exclude<BoardOnlyEventName, 'task.deleted'>;
  projectId: number;
  actorId: number | null;
  /** The task a comment belongs to (comment events). */
  task?: { id: number; ticketNumber: string };
  /** Event-specific data; names the subject (`sectionId`, `labelId`, `commentId`, `userId`). */
  data: Record<string, unknown>;
}

/**
 * PostgreSQL channel notified at commit whenever outbox rows are written: a
 * trigger on "OutboxEvent" does it (migration 20261121040000), so no write
 * path can forget to wake the dispatchers of other instances.
 */
export const OUTBOX_CHANNEL = 'tasksvc_outbox';

/**
 * Writes a task event to the outbox inside the caller's transaction, so the
 * event exists if and only if the change commits. The dispatcher stamps its
 * position after commit and passes it to subscriptions, webhooks and search.
 */
export async function recordTaskEvent(tx: Prisma.TransactionClient, event: TaskEventInput): Promise<void> {
  await recordTaskEvents(tx, [event]);
}

/**
 * The outbox row of one task event as the body of a data-modifying CTE, for
 * a write that records its event in its own statement (one round trip
 * instead of two; same guarantee: the row commits with the change). `taskId`
 * (and `ticketNumber`, when the statement takes the number) is SQL over the
 * statement's other CTEs, `from` their FROM list, and
 * `moreData` a jsonb expression merged into `data` (what only the statement
 * knows). Call {@link outboxWritten} after the statement.
 */
export function taskEventInsertSql(
  event: Omit<TaskEventInput, 'task' | 'fromProjectId'> & {
    task: { id: Prisma.Sql; projectId: number | Prisma.Sql; ticketNumber: string | Prisma.Sql };
    moreData?: Prisma.Sql;
    createdAt: Date;
  },
  from: Prisma.Sql,
): Prisma.Sql {
  const data = Prisma.sql`${JSON.stringify(withActor(event.data, event.actorId))}::jsonb`;
  return Prisma.sql`
    INSERT INTO "OutboxEvent" ("type", "taskId", "projectId", "ticketNumber", "actorId", "data", "createdAt")
    SELECT ${event.type}, ${event.task.id}, ${event.task.projectId}, ${event.task.ticketNumber}, ${event.actorId},
      ${event.moreData ? Prisma.sql`${data} || ${event.moreData}` : data}, ${event.createdAt}::timestamp(3)
    FROM ${from}`;
}

/**
 * Outbox rows were written in the current transaction: wakes this process's
 * dispatcher. Other instances hear the trigger's NOTIFY at commit; this
 * process wakes now: on PGlite (one connection) the poll it triggers queues
 * behind this transaction, so it sees the committed rows.
 */
export function outboxWritten(): void {
  wake('outbox');
}

/** Several events in one statement (bulk changes: a deleted section's tasks, a new board); same guarantees. */
export async function recordTaskEvents(tx: Prisma.TransactionClient, events: TaskEventInput[]): Promise<void> {
  await writeRows(
    tx,
    events.map((event) => ({
      type: event.type,
      taskId: event.task.id,
      projectId: event.task.projectId,
      fromProjectId: event.fromProjectId ?? null,
      ticketNumber: event.task.ticketNumber,
      actorId: event.actorId,
      data: withActor(event.data, event.actorId),
    })),
  );
}

/** Writes a board event in the caller's transaction; same guarantees as {@link recordTaskEvent}. */
export async function recordBoardEvent(tx: Prisma.TransactionClient, event: BoardEventInput): Promise<void> {
  await writeRows(tx, [
    {
      type: event.type,
      taskId: event.task?.id ?? null,
      projectId: event.projectId,
      fromProjectId: null,
      ticketNumber: event.task?.ticketNumber ?? null,
      actorId: event.actorId,
      data: withActor(event.data, event.actorId),
    },
  ]);
}

function withActor(data: Record<string, unknown>, actorId: number | null): Prisma.InputJsonValue {
  return { ...data, actor: actorId === null ? null : { id: actorId } } as Prisma.InputJsonValue;
}

async function writeRows(tx: Prisma.TransactionClient, rows: Prisma.OutboxEventCreateManyInput[]): Promise<void> {
  if (rows.length === 0) return;
  await insertRows(tx.outboxEvent, rows);
  outboxWritten();
}
