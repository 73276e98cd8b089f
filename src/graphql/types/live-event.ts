import { inVisibleProject } from '../../domain/access.ts';
import type { EventMessage } from '../../events/event-message.ts';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { viewerOf } from '../viewer.ts';

/** What every live event stream guarantees; part of the descriptions of the subscriptions and event types. */
export const DELIVERY_GUARANTEES =
  'Events arrive in commit order, each at least once: a repeat (after a reconnect or a server crash) has the ' +
  'same `id` and `cursor`. To resume after a disconnect, subscribe again with `after` set to the `cursor` of ' +
  'the last event received (over SSE an EventSource does it with `Last-Event-ID`): you get exactly the events ' +
  'committed since, in order, then live ones. Cursors stay valid for the event retention (EVENT_RETENTION_DAYS, ' +
  '7 days by default); an older one is GONE: refetch, then subscribe without `after`.';

/** The fields every live event has. */
export const LiveEventInterface = builder.interfaceRef<EventMessage>('LiveEvent').implement({
  description:
    'An event of a live subscription, read from the transactional outbox. Its name is the `event` of each ' +
    `implementing type (an enum of the events that subscription delivers). ${DELIVERY_GUARANTEES}`,
  fields: (t) => ({
    id: t.exposeString('id', {
      description:
        'Event id; equal to the `webhook-id` of its webhook deliveries (use it to de-duplicate across channels). ' +
        'Not the resume cursor: ids are taken when a change is written, not when it commits.',
    }),
    cursor: t.id({
      description:
        'Resume cursor: the commit-ordered position of the event. Pass it as `after` (or SSE `Last-Event-ID`) to ' +
        'receive what follows it. Also sent as `extensions.cursor` of each result and as the SSE `id:`.',
      resolve: (e) => e.cursor!,
    }),
    projectId: t.exposeInt('projectId', { description: 'Project (board) of the event.' }),
    actorId: t.exposeInt('actorId', {
      nullable: true,
      description: 'User who made the change; null for system changes.',
    }),
    data: t.field({
      type: 'JSON',
      description: 'Event-specific details (for task events, the `data` of the webhook payload), with the `actor`.',
      resolve: (e) => e.data,
    }),
    timestamp: t.field({
      type: 'DateTime',
      description: 'When the change was written.',
      resolve: (e) => e.timestamp,
    }),
  }),
});

/** Description of the `after` argument of the subscriptions. */
export const AFTER_ARG_DESCRIPTION =
  'Resume after this event `cursor`: receive every event committed since, in order, then live ones. ' +
  'Omitted: events from now on. Not a cursor of this service → VALIDATION; older than the retention → GONE ' +
  '(refetch). Over SSE the `Last-Event-ID` header, when sent, takes its place.';

/**
 * The task of an event if the viewer may see it now (the access.ts
 * membership rule), with the caller's Prisma selection; null otherwise.
 */
export function visibleTask(ctx: GraphQLContext, taskId: number | null, query: { include?: object; select?: object }) {
  // Spread first: Pothos counts the selection as used even when there is nothing to read.
  const args = { ...query, where: { id: taskId ?? 0, ...inVisibleProject(viewerOf(ctx).userId) } };
  return taskId === null ? null : ctx.db.task.findFirst(args);
}

builder.subscriptionType({
  authScopes: { authenticated: true },
  description:
    'Live events, over graphql-ws (WebSocket at /graphql) or server-sent events (POST or GET /graphql with ' +
    '`Accept: text/event-stream`). Read from the transactional outbox in commit order, resumable with `after`.',
});
