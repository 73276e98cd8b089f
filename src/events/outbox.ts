import type { Prisma } from '../generated/prisma/client.ts';
import { insertRows } from '../db/insert-rows.ts';
import { wake } from './wakeup.ts';

/** Task event names of spec section 6. */
export const TASK_EVENTS = ['task.created', 'task.assigned', 'task.updated'] as const;
export type TaskEventName = (typeof TASK_EVENTS)[number];

/** `{field: {from, to}}` for a task update. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

export interface TaskEventInput {
  type: TaskEventName;
  task: { id: number; projectId: number; ticketNumber: string };
  actorId: number | null;
  /** Event-specific `data` of the webhook payload (e.g. `{changes}` or `{assignee}`). */
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
 * event exists if and only if the change commits. The dispatcher publishes
 * it to subscriptions, webhooks and the search index after commit.
 */
export async function recordTaskEvent(tx: Prisma.TransactionClient, event: TaskEventInput): Promise<void> {
  await recordTaskEvents(tx, [event]);
}

/** Several events in one statement (bulk changes: a deleted section's tasks, a new board); same guarantees. */
export async function recordTaskEvents(tx: Prisma.TransactionClient, events: TaskEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const data = events.map((event) => ({
    type: event.type,
    taskId: event.task.id,
    projectId: event.task.projectId,
    ticketNumber: event.task.ticketNumber,
    actorId: event.actorId,
    data: { ...event.data, actor: event.actorId === null ? null : { id: event.actorId } } as Prisma.InputJsonValue,
  }));
  await insertRows(tx.outboxEvent, data);
  // Other instances hear the trigger's NOTIFY at commit; this process wakes
  // now: on PGlite (one connection) the poll it triggers queues behind this
  // transaction, so it sees the committed rows.
  wake('outbox');
}
