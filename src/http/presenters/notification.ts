import { z } from 'zod';

/** A notification as GraphQL returns it to the inbox routes. */
export interface NotificationNode {
  id: number;
  type: string;
  taskId: number;
  ticketNumber: string;
  message: string;
  createdAt: string;
  read: boolean;
}

/** The GraphQL selection of a notification item. */
export const NOTIFICATION_FIELDS = 'id type taskId ticketNumber message createdAt read';

/** A notification with the spec 2.6 field names (tool inbox and REST notifications). */
export function notificationOut(n: NotificationNode) {
  return { id: n.id, type: n.type, task_id: n.taskId, ticket_number: n.ticketNumber, message: n.message, createdAt: n.createdAt, read: n.read };
}

/** Schema of `notificationOut`. */
export const notificationSchema = z.object({
  id: z.number(),
  type: z.string().describe('`assignment`, `mention` or `task_updated`.'),
  task_id: z.number(),
  ticket_number: z.string(),
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
