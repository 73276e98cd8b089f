import type { NotificationType as NotificationKind } from '../../domain/notification.ts';
import { archiveNotifications, INBOX_PAGE, inboxQuery, markNotificationsRead, MAX_NOTIFICATION_IDS } from '../../domain/inbox.ts';
import { ticketNumberOf } from '../../domain/task/ticket-number.ts';
import { builder } from '../builder.ts';
import { enumValues, NOTIFICATION_TYPE } from '../enum-names.ts';
import { connectionType } from '../connection.ts';
import { loadPage, pageArgs, pageType } from '../page.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';

/** The kind of an inbox entry (GraphQL `NotificationType`). */
export const NotificationKindEnum = builder.enumType('NotificationType', {
  description: 'Why an inbox entry was made (REST and tool routes: `assignment`, `mention`, `task_updated`).',
  values: enumValues(NOTIFICATION_TYPE, {
    assignment: 'You were assigned to the task.',
    mention: 'You were mentioned in a comment through the structured list.',
    task_updated: 'Someone else changed a task you watch.',
  }),
});

/** An inbox entry of the viewer. */
export const NotificationType = builder.prismaNode('Notification', {
  id: { field: 'id' },
  description:
    'An inbox entry. Created when the user is assigned to a task (`ASSIGNMENT`), mentioned in a comment ' +
    'through the structured list (`MENTION`), or a task they watch is updated by someone else (`TASK_UPDATED`). ' +
    'Creators and assignees watch their tasks, commenters start watching; nobody is notified of their own action.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric notification id.' }),
    type: t.field({
      type: NotificationKindEnum,
      description: 'Why it was made: `ASSIGNMENT`, `MENTION` or `TASK_UPDATED`.',
      resolve: (n) => n.type as NotificationKind,
    }),
    taskId: t.exposeInt('taskId', { description: 'The task it is about.' }),
    ticketNumber: t.string({
      description: 'Ticket number of the task, as it is now (e.g. `ABC-12`).',
      select: { task: { select: { uniqueIndex: true, project: { select: { ticketPrefix: true } } } } },
      resolve: (n) => ticketNumberOf(n.task.project.ticketPrefix, n.task.uniqueIndex),
    }),
    message: t.exposeString('message', { description: 'Human-readable text, e.g. "Ada assigned you to ABC-12: Fix login".' }),
    read: t.exposeBoolean('read', { description: 'True once marked read.' }),
    archived: t.boolean({
      description: 'True once archived (archived entries leave the inbox list).',
      select: { archivedAt: true },
      resolve: (n) => n.archivedAt !== null,
    }),
    actor: t.relation('actor', { nullable: true, description: 'Who caused it, when known.' }),
    task: t.relation('task', { description: 'The task it is about.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
  }),
});

export const NotificationPage = pageType('Notification', NotificationType, 'notifications');
export const NotificationConnection = connectionType('Notification', NotificationType, 'notifications');

builder.queryField('inbox', (t) =>
  t.field({
    type: NotificationPage,
    description: 'The viewer’s notifications that are not archived, newest first, with the total.',
    args: {
      ...pageArgs(t.arg, 'notifications', INBOX_PAGE),
      unreadOnly: t.arg.boolean({ defaultValue: false, description: 'Only notifications not yet read.' }),
    },
    resolve: async (_root, args, ctx, info) => {
      const q = inboxQuery(viewerOf(ctx).userId, {
        limit: args.limit,
        offset: args.offset,
        unreadOnly: args.unreadOnly ?? undefined,
      });
      return loadPage(ctx.db.notification, q, ctx, info);
    },
  }),
);

builder.queryField('inboxConnection', (t) =>
  t.connection(
    {
      type: NotificationType,
      description:
        'The `inbox` as a Relay connection: the viewer’s notifications that are not archived, newest first ' +
        '(createdAt desc, then id desc), paged by cursor.',
      args: {
        unreadOnly: t.arg.boolean({ defaultValue: false, description: 'Only notifications not yet read.' }),
      },
      resolve: (_root, args, ctx, info) =>
        resolvePrismaConnection({
          ctx,
          info,
          args,
          model: 'Notification',
          list: () => inboxQuery(viewerOf(ctx).userId, { unreadOnly: args.unreadOnly ?? undefined }),
          findMany: (q) => ctx.db.notification.findMany(q),
          count: (where) => ctx.db.notification.count({ where }),
        }),
    },
    NotificationConnection,
  ),
);

builder.mutationFields((t) => ({
  archiveNotifications: t.int({
    description:
      `Archives the viewer’s notifications among \`ids\` (1 to ${MAX_NOTIFICATION_IDS} ids) and returns how many were archived. Ids of ` +
      'other users’ notifications, unknown ids and already archived ones count 0 and change nothing.',
    args: { ids: t.arg.intList({ required: true, description: `Notification ids, 1 to ${MAX_NOTIFICATION_IDS}.` }) },
    resolve: (_root, args, ctx) => archiveNotifications(ctx.db, viewerOf(ctx).userId, args.ids),
  }),
  markNotificationsRead: t.int({
    description:
      `Marks the viewer’s notifications among \`ids\` (1 to ${MAX_NOTIFICATION_IDS} ids) read and returns how many changed; other users’, ` +
      'unknown and already read ids count 0.',
    args: { ids: t.arg.intList({ required: true, description: `Notification ids, 1 to ${MAX_NOTIFICATION_IDS}.` }) },
    resolve: (_root, args, ctx) => markNotificationsRead(ctx.db, viewerOf(ctx).userId, args.ids),
  }),
}));
