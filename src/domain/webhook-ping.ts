import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { WebhookPayload } from '../events/event-message.ts';
import { USER_AGENT } from '../events/webhook-delivery.ts';
import { postWebhook } from '../events/webhook-http.ts';
import { webhookHeaders } from '../events/webhook-signature.ts';
import { requireWebhookSubscription, type WebhookPolicy } from './webhook.ts';

/** Event name of a test ping; never sent for a task. */
export const PING_EVENT = 'webhook.test';

/** What a test ping produced. */
export interface WebhookPingResult {
  /** True for a 2xx answer within the timeout. */
  delivered: boolean;
  webhookId: string;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/**
 * Sends a signed test ping to a subscription's URL now and reports the
 * answer; works on a disabled subscription too (to check a fix before
 * re-enabling). Pings are not events: nothing is logged or retried.
 */
export async function pingWebhook(
  db: Db,
  userId: number,
  subscriptionId: number,
  policy: WebhookPolicy & { timeoutMs?: number },
): Promise<WebhookPingResult> {
  const sub = await requireWebhookSubscription(db, userId, subscriptionId);
  const webhookId = `ping_${randomUUID()}`;
  const payload: WebhookPayload = {
    event: PING_EVENT,
    task_id: null,
    ticket_number: null,
    project_id: sub.projectId,
    data: {
      subscription_id: sub.id,
      message: 'Test ping from tasksvc: deliveries to this URL are signed and verified.',
    },
    timestamp: new Date().toISOString(),
  };
  const body = JSON.stringify(payload);
  const outcome = await postWebhook(
    sub.url,
    {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'x-event-type': PING_EVENT,
      ...webhookHeaders(sub.secret, webhookId, body),
    },
    body,
    { timeoutMs: policy.timeoutMs ?? 10_000, allowPrivate: policy.allowPrivate },
  );
  return {
    delivered: outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300,
    webhookId,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    responseExcerpt: outcome.responseExcerpt,
    error: outcome.error,
  };
}
