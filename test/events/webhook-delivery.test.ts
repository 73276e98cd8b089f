import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';
import {
  emit,
  eventTestEnv,
  type Instance,
  makeTask,
  startInstance,
  startReceiver,
  subscribe,
  waitFor,
} from './harness.ts';

// Real servers, PGlite start-ups and retries: generous limits for loaded CI machines.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: Instance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;

beforeAll(async () => {
  testEnv = await eventTestEnv();
  app = await startInstance({ env: testEnv.env });
  receiver = await startReceiver();
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await testEnv?.drop();
});

async function board(name = 'Owner') {
  const { user, key } = await makeUserWithKey(app.db, name);
  const team = await makeTeam(app.db, [user.id]);
  const project = await makeProject(app.db, { memberIds: [user.id], teamId: team.id, prefix: 'EVT' });
  return { user, key, team, project };
}

async function deliveriesOf(subscriptionId: number, key: string) {
  const res = await app.fetch(`/api/v1/webhook/subscriptions/${subscriptionId}/deliveries`, { key });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      deliveries: {
        id: number;
        status: string;
        attempt_count: number;
        next_attempt_at: string | null;
        event_id: string;
        attempts: {
          outcome: string;
          status_code: number | null;
          duration_ms: number;
          response_excerpt: string | null;
          error: string | null;
        }[];
      }[];
    }
  ).deliveries;
}

describe('webhook delivery', () => {
  it('delivers each event once per subscription, verified, in order per task, filtered by type and scope', async () => {
    const a = await board();
    const otherProject = await makeProject(app.db, { memberIds: [a.user.id], teamId: a.team.id, prefix: 'OTH' });
    const foreign = await board('Stranger');
    const all = await subscribe(app, a.key, receiver, 'all-1', { project_id: a.project.id }, [
      'task.created',
      'task.assigned',
      'task.updated',
    ]);
    const updatesOnly = await subscribe(app, a.key, receiver, 'upd-1', { project_id: a.project.id }, ['task.updated']);
    const teamWide = await subscribe(app, a.key, receiver, 'team-1', { team_id: a.team.uuid }, ['task.created']);
    await subscribe(app, foreign.key, receiver, 'foreign-1', { project_id: foreign.project.id }, [
      'task.created',
      'task.updated',
    ]);

    const t1 = await makeTask(app.db, a.project, 'one');
    const t2 = await makeTask(app.db, a.project, 'two');
    const t3 = await makeTask(app.db, otherProject, 'three');
    await emit(app.db, t1, 'task.created', { title: 'one' }, a.user.id);
    await emit(app.db, t2, 'task.created', {}, a.user.id);
    for (let i = 0; i < 5; i++)
      await emit(app.db, t1, 'task.updated', { changes: { title: { from: `v${i}`, to: `v${i + 1}` } } }, a.user.id);
    await emit(app.db, t2, 'task.assigned', { assignee: { kind: 'user', id: a.user.id } }, a.user.id);
    await emit(app.db, t3, 'task.created', {}, a.user.id);
    await emit(app.db, t3, 'task.updated', {}, a.user.id);

    await waitFor(
      () => receiver.at('all-1').length >= 8 && receiver.at('upd-1').length >= 5 && receiver.at('team-1').length >= 3,
      30_000,
      'deliveries',
    );
    await new Promise((r) => setTimeout(r, 300)); // anything extra would arrive now

    for (const r of receiver.received.filter((x) => ['all-1', 'upd-1', 'team-1'].some((n) => x.path.endsWith(n))))
      expect(r.verified).toBe(true);
    const allGot = receiver.at('all-1');
    expect(allGot).toHaveLength(8);
    expect(new Set(allGot.map((r) => r.id)).size).toBe(8);
    // in order per task
    const t1Titles = allGot
      .filter((r) => r.payload.task_id === t1.id && r.payload.event === 'task.updated')
      .map((r) => (r.payload.data.changes as { title: { to: string } }).title.to);
    expect(t1Titles).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
    const t1Ids = allGot.filter((r) => r.payload.task_id === t1.id).map((r) => BigInt(r.id));
    expect([...t1Ids].sort((x, y) => (x < y ? -1 : 1))).toEqual(t1Ids);
    // payload shape of spec 6
    const created = allGot.find((r) => r.payload.task_id === t1.id && r.payload.event === 'task.created')!;
    expect(created.payload).toEqual({
      event: 'task.created',
      task_id: t1.id,
      ticket_number: t1.ticketNumber,
      project_id: a.project.id,
      data: { title: 'one', actor: { id: a.user.id } },
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(receiver.at('upd-1').map((r) => r.payload.event)).toEqual(Array(5).fill('task.updated'));
    expect(receiver.at('upd-1')).toHaveLength(5);
    // team scope: created events of both team projects, nothing else
    expect(
      receiver
        .at('team-1')
        .map((r) => r.payload.task_id)
        .sort(),
    ).toEqual([t1.id, t2.id, t3.id].sort());
    expect(receiver.at('foreign-1')).toHaveLength(0);

    const log = await deliveriesOf(all.id, a.key);
    expect(log).toHaveLength(8);
    expect(log.every((d) => d.status === 'succeeded' && d.attempt_count === 1 && d.attempts.length === 1)).toBe(true);
    expect(log[0].attempts[0]).toMatchObject({ status_code: 200, response_excerpt: 'answer 200', error: null });
    expect((await deliveriesOf(updatesOnly.id, a.key)).length).toBe(5);
    expect((await deliveriesOf(teamWide.id, a.key)).length).toBe(3);
  });

  it('retries a 500 twice then 200: three attempts logged, one success, the same webhook-id', async () => {
    const a = await board();
    const sub = await subscribe(app, a.key, receiver, 'flaky-1', { project_id: a.project.id }, ['task.updated']);
    receiver.setResponder(({ path, count }) =>
      path.endsWith('flaky-1') && count <= 2 ? { status: 500 } : { status: 200 },
    );
    const t = await makeTask(app.db, a.project);
    await emit(app.db, t, 'task.updated', { changes: { title: { from: 'a', to: 'b' } } });
    await waitFor(async () => (await deliveriesOf(sub.id, a.key))[0]?.status === 'succeeded', 10_000, 'success');
    const got = receiver.at('flaky-1');
    expect(got.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(new Set(got.map((r) => r.id)).size).toBe(1);
    expect(got.every((r) => r.verified)).toBe(true);
    const [d] = await deliveriesOf(sub.id, a.key);
    expect(d.attempt_count).toBe(3);
    expect(d.attempts.map((x) => x.status_code)).toEqual([500, 500, 200]);
    expect(d.event_id).toBe(got[0].id);
    const row = await app.db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(row.failingSince).toBeNull();
    expect(row.active).toBe(true);
    receiver.setResponder(() => ({ status: 200 }));
  });

  it('keeps retrying while the receiver is down and delivers once it is back; then fails after the schedule', async () => {
    const a = await board();
    const down = await startReceiver();
    const url = down.urlFor('down-1');
    const port = down.port;
    await down.close(); // nothing listens on that port now
    const res = await app.fetch('/api/v1/webhook/subscriptions', {
      method: 'POST',
      key: a.key,
      json: { url, project_id: a.project.id, metadata: { 'X-Event-Type': ['task.updated'] } },
    });
    const sub = ((await res.json()) as { subscription: { id: number; secret: string } }).subscription;
    const t = await makeTask(app.db, a.project);
    await emit(app.db, t, 'task.updated');
    await waitFor(
      async () => (await deliveriesOf(sub.id, a.key))[0]?.attempts[0]?.outcome === 'failed',
      10_000,
      'first attempt',
    );
    const [first] = await deliveriesOf(sub.id, a.key);
    expect(first.status).toBe('pending');
    expect(first.attempts[0].status_code).toBeNull();
    expect(first.attempts[0].error).toMatch(/ECONNREFUSED|connect/i);
    const row = await app.db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(row.failingSince).not.toBeNull();

    // the schedule (3 retries in tests) runs out: failed, nothing delivered twice, nothing lost
    await waitFor(async () => (await deliveriesOf(sub.id, a.key))[0].status === 'failed', 10_000, 'failed');
    const [failed] = await deliveriesOf(sub.id, a.key);
    expect(failed.attempts).toHaveLength(4);

    // the receiver comes back on the same port; a redelivery gets through with the same webhook-id
    const back = await startReceiverOn(port);
    back.trust('down-1', sub.secret);
    const redo = await app.fetch(
      `/api/v1/webhook/subscriptions/${sub.id}/deliveries/${(failed as unknown as { id: number }).id}/redeliver`,
      { method: 'POST', key: a.key },
    );
    expect(redo.status).toBe(202);
    await waitFor(() => back.at('down-1').length === 1, 10_000, 'redelivery');
    expect(back.at('down-1')[0].verified).toBe(true);
    expect(back.at('down-1')[0].id).toBe(failed.event_id);
    await waitFor(async () => (await deliveriesOf(sub.id, a.key))[0].status === 'succeeded', 10_000, 'succeeded');
    await back.close();
  });

  it('honours Retry-After on 429 and 503', async () => {
    const a = await board();
    const sub = await subscribe(app, a.key, receiver, 'slow-1', { project_id: a.project.id }, ['task.updated']);
    receiver.setResponder(({ path, count }) =>
      path.endsWith('slow-1') && count === 1 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200 },
    );
    const t = await makeTask(app.db, a.project);
    await emit(app.db, t, 'task.updated');
    await waitFor(() => receiver.at('slow-1').length === 1, 10_000, 'first attempt');
    const [d] = await deliveriesOf(sub.id, a.key);
    const row = await app.db.webhookDelivery.findUniqueOrThrow({ where: { id: (d as unknown as { id: number }).id } });
    // the test schedule says 50 ms; Retry-After says 1 s
    expect(row.nextAttemptAt.getTime() - row.updatedAt.getTime()).toBeGreaterThanOrEqual(900);
    await new Promise((r) => setTimeout(r, 400));
    expect(receiver.at('slow-1')).toHaveLength(1);
    await waitFor(() => receiver.at('slow-1').length === 2, 10_000, 'retry after 1 s');
    receiver.setResponder(() => ({ status: 200 }));
  });

  it('disables the subscription at once on 410 Gone, with the reason; events while disabled are logged as skipped; re-enabling resumes deliveries, skipped ones are redelivered on request', async () => {
    const a = await board();
    const sub = await subscribe(app, a.key, receiver, 'gone-1', { project_id: a.project.id }, ['task.updated']);
    receiver.setResponder(({ path }) => (path.endsWith('gone-1') ? { status: 410 } : { status: 200 }));
    const t = await makeTask(app.db, a.project);
    await emit(app.db, t, 'task.updated');
    await waitFor(
      async () => !(await app.db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } })).active,
      10_000,
      'disabled',
    );
    const res = await app.fetch(`/api/v1/webhook/subscriptions/${sub.id}`, { key: a.key });
    const body = (await res.json()) as { subscription: { active: boolean; disabled_reason: string } };
    expect(body.subscription.active).toBe(false);
    expect(body.subscription.disabled_reason).toMatch(/410/);
    const log = await deliveriesOf(sub.id, a.key);
    expect(log.map((d) => d.status)).toEqual(['failed']);
    expect(log[0].attempts).toHaveLength(1);
    // while disabled, events are not sent (as GitHub and Stripe do) but logged as skipped
    await emit(app.db, t, 'task.updated');
    await waitFor(async () => (await deliveriesOf(sub.id, a.key)).length === 2, 10_000, 'the skipped delivery');
    const [skipped] = await deliveriesOf(sub.id, a.key);
    expect(skipped).toMatchObject({ status: 'skipped', attempts: [], next_attempt_at: null });
    const onlySkipped = await app.fetch(`/api/v1/webhook/subscriptions/${sub.id}/deliveries?status=skipped`, { key: a.key });
    expect(((await onlySkipped.json()) as { total: number }).total).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at('gone-1')).toHaveLength(1);
    receiver.setResponder(() => ({ status: 200 }));
    // re-enabled: new events flow again
    const patch = await app.fetch(`/api/v1/webhook/subscriptions/${sub.id}`, {
      method: 'PATCH',
      key: a.key,
      json: { active: true },
    });
    expect(patch.status).toBe(200);
    expect(
      ((await patch.json()) as { subscription: { disabled_reason: string | null; active: boolean } }).subscription,
    ).toMatchObject({ disabled_reason: null, active: true });
    await emit(app.db, t, 'task.updated');
    await waitFor(() => receiver.at('gone-1').length === 2, 10_000, 'delivery after re-enable');
    expect(receiver.at('gone-1')[1].verified).toBe(true);
    expect(receiver.at('gone-1')[1].id).not.toBe(skipped.event_id);
    expect((await deliveriesOf(sub.id, a.key)).find((d) => d.id === skipped.id)?.status).toBe('skipped');
    // the skipped event is sent when asked for
    const redo = await app.fetch(`/api/v1/webhook/subscriptions/${sub.id}/deliveries/${skipped.id}/redeliver`, { method: 'POST', key: a.key });
    expect(redo.status).toBe(202);
    await waitFor(() => receiver.at('gone-1').length === 3, 10_000, 'the redelivered skipped event');
    expect(receiver.at('gone-1')[2]).toMatchObject({ id: skipped.event_id, verified: true });
  });

  it('disables a subscription that has been failing for too long, with the reason', async () => {
    // Its own database: the shared instance's dispatcher must not deliver these events.
    const own = await eventTestEnv();
    const inst = await startInstance({
      env: own.env,
      dispatcher: { delivery: { disableAfterMs: 300, retry: { scheduleMs: [200, 200, 200, 200], jitter: 0 } } },
    });
    try {
      const { user, key } = await makeUserWithKey(inst.db);
      const project = await makeProject(inst.db, { memberIds: [user.id] });
      const sub = await subscribe(inst, key, receiver, 'broken-1', { project_id: project.id }, ['task.updated']);
      receiver.setResponder(({ path }) =>
        path.endsWith('broken-1') ? { status: 500, body: 'x'.repeat(5000) } : { status: 200 },
      );
      const t = await makeTask(inst.db, project);
      await emit(inst.db, t, 'task.updated');
      await waitFor(
        async () => !(await inst.db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } })).active,
        10_000,
        'disabled',
      );
      const row = await inst.db.webhookSubscription.findUniqueOrThrow({ where: { id: sub.id } });
      expect(row.disabledReason).toMatch(/failed without a success since/);
      const attempts = await inst.db.webhookAttempt.findMany({ where: { delivery: { subscriptionId: sub.id } } });
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      expect(attempts[0].responseExcerpt!.length).toBe(1024);
    } finally {
      receiver.setResponder(() => ({ status: 200 }));
      await inst.close();
      await own.drop();
    }
  });

  it('treats a destination that keeps timing out as slow: short timeouts one at a time, a full-timeout probe, closed by an answer', async () => {
    // Its own database and timings: 2 s timeout, open after 3 timeouts, 300 ms while open, a probe every 5 s.
    // Which timeout an attempt had is read from its error ("timed out after 300 ms"), not from its duration:
    // on a loaded machine a timer fires hundreds of milliseconds late.
    const own = await eventTestEnv();
    const inst = await startInstance({
      env: own.env,
      dispatcher: {
        delivery: {
          timeoutMs: 2_000,
          circuit: { tripAfterTimeouts: 3, shortTimeoutMs: 300, probeEveryMs: 5_000 },
          retry: { scheduleMs: Array(40).fill(30), jitter: 0 },
        },
      },
    });
    let answering = false;
    try {
      const { user, key } = await makeUserWithKey(inst.db);
      const project = await makeProject(inst.db, { memberIds: [user.id] });
      const sub = await subscribe(inst, key, receiver, 'stalled-1', { project_id: project.id }, ['task.updated']);
      receiver.setResponder(({ path }) => {
        if (!path.endsWith('stalled-1')) return { status: 200 };
        return answering ? { status: 200 } : { status: 200, delayMs: 5_000 };
      });
      const state = async () => {
        const res = await inst.fetch(`/api/v1/webhook/subscriptions/${sub.id}`, { key });
        return ((await res.json()) as { subscription: { timeout_streak: number; circuit_open_since: string | null } }).subscription;
      };
      // Four tasks: four chains that may be in flight at once while the circuit is closed.
      for (let i = 0; i < 4; i++) await emit(inst.db, await makeTask(inst.db, project, `t${i}`), 'task.updated');
      await waitFor(async () => (await state()).circuit_open_since !== null, 20_000, 'the circuit opened');
      const opened = await state();
      expect(opened.timeout_streak).toBeGreaterThanOrEqual(3);

      // While open: attempts end at the short timeout, one at a time, and the due probe gets the full 2 s.
      const openedAt = new Date(opened.circuit_open_since!).getTime();
      const attemptsSinceOpen = async () =>
        (await inst.db.webhookAttempt.findMany({ where: { delivery: { subscriptionId: sub.id } }, orderBy: { id: 'asc' } }))
          .filter((a) => a.createdAt.getTime() > openedAt)
          .map((a) => ({ at: a.createdAt.getTime(), ms: a.durationMs ?? 0, outcome: a.outcome, error: a.error }));
      const SHORT = 'timed out after 300 ms';
      const FULL = 'timed out after 2000 ms';
      await waitFor(
        async () => (await attemptsSinceOpen()).some((a) => a.at >= openedAt + 4_000 && a.error === FULL),
        20_000,
        'a full-timeout probe once the probe is due',
      );
      // From the first short one: on PostgreSQL a claim that ran while the opening commit was on its way
      // still saw the circuit closed (a full timeout, claimed beside others).
      const settled = (await attemptsSinceOpen()).filter((a) => a.outcome !== 'unknown');
      const firstShort = settled.findIndex((a) => a.error === SHORT);
      expect(firstShort, JSON.stringify(settled)).toBeGreaterThanOrEqual(0);
      const open = settled.slice(firstShort);
      const figures = JSON.stringify(open);
      expect(open.length, figures).toBeGreaterThanOrEqual(2);
      // Short timeouts until the probe was due.
      expect(open.filter((a) => a.at < openedAt + 4_000).every((a) => a.error === SHORT), figures).toBe(true);
      // One delivery in flight: each attempt is claimed after the previous one ended (its claim time
      // plus its duration, both in milliseconds: 5 ms for rounding), never beside it.
      for (let i = 1; i < open.length; i++) {
        expect(open[i].at, figures).toBeGreaterThanOrEqual(open[i - 1].at + open[i - 1].ms - 5);
      }
      expect((await state()).circuit_open_since).not.toBeNull();

      // The receiver answers again: the next attempt closes the circuit and ends the streak.
      answering = true;
      await waitFor(async () => (await state()).circuit_open_since === null, 20_000, 'the circuit closed');
      const answered = await inst.db.webhookAttempt.findFirst({ where: { delivery: { subscriptionId: sub.id }, outcome: 'succeeded' } });
      expect(answered).not.toBeNull();
    } finally {
      receiver.setResponder(() => ({ status: 200 }));
      await inst.close();
      await own.drop();
    }
  });

  it('refuses loopback destinations unless WEBHOOK_ALLOW_PRIVATE is set (checked after DNS resolution)', async () => {
    const own = await eventTestEnv();
    const inst = await startInstance({ env: { ...own.env, WEBHOOK_ALLOW_PRIVATE: 'false' } });
    try {
      const { user, key } = await makeUserWithKey(inst.db);
      const project = await makeProject(inst.db, { memberIds: [user.id] });
      const literal = await inst.fetch('/api/v1/webhook/subscriptions', {
        method: 'POST',
        key,
        json: {
          url: receiver.urlFor('private-1'),
          project_id: project.id,
          metadata: { 'X-Event-Type': ['task.updated'] },
        },
      });
      expect(literal.status).toBe(400);
      expect(await literal.json()).toMatchObject({
        success: false,
        details: { field: 'url', code: 'private_destination' },
      });
      // A stored destination on loopback is refused at delivery time too; the attempt says why.
      const stored = await inst.db.webhookSubscription.create({
        data: {
          url: `http://localhost:${receiver.port}/hook/private-2`,
          projectId: project.id,
          createdById: user.id,
          secret: 'whsec_AAAA',
          metadata: { 'X-Event-Type': ['task.updated'] },
        },
      });
      const t = await makeTask(inst.db, project);
      await emit(inst.db, t, 'task.updated');
      await waitFor(
        // Logged at the claim as unknown, then completed with the refusal.
        async () => (await inst.db.webhookAttempt.count({ where: { outcome: 'failed', delivery: { subscriptionId: stored.id } } })) > 0,
        10_000,
        'refused attempt',
      );
      const [attempt] = await inst.db.webhookAttempt.findMany({ where: { delivery: { subscriptionId: stored.id } } });
      expect(attempt.statusCode).toBeNull();
      expect(attempt.error).toMatch(/private, loopback or link-local/);
      // The check runs on the resolved addresses: a name resolving to loopback is refused by the lookup.
      const { guardedLookup } = await import('../../src/events/webhook-destination.ts');
      const err = await new Promise<Error | null>((resolve) => guardedLookup('localhost', {}, (e) => resolve(e)));
      expect(err?.message).toMatch(/private, loopback or link-local/);
      expect(receiver.at('private-2')).toHaveLength(0);
    } finally {
      await inst.close();
      await own.drop();
    }
  });
});

async function startReceiverOn(port: number) {
  const http = await import('node:http');
  const { Webhook } = await import('standardwebhooks');
  const secrets = new Map<string, string>();
  const got: { id: string; verified: boolean }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified = false;
      try {
        new Webhook(secrets.get(req.url ?? '') ?? 'whsec_AAAA').verify(body, headers);
        verified = true;
      } catch {
        // left unverified: the test asserts on it
      }
      got.push({ id: headers['webhook-id'], verified });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    trust: (name: string, secret: string) => secrets.set(`/hook/${name}`, secret),
    at: (_name: string) => got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
