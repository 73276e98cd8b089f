import { filter, pipe } from 'graphql-yoga';
import { requireProject } from '../../domain/access.ts';
import { ValidationError } from '../../errors.ts';
import { TASK_EVENTS, type TaskEventName } from '../../events/outbox.ts';
import type { TaskEventMessage } from '../../events/task-event-message.ts';
import { builder } from '../builder.ts';
import { viewerOf } from '../viewer.ts';

/** Membership is checked again at most this often while a subscription runs. */
const RECHECK_ACCESS_MS = 30_000;

/** A task event as GraphQL subscribers receive it (the webhook payload's fields). */
export const TaskEventType = builder.objectRef<TaskEventMessage>('TaskEvent').implement({
  description:
    'A task event (spec 6). `data` is event-specific: `changes` (`{field: {from, to}}`) for task.updated, ' +
    'the `assignee` for task.assigned, and the `actor` of the change for all.',
  fields: (t) => ({
    id: t.exposeString('id', {
      description:
        'Event id, increasing; equal to the `webhook-id` of its webhook deliveries (use it to de-duplicate).',
    }),
    event: t.exposeString('event', { description: 'task.created, task.assigned or task.updated.' }),
    taskId: t.exposeInt('taskId', { description: 'Id of the task.' }),
    ticketNumber: t.exposeString('ticketNumber', { description: 'Ticket number of the task (`ABC-12`).' }),
    projectId: t.exposeInt('projectId', { description: 'Project (board) of the task.' }),
    actorId: t.exposeInt('actorId', {
      nullable: true,
      description: 'User who made the change; null for system changes.',
    }),
    data: t.field({
      type: 'JSON',
      description: 'Event-specific details, as in the webhook payload.',
      resolve: (e) => e.data,
    }),
    timestamp: t.field({
      type: 'DateTime',
      description: 'When the change was committed.',
      resolve: (e) => e.timestamp,
    }),
  }),
});

/** Checks event names given by a client; unknown ones are a VALIDATION error naming `field`. */
export function parseEventNames(names: readonly string[], field: string): TaskEventName[] {
  const unknown = names.find((n) => !(TASK_EVENTS as readonly string[]).includes(n));
  if (unknown !== undefined) {
    throw new ValidationError(
      field,
      `Unknown event "${unknown.slice(0, 100)}"; known events: ${TASK_EVENTS.join(', ')}.`,
      'invalid_event',
    );
  }
  return names as TaskEventName[];
}

builder.subscriptionType({
  authScopes: { authenticated: true },
  description:
    'Live events, over graphql-ws (WebSocket at /graphql) or server-sent events (POST /graphql with `Accept: text/event-stream`).',
});

builder.subscriptionField('taskEvents', (t) =>
  t.field({
    type: TaskEventType,
    description:
      "Events of one project's tasks as they are committed, in commit order per task. Only members of the project " +
      'may subscribe (others get NOT_FOUND); a member removed from the project stops receiving events within 30 s. ' +
      'Delivery is at least once: after a dispatcher crash an event may repeat (same `id`).',
    args: {
      projectId: t.arg.int({ required: true, description: 'Project whose task events to receive.' }),
      events: t.arg.stringList({
        description: 'Only these event names (task.created, task.assigned, task.updated); all when omitted.',
      }),
    },
    subscribe: async (_root, args, ctx) => {
      const { userId } = viewerOf(ctx);
      await requireProject(ctx.db, userId, args.projectId, 'projectId');
      const wanted = args.events ? new Set(parseEventNames(args.events, 'events')) : null;
      let checkedAt = Date.now();
      return pipe(
        ctx.services.pubsub.subscribe('taskEvents', args.projectId),
        // Synchronous unless the membership recheck is due: this runs per subscriber and event.
        filter((event: TaskEventMessage) => {
          if (wanted && !wanted.has(event.event)) return false;
          if (Date.now() - checkedAt <= RECHECK_ACCESS_MS) return true;
          return requireProject(ctx.db, userId, args.projectId, 'projectId').then(() => {
            checkedAt = Date.now();
            return true;
          });
        }),
      );
    },
    resolve: (event) => event,
  }),
);
