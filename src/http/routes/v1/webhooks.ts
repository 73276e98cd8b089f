import { z } from 'zod';
import { bodyId, qsId, qsInt } from '../../query-params.ts';
import { route } from '../../route.ts';

// Webhook subscriptions (spec 4.5 gives PATCH; the rest follows the same
// style): snake_case ids, `createdAt`/`updatedAt`, the signing secret only
// in the create response. Delivery itself is described in the events docs.

interface SubscriptionNode {
  id: number;
  url: string;
  projectId: number | null;
  team: { id: string } | null;
  metadata: unknown;
  description: string | null;
  active: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

const SUBSCRIPTION_FIELDS =
  'id url projectId team { id } metadata description active disabledReason failingSince createdAt updatedAt';

/** The REST subscription object. */
function subscriptionOut(s: SubscriptionNode) {
  return {
    id: s.id,
    url: s.url,
    project_id: s.projectId,
    team_id: s.team?.id ?? null,
    metadata: s.metadata,
    description: s.description,
    active: s.active,
    disabled_reason: s.disabledReason,
    failing_since: s.failingSince,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

const subscriptionSchema = z.object({
  id: z.number(),
  url: z.string(),
  project_id: z.number().nullable().describe('Project scope, or null for a team subscription.'),
  team_id: z.string().nullable().describe('Team UUID scope, or null for a project subscription.'),
  metadata: z.object({ 'X-Event-Type': z.array(z.string()) }),
  description: z.string().nullable(),
  active: z.boolean(),
  disabled_reason: z
    .string()
    .nullable()
    .describe('Why the subscription was disabled (410 answer, days of failures, by hand).'),
  failing_since: z.string().nullable().describe('Start of the current run of failed attempts.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

interface AttemptNode {
  id: number;
  outcome: 'unknown' | 'succeeded' | 'failed';
  statusCode: number | null;
  durationMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
  createdAt: string;
}

interface DeliveryNode {
  id: number;
  eventId: string;
  event: string;
  taskId: number;
  ticketNumber: string;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  createdAt: string;
  updatedAt: string;
  attempts: AttemptNode[];
}

const DELIVERY_FIELDS =
  'id eventId event taskId ticketNumber status attemptCount nextAttemptAt lastStatusCode createdAt updatedAt ' +
  'attempts { id outcome statusCode durationMs responseExcerpt error createdAt }';

function deliveryOut(d: DeliveryNode) {
  return {
    id: d.id,
    event_id: d.eventId,
    event: d.event,
    task_id: d.taskId,
    ticket_number: d.ticketNumber,
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: d.nextAttemptAt,
    last_status_code: d.lastStatusCode,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    attempts: d.attempts.map((a) => ({
      id: a.id,
      outcome: a.outcome,
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      response_excerpt: a.responseExcerpt,
      error: a.error,
      createdAt: a.createdAt,
    })),
  };
}

const deliverySchema = z.object({
  id: z.number(),
  event_id: z.string().describe('Event id; the `webhook-id` header of every attempt.'),
  event: z.string(),
  task_id: z.number(),
  ticket_number: z.string(),
  status: z
    .enum(['pending', 'succeeded', 'failed', 'skipped'])
    .describe('`skipped`: committed while the subscription was disabled; not sent unless redelivered.'),
  attempt_count: z.number(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attempts: z.array(
    z.object({
      id: z.number(),
      outcome: z
        .enum(['unknown', 'succeeded', 'failed'])
        .describe(
          '`unknown`: no answer recorded — in flight, or its sender stopped (crash, restart) before recording it; ' +
            'the receiver may or may not have it, and the retry carries the same `webhook-id`.',
        ),
      status_code: z.number().nullable(),
      duration_ms: z.number().nullable().describe('Null while the outcome is unknown.'),
      response_excerpt: z.string().nullable(),
      error: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

const subscriptionParams = z.object({ subscriptionId: qsId().describe('Webhook subscription id.') });
const metadataBody = z
  .record(z.string(), z.unknown(), { message: 'metadata must be an object' })
  .describe('`{"X-Event-Type": [...]}`: one or more of task.created, task.assigned, task.updated.');
const teamIdBody = z
  .union([bodyId(), z.string().uuid()], { message: 'must be a team UUID or a positive integer' })
  .describe('Team UUID (or numeric id): every project of the team.');

const PAYLOAD_DOC =
  'Each event is POSTed as JSON `{event, task_id, ticket_number, project_id, data, timestamp}` with the Standard ' +
  'Webhooks headers `webhook-id` (the event id, the same on every retry), `webhook-timestamp` and `webhook-signature` ' +
  '(`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the secret). A 2xx within 10 s is success; otherwise ' +
  'retries after about 5 s, 5 min, 30 min, 2 h, 5 h, then every 10 h for about 3 days (`Retry-After` of a 429/503 is ' +
  'honoured), then the delivery is failed. A 410 answer disables the subscription at once; so do 3 days without a ' +
  'success. Events of one task arrive in order: a later event of a task waits until the earlier one succeeded or failed. Private, loopback and link-local destinations are refused. ' +
  'While a subscription is disabled, the events it would get are logged as deliveries with status `skipped` and not ' +
  'sent; re-enabling sends new events and the pending backlog but not the skipped ones (as GitHub and Stripe do ' +
  'not replay what a disabled endpoint missed): list them with `status=skipped` and redeliver those you want.';

/** POST /api/v1/webhook/subscriptions. */
export const createWebhookRoute = route({
  method: 'POST',
  path: '/webhook/subscriptions',
  operationId: 'createWebhookSubscription',
  tag: 'webhooks',
  summary: 'Subscribes a URL to task events of a project or of every project of a team.',
  description:
    'Body `{url, project_id | team_id (exactly one), metadata: {"X-Event-Type": [...]}, description?}`; at most 20 ' +
    'subscriptions per project or team. Answers 201 `{success, subscription}`; `subscription.secret` (`whsec_…`) is ' +
    'shown in this response only. ' +
    PAYLOAD_DOC,
  body: z.object({
    url: z.string({ message: 'url is required' }).describe('Destination URL, http:// or https://.'),
    project_id: bodyId().optional().describe('Project scope.'),
    team_id: teamIdBody.optional(),
    metadata: metadataBody,
    description: z.string().max(500).nullish().describe('Free text, up to 500 characters.'),
  }),
  response: z.object({ success: z.literal(true), subscription: subscriptionSchema.extend({ secret: z.string() }) }),
  status: 201,
  document: /* GraphQL */ `
    mutation RestCreateWebhook($input: CreateWebhookSubscriptionInput!) {
      createWebhookSubscription(input: $input) { secret subscription { ${SUBSCRIPTION_FIELDS} } }
    }
  `,
  toVariables: ({ body }) => ({
    input: {
      url: body.url,
      projectId: body.project_id ?? null,
      teamId: body.team_id === undefined ? null : String(body.team_id),
      metadata: body.metadata,
      description: body.description ?? null,
    },
  }),
  toBody: (data: { createWebhookSubscription: { secret: string; subscription: SubscriptionNode } }) => ({
    success: true,
    subscription: {
      ...subscriptionOut(data.createWebhookSubscription.subscription),
      secret: data.createWebhookSubscription.secret,
    },
  }),
});

/** GET /api/v1/webhook/subscriptions. */
export const listWebhooksRoute = route({
  method: 'GET',
  path: '/webhook/subscriptions',
  operationId: 'listWebhookSubscriptions',
  tag: 'webhooks',
  summary: 'Lists the webhook subscriptions of your projects and teams, newest first.',
  description: 'Optional `project_id` or `team_id` narrows the list to one scope. Secrets are never listed.',
  query: z.object({
    project_id: qsId().optional().describe('Only this project.'),
    team_id: z.string().optional().describe('Only this team (UUID or numeric id).'),
  }),
  response: z.object({ success: z.literal(true), subscriptions: z.array(subscriptionSchema) }),
  document: /* GraphQL */ `
    query RestListWebhooks($projectId: Int, $teamId: ID) {
      webhookSubscriptions(projectId: $projectId, teamId: $teamId) { ${SUBSCRIPTION_FIELDS} }
    }
  `,
  toVariables: ({ query }) => ({ projectId: query.project_id ?? null, teamId: query.team_id ?? null }),
  toBody: (data: { webhookSubscriptions: SubscriptionNode[] }) => ({
    success: true,
    subscriptions: data.webhookSubscriptions.map(subscriptionOut),
  }),
});

/** GET /api/v1/webhook/subscriptions/{subscriptionId}. */
export const getWebhookRoute = route({
  method: 'GET',
  path: '/webhook/subscriptions/:subscriptionId',
  operationId: 'getWebhookSubscription',
  tag: 'webhooks',
  summary: 'One webhook subscription (without its secret).',
  params: subscriptionParams,
  response: z.object({ success: z.literal(true), subscription: subscriptionSchema }),
  document: /* GraphQL */ `
    query RestGetWebhook($id: Int!) {
      webhookSubscription(id: $id) { ${SUBSCRIPTION_FIELDS} }
    }
  `,
  toVariables: ({ params }) => ({ id: params.subscriptionId }),
  toBody: (data: { webhookSubscription: SubscriptionNode }) => ({
    success: true,
    subscription: subscriptionOut(data.webhookSubscription),
  }),
  fieldNames: { id: 'subscription_id' },
});

/** PATCH /api/v1/webhook/subscriptions/{subscriptionId} (spec 4.5). */
export const updateWebhookRoute = route({
  method: 'PATCH',
  path: '/webhook/subscriptions/:subscriptionId',
  operationId: 'updateWebhookSubscription',
  tag: 'webhooks',
  summary: 'Changes the events a subscription receives (and optionally its URL, description or state).',
  description:
    'Spec 4.5 body `{metadata: {"X-Event-Type": [event names]}}`; unknown event names are 400 ' +
    '(`details: {field: metadata, code: invalid_event}`). Also accepted: `url`, `description`, and `active` (`true` ' +
    're-enables a disabled subscription, its pending deliveries resume, events committed while it was disabled stay ' +
    '`skipped` in its delivery log (redeliver them one by one); `false` pauses it). At least one field.',
  params: subscriptionParams,
  body: z.object({
    metadata: metadataBody.optional(),
    url: z.string().optional().describe('New destination URL.'),
    description: z.string().max(500).nullish().describe('New description (empty or null clears it).'),
    active: z
      .boolean({ message: 'active must be true or false' })
      .optional()
      .describe('Enable or pause the subscription.'),
  }),
  response: z.object({ success: z.literal(true), subscription: subscriptionSchema }),
  document: /* GraphQL */ `
    mutation RestUpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {
      updateWebhookSubscription(id: $id, input: $input) { ${SUBSCRIPTION_FIELDS} }
    }
  `,
  toVariables: ({ params, body }) => ({
    id: params.subscriptionId,
    input: {
      ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.description !== undefined ? { description: body.description ?? '' } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    },
  }),
  toBody: (data: { updateWebhookSubscription: SubscriptionNode }) => ({
    success: true,
    subscription: subscriptionOut(data.updateWebhookSubscription),
  }),
});

/** DELETE /api/v1/webhook/subscriptions/{subscriptionId}. */
export const deleteWebhookRoute = route({
  method: 'DELETE',
  path: '/webhook/subscriptions/:subscriptionId',
  operationId: 'deleteWebhookSubscription',
  tag: 'webhooks',
  summary: 'Deletes a subscription and its delivery log.',
  description: 'Answers `{success, deleted: true, id}`; pending deliveries are dropped.',
  params: subscriptionParams,
  response: z.object({ success: z.literal(true), deleted: z.literal(true), id: z.number() }),
  document: /* GraphQL */ `
    mutation RestDeleteWebhook($id: Int!) {
      deleteWebhookSubscription(id: $id)
    }
  `,
  toVariables: ({ params }) => ({ id: params.subscriptionId }),
  toBody: (_data: unknown, { params }) => ({ success: true, deleted: true, id: params.subscriptionId }),
});

/** GET /api/v1/webhook/subscriptions/{subscriptionId}/deliveries. */
export const listDeliveriesRoute = route({
  method: 'GET',
  path: '/webhook/subscriptions/:subscriptionId/deliveries',
  operationId: 'listWebhookDeliveries',
  tag: 'webhooks',
  summary: "A subscription's delivery log, newest first, with every attempt (status, duration, response excerpt).",
  description:
    'Query `status` (pending, succeeded, failed, skipped), `limit` (1-100, default 50), `offset`. Answers ' +
    '`{success, deliveries, total, limit, offset}`. Deliveries are kept 30 days.',
  params: subscriptionParams,
  query: z.object({
    status: z
      .enum(['pending', 'succeeded', 'failed', 'skipped'], { message: 'must be pending, succeeded, failed or skipped' })
      .optional(),
    limit: qsInt(1, 100).optional().describe('Page size, 1 to 100 (default 50).'),
    offset: qsInt(0, 1_000_000).optional().describe('Items to skip.'),
  }),
  response: z.object({
    success: z.literal(true),
    deliveries: z.array(deliverySchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  }),
  document: /* GraphQL */ `
    query RestListDeliveries($subscriptionId: Int!, $status: WebhookDeliveryStatus, $limit: Int, $offset: Int) {
      webhookDeliveries(subscriptionId: $subscriptionId, status: $status, limit: $limit, offset: $offset) {
        items { ${DELIVERY_FIELDS} }
        total limit offset
      }
    }
  `,
  toVariables: ({ params, query }) => ({
    subscriptionId: params.subscriptionId,
    status: query.status ?? null,
    limit: query.limit ?? 50,
    offset: query.offset ?? 0,
  }),
  toBody: (data: { webhookDeliveries: { items: DeliveryNode[]; total: number; limit: number; offset: number } }) => ({
    success: true,
    deliveries: data.webhookDeliveries.items.map(deliveryOut),
    total: data.webhookDeliveries.total,
    limit: data.webhookDeliveries.limit,
    offset: data.webhookDeliveries.offset,
  }),
});

/** POST /api/v1/webhook/subscriptions/{subscriptionId}/deliveries/{deliveryId}/redeliver. */
export const redeliverRoute = route({
  method: 'POST',
  path: '/webhook/subscriptions/:subscriptionId/deliveries/:deliveryId/redeliver',
  operationId: 'redeliverWebhookDelivery',
  errors: ['CONFLICT'],
  tag: 'webhooks',
  summary: 'Queues a delivery again: same payload and webhook-id, retry schedule restarted.',
  description:
    'Works for any state (a receiver can ask for a lost event again). 409 while the subscription is disabled: ' +
    're-enable it first with PATCH `{active: true}`. Answers 202 `{success, delivery}`.',
  params: subscriptionParams.extend({ deliveryId: qsId().describe('Delivery id.') }),
  response: z.object({ success: z.literal(true), delivery: deliverySchema }),
  status: 202,
  document: /* GraphQL */ `
    mutation RestRedeliver($subscriptionId: Int!, $deliveryId: Int!) {
      redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) { ${DELIVERY_FIELDS} }
    }
  `,
  toVariables: ({ params }) => ({ subscriptionId: params.subscriptionId, deliveryId: params.deliveryId }),
  toBody: (data: { redeliverWebhookDelivery: DeliveryNode }) => ({
    success: true,
    delivery: deliveryOut(data.redeliverWebhookDelivery),
  }),
});

interface PingNode {
  delivered: boolean;
  webhookId: string;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** POST /api/v1/webhook/subscriptions/{subscriptionId}/test. */
export const testWebhookRoute = route({
  method: 'POST',
  path: '/webhook/subscriptions/:subscriptionId/test',
  operationId: 'testWebhookSubscription',
  tag: 'webhooks',
  summary: 'Sends a signed test ping now and reports how the endpoint answered.',
  description:
    'The ping is `{event: "webhook.test", task_id: null, ticket_number: null, project_id, data: {subscription_id, ' +
    'message}, timestamp}`, signed like every delivery (its `webhook-id` starts with `ping_`). Not logged, not ' +
    'retried; works on a disabled subscription. Answers `{success, test: {delivered, webhook_id, status_code, ' +
    'duration_ms, response_excerpt, error}}`: `success` says the request ran, `test.delivered` whether the endpoint ' +
    'answered 2xx.',
  params: subscriptionParams,
  response: z.object({
    success: z.literal(true),
    test: z.object({
      delivered: z.boolean(),
      webhook_id: z.string(),
      status_code: z.number().nullable(),
      duration_ms: z.number(),
      response_excerpt: z.string().nullable(),
      error: z.string().nullable(),
    }),
  }),
  document: /* GraphQL */ `
    mutation RestTestWebhook($id: Int!) {
      testWebhookSubscription(id: $id) {
        delivered
        webhookId
        statusCode
        durationMs
        responseExcerpt
        error
      }
    }
  `,
  toVariables: ({ params }) => ({ id: params.subscriptionId }),
  toBody: (data: { testWebhookSubscription: PingNode }) => {
    const r = data.testWebhookSubscription;
    return {
      success: true,
      test: {
        delivered: r.delivered,
        webhook_id: r.webhookId,
        status_code: r.statusCode,
        duration_ms: r.durationMs,
        response_excerpt: r.responseExcerpt,
        error: r.error,
      },
    };
  },
});

export const webhookRoutes = [
  createWebhookRoute,
  listWebhooksRoute,
  getWebhookRoute,
  updateWebhookRoute,
  deleteWebhookRoute,
  listDeliveriesRoute,
  redeliverRoute,
  testWebhookRoute,
];
