import { WEBHOOK_EVENT_LIST } from '../events/outbox.ts';
import { DEFAULT_CIRCUIT, DEFAULT_DISABLE_AFTER_MS } from '../events/retry-policy.ts';
import { NAME_LIMITS, printedLimit } from './fields.ts';
import { EVENT_TYPE_KEY, WEBHOOK_DESCRIPTION_MAX } from './webhook.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a public webhook subscription field means, once for every transport:
 * GraphQL's WebhookSubscription and its inputs, the REST bodies (so OpenAPI)
 * and the presenter read this text; limits are printed from the rules'
 * constants (webhook.ts, the retry policy). How a transport names a refusal
 * (FORBIDDEN or 403) and spells a code (`CREATOR_LOST_ACCESS`,
 * `creator_lost_access`) is added by each after it.
 */
export const WEBHOOK_FIELD_DESCRIPTIONS = {
  url:
    `Destination URL, an absolute http:// or https:// URL of at most ${printedLimit(NAME_LIMITS.urlMax)} characters ` +
    '(trimmed on write); private, loopback and link-local addresses are refused unless the service allows them.',
  projectId:
    'Project scope: the subscription receives the events of this project; null for a team subscription ' +
    '(a new subscription gives exactly one of the project and the team).',
  team:
    'Team scope: the events of every project of this team (its UUID; a write may give its numeric id); team-wide ' +
    'subscriptions are for team owners only (a member subscribes a board instead); null for a project subscription.',
  metadata:
    `The events the subscription receives: \`{"${EVENT_TYPE_KEY}": [event names]}\` with one or more of ` +
    `${WEBHOOK_EVENT_LIST}; an update replaces the selection.`,
  description: `Free text, up to ${printedLimit(WEBHOOK_DESCRIPTION_MAX)} characters (trimmed on write); null when none (empty in an update clears it).`,
  active:
    'False once disabled (by a 410 answer, days of failures, its creator losing access, or by hand). While disabled, ' +
    'its events are logged as `skipped` deliveries and not sent. An update with true re-enables it (pending ' +
    'deliveries resume; the skipped ones stay in the log, not sent: redeliver the ones you want); false pauses it. ' +
    'Re-enabling one whose creator no longer sees its board or team takes it over: only an owner of the team may, ' +
    'and becomes its creator.',
  disabledReason: 'Why the subscription was disabled, in words (a 410 answer, days of failures, by hand …); null while active.',
  disabledCause:
    'Why the subscription was disabled, as a stable code: gone (a 410 answer), failing, manual, or creator lost ' +
    'access (its creator no longer sees its board or team; an owner re-enables it and becomes its creator); null while active.',
  disabledAt: 'When the subscription was disabled; null while active.',
  createdBy:
    'Who made the subscription (or took it over by re-enabling it). It delivers only while this person still ' +
    'sees its board (is an owner of its team, for a team-wide one); otherwise it is disabled, its creator having ' +
    'lost access. Null once the account is gone (then it delivers nothing until an owner takes it over).',
  failingSince:
    'Start of the current run of failed attempts; cleared by a success. After ' +
    `${DEFAULT_DISABLE_AFTER_MS / DAY_MS} days the subscription is disabled.`,
  timeoutStreak: 'Attempts in a row that got no answer within the timeout; any answer resets it.',
  circuitOpenSince:
    'Set while the destination is treated as slow (its circuit breaker is open): after ' +
    `${DEFAULT_CIRCUIT.tripAfterTimeouts} timeouts in a row its deliveries get a ${DEFAULT_CIRCUIT.shortTimeoutMs / 1000} s ` +
    `timeout and one at a time, with a full-timeout probe every ${DEFAULT_CIRCUIT.probeEveryMs / 1000} s; any answer ` +
    'closes it. Null while closed.',
} as const;
