import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NAME_LIMITS } from '../../src/domain/fields.ts';
import { WEBHOOK_DESCRIPTION_MAX } from '../../src/domain/webhook.ts';
import { createTestServer, type TestApp } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';
import { makeTask, startReceiver } from './harness.ts';

// Real servers, PGlite start-ups and retries: generous limits for loaded CI machines.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp & { url: string };
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  t = await createTestServer();
  receiver = await startReceiver();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const BASE = '/api/v1/webhook/subscriptions';
const EVENTS = { 'X-Event-Type': ['task.created', 'task.updated'] };

async function owner() {
  const { user, key } = await makeUserWithKey(t.db);
  const team = await makeTeam(t.db, [user.id]);
  const project = await makeProject(t.db, { memberIds: [user.id], teamId: team.id });
  return { user, key, team, project };
}

async function call(method: string, path: string, key?: string, json?: unknown) {
  const res = await t.fetch(path, { method, key, json });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function create(key: string, body: Record<string, unknown>) {
  return call('POST', BASE, key, body);
}


describe('POST /api/v1/webhook/subscriptions', () => {
  it('401 without a key', async () => {
    await expectError(await create('', { url: 'http://127.0.0.1/x' }), 401, 'authorization');
  });

  it('400 on bad input, naming the field; nothing written', async () => {
    const a = await owner();
    const before = await t.db.webhookSubscription.count();
    const url = receiver.urlFor('bad');
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ project_id: a.project.id, metadata: EVENTS }, 'url'],
      [{ url: 'ftp://example.com/hook', project_id: a.project.id, metadata: EVENTS }, 'url'],
      [{ url: 'not a url', project_id: a.project.id, metadata: EVENTS }, 'url'],
      [{ url, metadata: EVENTS }, 'project_id', 'required'],
      [{ url, project_id: a.project.id, team_id: a.team.uuid, metadata: EVENTS }, 'team_id', 'exclusive'],
      [{ url, project_id: 0, metadata: EVENTS }, 'project_id'],
      [{ url, project_id: -1, metadata: EVENTS }, 'project_id'],
      [{ url, project_id: 1.5, metadata: EVENTS }, 'project_id'],
      [{ url, project_id: 'abc', metadata: EVENTS }, 'project_id'],
      [{ url, team_id: 'not-a-uuid', metadata: EVENTS }, 'team_id'],
      [{ url, project_id: a.project.id }, 'metadata'],
      [{ url, project_id: a.project.id, metadata: ['task.created'] }, 'metadata'],
      [{ url, project_id: a.project.id, metadata: { 'X-Event-Type': ['task.deleted'] } }, 'metadata', 'invalid_event'],
      [{ url, project_id: a.project.id, metadata: { 'X-Event-Type': [] } }, 'metadata', 'invalid_type'],
      [{ url, project_id: a.project.id, metadata: { 'X-Event-Type': 'task.created' } }, 'metadata', 'invalid_type'],
      [{ url, project_id: a.project.id, metadata: { ...EVENTS, other: 1 } }, 'metadata', 'unrecognized_keys'],
      [{ url, project_id: a.project.id, metadata: EVENTS, description: 'x'.repeat(501) }, 'description'],
    ];
    for (const [body, field, code] of cases) {
      const r = await create(a.key, body);
      expect({ body, status: r.status, field: r.body.details?.field }).toEqual({ body, status: 400, field });
      if (code) expect(r.body.details.code).toBe(code);
    }
    expect(await t.db.webhookSubscription.count()).toBe(before);
  });

  it('url and description limits are the domain\'s: at the limit accepted, one over 400 too_big naming the field (POST and PATCH); nothing written', async () => {
    const a = await owner();
    const base = `${receiver.urlFor('long')}?pad=`;
    const urlOf = (length: number) => base.padEnd(length, 'u');
    const atLimit = { url: urlOf(NAME_LIMITS.urlMax), project_id: a.project.id, metadata: EVENTS, description: 'd'.repeat(WEBHOOK_DESCRIPTION_MAX) };
    const before = await t.db.webhookSubscription.count();
    await expectError(await create(a.key, { ...atLimit, url: urlOf(NAME_LIMITS.urlMax + 1) }), 400, 'url', 'too_big');
    await expectError(await create(a.key, { ...atLimit, description: 'd'.repeat(WEBHOOK_DESCRIPTION_MAX + 1) }), 400, 'description', 'too_big');
    expect(await t.db.webhookSubscription.count()).toBe(before);
    const created = await create(a.key, atLimit);
    expect(created.status).toBe(201);
    expect(created.body.subscription).toMatchObject({ url: atLimit.url, description: atLimit.description });
    const path = `${BASE}/${created.body.subscription.id}`;
    await expectError(await call('PATCH', path, a.key, { url: urlOf(NAME_LIMITS.urlMax + 1) }), 400, 'url', 'too_big');
    await expectError(await call('PATCH', path, a.key, { description: 'e'.repeat(WEBHOOK_DESCRIPTION_MAX + 1) }), 400, 'description', 'too_big');
    expect(await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: created.body.subscription.id } })).toMatchObject({
      url: atLimit.url,
      description: atLimit.description,
    });
    expect((await call('PATCH', path, a.key, { description: 'e'.repeat(WEBHOOK_DESCRIPTION_MAX) })).status).toBe(200);
  });

  it('404 for a project or team of another tenant', async () => {
    const a = await owner();
    const b = await owner();
    const url = receiver.urlFor('x');
    await expectError(
      await create(a.key, { url, project_id: b.project.id, metadata: EVENTS }),
      404,
      'project_id',
      'not_found',
    );
    await expectError(await create(a.key, { url, team_id: b.team.uuid, metadata: EVENTS }), 404, 'team_id', 'not_found');
    await expectError(await create(a.key, { url, project_id: 999999, metadata: EVENTS }), 404, 'project_id');
    expect(await t.db.webhookSubscription.count({ where: { projectId: b.project.id } })).toBe(0);
  });

  it('201 with the subscription and its secret, shown only here', async () => {
    const a = await owner();
    const r = await create(a.key, {
      url: receiver.urlFor('ok'),
      project_id: a.project.id,
      metadata: { 'x-event-type': ['task.updated', 'task.created', 'task.updated'] },
      description: 'd'.repeat(500),
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      success: true,
      subscription: {
        id: expect.any(Number),
        url: receiver.urlFor('ok'),
        project_id: a.project.id,
        team_id: null,
        metadata: { 'X-Event-Type': ['task.created', 'task.updated'] },
        description: 'd'.repeat(500),
        active: true,
        disabled_reason: null,
        disabled_cause: null,
        disabled_at: null,
        created_by: { id: a.user.id, name: a.user.displayName },
        failing_since: null,
        timeout_streak: 0,
        circuit_open_since: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      },
    });
    const team = await create(a.key, { url: receiver.urlFor('ok'), team_id: a.team.uuid, metadata: EVENTS });
    expect(team.status).toBe(201);
    expect(team.body.subscription).toMatchObject({ project_id: null, team_id: a.team.uuid });
    const byNumber = await create(a.key, { url: receiver.urlFor('ok'), team_id: a.team.id, metadata: EVENTS });
    expect(byNumber.body.subscription.team_id).toBe(a.team.uuid);

    const list = await call('GET', BASE, a.key);
    expect(list.status).toBe(200);
    expect(list.body.subscriptions.map((s: { id: number }) => s.id)).toEqual([
      byNumber.body.subscription.id,
      team.body.subscription.id,
      r.body.subscription.id,
    ]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const one = await call('GET', `${BASE}/${r.body.subscription.id}`, a.key);
    expect(one.body.subscription).toEqual(
      Object.fromEntries(Object.entries(r.body.subscription).filter(([k]) => k !== 'secret')),
    );
    expect((await call('GET', `${BASE}?project_id=${a.project.id}`, a.key)).body.subscriptions).toHaveLength(1);
    expect((await call('GET', `${BASE}?team_id=${a.team.uuid}`, a.key)).body.subscriptions).toHaveLength(2);
    // another user sees none of them
    const b = await owner();
    expect((await call('GET', BASE, b.key)).body.subscriptions).toEqual([]);
    await expectError(await call('GET', `${BASE}/${r.body.subscription.id}`, b.key), 404, 'subscription_id', 'not_found');
    await expectError(await call('GET', `${BASE}?project_id=${a.project.id}`, b.key), 404, 'project_id');
    await expectError(await call('GET', `${BASE}/abc`, a.key), 400, 'subscription_id');
  });

  it('allows 20 subscriptions per project and refuses the 21st', async () => {
    const a = await owner();
    for (let i = 0; i < 19; i++)
      expect(
        (await create(a.key, { url: receiver.urlFor(`n${i}`), project_id: a.project.id, metadata: EVENTS })).status,
      ).toBe(201);
    expect(
      (await create(a.key, { url: receiver.urlFor('n19'), project_id: a.project.id, metadata: EVENTS })).status,
    ).toBe(201);
    await expectError(
      await create(a.key, { url: receiver.urlFor('n20'), project_id: a.project.id, metadata: EVENTS }),
      400,
      'project_id',
      'limit_exceeded',
    );
    expect(await t.db.webhookSubscription.count({ where: { projectId: a.project.id } })).toBe(20);
  });
});

describe('PATCH /api/v1/webhook/subscriptions/{id} (spec 4.5)', () => {
  it('401, 400 (unknown event names, nothing to change), 404, then 200; a rejected change writes nothing', async () => {
    const a = await owner();
    const { body } = await create(a.key, { url: receiver.urlFor('p'), project_id: a.project.id, metadata: EVENTS });
    const path = `${BASE}/${body.subscription.id}`;
    await expectError(
      await call('PATCH', path, undefined, { metadata: { 'X-Event-Type': ['task.assigned'] } }),
      401,
      'authorization',
    );
    await expectError(
      await call('PATCH', path, a.key, { metadata: { 'X-Event-Type': ['task.assigned', 'task.moved'] } }),
      400,
      'metadata',
      'invalid_event',
    );
    await expectError(await call('PATCH', path, a.key, { metadata: { 'X-Event-Type': [] } }), 400, 'metadata');
    await expectError(await call('PATCH', path, a.key, { metadata: 'task.assigned' }), 400, 'metadata');
    await expectError(await call('PATCH', path, a.key, {}), 400, 'metadata', 'required');
    await expectError(await call('PATCH', path, a.key, { active: 'yes' }), 400, 'active');
    await expectError(await call('PATCH', `${BASE}/0`, a.key, { metadata: EVENTS }), 400, 'subscription_id');
    const b = await owner();
    await expectError(
      await call('PATCH', path, b.key, { metadata: { 'X-Event-Type': ['task.assigned'] } }),
      404,
      'subscription_id',
      'not_found',
    );
    const row = await t.db.webhookSubscription.findUniqueOrThrow({ where: { id: body.subscription.id } });
    expect(row.metadata).toEqual({ 'X-Event-Type': ['task.created', 'task.updated'] });

    const ok = await call('PATCH', path, a.key, { metadata: { 'X-Event-Type': ['task.assigned'] } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      subscription: { id: body.subscription.id, metadata: { 'X-Event-Type': ['task.assigned'] }, active: true },
    });
    expect(JSON.stringify(ok.body)).not.toContain('whsec_');
    const paused = await call('PATCH', path, a.key, { active: false, description: 'paused' });
    expect(paused.body.subscription).toMatchObject({
      active: false,
      disabled_reason: 'Disabled through the API.',
      description: 'paused',
    });
    const resumed = await call('PATCH', path, a.key, { active: true, url: receiver.urlFor('p2') });
    expect(resumed.body.subscription).toMatchObject({
      active: true,
      disabled_reason: null,
      url: receiver.urlFor('p2'),
    });
  });
});

describe('DELETE, deliveries, redeliver, test', () => {
  it('DELETE: 401, 404 for another user, 200, then gone', async () => {
    const a = await owner();
    const b = await owner();
    const { body } = await create(a.key, { url: receiver.urlFor('d'), project_id: a.project.id, metadata: EVENTS });
    const path = `${BASE}/${body.subscription.id}`;
    await expectError(await call('DELETE', path), 401, 'authorization');
    await expectError(await call('DELETE', path, b.key), 404, 'subscription_id');
    expect(await t.db.webhookSubscription.count({ where: { id: body.subscription.id } })).toBe(1);
    const del = await call('DELETE', path, a.key);
    expect(del).toEqual({ status: 200, body: { success: true, deleted: true, id: body.subscription.id } });
    await expectError(await call('GET', path, a.key), 404, 'subscription_id');
  });

  it('deliveries: 401, 400 on bad paging, 404, then the log with attempts; redeliver 404/409/202', async () => {
    const a = await owner();
    const b = await owner();
    const { body } = await create(a.key, { url: receiver.urlFor('log'), project_id: a.project.id, metadata: EVENTS });
    const id = body.subscription.id;
    const path = `${BASE}/${id}/deliveries`;
    await expectError(await call('GET', path), 401, 'authorization');
    await expectError(await call('GET', `${path}?limit=0`, a.key), 400, 'limit');
    await expectError(await call('GET', `${path}?limit=101`, a.key), 400, 'limit');
    await expectError(await call('GET', `${path}?status=lost`, a.key), 400, 'status');
    await expectError(await call('GET', path, b.key), 404, 'subscription_id');
    expect((await call('GET', `${path}?limit=100`, a.key)).body).toEqual({
      success: true,
      deliveries: [],
      total: 0,
      limit: 100,
      offset: 0,
    });

    const task = await makeTask(t.db, a.project);
    const event = await t.db.outboxEvent.create({
      data: {
        type: 'task.updated',
        taskId: task.id,
        projectId: a.project.id,
        ticketNumber: task.ticketNumber,
        processedAt: new Date(),
        data: {},
      },
    });
    const delivery = await t.db.webhookDelivery.create({
      data: {
        subscriptionId: id,
        eventId: event.id,
        status: 'failed',
        attemptCount: 2,
        lastStatusCode: 500,
        attempts: {
          create: [
            { outcome: 'failed', statusCode: 500, durationMs: 12, responseExcerpt: 'boom' },
            { outcome: 'failed', statusCode: null, durationMs: 10000, error: 'timed out after 10000 ms' },
          ],
        },
      },
    });
    const log = await call('GET', `${path}?limit=1`, a.key);
    expect(log.body).toEqual({
      success: true,
      total: 1,
      limit: 1,
      offset: 0,
      deliveries: [
        {
          id: delivery.id,
          event_id: String(event.id),
          event: 'task.updated',
          task_id: task.id,
          ticket_number: task.ticketNumber,
          status: 'failed',
          attempt_count: 2,
          next_attempt_at: null,
          last_status_code: 500,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          attempts: [
            {
              id: expect.any(Number),
              outcome: 'failed',
              status_code: 500,
              duration_ms: 12,
              response_excerpt: 'boom',
              error: null,
              createdAt: expect.any(String),
            },
            {
              id: expect.any(Number),
              outcome: 'failed',
              status_code: null,
              duration_ms: 10000,
              response_excerpt: null,
              error: 'timed out after 10000 ms',
              createdAt: expect.any(String),
            },
          ],
        },
      ],
    });
    expect((await call('GET', `${path}?status=pending`, a.key)).body.total).toBe(0);

    const redo = `${path}/${delivery.id}/redeliver`;
    await expectError(await call('POST', redo), 401, 'authorization');
    await expectError(await call('POST', redo, b.key), 404, 'subscription_id');
    await expectError(await call('POST', `${path}/999999/redeliver`, a.key), 404, 'delivery_id');
    await t.db.webhookSubscription.update({ where: { id }, data: { active: false } });
    await expectError(await call('POST', redo, a.key), 409, 'subscription_id', 'disabled');
    expect((await t.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe('failed');
    await t.db.webhookSubscription.update({ where: { id }, data: { active: true } });
    const ok = await call('POST', redo, a.key);
    expect(ok.status).toBe(202);
    expect(ok.body.delivery).toMatchObject({
      id: delivery.id,
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: expect.any(String),
    });
    expect(ok.body.delivery.attempts).toHaveLength(2);
  });

  it('test ping: signed, verified by the receiver, reported; an unreachable URL is reported too', async () => {
    const a = await owner();
    const b = await owner();
    const { body } = await create(a.key, { url: receiver.urlFor('ping'), project_id: a.project.id, metadata: EVENTS });
    receiver.trust('ping', body.subscription.secret);
    const path = `${BASE}/${body.subscription.id}/test`;
    await expectError(await call('POST', path), 401, 'authorization');
    await expectError(await call('POST', path, b.key), 404, 'subscription_id');
    const r = await call('POST', path, a.key);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      test: {
        delivered: true,
        webhook_id: expect.stringMatching(/^ping_/),
        status_code: 200,
        duration_ms: expect.any(Number),
        response_excerpt: 'answer 200',
        error: null,
      },
    });
    const got = receiver.at('ping');
    expect(got).toHaveLength(1);
    expect(got[0].verified).toBe(true);
    expect(got[0].id).toBe(r.body.test.webhook_id);
    expect(got[0].payload).toMatchObject({
      event: 'webhook.test',
      task_id: null,
      ticket_number: null,
      project_id: a.project.id,
      data: { subscription_id: body.subscription.id },
    });
    expect(await t.db.webhookDelivery.count({ where: { subscriptionId: body.subscription.id } })).toBe(0);

    const dead = await create(a.key, { url: 'http://127.0.0.1:9/nothing', project_id: a.project.id, metadata: EVENTS });
    const failed = await call('POST', `${BASE}/${dead.body.subscription.id}/test`, a.key);
    expect(failed.status).toBe(200);
    expect(failed.body.test).toMatchObject({
      delivered: false,
      status_code: null,
      error: expect.stringMatching(/ECONNREFUSED|connect/),
    });
  });

  it('GraphQL: createWebhookSubscription returns the secret once; the type never exposes it', async () => {
    const a = await owner();
    const res = await t.fetch('/graphql', {
      method: 'POST',
      key: a.key,
      json: {
        query: `mutation($input: CreateWebhookSubscriptionInput!) { createWebhookSubscription(input: $input) { secret subscription { id projectId metadata active } } }`,
        variables: {
          input: {
            url: receiver.urlFor('gql'),
            projectId: a.project.id,
            metadata: { 'X-Event-Type': ['task.assigned'] },
          },
        },
      },
    });
    const out = (await res.json()) as {
      data: {
        createWebhookSubscription: {
          secret: string;
          subscription: { id: number; projectId: number; metadata: unknown };
        };
      };
    };
    expect(out.data.createWebhookSubscription.secret).toMatch(/^whsec_/);
    expect(out.data.createWebhookSubscription.subscription).toMatchObject({
      projectId: a.project.id,
      metadata: { 'X-Event-Type': ['task.assigned'] },
    });
    const bad = await t.fetch('/graphql', {
      method: 'POST',
      key: a.key,
      json: { query: `{ webhookSubscriptions { id secret } }` },
    });
    expect(((await bad.json()) as { errors: unknown[] }).errors).toBeDefined();
  });
});
