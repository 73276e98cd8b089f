import { z } from 'zod';
import { deliveryOut, deliverySchema, pingOut, pingSchema } from '../../presenters/webhook.ts';
import { qsId, qsInt } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { subscriptionParams } from './webhooks.ts';
import { MAX_OFFSET, PAGE_LIMITS } from '../../../domain/page.ts';
import { WEBHOOK_DELIVERY_STATUS } from '../../../graphql/enum-names.ts';

// A subscription's delivery log, redelivery and test ping.

/** GET /api/v1/webhook/subscriptions/{subscriptionId}/deliveries. */
export const listDeliveriesRoute = route({
  method: 'GET',
  path: '/webhook/subscriptions/:subscriptionId/deliveries',
  operationId: 'listWebhookDeliveries',
  tag: 'webhooks',
  summary: "A subscription's delivery log, newest first, with every attempt (status, duration, response excerpt).",
  description:
    `Query \`status\` (pending, succeeded, failed, skipped), \`limit\` (1-${PAGE_LIMITS.maxLimit}, default ${PAGE_LIMITS.defaultLimit}), \`offset\`. Answers ` +
    '`{success, deliveries, total, limit, offset}`. Deliveries are kept 30 days.',
  params: subscriptionParams,
  query: z.object({
    status: z
      .enum(WEBHOOK_DELIVERY_STATUS.specs, { message: 'must be pending, succeeded, failed or skipped' })
      .optional(),
    limit: qsInt(1, PAGE_LIMITS.maxLimit).optional().describe(`Page size, 1 to ${PAGE_LIMITS.maxLimit} (default ${PAGE_LIMITS.defaultLimit}).`),
    offset: qsInt(0, MAX_OFFSET).optional().describe('Items to skip.'),
  }),
  response: z.object({
    success: z.literal(true),
    deliveries: z.array(deliverySchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  }),
  document: graphql(`
    query RestListDeliveries($subscriptionId: Int!, $status: WebhookDeliveryStatus, $limit: Int, $offset: Int) {
      webhookDeliveries(subscriptionId: $subscriptionId, status: $status, limit: $limit, offset: $offset) {
        items { ...WebhookDeliveryFields }
        total limit offset
      }
    }
  `),
  toVariables: ({ params, query }) => ({
    subscriptionId: params.subscriptionId,
    status: WEBHOOK_DELIVERY_STATUS.name(query.status ?? null),
    limit: query.limit ?? PAGE_LIMITS.defaultLimit,
    offset: query.offset ?? 0,
  }),
  toBody: (data) => ({
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
  document: graphql(`
    mutation RestRedeliver($subscriptionId: Int!, $deliveryId: Int!) {
      redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) { ...WebhookDeliveryFields }
    }
  `),
  toVariables: ({ params }) => ({ subscriptionId: params.subscriptionId, deliveryId: params.deliveryId }),
  toBody: (data) => ({
    success: true,
    delivery: deliveryOut(data.redeliverWebhookDelivery),
  }),
});

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
  response: z.object({ success: z.literal(true), test: pingSchema }),
  document: graphql(`
    mutation RestTestWebhook($id: Int!) {
      testWebhookSubscription(id: $id) { ...WebhookPingFields }
    }
  `),
  toVariables: ({ params }) => ({ id: params.subscriptionId }),
  toBody: (data) => ({ success: true, test: pingOut(data.testWebhookSubscription) }),
});

export const webhookDeliveryRoutes = [listDeliveriesRoute, redeliverRoute, testWebhookRoute];
