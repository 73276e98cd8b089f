// Webhook subscriptions as domain rules: scope (one project or one team of
// the caller's), limits, URL policy, and that every read and write of a
// subscription or its deliveries stays within the caller's tenancy. No row
// written here is ever due for delivery for long: event rows are made
// processed and deliveries finished, so a dispatcher of another test file on a
// shared database never sends anything for them.
import { describe, expect, it } from 'vitest';
import {
  createWebhookSubscription,
  deleteWebhookSubscription,
  deliveryListQuery,
  MAX_SUBSCRIPTIONS_PER_SCOPE,
  parseWebhookMetadata,
  redeliverWebhook,
  updateWebhookSubscription,
  webhookListQuery,
} from '../../src/domain/webhook.ts';
import { onWake } from '../../src/events/wakeup.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeBoard, makeUser } from '../support/factories.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
const bystander = useBystander(db);

const strict = { allowPrivate: false };
const events = { 'X-Event-Type': ['task.updated'] };
const URL_ = 'https://hooks.example.com/in';

async function owner() {
  const user = await makeUser(db, 'Owner');
  const board = await makeBoard(db, user.id);
  return { user, board, projectId: board.project.id, team: board.team };
}

const create = (userId: number, input: Partial<Parameters<typeof createWebhookSubscription>[2]>, policy = strict) =>
  createWebhookSubscription(db, userId, { url: URL_, metadata: events, ...input }, policy);

describe('parseWebhookMetadata', () => {
  it('refuses each malformed metadata on the caller\'s field with its own code', async () => {
    const cases: [unknown, string][] = [
      [null, 'invalid_type'],
      [[], 'invalid_type'],
      ['task.created', 'invalid_type'],
      [7, 'invalid_type'],
      [{ other: ['task.created'] }, 'unrecognized_keys'],
      [{ 'X-Event-Type': ['task.created'], other: ['task.created'] }, 'unrecognized_keys'],
      [{}, 'required'],
      [{ 'X-Event-Type': ['task.created'], 'x-event-type': ['task.updated'] }, 'required'],
      [{ 'X-Event-Type': 'task.created' }, 'invalid_type'],
      [{ 'X-Event-Type': [] }, 'invalid_type'],
      [{ 'X-Event-Type': ['task.created', 1] }, 'invalid_type'],
      [{ 'X-Event-Type': ['task.removed'] }, 'invalid_event'],
      [{ 'X-Event-Type': ['task.created', 'nope'] }, 'invalid_event'],
    ];
    for (const [value, code] of cases) {
      const err = await expectAppError(Promise.resolve().then(() => parseWebhookMetadata(value, 'events')), 'VALIDATION', 'events', code);
      expect(err.message, JSON.stringify(value)).toMatch(/events/);
    }
    await expectAppError(Promise.resolve().then(() => parseWebhookMetadata({})), 'VALIDATION', 'metadata', 'required');
    expect(parseWebhookMetadata({ 'X-EVENT-TYPE': ['task.updated', 'task.assigned'] })).toEqual({ 'X-Event-Type': ['task.assigned', 'task.updated'] });
  });
});

describe('createWebhookSubscription', () => {
  it('on a project or a team of the user: the stored row, with a fresh signing secret', async () => {
    const { user, projectId, team } = await owner();
    const sub = await create(user.id, {
      projectId,
      url: `  ${URL_}  `,
      metadata: { 'x-event-type': ['task.updated', 'task.created', 'task.created'] },
      description: '  CI  ',
    });
    expect([sub.projectId, sub.teamId, sub.url, sub.metadata, sub.description, sub.createdById, sub.active]).toEqual([
      projectId,
      null,
      URL_,
      { 'X-Event-Type': ['task.created', 'task.updated'] },
      'CI',
      user.id,
      true,
    ]);
    expect(sub.secret).toMatch(/^whsec_/);
    const onTeam = await create(user.id, { teamId: team.uuid, description: '   ' });
    expect([onTeam.projectId, onTeam.teamId, onTeam.description]).toEqual([null, team.id, null]);
    expect(onTeam.secret).not.toBe(sub.secret);
    expect((await create(user.id, { teamId: team.id, projectId: null })).teamId).toBe(team.id);
  });

  it('needs exactly one scope, the caller\'s own', async () => {
    const { user, projectId, team } = await owner();
    await expectAppError(create(user.id, { projectId, teamId: team.id }), 'VALIDATION', 'teamId', 'exclusive');
    await expectAppError(create(user.id, {}), 'VALIDATION', 'projectId', 'required');
    await expectAppError(create(user.id, { projectId: null, teamId: '' }), 'VALIDATION', 'projectId', 'required');
    await expectAppError(create(user.id, { projectId: bystander.tenant.projectId }), 'NOT_FOUND', 'projectId');
    await expectAppError(create(user.id, { teamId: bystander.tenant.teamId }), 'NOT_FOUND', 'teamId');
    expect(await db.webhookSubscription.count({ where: { createdById: user.id } })).toBe(0);
  });

  it('refuses non-http(s) and (unless allowed) private destinations, and bad metadata', async () => {
    const { user, projectId } = await owner();
    await expectAppError(create(user.id, { projectId, url: 'ftp://hooks.example.com/' }), 'VALIDATION', 'url');
    await expectAppError(create(user.id, { projectId, url: 'not a url' }), 'VALIDATION', 'url');
    await expectAppError(create(user.id, { projectId, url: '' }), 'VALIDATION', 'url');
    await expectAppError(create(user.id, { projectId, url: 'http://127.0.0.1:9/hook' }), 'VALIDATION', 'url', 'private_destination');
    expect((await create(user.id, { projectId, url: 'http://127.0.0.1:9/hook' }, { allowPrivate: true })).url).toBe('http://127.0.0.1:9/hook');
    await expectAppError(create(user.id, { projectId, metadata: { 'X-Event-Type': ['nope'] } }), 'VALIDATION', 'metadata', 'invalid_event');
    await expectAppError(create(user.id, { projectId, description: 'd'.repeat(501) }), 'VALIDATION', 'description');
  });

  it(`allows ${MAX_SUBSCRIPTIONS_PER_SCOPE} per project or team, counted per scope`, async () => {
    const { user, projectId, team } = await owner();
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SCOPE; i++) await create(user.id, { projectId });
    await expectAppError(create(user.id, { projectId }), 'VALIDATION', 'projectId', 'limit_exceeded');
    await create(user.id, { teamId: team.id });
    await db.webhookSubscription.createMany({
      data: Array.from({ length: MAX_SUBSCRIPTIONS_PER_SCOPE - 1 }, () => ({ teamId: team.id, url: URL_, secret: 'whsec_x', metadata: events })),
    });
    await expectAppError(create(user.id, { teamId: team.id }), 'VALIDATION', 'teamId', 'limit_exceeded');
  });
});

describe('changing, listing and deleting subscriptions', () => {
  it('update changes events, URL, description and state; active: true clears the failure streak', async () => {
    const { user, projectId } = await owner();
    const sub = await create(user.id, { projectId, description: 'old' });
    let row = await updateWebhookSubscription(db, user.id, sub.id, { metadata: { 'X-Event-Type': ['task.assigned'] }, url: 'https://b.example.com/', description: null }, strict);
    expect([row.metadata, row.url, row.description, row.active]).toEqual([{ 'X-Event-Type': ['task.assigned'] }, 'https://b.example.com/', null, true]);
    row = await updateWebhookSubscription(db, user.id, sub.id, { active: false }, strict);
    expect([row.active, row.disabledReason]).toEqual([false, 'Disabled through the API.']);
    await db.webhookSubscription.update({ where: { id: sub.id }, data: { failingSince: new Date() } });
    row = await updateWebhookSubscription(db, user.id, sub.id, { active: true, description: ' new ' }, strict);
    expect([row.active, row.disabledReason, row.failingSince, row.description, row.url]).toEqual([true, null, null, 'new', 'https://b.example.com/']);
    await expectAppError(updateWebhookSubscription(db, user.id, sub.id, { url: null, active: null }, strict), 'VALIDATION', 'metadata', 'required');
    // Disabling keeps the failure streak (only re-enabling clears it); a metadata-only update touches nothing else.
    const failingSince = new Date('2030-01-01T00:00:00Z');
    await db.webhookSubscription.update({ where: { id: sub.id }, data: { failingSince } });
    row = await updateWebhookSubscription(db, user.id, sub.id, { active: false }, strict);
    expect([row.active, row.failingSince]).toEqual([false, failingSince]);
    row = await updateWebhookSubscription(db, user.id, sub.id, { metadata: { 'X-Event-Type': ['task.created'] } }, strict);
    expect([row.metadata, row.active, row.disabledReason, row.failingSince, row.description, row.url]).toEqual([
      { 'X-Event-Type': ['task.created'] },
      false,
      'Disabled through the API.',
      failingSince,
      'new',
      'https://b.example.com/',
    ]);
    await expectAppError(updateWebhookSubscription(db, user.id, sub.id, { url: 'http://10.0.0.1/' }, strict), 'VALIDATION', 'url', 'private_destination');
  });

  it('an open circuit (a destination that kept timing out) is closed by a new URL or by re-enabling, not by other changes', async () => {
    const { user, projectId } = await owner();
    const sub = await create(user.id, { projectId });
    const open = { timeoutStreak: 3, circuitOpenSince: new Date('2030-01-01T00:00:00Z'), circuitProbeAt: new Date('2030-01-01T00:01:00Z') };
    const circuit = (r: { timeoutStreak: number; circuitOpenSince: Date | null; circuitProbeAt: Date | null }) => [r.timeoutStreak, r.circuitOpenSince, r.circuitProbeAt];
    await db.webhookSubscription.update({ where: { id: sub.id }, data: open });
    let row = await updateWebhookSubscription(db, user.id, sub.id, { description: 'kept', active: false }, strict);
    expect(circuit(row)).toEqual(circuit(open));
    row = await updateWebhookSubscription(db, user.id, sub.id, { active: true }, strict);
    expect(circuit(row)).toEqual([0, null, null]);
    await db.webhookSubscription.update({ where: { id: sub.id }, data: open });
    row = await updateWebhookSubscription(db, user.id, sub.id, { url: 'https://c.example.com/' }, strict);
    expect(circuit(row)).toEqual([0, null, null]);
  });

  it("another tenant's subscription is NOT_FOUND for update, delete, deliveries and redelivery, and stays", async () => {
    const { user } = await owner();
    const [theirs] = await db.webhookSubscription.findMany({ where: { projectId: bystander.tenant.projectId } });
    await expectAppError(updateWebhookSubscription(db, user.id, theirs.id, { active: false }, strict), 'NOT_FOUND', 'subscriptionId');
    await expectAppError(deleteWebhookSubscription(db, user.id, theirs.id), 'NOT_FOUND', 'subscriptionId');
    await expectAppError(deliveryListQuery(db, user.id, theirs.id, {}), 'NOT_FOUND', 'subscriptionId');
    await expectAppError(redeliverWebhook(db, user.id, theirs.id, 1), 'NOT_FOUND', 'subscriptionId');
    expect((await db.webhookSubscription.findUniqueOrThrow({ where: { id: theirs.id } })).active).toBe(true);
  });

  it('the list holds the subscriptions the user can see, newest first, narrowed to a project or team of theirs', async () => {
    const { user, projectId, team } = await owner();
    const a = await create(user.id, { projectId });
    const b = await create(user.id, { teamId: team.id });
    const c = await create(user.id, { projectId });
    const list = async (args: Parameters<typeof webhookListQuery>[2]) =>
      (await db.webhookSubscription.findMany(await webhookListQuery(db, user.id, args))).map((s) => s.id);
    expect(await list({})).toEqual([c.id, b.id, a.id]);
    expect(await list({ projectId })).toEqual([c.id, a.id]);
    expect(await list({ teamId: team.uuid })).toEqual([b.id]);
    await expectAppError(webhookListQuery(db, user.id, { projectId: bystander.tenant.projectId }), 'NOT_FOUND', 'projectId');
    await expectAppError(webhookListQuery(db, user.id, { teamId: bystander.tenant.teamId }), 'NOT_FOUND', 'teamId');
  });

  it('delete removes the subscription with its deliveries; a second delete is NOT_FOUND', async () => {
    const { user, projectId } = await owner();
    const sub = await create(user.id, { projectId });
    const keep = await create(user.id, { projectId });
    await deliveries(sub.id, projectId, ['succeeded']);
    await deleteWebhookSubscription(db, user.id, sub.id);
    expect(await db.webhookSubscription.findMany({ where: { projectId }, select: { id: true } })).toEqual([{ id: keep.id }]);
    expect(await db.webhookDelivery.count({ where: { subscriptionId: sub.id } })).toBe(0);
    await expectAppError(deleteWebhookSubscription(db, user.id, sub.id), 'NOT_FOUND', 'subscriptionId');
  });
});

/** Finished deliveries of `subscriptionId`, one per status, each for an already processed event. */
async function deliveries(subscriptionId: number, projectId: number, statuses: ('succeeded' | 'failed' | 'skipped')[]) {
  const out = [];
  for (const status of statuses) {
    const event = await db.outboxEvent.create({
      data: { type: 'task.updated', projectId, data: {}, claimedAt: new Date(), processedAt: new Date() },
    });
    out.push(
      await db.webhookDelivery.create({
        data: { subscriptionId, eventId: event.id, status, attemptCount: 3, nextAttemptAt: new Date(Date.now() + 86_400_000) },
      }),
    );
  }
  return out;
}

describe('deliveries', () => {
  it('are listed newest first, by status, in pages', async () => {
    const { user, projectId } = await owner();
    const sub = await create(user.id, { projectId });
    const other = await create(user.id, { projectId });
    const [ok, failed, skipped, ok2] = await deliveries(sub.id, projectId, ['succeeded', 'failed', 'skipped', 'succeeded']);
    await deliveries(other.id, projectId, ['succeeded']);
    const list = async (input: Parameters<typeof deliveryListQuery>[3]) => {
      const q = await deliveryListQuery(db, user.id, sub.id, input);
      return (await db.webhookDelivery.findMany({ where: q.where, orderBy: q.orderBy, take: q.take, skip: q.skip })).map((d) => d.id);
    };
    expect(await list({})).toEqual([ok2.id, skipped.id, failed.id, ok.id]);
    expect(await list({ status: 'succeeded' })).toEqual([ok2.id, ok.id]);
    expect(await list({ limit: 2, offset: 1 })).toEqual([skipped.id, failed.id]);
    await expectAppError(list({ status: 'lost' as 'failed' }), 'VALIDATION', 'status');
  });

  it('redelivery queues the same delivery again from its first attempt; refused while disabled or for another subscription\'s delivery', async () => {
    const { user, projectId } = await owner();
    // A loopback destination: should a dispatcher run meanwhile, nothing leaves the machine.
    const sub = await create(user.id, { projectId, url: 'http://127.0.0.1:9/hook' }, { allowPrivate: true });
    const other = await create(user.id, { projectId });
    const [failed] = await deliveries(sub.id, projectId, ['failed']);
    const [foreign] = await deliveries(other.id, projectId, ['failed']);
    await expectAppError(redeliverWebhook(db, user.id, sub.id, foreign.id), 'NOT_FOUND', 'deliveryId');
    await updateWebhookSubscription(db, user.id, sub.id, { active: false }, strict);
    await expectAppError(redeliverWebhook(db, user.id, sub.id, failed.id), 'CONFLICT', 'subscriptionId', 'disabled');
    await db.webhookSubscription.update({ where: { id: sub.id }, data: { active: true } });
    const before = Date.now();
    let woken = 0;
    const stop = onWake('deliveries', () => woken++);
    expect(await redeliverWebhook(db, user.id, sub.id, failed.id)).toBe(failed.id);
    // The delivery loop of this process is woken for it at once.
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    expect(woken).toBeGreaterThan(0);
    const [row, untouched] = await Promise.all([
      db.webhookDelivery.findUniqueOrThrow({ where: { id: failed.id } }),
      db.webhookDelivery.findUniqueOrThrow({ where: { id: foreign.id } }),
    ]);
    await db.webhookSubscription.delete({ where: { id: sub.id } });
    expect([row.status, row.attemptCount, row.eventId]).toEqual(['pending', 0, failed.eventId]);
    expect(row.nextAttemptAt.getTime()).toBeLessThan(before + 60_000);
    expect([untouched.status, untouched.attemptCount]).toEqual(['failed', 3]);
  });
});
