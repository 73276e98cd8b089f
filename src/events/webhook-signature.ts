import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret in the Standard Webhooks form `whsec_<base64 of 24 random bytes>`. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/**
 * Standard Webhooks signature header value: `v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, keyed with the base64-decoded part of the secret,
 * the body as UTF-8. Computed with node:crypto (OpenSSL) rather than the
 * `standardwebhooks` package, whose pure-JavaScript SHA-256 takes 3.6–8.7×
 * the CPU on the event loop (docs/STOCK-PARTS.md); the tests hold this to
 * that package's `sign` and `verify`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one attempt (the timestamp is the attempt's). */
export function webhookHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
