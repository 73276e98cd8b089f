import { z } from 'zod';
import { DEFAULT_CIRCUIT } from '../../events/retry-policy.ts';
import { TASK_EVENT_KIND, WEBHOOK_ATTEMPT_OUTCOME, WEBHOOK_DELIVERY_STATUS, WEBHOOK_DISABLED_CAUSE } from '../../graphql/enum-names.ts';
import { graphql } from '../gql/index.ts';
import type { WebhookDeliveryFieldsFragment, WebhookPingFieldsFragment, WebhookSubscriptionFieldsFragment } from '../gql/graphql.ts';

// Webhook subscriptions, their deliveries and test pings (REST): snake_case
// ids, `createdAt`/`updatedAt`; the signing secret only in the create answer.

/** The GraphQL selection of a subscription. */
export const SUBSCRIPTION_FIELDS = graphql(`
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
`);

/** The REST subscription object. */
export function subscriptionOut(s: WebhookSubscriptionFieldsFragment) {
  return {
    id: s.id,
    url: s.url,
    project_id: s.projectId ?? null,
    team_id: s.team?.id ?? null,
    metadata: s.metadata,
    description: s.description ?? null,
    active: s.active,
    disabled_reason: s.disabledReason ?? null,
    disabled_cause: WEBHOOK_DISABLED_CAUSE.spec(s.disabledCause ?? null),
    disabled_at: s.disabledAt ?? null,
    created_by: s.createdBy ? { id: s.createdBy.id, name: s.createdBy.displayName } : null,
    failing_since: s.failingSince ?? null,
    timeout_streak: s.timeoutStreak,
    circuit_open_since: s.circuitOpenSince ?? null,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** Schema of `subscriptionOut`. */
export const subscriptionSchema = z.object({
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
  disabled_cause: z
    .enum(['gone', 'failing', 'manual', 'creator_lost_access'])
    .nullable()
    .describe(
      'Why it was disabled, as a code: `creator_lost_access` when its creator no longer sees its board or team ' +
        '(an owner re-enables it and becomes its creator).',
    ),
  disabled_at: z.string().nullable().describe('When it was disabled.'),
  created_by: z
    .object({ id: z.number(), name: z.string() })
    .nullable()
    .describe('Who made it (or took it over); it delivers only while they see its board or own its team. Null once the account is gone.'),
  failing_since: z.string().nullable().describe('Start of the current run of failed attempts.'),
  timeout_streak: z.number().describe('Attempts in a row that got no answer within the timeout; any answer resets it.'),
  circuit_open_since: z
    .string()
    .nullable()
    .describe(
      `Set while the destination is treated as slow (circuit breaker open: after ${DEFAULT_CIRCUIT.tripAfterTimeouts} timeouts in a row, ` +
        `a ${DEFAULT_CIRCUIT.shortTimeoutMs / 1000} s timeout and one delivery at a time, a full-timeout probe every ${DEFAULT_CIRCUIT.probeEveryMs / 1000} s); any answer closes it.`,
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The GraphQL selection of a delivery with its attempts. */
export const DELIVERY_FIELDS = graphql(`
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
      id
      outcome
      statusCode
      durationMs
      responseExcerpt
      error
      createdAt
    }
  }
`);

/** The REST delivery: snake_case fields, attempts included. */
export function deliveryOut(d: WebhookDeliveryFieldsFragment) {
  return {
    id: d.id,
    event_id: d.eventId,
    event: TASK_EVENT_KIND.spec(d.event),
    task_id: d.taskId,
    ticket_number: d.ticketNumber,
    status: WEBHOOK_DELIVERY_STATUS.spec(d.status),
    attempt_count: d.attemptCount,
    next_attempt_at: d.nextAttemptAt ?? null,
    last_status_code: d.lastStatusCode ?? null,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    attempts: d.attempts.map((a) => ({
      id: a.id,
      outcome: WEBHOOK_ATTEMPT_OUTCOME.spec(a.outcome),
      status_code: a.statusCode ?? null,
      duration_ms: a.durationMs ?? null,
      response_excerpt: a.responseExcerpt ?? null,
      error: a.error ?? null,
      createdAt: a.createdAt,
    })),
  };
}

/** Schema of `deliveryOut`. */
export const deliverySchema = z.object({
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

/** The GraphQL selection of a test ping's result. */
export const PING_FIELDS = graphql(`
  fragment WebhookPingFields on WebhookPingResult {
    delivered
    webhookId
    statusCode
    durationMs
    responseExcerpt
    error
  }
`);

/** What a test ping produced, with the REST field names. */
export function pingOut(r: WebhookPingFieldsFragment) {
  return {
    delivered: r.delivered,
    webhook_id: r.webhookId,
    status_code: r.statusCode ?? null,
    duration_ms: r.durationMs,
    response_excerpt: r.responseExcerpt ?? null,
    error: r.error ?? null,
  };
}

/** Schema of `pingOut`. */
export const pingSchema = z.object({
  delivered: z.boolean(),
  webhook_id: z.string(),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
});
