import { z } from 'zod';
import { INBOX_PAGE, MAX_NOTIFICATION_IDS } from '../../../domain/inbox.ts';
import { bodyId, qsInt } from '../../query-params.ts';
import { route } from '../../route.ts';

/** A notification as the inbox routes show it (spec 2.6). */
export interface NotificationNode {
  id: number;
  type: string;
  taskId: number;
  ticketNumber: string;
  message: string;
  createdAt: string;
  read: boolean;
}

/** Spec 2.6 field names. */
export function notificationOut(n: NotificationNode) {
  return { id: n.id, type: n.type, task_id: n.taskId, ticket_number: n.ticketNumber, message: n.message, createdAt: n.createdAt, read: n.read };
}

export const notificationSchema = z.object({
  id: z.number(),
  type: z.string().describe('`assignment`, `mention` or `task_updated`.'),
  task_id: z.number(),
  ticket_number: z.string(),
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});

/** The `notification_ids` body of archive and mark-read. */
export const notificationIdsBody = z.object({
  notification_ids: z
    .array(bodyId())
    .min(1)
    .max(MAX_NOTIFICATION_IDS)
    .describe('Ids of the caller’s notifications, 1 to 100; others’ ids count 0.'),
});

/** Paging of the inbox list in a query string. */
export const inboxPagingQuery = {
  limit: qsInt(1, INBOX_PAGE.maxLimit).optional().describe('Page size, 1 to 100 (default 50).'),
  offset: qsInt(0, 1_000_000).optional().describe('Notifications to skip (default 0).'),
};

/** tasksvc_inbox_list: GET /inbox/list. */
export const inboxListRoute = route({
  method: 'GET',
  path: '/inbox/list',
  operationId: 'tasksvc_inbox_list',
  tag: 'tools',
  summary: 'My notifications that are not archived, newest first.',
  description:
    'Notifications come from being assigned (`assignment`), mentioned through a structured mention (`mention`), or ' +
    'a watched task being updated by someone else (`task_updated`). Optional `limit` (1 to 100, default 50) and ' +
    '`offset`; `total` counts every unarchived notification.',
  document: /* GraphQL */ `
    query ToolInbox($limit: Int, $offset: Int) {
      inbox(limit: $limit, offset: $offset) {
        total
        items { id type taskId ticketNumber message createdAt read }
      }
    }
  `,
  query: z.object(inboxPagingQuery),
  response: z.object({ notifications: z.array(notificationSchema), total: z.number() }),
  toVariables: ({ query }) => ({ limit: query.limit ?? INBOX_PAGE.defaultLimit, offset: query.offset ?? 0 }),
  toBody: (data: { inbox: { total: number; items: NotificationNode[] } }) => ({
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
  document: /* GraphQL */ `
    mutation ToolInboxArchive($ids: [Int!]!) { archiveNotifications(ids: $ids) }
  `,
  body: notificationIdsBody,
  response: z.object({ archived: z.number() }),
  fieldNames: { ids: 'notification_ids' },
  toVariables: ({ body }) => ({ ids: body.notification_ids }),
  toBody: (data: { archiveNotifications: number }) => ({ archived: data.archiveNotifications }),
});

export const inboxRoutes = [inboxListRoute, inboxArchiveRoute];
