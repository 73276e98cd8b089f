import { z } from 'zod';
import { INBOX_PAGE, MAX_NOTIFICATION_IDS } from '../../../domain/inbox.ts';
import { qsBool } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { notificationOut, notificationSchema } from '../../presenters/notification.ts';
import { inboxPagingQuery, notificationIdsBody } from '../shared/inbox.ts';

/** GET /api/v1/notifications. */
export const listNotificationsRoute = route({
  method: 'GET',
  path: '/notifications',
  operationId: 'listNotifications',
  tag: 'notifications',
  summary: 'My notifications that are not archived, newest first.',
  description:
    'Items as the tool inbox: `{id, type, task_id, ticket_number, message, createdAt, read}`; `type` is ' +
    `\`assignment\`, \`mention\` or \`task_updated\`. \`limit\` 1 to ${INBOX_PAGE.maxLimit} (default ${INBOX_PAGE.defaultLimit}), \`offset\`, \`unread_only\`.`,
  document: graphql(`
    query RestNotifications($limit: Int, $offset: Int, $unreadOnly: Boolean) {
      inbox(limit: $limit, offset: $offset, unreadOnly: $unreadOnly) {
        total limit offset
        items { ...NotificationFields }
      }
    }
  `),
  query: z.object({ ...inboxPagingQuery, unread_only: qsBool().optional().describe('Only unread notifications (default false).') }),
  response: z.object({
    success: z.literal(true),
    notifications: z.array(notificationSchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  }),
  toVariables: ({ query }) => ({
    limit: query.limit ?? INBOX_PAGE.defaultLimit,
    offset: query.offset ?? 0,
    unreadOnly: query.unread_only ?? false,
  }),
  toBody: (data) => ({
    success: true,
    notifications: data.inbox.items.map(notificationOut),
    total: data.inbox.total,
    limit: data.inbox.limit,
    offset: data.inbox.offset,
  }),
});

/** POST /api/v1/notifications/archive. */
export const archiveNotificationsRoute = route({
  method: 'POST',
  path: '/notifications/archive',
  operationId: 'archiveNotifications',
  tag: 'notifications',
  summary: 'Archives notifications; answers how many were archived.',
  description: `\`notification_ids\` (1 to ${MAX_NOTIFICATION_IDS}). Other users’ ids, unknown ids and already archived ones count 0.`,
  document: graphql(`
    mutation RestArchiveNotifications($ids: [Int!]!) { archiveNotifications(ids: $ids) }
  `),
  body: notificationIdsBody,
  response: z.object({ success: z.literal(true), archived: z.number() }),
  fieldNames: { ids: 'notification_ids' },
  toVariables: ({ body }) => ({ ids: body.notification_ids }),
  toBody: (data) => ({ success: true, archived: data.archiveNotifications }),
});

/** POST /api/v1/notifications/read. */
export const readNotificationsRoute = route({
  method: 'POST',
  path: '/notifications/read',
  operationId: 'markNotificationsRead',
  tag: 'notifications',
  summary: 'Marks notifications read; answers how many changed.',
  description: `\`notification_ids\` (1 to ${MAX_NOTIFICATION_IDS}). Other users’ ids, unknown ids and already read ones count 0.`,
  document: graphql(`
    mutation RestReadNotifications($ids: [Int!]!) { markNotificationsRead(ids: $ids) }
  `),
  body: notificationIdsBody,
  response: z.object({ success: z.literal(true), marked_read: z.number() }),
  fieldNames: { ids: 'notification_ids' },
  toVariables: ({ body }) => ({ ids: body.notification_ids }),
  toBody: (data) => ({ success: true, marked_read: data.markNotificationsRead }),
});

export const notificationRoutes = [listNotificationsRoute, archiveNotificationsRoute, readNotificationsRoute];
