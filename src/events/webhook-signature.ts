import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret in the Standard Webhooks form `whsec_<base64 of 24 random bytes>`. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/**
 * The three Standard Webhooks headers of one attempt (the timestamp is the
 * attempt's). The signature is the reference library's (`standardwebhooks`,
 * the package receivers verify with): `v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">` keyed with the base64-decoded part of the secret, the
 * body taken as UTF-8.
 */
export function webhookHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, now, body),
  };
}
