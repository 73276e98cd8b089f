import { z } from 'zod';
import { NOTIFICATION_TYPE } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import type { NotificationFieldsFragment } from '../gql/graphql.ts';

/** The GraphQL selection of a notification item. */
export const NOTIFICATION_FIELDS = graphql(`
  fragment NotificationFields on Notification {
    id
    type
    taskId
    ticketNumber
    message
    createdAt
    read
  }
`);

/** A notification with the spec 2.6 field names (tool inbox and REST notifications). */
export function notificationOut(n: NotificationFieldsFragment) {
  return { id: n.id, type: NOTIFICATION_TYPE.spec(n.type), task_id: n.taskId, ticket_number: n.ticketNumber, message: n.message, createdAt: n.createdAt, read: n.read };
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
