import {
  createWebhookSubscription,
  deleteWebhookSubscription,
  deliveryListQuery,
  MAX_SUBSCRIPTIONS_PER_SCOPE,
  redeliverWebhook,
  requireWebhookSubscription,
  updateWebhookSubscription,
  webhookListQuery,
  type WebhookPolicy,
} from '../../domain/webhook.ts';
import { WEBHOOK_FIELD_DESCRIPTIONS as D } from '../../domain/webhook-fields.ts';
import { pingWebhook, type WebhookPingResult } from '../../domain/webhook-ping.ts';
import type { WebhookEventName } from '../../events/outbox.ts';
import type { WebhookSubscription } from '../../generated/prisma/client.ts';
import { builder } from '../builder.ts';
import { TaskEventKindEnum } from './task-event.ts';
import { foundOrNull } from '../lookup.ts';
import { enumValues, WEBHOOK_ATTEMPT_OUTCOME, WEBHOOK_DELIVERY_STATUS, WEBHOOK_DISABLED_CAUSE } from '../enum-names.ts';
import type { GraphQLContext } from '../context.ts';
import { connectionType } from '../connection.ts';
import { loadPage, pageArgs, pageType } from '../page.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';

const policyOf = (ctx: GraphQLContext): WebhookPolicy => ({ allowPrivate: ctx.services.config.WEBHOOK_ALLOW_PRIVATE });

export const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'State of one webhook delivery.',
  values: enumValues(WEBHOOK_DELIVERY_STATUS, {
    pending: 'Waiting for its first attempt or a retry.',
    succeeded: 'The endpoint answered 2xx.',
    failed: 'Retries exhausted (about 3 days), or the endpoint answered 410 Gone.',
    skipped:
      'The event was committed while the subscription was disabled: logged, not sent. Re-enabling does not send ' +
      'it (as GitHub and Stripe do not replay what a disabled endpoint missed); redeliver it to send it.',
  }),
});

export const WebhookAttemptOutcomeEnum = builder.enumType('WebhookAttemptOutcome', {
  description: 'What became of one webhook attempt.',
  values: enumValues(WEBHOOK_ATTEMPT_OUTCOME, {
    unknown:
      'No answer recorded: the request is in flight, or the sender stopped (a crash or restart) before ' +
      'recording it. The receiver may or may not have the event; the retry after the lease has the same `webhook-id`.',
    succeeded: 'The endpoint answered 2xx.',
    failed: 'Another answer, a timeout, a connection error or a refused destination.',
  }),
});

export const WebhookDisabledCauseEnum = builder.enumType('WebhookDisabledCause', {
  description: 'Why a webhook subscription was disabled.',
  values: enumValues(WEBHOOK_DISABLED_CAUSE, {
    gone: 'The endpoint answered 410 Gone.',
    failing: 'Deliveries failed without a success for days.',
    manual: 'Disabled through the API (`active: false`).',
    creator_lost_access:
      'Its creator no longer sees its board (left or was removed), or no longer owns its team for a team-wide ' +
      'subscription. Nothing is sent to it from then on, queued deliveries included; an owner of the team ' +
      're-enables it (`active: true`) and becomes its creator.',
  }),
});

/** What `deleteWebhookSubscription` answers. */
const DeletedWebhookSubscription = builder.objectRef<{ id: number }>('DeletedWebhookSubscription').implement({
  description: 'A webhook subscription deleted for good, with its delivery log.',
  fields: (t) => ({ id: t.exposeInt('id', { description: 'Id the subscription had.' }) }),
});

/** A webhook subscription; the secret is never exposed here. */
export const WebhookSubscriptionType = builder.prismaNode('WebhookSubscription', {
  id: { field: 'id' },
  description:
    'A webhook: task events of a project (or of every project of a team) POSTed to a URL, signed the Standard ' +
    'Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`). The signing secret is shown only on creation. ' +
    'Board members see and manage the board subscriptions; team-wide ones are made, seen and managed by team owners only.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Subscription id.' }),
    url: t.exposeString('url', { description: D.url }),
    projectId: t.exposeInt('projectId', { nullable: true, description: D.projectId }),
    team: t.relation('team', { nullable: true, description: D.team }),
    metadata: t.field({ type: 'JSON', description: D.metadata, resolve: (s) => s.metadata }),
    description: t.exposeString('description', { nullable: true, description: D.description }),
    active: t.exposeBoolean('active', { description: D.active }),
    disabledReason: t.exposeString('disabledReason', { nullable: true, description: D.disabledReason }),
    disabledCause: t.expose('disabledCause', { type: WebhookDisabledCauseEnum, nullable: true, description: D.disabledCause }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true, description: D.disabledAt }),
    createdBy: t.relation('createdBy', {
      nullable: true,
      description: `${D.createdBy} A loss of access shows as \`disabledCause: CREATOR_LOST_ACCESS\`.`,
    }),
    failingSince: t.expose('failingSince', { type: 'DateTime', nullable: true, description: D.failingSince }),
    timeoutStreak: t.exposeInt('timeoutStreak', { description: D.timeoutStreak }),
    circuitOpenSince: t.expose('circuitOpenSince', { type: 'DateTime', nullable: true, description: D.circuitOpenSince }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Creation time.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change.' }),
  }),
});

const CreatedWebhookSubscription = builder
  .objectRef<{ subscription: WebhookSubscription; secret: string }>('CreatedWebhookSubscription')
  .implement({
    description: 'A new subscription with its signing secret: store the secret now, it is not shown again.',
    fields: (t) => ({
      subscription: t.field({
        type: WebhookSubscriptionType,
        description: 'The subscription.',
        resolve: (r) => r.subscription,
      }),
      secret: t.exposeString('secret', { description: 'Signing secret `whsec_<base64>` (Standard Webhooks).' }),
    }),
  });

export const WebhookAttemptType = builder.prismaObject('WebhookAttempt', {
  description: 'One HTTP attempt of a delivery.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Attempt id.' }),
    outcome: t.expose('outcome', { type: WebhookAttemptOutcomeEnum, description: '`SUCCEEDED`, `FAILED`, or `UNKNOWN` (no answer recorded).' }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: 'HTTP status; null when no answer came.' }),
    durationMs: t.exposeInt('durationMs', {
      nullable: true,
      description: 'Time until the answer or the failure, in milliseconds; null while the outcome is unknown.',
    }),
    responseExcerpt: t.exposeString('responseExcerpt', {
      nullable: true,
      description: 'First kilobyte of the response body.',
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Timeout, connection or refused-destination error.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the attempt started (its request was about to be sent).' }),
  }),
});

export const WebhookDeliveryType = builder.prismaObject('WebhookDelivery', {
  description: 'One event sent to one subscription, with every attempt.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Delivery id (for redelivery).' }),
    subscriptionId: t.exposeInt('subscriptionId', { description: 'Subscription.' }),
    eventId: t.string({
      description: 'Event id, sent as the `webhook-id` header on every attempt.',
      resolve: (d) => String(d.eventId),
    }),
    event: t.field({
      type: TaskEventKindEnum,
      description: 'Event name.',
      select: { event: { select: { type: true } } },
      resolve: (d) => d.event.type as WebhookEventName,
    }),
    taskId: t.int({
      description: 'Task of the event.',
      select: { event: { select: { taskId: true } } },
      // Webhooks carry only task events, which always have a task.
      resolve: (d) => d.event.taskId!,
    }),
    ticketNumber: t.string({
      description: 'Ticket number of the task.',
      select: { event: { select: { ticketNumber: true } } },
      resolve: (d) => d.event.ticketNumber!,
    }),
    status: t.expose('status', { type: WebhookDeliveryStatusEnum, description: '`PENDING`, `SUCCEEDED`, `FAILED`, or `SKIPPED` (committed while the subscription was disabled).' }),
    attemptCount: t.exposeInt('attemptCount', {
      description: 'Attempts with a recorded outcome since the delivery was queued (or redelivered); `unknown` ones are not counted.',
    }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the next attempt is due; null once succeeded or failed.',
      resolve: (d) => (d.status === 'pending' ? d.nextAttemptAt : null),
    }),
    lastStatusCode: t.exposeInt('lastStatusCode', {
      nullable: true,
      description: 'HTTP status of the latest attempt.',
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      description: 'When the event was queued for this subscription.',
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change.' }),
    attempts: t.relation('attempts', { description: 'Attempts, oldest first.', query: { orderBy: { id: 'asc' } } }),
  }),
});

export const WebhookDeliveryPage = pageType('WebhookDelivery', WebhookDeliveryType, 'deliveries');
export const WebhookDeliveryConnection = connectionType('WebhookDelivery', WebhookDeliveryType, 'deliveries', 'delivery');
export const WebhookSubscriptionConnection = connectionType(
  'WebhookSubscription',
  WebhookSubscriptionType,
  'webhook subscriptions',
);

const WebhookPingResultType = builder.objectRef<WebhookPingResult>('WebhookPingResult').implement({
  description: 'Answer of the endpoint to a test ping (event `webhook.test`, not logged, not retried).',
  fields: (t) => ({
    delivered: t.exposeBoolean('delivered', { description: 'True for a 2xx answer within 10 s.' }),
    webhookId: t.exposeString('webhookId', { description: '`webhook-id` of the ping.' }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: 'HTTP status; null when no answer came.' }),
    durationMs: t.exposeInt('durationMs', { description: 'Round trip in milliseconds.' }),
    responseExcerpt: t.exposeString('responseExcerpt', {
      nullable: true,
      description: 'First kilobyte of the response body.',
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Timeout, connection or refused-destination error.',
    }),
  }),
});

const CreateWebhookInput = builder.inputType('CreateWebhookSubscriptionInput', {
  description: 'A new webhook subscription: exactly one of `projectId` and `teamId`.',
  fields: (t) => ({
    url: t.string({ required: true, description: D.url }),
    projectId: t.int({ description: D.projectId }),
    teamId: t.id({ description: `${D.team} A member gets FORBIDDEN \`not_team_owner\`.` }),
    metadata: t.field({ type: 'JSON', required: true, description: D.metadata }),
    description: t.string({ description: D.description }),
  }),
});

const UpdateWebhookInput = builder.inputType('UpdateWebhookSubscriptionInput', {
  description: 'Changes to a subscription; at least one field.',
  fields: (t) => ({
    metadata: t.field({ type: 'JSON', description: D.metadata }),
    url: t.string({ description: D.url }),
    description: t.string({ description: D.description }),
    active: t.boolean({ description: `${D.active} Anyone else: FORBIDDEN \`not_team_owner\`.` }),
  }),
});

builder.queryFields((t) => ({
  webhookSubscriptions: t.prismaField({
    type: ['WebhookSubscription'],
    description:
      `Webhook subscriptions of the boards the viewer is on and the teams the viewer owns, newest first, all at once (at most ${MAX_SUBSCRIPTIONS_PER_SCOPE} ` +
      'per scope); filter by one scope. `webhookSubscriptionsConnection` pages them.',
    args: {
      projectId: t.arg.int({ description: 'Only subscriptions of this project.' }),
      teamId: t.arg.id({ description: 'Only subscriptions of this team (UUID or numeric id).' }),
    },
    resolve: async (query, _root, args, ctx) =>
      ctx.db.webhookSubscription.findMany({ ...query, ...(await webhookListQuery(ctx.db, viewerOf(ctx).userId, args)) }),
  }),
  webhookSubscriptionsConnection: t.connection(
    {
      type: WebhookSubscriptionType,
      description:
        '`webhookSubscriptions` as a Relay connection: same scopes, access rule and order (newest first), paged by cursor.',
      args: {
        projectId: t.arg.int({ description: 'Only subscriptions of this project.' }),
        teamId: t.arg.id({ description: 'Only subscriptions of this team (UUID or numeric id).' }),
      },
      resolve: (_root, args, ctx, info) =>
        resolvePrismaConnection({
          ctx,
          info,
          args,
          model: 'WebhookSubscription',
          list: () => webhookListQuery(ctx.db, viewerOf(ctx).userId, args),
          findMany: (q) => ctx.db.webhookSubscription.findMany(q),
          count: (where) => ctx.db.webhookSubscription.count({ where }),
        }),
    },
    WebhookSubscriptionConnection,
  ),
  webhookSubscription: t.prismaField({
    type: 'WebhookSubscription',
    nullable: true,
    description: 'One subscription; null when there is none with this id or the viewer cannot see its project or team (alike).',
    args: { id: t.arg.int({ required: true, description: 'Subscription id.' }) },
    resolve: (query, _root, args, ctx) => {
      // Spread first: Pothos counts the selection as used even when there is no subscription to read.
      const selection = { ...query };
      return foundOrNull(async () => {
        await requireWebhookSubscription(ctx.db, viewerOf(ctx).userId, args.id, 'id');
        return ctx.db.webhookSubscription.findUniqueOrThrow({ ...selection, where: { id: args.id } });
      });
    },
  }),
  webhookDeliveries: t.field({
    type: WebhookDeliveryPage,
    description: "A subscription's delivery log, newest first, each with its attempts.",
    args: {
      subscriptionId: t.arg.int({ required: true, description: 'Subscription id.' }),
      status: t.arg({ type: WebhookDeliveryStatusEnum, description: 'Only deliveries in this state.' }),
      ...pageArgs(t.arg, 'deliveries'),
    },
    resolve: async (_root, args, ctx, info) => {
      const q = await deliveryListQuery(ctx.db, viewerOf(ctx).userId, args.subscriptionId, {
        status: args.status ?? undefined,
        limit: args.limit,
        offset: args.offset,
      });
      return loadPage(ctx.db.webhookDelivery, q, ctx, info);
    },
  }),
  webhookDeliveriesConnection: t.connection(
    {
      type: WebhookDeliveryType,
      description:
        "A subscription's delivery log as a Relay connection: same filter, access rule (NOT_FOUND for a " +
        'subscription you cannot see) and order (newest first), paged by cursor.',
      args: {
        subscriptionId: t.arg.int({ required: true, description: 'Subscription id.' }),
        status: t.arg({ type: WebhookDeliveryStatusEnum, description: 'Only deliveries in this state.' }),
      },
      resolve: (_root, args, ctx, info) =>
        resolvePrismaConnection({
          ctx,
          info,
          args,
          model: 'WebhookDelivery',
          list: () =>
            deliveryListQuery(ctx.db, viewerOf(ctx).userId, args.subscriptionId, { status: args.status ?? undefined }),
          findMany: (q) => ctx.db.webhookDelivery.findMany(q),
          count: (where) => ctx.db.webhookDelivery.count({ where }),
        }),
    },
    WebhookDeliveryConnection,
  ),
}));

builder.mutationFields((t) => ({
  createWebhookSubscription: t.field({
    type: CreatedWebhookSubscription,
    description: `Creates a webhook subscription on a project or team the viewer belongs to (at most ${MAX_SUBSCRIPTIONS_PER_SCOPE} per scope).`,
    args: { input: t.arg({ type: CreateWebhookInput, required: true, description: 'The subscription.' }) },
    resolve: async (_root, { input }, ctx) => {
      const row = await createWebhookSubscription(ctx.db, viewerOf(ctx).userId, input, policyOf(ctx));
      return { subscription: row, secret: row.secret };
    },
  }),
  updateWebhookSubscription: t.prismaField({
    type: 'WebhookSubscription',
    description:
      "Changes a subscription's events, URL, description or state (unknown event names are a VALIDATION error).",
    args: {
      id: t.arg.int({ required: true, description: 'Subscription id.' }),
      input: t.arg({ type: UpdateWebhookInput, required: true, description: 'The changes.' }),
    },
    resolve: async (query, _root, { id, input }, ctx) => {
      await updateWebhookSubscription(ctx.db, viewerOf(ctx).userId, id, input, policyOf(ctx));
      return ctx.db.webhookSubscription.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  deleteWebhookSubscription: t.field({
    type: DeletedWebhookSubscription,
    description: 'Deletes a subscription and its delivery log; answers its id (there is no object left to return).',
    args: { id: t.arg.int({ required: true, description: 'Subscription id.' }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteWebhookSubscription(ctx.db, viewerOf(ctx).userId, id);
      return { id };
    },
  }),
  redeliverWebhookDelivery: t.prismaField({
    type: 'WebhookDelivery',
    description:
      'Queues a delivery again (same payload and `webhook-id`, retry schedule restarted), whatever its state. ' +
      'CONFLICT while the subscription is disabled.',
    args: {
      subscriptionId: t.arg.int({ required: true, description: 'Subscription id.' }),
      deliveryId: t.arg.int({ required: true, description: 'Delivery id.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const id = await redeliverWebhook(ctx.db, viewerOf(ctx).userId, args.subscriptionId, args.deliveryId);
      return ctx.db.webhookDelivery.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  testWebhookSubscription: t.field({
    type: WebhookPingResultType,
    description:
      'Sends a signed test ping (event `webhook.test`) now and reports the answer; works on disabled subscriptions.',
    args: { id: t.arg.int({ required: true, description: 'Subscription id.' }) },
    resolve: (_root, { id }, ctx) => pingWebhook(ctx.db, viewerOf(ctx).userId, id, policyOf(ctx)),
  }),
}));
