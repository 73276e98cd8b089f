import type { NotificationType as NotificationKind } from '../../domain/notification.ts';
import type { UserEventName } from '../../events/outbox.ts';
import type { EventMessage } from '../../events/event-message.ts';
import { builder } from '../builder.ts';
import { enumValues, INBOX_EVENT_KIND } from '../enum-names.ts';
import { NotificationKindEnum } from './notification.ts';
import { inboxEventStream } from '../live-events.ts';
import { AFTER_ARG_DESCRIPTION, DELIVERY_GUARANTEES, visibleTask } from './live-event.ts';

/** Event names of `inboxEvents`. */
const InboxEventKindEnum = builder.enumType('InboxEventKind', {
  description: 'The events of your inbox.',
  values: enumValues(INBOX_EVENT_KIND, { 'notification.created': 'New entries in your inbox about one task.' }),
});

/**
 * New entries in the viewer's inbox. Not a `LiveEvent`: its `data` names
 * every recipient of the change, which is for the server's routing only.
 */
export const InboxEventType = builder.objectRef<EventMessage>('InboxEvent').implement({
  description:
    'New entries in your inbox about one task (`notification.created`): refetch `inbox` (or its unread count) ' +
    `and show them, grouped by task if you like. Only you receive the events of your inbox. ${DELIVERY_GUARANTEES}`,
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Event id (the same in a repeat after a reconnect).' }),
    cursor: t.id({
      description: 'Resume cursor: pass it as `after` (or SSE `Last-Event-ID`) to receive what follows it.',
      resolve: (e) => e.cursor!,
    }),
    event: t.field({
      type: InboxEventKindEnum,
      description: 'Event name: `NOTIFICATION_CREATED`.',
      resolve: (e) => e.event as UserEventName,
    }),
    type: t.field({
      type: NotificationKindEnum,
      description: 'The kind of the new entries (as `Notification.type`).',
      resolve: (e) => e.data.type as NotificationKind,
    }),
    projectId: t.exposeInt('projectId', { description: 'Board of the task.' }),
    taskId: t.int({ description: 'The task the new entries are about.', resolve: (e) => e.taskId! }),
    ticketNumber: t.string({
      description: 'Ticket number of the task (`ABC-12`) when the entries were written.',
      resolve: (e) => e.ticketNumber!,
    }),
    actorId: t.exposeInt('actorId', { nullable: true, description: 'Who caused them; null for system changes.' }),
    timestamp: t.field({ type: 'DateTime', description: 'When they were written.', resolve: (e) => e.timestamp }),
    task: t.prismaField({
      type: 'Task',
      nullable: true,
      description: 'The task as it is now, with your selection; null when you can no longer see it.',
      resolve: (query, e, _args, ctx) => visibleTask(ctx, e.taskId, query),
    }),
  }),
});

builder.subscriptionField('inboxEvents', (t) =>
  t.field({
    type: InboxEventType,
    description:
      'Your inbox, live: an event each time entries are added to it (you were assigned, mentioned, or a task you ' +
      'watch changed), in commit order. Events about a task you can no longer see when they are delivered (you ' +
      'left its board, it moved to a board you are not on) are dropped, as `inbox` hides such entries. ' +
      DELIVERY_GUARANTEES,
    args: { after: t.arg.id({ description: AFTER_ARG_DESCRIPTION }) },
    subscribe: (_root, args, ctx) => inboxEventStream(ctx, args.after == null ? null : String(args.after)),
    resolve: (event) => event,
  }),
);
