import type { EventMessage } from '../../events/event-message.ts';
import { WEBHOOK_EVENT_LIST, WEBHOOK_EVENTS, type WebhookEventName } from '../../events/outbox.ts';
import { builder } from '../builder.ts';
import { boardEventStream } from '../live-events.ts';
import { enumValues, TASK_EVENT_KIND } from '../enum-names.ts';
import { AFTER_ARG_DESCRIPTION, DELIVERY_GUARANTEES, LiveEventInterface, visibleTask } from './live-event.ts';

/** Event names of `taskEvents` (the webhook events). */
export const TaskEventKindEnum = builder.enumType('TaskEventKind', {
  description: 'The task events (webhooks and the REST and tool routes: `task.created`, `task.assigned`, `task.updated`).',
  values: enumValues(TASK_EVENT_KIND, {
    'task.created': 'A task was created.',
    'task.assigned': 'A user or agent was assigned or unassigned (`data.action`).',
    'task.updated': 'Fields of a task changed (`data.changes`), or it was deleted for good (`data.deleted`).',
  }),
});

/** A task event as GraphQL subscribers receive it: the webhook payload's fields, a cursor, the task. */
export const TaskEventType = builder.objectRef<EventMessage>('TaskEvent').implement({
  description:
    `A task event (also delivered to webhooks): one of ${WEBHOOK_EVENT_LIST}. \`data\` is event-specific: \`changes\` ` +
    '(`{field: {from, to}}`) for task.updated, the `assignee` and `action` for task.assigned, and the `actor` ' +
    'of the change for all.',
  interfaces: [LiveEventInterface],
  fields: (t) => ({
    event: t.field({
      type: TaskEventKindEnum,
      description: 'Event name (`TASK_CREATED`, …; webhooks: `task.created`, …).',
      resolve: (e) => e.event as WebhookEventName,
    }),
    taskId: t.int({ description: 'Id of the task.', resolve: (e) => e.taskId! }),
    ticketNumber: t.string({
      description: 'Ticket number of the task (`ABC-12`) when the event was written.',
      resolve: (e) => e.ticketNumber!,
    }),
    task: t.prismaField({
      type: 'Task',
      nullable: true,
      description:
        'The task as it is when the event is delivered (not as it was at the event), with your selection; null ' +
        'when you can no longer see it (deleted, moved to a board you are not a member of, or you left the board).',
      resolve: (query, e, _args, ctx) => visibleTask(ctx, e.taskId, query),
    }),
  }),
});

builder.subscriptionField('taskEvents', (t) =>
  t.field({
    type: TaskEventType,
    description:
      `Events of one project's tasks (${WEBHOOK_EVENT_LIST}) in commit order, as webhooks ` +
      'get them. Only members of the project may subscribe (others get NOT_FOUND); a member removed from the ' +
      'project stops receiving events (at once, or within 30 s at most). A board view needs more: see ' +
      `boardEvents. ${DELIVERY_GUARANTEES}`,
    args: {
      projectId: t.arg.int({ required: true, description: 'Project whose task events to receive.' }),
      events: t.arg({ type: [TaskEventKindEnum], description: 'Only these events; all when omitted.' }),
      after: t.arg.id({ description: AFTER_ARG_DESCRIPTION }),
    },
    subscribe: (_root, args, ctx) => {
      const wanted = new Set<string>(args.events ?? WEBHOOK_EVENTS);
      return boardEventStream(
        ctx,
        args.projectId,
        args.after == null ? null : String(args.after),
        // A task moved here from another board is this board's event; one that moved away is not.
        (e) => e.projectId === args.projectId && wanted.has(e.event),
      );
    },
    resolve: (event) => event,
  }),
);
