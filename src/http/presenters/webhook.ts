import { z } from 'zod';
import { WEBHOOK_FIELD_DESCRIPTIONS as D } from '../../domain/webhook-fields.ts';
import { TASK_EVENT_KIND, WEBHOOK_ATTEMPT_OUTCOME, WEBHOOK_DELIVERY_STATUS, WEBHOOK_DISABLED_CAUSE } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import { presenter } from '../presenter.ts';

// Webhook subscriptions, their deliveries and test pings (REST): snake_case
// ids, `createdAt`/`updatedAt`; the signing secret only in the create answer.

/** The REST subscription object. */
export const subscriptionOut = presenter(
  graphql(`
    fragment WebhookSubscriptionFields on WebhookSubscription {
      id
      url
      projectId
      team {
        id
      }
      metadata
      description
      active
      disabledReason
      disabledCause
      disabledAt
      createdBy {
        id
        displayName
      }
      failingSince
      timeoutStreak
      circuitOpenSince
      createdAt
      updatedAt
    }
  `),
  (f) => ({
    id: f('id', z.number()),
    url: f('url', z.string().describe(D.url)),
    project_id: f('projectId', z.number().nullable().describe(D.projectId)),
    team_id: f((s) => s.team?.id ?? null, z.string().nullable().describe(D.team)),
    // GraphQL's JSON scalar is `unknown`: the metadata is the object the subscription's route stored.
    metadata: f((s) => s.metadata as { 'X-Event-Type': string[] }, z.object({ 'X-Event-Type': z.array(z.string()) }).describe(D.metadata)),
    description: f('description', z.string().nullable().describe(D.description)),
    active: f('active', z.boolean().describe(D.active)),
    disabled_reason: f('disabledReason', z.string().nullable().describe(D.disabledReason)),
    disabled_cause: f(
      (s) => WEBHOOK_DISABLED_CAUSE.spec(s.disabledCause),
      z
        .enum(['gone', 'failing', 'manual', 'creator_lost_access'])
        .nullable()
        .describe(`${D.disabledCause} \`gone\`, \`failing\`, \`manual\` or \`creator_lost_access\`.`),
    ),
    disabled_at: f('disabledAt', z.string().nullable().describe(D.disabledAt)),
    created_by: f(
      (s) => (s.createdBy ? { id: s.createdBy.id, name: s.createdBy.displayName } : null),
      z
        .object({ id: z.number(), name: z.string() })
        .nullable()
        .describe(`${D.createdBy} A loss of access shows as \`disabled_cause: creator_lost_access\`.`),
    ),
    failing_since: f('failingSince', z.string().nullable().describe(D.failingSince)),
    timeout_streak: f('timeoutStreak', z.number().describe(D.timeoutStreak)),
    circuit_open_since: f('circuitOpenSince', z.string().nullable().describe(D.circuitOpenSince)),
    createdAt: f('createdAt', z.string()),
    updatedAt: f('updatedAt', z.string()),
  }),
);

/** Schema of `subscriptionOut`. */
export const subscriptionSchema = subscriptionOut.schema;

/** One attempt of a delivery: snake_case fields. */
const attemptOut = presenter(
  graphql(`
    fragment WebhookAttemptFields on WebhookAttempt {
      id
      outcome
      statusCode
      durationMs
      responseExcerpt
      error
      createdAt
    }
  `),
  (f) => ({
    id: f('id', z.number()),
    outcome: f(
      (a) => WEBHOOK_ATTEMPT_OUTCOME.spec(a.outcome),
      z
        .enum(['unknown', 'succeeded', 'failed'])
        .describe(
          '`unknown`: no answer recorded — in flight, or its sender stopped (crash, restart) before recording it; ' +
            'the receiver may or may not have it, and the retry carries the same `webhook-id`.',
        ),
    ),
    status_code: f('statusCode', z.number().nullable()),
    duration_ms: f('durationMs', z.number().nullable().describe('Null while the outcome is unknown.')),
    response_excerpt: f('responseExcerpt', z.string().nullable()),
    error: f('error', z.string().nullable()),
    createdAt: f('createdAt', z.string()),
  }),
);

/** The REST delivery: snake_case fields, attempts included. */
export const deliveryOut = presenter(
  graphql(`
    fragment WebhookDeliveryFields on WebhookDelivery {
      id
      eventId
      event
      taskId
      ticketNumber
      status
      attemptCount
      nextAttemptAt
      lastStatusCode
      createdAt
      updatedAt
      attempts {
        ...WebhookAttemptFields
      }
    }
  `),
  (f) => ({
    id: f('id', z.number()),
    event_id: f('eventId', z.string().describe('Event id; the `webhook-id` header of every attempt.')),
    event: f((d) => TASK_EVENT_KIND.spec(d.event), z.string()),
    task_id: f('taskId', z.number()),
    ticket_number: f('ticketNumber', z.string()),
    status: f(
      (d) => WEBHOOK_DELIVERY_STATUS.spec(d.status),
      z
        .enum(['pending', 'succeeded', 'failed', 'skipped'])
        .describe('`skipped`: committed while the subscription was disabled; not sent unless redelivered.'),
    ),
    attempt_count: f('attemptCount', z.number()),
    next_attempt_at: f('nextAttemptAt', z.string().nullable()),
    last_status_code: f('lastStatusCode', z.number().nullable()),
    createdAt: f('createdAt', z.string()),
    updatedAt: f('updatedAt', z.string()),
    attempts: f((d) => d.attempts.map(attemptOut), z.array(attemptOut.schema)),
  }),
);

/** Schema of `deliveryOut`. */
export const deliverySchema = deliveryOut.schema;

/** What a test ping produced, with the REST field names. */
export const pingOut = presenter(
  graphql(`
    fragment WebhookPingFields on WebhookPingResult {
      delivered
      webhookId
      statusCode
      durationMs
      responseExcerpt
      error
    }
  `),
  (f) => ({
    delivered: f('delivered', z.boolean()),
    webhook_id: f('webhookId', z.string()),
    status_code: f('statusCode', z.number().nullable()),
    duration_ms: f('durationMs', z.number()),
    response_excerpt: f('responseExcerpt', z.string().nullable()),
    error: f('error', z.string().nullable()),
  }),
);

/** Schema of `pingOut`. */
export const pingSchema = pingOut.schema;
