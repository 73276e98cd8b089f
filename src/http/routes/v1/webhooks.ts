import { z } from 'zod';
import { requiredString } from '../../../domain/validate.ts';
import { subscriptionOut, subscriptionSchema } from '../../presenters/webhook.ts';
import { bodyId, qsId } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { MAX_SUBSCRIPTIONS_PER_SCOPE, webhookDescriptionField, webhookUrlField } from '../../../domain/webhook.ts';
import { WEBHOOK_FIELD_DESCRIPTIONS as D } from '../../../domain/webhook-fields.ts';
import { boundsOf } from '../shared/bounds.ts';
import { found } from '../shared/found.ts';
import { NotFoundError } from '../../../errors.ts';

// Webhook subscriptions (spec 4.5 gives PATCH; the rest follows the same
// style): snake_case ids, `createdAt`/`updatedAt`, the signing secret only
// in the create response. Delivery itself is described in the events docs.
// Bodies parse types only: the URL and description rules are the domain's
// (webhookUrlField, webhookDescriptionField; its errors name these fields),
// documented here from them (boundsOf), not checked twice; the descriptions
// are the domain's (WEBHOOK_FIELD_DESCRIPTIONS) with this API's errors added.

/** Path of the routes of one subscription. */
export const subscriptionParams = z.object({ subscriptionId: qsId().describe('Webhook subscription id.') });
const metadataBody = z
  .record(z.string(), z.unknown(), { message: 'metadata must be an object' })
  .describe(D.metadata);
const teamIdBody = z
  .union([bodyId(), z.string().uuid()], { message: 'must be a team UUID or a positive integer' })
  .describe(`${D.team} A member gets 403 \`not_team_owner\`.`);

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
  idempotent: true,
  tag: 'webhooks',
  summary: 'Subscribes a URL to task events of a project or of every project of a team.',
  description:
    `Body \`{url, project_id | team_id (exactly one), metadata: {"X-Event-Type": [...]}, description?}\`; at most ${MAX_SUBSCRIPTIONS_PER_SCOPE} ` +
    'subscriptions per project or team. Answers 201 `{success, subscription}`; `subscription.secret` (`whsec_…`) is ' +
    'shown in this response only. ' +
    PAYLOAD_DOC,
  body: z.object({
    url: requiredString('url').meta(boundsOf(webhookUrlField())).describe(D.url),
    project_id: bodyId().optional().describe(D.projectId),
    team_id: teamIdBody.optional(),
    metadata: metadataBody,
    description: z.string().meta(boundsOf(webhookDescriptionField())).nullish().describe(D.description),
  }),
  response: z.object({ success: z.literal(true), subscription: subscriptionSchema.extend({ secret: z.string() }) }),
  status: 201,
  document: graphql(`
    mutation RestCreateWebhook($input: CreateWebhookSubscriptionInput!) {
      createWebhookSubscription(input: $input) { secret subscription { ...WebhookSubscriptionFields } }
    }
  `),
  toVariables: ({ body }) => ({
    input: {
      url: body.url,
      projectId: body.project_id ?? null,
      teamId: body.team_id === undefined ? null : String(body.team_id),
      metadata: body.metadata,
      description: body.description ?? null,
    },
  }),
  toBody: (data) => ({
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
  document: graphql(`
    query RestListWebhooks($projectId: Int, $teamId: ID) {
      webhookSubscriptions(projectId: $projectId, teamId: $teamId) { ...WebhookSubscriptionFields }
    }
  `),
  toVariables: ({ query }) => ({ projectId: query.project_id ?? null, teamId: query.team_id ?? null }),
  toBody: (data) => ({
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
  document: graphql(`
    query RestGetWebhook($id: Int!) {
      webhookSubscription(id: $id) { ...WebhookSubscriptionFields }
    }
  `),
  toVariables: ({ params }) => ({ id: params.subscriptionId }),
  toBody: (data, { params }) => ({
    success: true,
    subscription: subscriptionOut(
      found(data.webhookSubscription, () => new NotFoundError(`Webhook subscription ${params.subscriptionId}`, 'id')),
    ),
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
    'Body `{metadata: {"X-Event-Type": [event names]}}`; unknown event names are 400 ' +
    '(`details: {field: metadata, code: invalid_event}`). Also accepted: `url`, `description`, and `active` (`true` ' +
    're-enables a disabled subscription, its pending deliveries resume, events committed while it was disabled stay ' +
    '`skipped` in its delivery log (redeliver them one by one); `false` pauses it). At least one field.',
  params: subscriptionParams,
  body: z.object({
    metadata: metadataBody.optional(),
    url: z.string().meta(boundsOf(webhookUrlField())).optional().describe(D.url),
    description: z.string().meta(boundsOf(webhookDescriptionField())).nullish().describe(`${D.description} Null clears it too.`),
    active: z
      .boolean({ message: 'active must be true or false' })
      .optional()
      .describe(`${D.active} Anyone else: 403 \`not_team_owner\`.`),
  }),
  response: z.object({ success: z.literal(true), subscription: subscriptionSchema }),
  document: graphql(`
    mutation RestUpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {
      updateWebhookSubscription(id: $id, input: $input) { ...WebhookSubscriptionFields }
    }
  `),
  toVariables: ({ params, body }) => ({
    id: params.subscriptionId,
    input: {
      ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.description !== undefined ? { description: body.description ?? '' } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    },
  }),
  toBody: (data) => ({
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
  document: graphql(`
    mutation RestDeleteWebhook($id: Int!) {
      deleteWebhookSubscription(id: $id) { id }
    }
  `),
  toVariables: ({ params }) => ({ id: params.subscriptionId }),
  toBody: (_data, { params }) => ({ success: true, deleted: true, id: params.subscriptionId }),
});

export const webhookRoutes = [createWebhookRoute, listWebhooksRoute, getWebhookRoute, updateWebhookRoute, deleteWebhookRoute];
