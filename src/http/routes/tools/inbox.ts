import { z } from 'zod';
import { INBOX_PAGE } from '../../../domain/inbox.ts';
import { notificationOut, notificationSchema } from '../../presenters/notification.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { inboxPagingQuery, notificationIdsBody } from '../shared/inbox.ts';

/** tasksvc_inbox_list: GET /inbox/list. */
export const inboxListRoute = route({
  method: 'GET',
  path: '/inbox/list',
  operationId: 'tasksvc_inbox_list',
  tag: 'tools',
  summary: 'My notifications that are not archived, newest first.',
  description:
    'Notifications come from being assigned (`assignment`), mentioned through a structured mention (`mention`), or ' +
    `a watched task being updated by someone else (\`task_updated\`). Optional \`limit\` (1 to ${INBOX_PAGE.maxLimit}, default ${INBOX_PAGE.defaultLimit}) and ` +
    '`offset`; `total` counts every unarchived notification.',
  document: graphql(`
    query ToolInbox($limit: Int, $offset: Int) {
      inbox(limit: $limit, offset: $offset) {
        total
        items { ...NotificationFields }
      }
    }
  `),
  query: z.object(inboxPagingQuery),
  response: z.object({ notifications: z.array(notificationSchema), total: z.number() }),
  toVariables: ({ query }) => ({ limit: query.limit ?? INBOX_PAGE.defaultLimit, offset: query.offset ?? 0 }),
  toBody: (data) => ({
    notifications: data.inbox.items.map(notificationOut),
    total: data.inbox.total,
  }),
});

/** tasksvc_inbox_archive: POST /inbox/archive. */
export const inboxArchiveRoute = route({
  method: 'POST',
  path: '/inbox/archive',
  operationId: 'tasksvc_inbox_archive',
  tag: 'tools',
  summary: 'Archives notifications; answers how many were archived.',
  description:
    '`archived` counts the notifications that changed: ids of other users’ notifications, unknown ids and ' +
    'notifications already archived count 0.',
  document: graphql(`
    mutation ToolInboxArchive($ids: [Int!]!) { archiveNotifications(ids: $ids) }
  `),
  body: notificationIdsBody,
  response: z.object({ archived: z.number() }),
  fieldNames: { ids: 'notification_ids' },
  toVariables: ({ body }) => ({ ids: body.notification_ids }),
  toBody: (data) => ({ archived: data.archiveNotifications }),
});

export const inboxRoutes = [inboxListRoute, inboxArchiveRoute];
