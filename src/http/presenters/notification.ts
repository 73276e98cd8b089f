import { z } from 'zod';
import { NOTIFICATION_TYPE } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';

/** A notification with the spec 2.6 field names (tool inbox and REST notifications). */
export const notificationOut = presenter(
  graphql(`
    fragment NotificationFields on Notification {
      id
      type
      taskId
      ticketNumber
      message
      createdAt
      read
    }
  `),
  (f) => ({
    id: f('id', z.number()),
    type: f((n) => NOTIFICATION_TYPE.spec(n.type), z.string().describe('`assignment`, `mention` or `task_updated`.')),
    task_id: f('taskId', z.number()),
    ticket_number: f('ticketNumber', z.string()),
    message: f('message', z.string()),
    createdAt: f('createdAt', z.string()),
    read: f('read', z.boolean()),
  }),
);

/** Schema of `notificationOut`. */
export const notificationSchema = notificationOut.schema;
