import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { parseWebhookMetadata } from '../../src/domain/webhook.ts';
import { DEFAULT_RETRY_SCHEDULE_MS, nextRetryDelay } from '../../src/events/retry-policy.ts';
import { isPrivateAddress } from '../../src/events/webhook-destination.ts';
import { parseRetryAfter } from '../../src/events/webhook-http.ts';
import { newWebhookSecret, webhookHeaders } from '../../src/events/webhook-signature.ts';

describe('webhook signing (Standard Webhooks)', () => {
  it('produces headers the standardwebhooks verifier accepts, and rejects tampering', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ event: 'task.updated', task_id: 1 });
    const headers = webhookHeaders(secret, '42', body);
    expect(headers['webhook-id']).toBe('42');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual({ event: 'task.updated', task_id: 1 });
    expect(() => new Webhook(secret).verify(body.replace('1', '2'), headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    const old = webhookHeaders(secret, '42', body, new Date(Date.now() - 10 * 60_000));
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i);
  });

  // The reference library is the oracle: the same header as its `sign`, and an
  // HMAC over the body's UTF-8 bytes (accents, CJK, an emoji outside the BMP, U+2028).
  it('signs a non-ASCII body exactly as the standardwebhooks library does, over its UTF-8 bytes', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ title: 'Café 東京 🚀', note: 'naïve\u2028line' });
    // 999 ms into a second: the timestamp is the whole seconds, never rounded up.
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 999);
    const headers = webhookHeaders(secret, 'msg_1', body, at);
    expect(headers['webhook-timestamp']).toBe(String((at.getTime() - 999) / 1000));
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_1', at, body));
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signed = Buffer.concat([Buffer.from(`msg_1.${headers['webhook-timestamp']}.`), Buffer.from(body, 'utf8')]);
    expect(headers['webhook-signature']).toBe(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });
});

describe('retry policy', () => {
  it('backs off 5 s, 5 min, 30 min, 2 h, 5 h, 10 h… over about 3 days, then gives up', () => {
    const policy = { scheduleMs: DEFAULT_RETRY_SCHEDULE_MS, jitter: 0 };
    const delays: number[] = [];
    for (let n = 1; ; n++) {
      const d = nextRetryDelay(policy, n);
      if (d === null) break;
      delays.push(d);
    }
    expect(delays.slice(0, 6)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]);
    const total = delays.reduce((a, b) => a + b, 0) / 3_600_000;
    expect(total).toBeGreaterThan(60);
    expect(total).toBeLessThan(80);
    expect(delays.length + 1).toBe(12); // attempts in all
  });

  it('spreads delays with jitter within ±20 %', () => {
    const policy = { scheduleMs: [10_000], jitter: 0.2 };
    expect(nextRetryDelay(policy, 1, null, () => 0)).toBe(8_000);
    expect(nextRetryDelay(policy, 1, null, () => 1)).toBe(12_000);
    expect(nextRetryDelay(policy, 2, null, () => 0.5)).toBeNull();
  });

  it('lets Retry-After replace the step, bounded to [1 s, 24 h]', () => {
    const policy = { scheduleMs: [5_000, 5_000], jitter: 0 };
    expect(nextRetryDelay(policy, 1, 120_000)).toBe(120_000);
    expect(nextRetryDelay(policy, 1, 0)).toBe(1_000);
    expect(nextRetryDelay(policy, 1, 7 * 86_400_000)).toBe(86_400_000);
    expect(nextRetryDelay(policy, 3, 1_000)).toBeNull();
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55_000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });
});

describe('destination rule', () => {
  it('classifies private, loopback, link-local and public addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ]) {
      expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: true });
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: false });
    }
  });
});

describe('subscription metadata', () => {
  it('accepts the X-Event-Type list in any letter case, de-duplicated in spec order', () => {
    expect(parseWebhookMetadata({ 'x-event-type': ['task.updated', 'task.created', 'task.updated'] })).toEqual({
      'X-Event-Type': ['task.created', 'task.updated'],
    });
    expect(
      parseWebhookMetadata({ 'X-Event-Type': ['task.created', 'task.assigned', 'task.updated'] })['X-Event-Type'],
    ).toHaveLength(3);
  });

  it('refuses unknown names, unknown keys, empty lists and non-objects', () => {
    for (const bad of [
      { 'X-Event-Type': ['task.removed'] },
      { 'X-Event-Type': [] },
      { 'X-Event-Type': [1] },
      { other: [] },
      {},
      null,
      [],
      'task.created',
    ]) {
      expect(() => parseWebhookMetadata(bad)).toThrow();
    }
  });
});
