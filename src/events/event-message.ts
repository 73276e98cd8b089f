/**
 * One outbox event as subscribers, webhooks and hooks see it. JSON-safe:
 * ids and positions are decimal strings, the time an ISO 8601 string.
 */
export interface EventMessage {
  /** Outbox event id; also the `webhook-id` of its deliveries (de-duplication across channels). */
  id: string;
  /**
   * Commit-ordered position: the resumable cursor of live subscriptions
   * (`after`, SSE `Last-Event-ID`). Null only for a row not stamped yet,
   * which never reaches a subscriber.
   */
  cursor: string | null;
  /** Event name: `task.created`, `section.updated`, … (see src/events/outbox.ts). */
  event: string;
  projectId: number;
  /** The board a task left, on a move between boards; null otherwise. */
  fromProjectId: number | null;
  /** The task of `task.*` and `comment.*` events; null for board-level events. */
  taskId: number | null;
  ticketNumber: string | null;
  actorId: number | null;
  data: Record<string, unknown>;
  timestamp: string;
}

/** An outbox row as read with raw SQL or Prisma. */
export interface OutboxRow {
  id: bigint | number | string;
  position?: bigint | number | string | null;
  type: string;
  taskId: number | null;
  projectId: number;
  fromProjectId?: number | null;
  ticketNumber: string | null;
  actorId: number | null;
  data: unknown;
  createdAt: Date | string;
}

/** The columns every reader of outbox rows selects (raw SQL, table alias `e`). */
export const OUTBOX_COLUMNS =
  'e.id, e.position, e.type, e."taskId", e."projectId", e."fromProjectId", e."ticketNumber", e."actorId", e.data, e."createdAt"';

/** Builds the message of an outbox row. */
export function toEventMessage(row: OutboxRow): EventMessage {
  return {
    id: String(row.id),
    cursor: row.position == null ? null : String(row.position),
    event: row.type,
    projectId: row.projectId,
    fromProjectId: row.fromProjectId ?? null,
    taskId: row.taskId,
    ticketNumber: row.ticketNumber,
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
export function toWebhookPayload(message: EventMessage): WebhookPayload {
  return {
    event: message.event,
    task_id: message.taskId,
    ticket_number: message.ticketNumber,
    project_id: message.projectId,
    data: message.data,
    timestamp: message.timestamp,
  };
}
