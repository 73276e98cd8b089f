// The test ping of a webhook subscription (src/domain/webhook-ping.ts): a
// signed POST to the subscription's URL, its answer reported; no event, no
// delivery row. The receiver is this file's own HTTP server on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PING_EVENT, pingWebhook } from '../../src/domain/webhook-ping.ts';
import { createWebhookSubscription } from '../../src/domain/webhook.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeBoard, makeUser } from '../support/factories.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
const bystander = useBystander(db);

interface Got {
  headers: http.IncomingHttpHeaders;
  body: string;
}
let answer: { status: number; body?: string; delayMs?: number } = { status: 200 };
const got: Got[] = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const reply = () => {
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const loopback = { allowPrivate: true };

/** A user's board with a subscription (of the board, or of its team) to this file's receiver. */
async function subscribed(scope: 'project' | 'team' = 'project') {
  const user = await makeUser(db, 'Pinger');
  const board = await makeBoard(db, user.id);
  const where = scope === 'project' ? { projectId: board.project.id } : { teamId: board.team.uuid };
  const sub = await createWebhookSubscription(
    db,
    user.id,
    { url: `${base}/hook`, metadata: { 'X-Event-Type': ['task.created'] }, ...where },
    loopback,
  );
  return { user, board, sub };
}

describe('pingWebhook', () => {
  it('POSTs a signed test event to the URL and reports a 2xx as delivered', async () => {
    const { user, board, sub } = await subscribed();
    answer = { status: 200, body: 'pong' };
    got.length = 0;
    const before = Date.now();
    const result = await pingWebhook(db, user.id, sub.id, loopback);
    expect(result).toEqual({
      delivered: true,
      webhookId: expect.stringMatching(/^ping_[0-9a-f-]{36}$/),
      statusCode: 200,
      durationMs: expect.any(Number),
      responseExcerpt: 'pong',
      error: null,
    });
    expect(got).toHaveLength(1);
    const [req] = got;
    expect([req.headers['content-type'], req.headers['user-agent'], req.headers['x-event-type']]).toEqual([
      'application/json',
      'tasksvc-webhooks/1',
      PING_EVENT,
    ]);
    expect(req.headers['webhook-id']).toBe(result.webhookId);
    // Signed with the subscription's secret: standardwebhooks verifies it.
    const payload = new Webhook(sub.secret).verify(req.body, req.headers as Record<string, string>);
    expect(payload).toEqual({
      event: 'webhook.test',
      task_id: null,
      ticket_number: null,
      project_id: board.project.id,
      data: {
        subscription_id: sub.id,
        message: 'Test ping from tasksvc: deliveries to this URL are signed and verified.',
      },
      timestamp: expect.any(String),
    });
    const sent = Date.parse((payload as { timestamp: string }).timestamp);
    expect(sent).toBeGreaterThanOrEqual(before - 1000);
    expect(sent).toBeLessThanOrEqual(Date.now() + 1000);
    // A ping is not an event: nothing is logged.
    expect(await db.outboxEvent.count({ where: { projectId: board.project.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { subscriptionId: sub.id } })).toBe(0);
    const again = await pingWebhook(db, user.id, sub.id, loopback);
    expect(again.webhookId).not.toBe(result.webhookId);
  });

  it('a team subscription pings with no project; a disabled subscription is pinged too', async () => {
    const { user, sub } = await subscribed('team');
    await db.webhookSubscription.update({ where: { id: sub.id }, data: { active: false } });
    answer = { status: 204 };
    got.length = 0;
    const result = await pingWebhook(db, user.id, sub.id, loopback);
    expect(result).toMatchObject({ delivered: true, statusCode: 204, responseExcerpt: null, error: null });
    expect(JSON.parse(got[0].body)).toMatchObject({ event: PING_EVENT, project_id: null });
  });

  it('delivered only for 200 to 299', async () => {
    const { user, sub } = await subscribed();
    const delivered: Record<number, boolean> = {};
    for (const status of [200, 299, 300, 404, 500]) {
      answer = { status };
      delivered[status] = (await pingWebhook(db, user.id, sub.id, loopback)).delivered;
    }
    expect(delivered).toEqual({ 200: true, 299: true, 300: false, 404: false, 500: false });
  });

  it('reports an unreachable, a too slow and (unless allowed) a private destination as not delivered', async () => {
    const { user, sub } = await subscribed();
    answer = { status: 200, delayMs: 3_000 };
    const slow = await pingWebhook(db, user.id, sub.id, { ...loopback, timeoutMs: 200 });
    expect(slow).toMatchObject({ delivered: false, statusCode: null, error: 'timed out after 200 ms' });
    answer = { status: 200 };
    const blocked = await pingWebhook(db, user.id, sub.id, { allowPrivate: false });
    expect(blocked).toMatchObject({ delivered: false, statusCode: null, error: expect.any(String) });
    await db.webhookSubscription.update({ where: { id: sub.id }, data: { url: 'http://127.0.0.1:9/hook' } });
    const refused = await pingWebhook(db, user.id, sub.id, loopback);
    expect(refused).toMatchObject({ delivered: false, statusCode: null, error: expect.any(String) });
  });

  it('another tenant\'s subscription, or none, is NOT_FOUND and nothing is sent', async () => {
    const { user } = await subscribed();
    const theirs = await db.webhookSubscription.findFirstOrThrow({ where: { projectId: bystander.tenant.projectId } });
    got.length = 0;
    await expectAppError(pingWebhook(db, user.id, theirs.id, loopback), 'NOT_FOUND', 'subscriptionId');
    await expectAppError(pingWebhook(db, user.id, 2_000_000_000, loopback), 'NOT_FOUND', 'subscriptionId');
    expect(got).toHaveLength(0);
  });
});
