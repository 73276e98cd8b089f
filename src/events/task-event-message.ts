import type { TaskEventName } from './outbox.ts';

/**
 * One task event as subscribers and webhooks see it. JSON-safe (it crosses
 * Redis): the id is a string, the time an ISO 8601 string.
 */
export interface TaskEventMessage {
  /** Outbox event id; also the `webhook-id` of its deliveries. */
  id: string;
  event: TaskEventName;
  taskId: number;
  ticketNumber: string;
  projectId: number;
  actorId: number | null;
  data: Record<string, unknown>;
  timestamp: string;
}

/** An outbox row as read by the dispatcher (raw SQL or Prisma). */
export interface OutboxRow {
  id: bigint | number | string;
  type: string;
  taskId: number;
  projectId: number;
  ticketNumber: string;
  actorId: number | null;
  data: unknown;
  createdAt: Date | string;
}

/** Builds the message of an outbox row. */
export function toTaskEventMessage(row: OutboxRow): TaskEventMessage {
  return {
    id: String(row.id),
    event: row.type as TaskEventName,
    taskId: row.taskId,
    ticketNumber: row.ticketNumber,
    projectId: row.projectId,
    actorId: row.actorId,
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : (row.data ?? {})) as Record<string, unknown>,
    timestamp: new Date(row.createdAt).toISOString(),
  };
}

/** Spec 6 webhook payload: `{event, task_id, ticket_number, project_id, data, timestamp}`. */
export interface WebhookPayload {
  event: string;
  task_id: number | null;
  ticket_number: string | null;
  project_id: number | null;
  data: Record<string, unknown>;
  timestamp: string;
}

/** The webhook body of an event; the timestamp is the event's, so retries send the same bytes. */
export function toWebhookPayload(message: TaskEventMessage): WebhookPayload {
  return {
    event: message.event,
    task_id: message.taskId,
    ticket_number: message.ticketNumber,
    project_id: message.projectId,
    data: message.data,
    timestamp: message.timestamp,
  };
}
