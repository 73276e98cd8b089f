import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EventDispatcher } from '../../src/events/dispatcher.ts';
import type { EventMessage } from '../../src/events/event-message.ts';
import { DEFAULT_DELIVERY_OPTIONS } from '../../src/events/webhook-delivery.ts';
import { isPostgres } from '../support/database.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import {
  emit,
  eventTestEnv,
  FAST_RETRY,
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
  // API only: each test runs the dispatchers it needs.
  app = await startInstance({ env: testEnv.env, dispatcher: false });
  receiver = await startReceiver();
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await testEnv?.drop();
});

function dispatcher(opts: ConstructorParameters<typeof EventDispatcher>[1] = {}) {
  const { database, logger } = app.services;
  return new EventDispatcher(
    { database, logger, databaseUrl: app.services.config.DATABASE_URL },
    {
      pollIntervalMs: 30,
      claimTimeoutMs: 400,
      ...opts,
      delivery: {
        ...DEFAULT_DELIVERY_OPTIONS,
        allowPrivate: true,
        pollIntervalMs: 30,
        retry: FAST_RETRY,
        ...opts.delivery,
      },
    },
  );
}

/** A board with two subscriptions and `perTask` updates of each of `tasks` tasks. */
async function scenario(name: string, tasks = 3, perTask = 5) {
  const { user, key } = await makeUserWithKey(app.db);
  const project = await makeProject(app.db, { memberIds: [user.id] });
  const subs = [
    await subscribe(app, key, receiver, `${name}-a`, { project_id: project.id }, ['task.created', 'task.updated']),
    await subscribe(app, key, receiver, `${name}-b`, { project_id: project.id }, ['task.updated']),
  ];
  const ts = [];
  for (let i = 0; i < tasks; i++) ts.push(await makeTask(app.db, project));
  for (const t of ts) await emit(app.db, t, 'task.created');
  for (let n = 1; n <= perTask; n++) for (const t of ts) await emit(app.db, t, 'task.updated', { n });
  return { subs, key, tasks: ts, expectA: tasks * (perTask + 1), expectB: tasks * perTask, projectId: project.id };
}

/**
 * The delivery log (REST) of the scenario's subscriptions shows `count`
 * attempts with outcome unknown (no status, no duration), each received by
 * the receiver and followed by a succeeded attempt of the same delivery.
 */
async function expectUnknownAttemptsLogged(s: Awaited<ReturnType<typeof scenario>>, count: number) {
  type Attempt = { outcome: string; status_code: number | null; duration_ms: number | null };
  const unknown: { eventId: string; attempts: Attempt[] }[] = [];
  for (const sub of s.subs) {
    const res = await app.fetch(`/api/v1/webhook/subscriptions/${sub.id}/deliveries?limit=100`, { key: s.key });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { deliveries: { event_id: string; status: string; attempts: Attempt[] }[] };
    for (const d of body.deliveries) {
      if (d.attempts.some((a) => a.outcome === 'unknown')) unknown.push({ eventId: d.event_id, attempts: d.attempts });
    }
  }
  expect(unknown.flatMap((d) => d.attempts.filter((a) => a.outcome === 'unknown'))).toHaveLength(count);
  for (const d of unknown) {
    expect(d.attempts[0]).toMatchObject({ outcome: 'unknown', status_code: null, duration_ms: null });
    expect(d.attempts.at(-1)).toMatchObject({ outcome: 'succeeded', status_code: 200 });
    expect(receiver.received.some((r) => r.id === d.eventId)).toBe(true);
  }
}

/** Every event exactly once per subscription, verified, in order per task. */
function expectExactlyOnceInOrder(name: string, expected: number) {
  const got = receiver.at(name);
  expect(got.every((r) => r.verified)).toBe(true);
  expect(got).toHaveLength(expected);
  expect(new Set(got.map((r) => r.id)).size).toBe(expected);
  const byTask = new Map<number, bigint[]>();
  for (const r of got) byTask.set(r.payload.task_id!, [...(byTask.get(r.payload.task_id!) ?? []), BigInt(r.id)]);
  for (const ids of byTask.values()) expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : 1)));
}

describe('outbox dispatcher', () => {
  it('survives a crash between claim and fan-out: the claim is retaken, every event delivered once', async () => {
    const s = await scenario('crash1');
    let claimedBatches = 0;
    const doomed = dispatcher({
      faults: {
        afterClaim: () => {
          claimedBatches++;
          throw new Error('simulated crash after claim');
        },
      },
    });
    doomed.start();
    await waitFor(() => claimedBatches > 0, 10_000, 'a claim');
    await doomed.stop(); // the "process" is gone; its claim stays behind
    const stranded = await app.db.outboxEvent.count({
      where: { projectId: s.projectId, claimedAt: { not: null }, processedAt: null },
    });
    expect(stranded).toBeGreaterThan(0);
    expect(await app.db.webhookDelivery.count({ where: { subscriptionId: { in: s.subs.map((x) => x.id) } } })).toBe(0);

    const survivor = dispatcher();
    survivor.start();
    try {
      await waitFor(
        () => receiver.at('crash1-a').length >= s.expectA && receiver.at('crash1-b').length >= s.expectB,
        30_000,
        'all deliveries',
      );
      await new Promise((r) => setTimeout(r, 300));
      expectExactlyOnceInOrder('crash1-a', s.expectA);
      expectExactlyOnceInOrder('crash1-b', s.expectB);
      expect(await app.db.outboxEvent.count({ where: { projectId: s.projectId, processedAt: null } })).toBe(0);
    } finally {
      await survivor.stop();
    }
  });

  it('survives a crash after fan-out: retaken events do not create second deliveries', async () => {
    const s = await scenario('crash2');
    let crashed = false;
    const doomed = dispatcher({
      faults: {
        afterFanOut: () => {
          crashed = true;
          throw new Error('simulated crash after fan-out');
        },
      },
    });
    doomed.start();
    await waitFor(() => crashed, 10_000, 'fan-out');
    await doomed.stop();
    const before = await app.db.webhookDelivery.count({ where: { subscriptionId: { in: s.subs.map((x) => x.id) } } });
    expect(before).toBeGreaterThan(0);

    const survivor = dispatcher();
    survivor.start();
    try {
      await waitFor(
        () => receiver.at('crash2-a').length >= s.expectA && receiver.at('crash2-b').length >= s.expectB,
        30_000,
        'all deliveries',
      );
      await new Promise((r) => setTimeout(r, 300));
      expectExactlyOnceInOrder('crash2-a', s.expectA);
      expectExactlyOnceInOrder('crash2-b', s.expectB);
      expect(await app.db.webhookDelivery.count({ where: { subscriptionId: { in: s.subs.map((x) => x.id) } } })).toBe(
        s.expectA + s.expectB,
      );
    } finally {
      await survivor.stop();
    }
  });

  it('a sender that dies after the POST is covered by the lease: the retry carries the same webhook-id', async () => {
    const s = await scenario('crash3', 1, 1);
    let died = 0;
    const doomed = dispatcher({
      delivery: {
        ...DEFAULT_DELIVERY_OPTIONS,
        allowPrivate: true,
        leaseMs: 300,
        faults: {
          beforeRecord: () => {
            died++;
            throw new Error('simulated crash before recording the outcome');
          },
        },
      },
    });
    doomed.start();
    await waitFor(() => died > 0, 10_000, 'first POST');
    await doomed.stop();
    const first = receiver.at('crash3-a').length + receiver.at('crash3-b').length;
    expect(first).toBeGreaterThan(0);

    const survivor = dispatcher({ delivery: { ...DEFAULT_DELIVERY_OPTIONS, allowPrivate: true, leaseMs: 300 } });
    survivor.start();
    try {
      await waitFor(
        async () =>
          (await app.db.webhookDelivery.count({
            where: { subscriptionId: { in: s.subs.map((x) => x.id) }, status: 'succeeded' },
          })) ===
          s.expectA + s.expectB,
        10_000,
        'deliveries recorded',
      );
      // At least once: a POST whose outcome was lost is sent again, with the same webhook-id for de-duplication.
      const got = receiver.at('crash3-a');
      expect(new Set(got.map((r) => r.id)).size).toBe(s.expectA);
      expect(got.every((r) => r.verified)).toBe(true);
      // The lost attempts stay in the delivery log, outcome unknown, each followed by the retry that succeeded.
      await expectUnknownAttemptsLogged(s, died);
    } finally {
      await survivor.stop();
    }
  });

  // PostgreSQL only: the killed sender is another process, and an embedded database belongs to one process.
  it.runIf(isPostgres)(
    'a sender killed (SIGKILL, a child process) after its POSTs leaves them in the delivery log as attempts with outcome unknown',
    async () => {
      const s = await scenario('lost', 2, 2);
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/events/crash-child.ts'], {
        env: { ...process.env, ...testEnv.env, NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: 'true', CRASH_AT: 'beforeRecord' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      const exit = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      expect(exit).toBe('SIGKILL');
      expect(out).toContain('posted');
      const subscriptionId = { in: s.subs.map((x) => x.id) };
      const lost = await app.db.webhookAttempt.count({ where: { outcome: 'unknown', delivery: { subscriptionId } } });
      expect(lost).toBeGreaterThan(0);

      const survivor = dispatcher();
      survivor.start();
      try {
        await waitFor(
          async () => (await app.db.webhookDelivery.count({ where: { subscriptionId, status: 'succeeded' } })) === s.expectA + s.expectB,
          30_000,
          'deliveries recorded',
        );
        await expectUnknownAttemptsLogged(s, lost);
      } finally {
        await survivor.stop();
      }
    },
  );

  it('several dispatchers share the work: each event once per subscription, in order per task', async () => {
    const s = await scenario('multi', 4, 10);
    const fleet = [dispatcher({ batchSize: 5 }), dispatcher({ batchSize: 5 }), dispatcher({ batchSize: 5 })];
    fleet.forEach((d) => d.start());
    try {
      await waitFor(
        () => receiver.at('multi-a').length >= s.expectA && receiver.at('multi-b').length >= s.expectB,
        30_000,
        'all deliveries',
      );
      await new Promise((r) => setTimeout(r, 300));
      expectExactlyOnceInOrder('multi-a', s.expectA);
      expectExactlyOnceInOrder('multi-b', s.expectB);
    } finally {
      await Promise.all(fleet.map((d) => d.stop()));
    }
  });

  it('stamps positions and announces them, then calls the search index and the onEvent hook', async () => {
    const { user } = await makeUserWithKey(app.db);
    const project = await makeProject(app.db, { memberIds: [user.id] });
    const t = await makeTask(app.db, project);
    const indexed: number[] = [];
    const hooked: EventMessage[] = [];
    const announced: bigint[] = [];
    const d = new EventDispatcher(
      {
        database: app.services.database,
        logger: app.services.logger,
        search: () => ({ indexTask: async (id: number) => void indexed.push(id) }),
        announce: (position) => void announced.push(position),
      },
      {
        pollIntervalMs: 30,
        onEvent: (e) => void hooked.push(e),
        delivery: { ...DEFAULT_DELIVERY_OPTIONS, allowPrivate: true },
      },
    );
    d.start();
    try {
      await emit(app.db, t, 'task.updated', { changes: { title: { from: 'a', to: 'b' } } }, user.id);
      await waitFor(() => hooked.some((e) => e.taskId === t.id), 10_000, 'hook');
      const event = hooked.find((e) => e.taskId === t.id)!;
      expect(event).toMatchObject({
        event: 'task.updated',
        taskId: t.id,
        projectId: project.id,
        ticketNumber: t.ticketNumber,
        actorId: user.id,
      });
      expect(event.data).toEqual({ changes: { title: { from: 'a', to: 'b' } }, actor: { id: user.id } });
      const row = await app.db.outboxEvent.findUniqueOrThrow({ where: { id: BigInt(event.id) } });
      expect(row.position).not.toBeNull();
      expect(event.cursor).toBe(String(row.position));
      expect(announced.some((p) => p >= row.position!)).toBe(true);
      expect(indexed).toContain(t.id);
    } finally {
      await d.stop();
    }
  });

  it('a subscription made after an event gets none of it, even when the event is fanned out later', async () => {
    const { user, key } = await makeUserWithKey(app.db);
    const project = await makeProject(app.db, { memberIds: [user.id] });
    const older = await subscribe(app, key, receiver, 'before-older', { project_id: project.id }, ['task.updated']);
    const t = await makeTask(app.db, project);
    await emit(app.db, t, 'task.updated');
    // Made after the event's commit, before any dispatcher ran (a backlog, or the dispatcher down).
    const newer = await subscribe(app, key, receiver, 'before-newer', { project_id: project.id }, ['task.updated']);
    const d = dispatcher();
    await d.stamp();
    while ((await d.dispatchBatch()) > 0);
    expect(await app.db.webhookDelivery.count({ where: { subscriptionId: older.id } })).toBe(1);
    expect(await app.db.webhookDelivery.count({ where: { subscriptionId: newer.id } })).toBe(0);
  });

  it("a subscription whose creator left its board is disabled at fan-out, with the reason, and logs the event as skipped", async () => {
    const owner = await makeUserWithKey(app.db);
    const leaver = await makeUserWithKey(app.db);
    const project = await makeProject(app.db, { memberIds: [owner.user.id, leaver.user.id] });
    const kept = await subscribe(app, owner.key, receiver, 'left-kept', { project_id: project.id }, ['task.updated']);
    const theirs = await subscribe(app, leaver.key, receiver, 'left-theirs', { project_id: project.id }, ['task.updated']);
    await app.db.projectMember.delete({ where: { projectId_userId: { projectId: project.id, userId: leaver.user.id } } });
    const t = await makeTask(app.db, project);
    await emit(app.db, t, 'task.updated');
    const d = dispatcher();
    await d.stamp();
    while ((await d.dispatchBatch()) > 0);
    const status = async (subscriptionId: number) =>
      (await app.db.webhookDelivery.findMany({ where: { subscriptionId } })).map((x) => x.status);
    expect(await status(kept.id)).toEqual(['pending']);
    expect(await status(theirs.id)).toEqual(['skipped']);
    expect(await app.db.webhookSubscription.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      active: false,
      disabledCause: 'creator_lost_access',
      disabledAt: expect.any(Date),
      createdById: leaver.user.id,
    });
    expect((await app.db.webhookSubscription.findUniqueOrThrow({ where: { id: kept.id } })).active).toBe(true);
  });

  it('a delivery queued while its creator was on the board is not sent once they are not', async () => {
    const owner = await makeUserWithKey(app.db);
    const leaver = await makeUserWithKey(app.db);
    const project = await makeProject(app.db, { memberIds: [owner.user.id, leaver.user.id] });
    const kept = await subscribe(app, owner.key, receiver, 'queued-kept', { project_id: project.id }, ['task.updated']);
    const theirs = await subscribe(app, leaver.key, receiver, 'queued-theirs', { project_id: project.id }, ['task.updated']);
    const t = await makeTask(app.db, project);
    await emit(app.db, t, 'task.updated');
    const d = dispatcher();
    await d.stamp();
    while ((await d.dispatchBatch()) > 0);
    expect((await app.db.webhookDelivery.findMany({ where: { subscriptionId: theirs.id } })).map((x) => x.status)).toEqual(['pending']);
    // The creator leaves before the deliverer runs, and no event of the removal reaches this dispatcher.
    await app.db.projectMember.delete({ where: { projectId_userId: { projectId: project.id, userId: leaver.user.id } } });
    d.deliverer.start();
    try {
      await waitFor(() => receiver.at('queued-kept').length === 1, 20_000, 'the kept delivery');
      // Claimed in the same round as the kept one, had it been claimable: never attempted.
      expect(await app.db.webhookAttempt.count({ where: { delivery: { subscriptionId: theirs.id } } })).toBe(0);
      await waitFor(
        async () => (await app.db.webhookSubscription.findUniqueOrThrow({ where: { id: theirs.id } })).disabledCause === 'creator_lost_access',
        20_000,
        'disabled at send time',
      );
      expect(await app.db.webhookAttempt.count({ where: { delivery: { subscriptionId: theirs.id } } })).toBe(0);
      expect(receiver.at('queued-theirs')).toHaveLength(0);
    } finally {
      await d.deliverer.stop();
    }
    expect(kept.id).not.toBe(theirs.id);
  });

  it('a rolled-back change leaves no event', async () => {
    const { user } = await makeUserWithKey(app.db);
    const project = await makeProject(app.db, { memberIds: [user.id] });
    const t = await makeTask(app.db, project);
    const { recordTaskEvent } = await import('../../src/events/outbox.ts');
    await expect(
      app.db.$transaction(async (tx) => {
        await recordTaskEvent(tx, { type: 'task.updated', task: t, actorId: user.id, data: {} });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await app.db.outboxEvent.count({ where: { taskId: t.id } })).toBe(0);
  });

  // PostgreSQL only: the killed dispatcher is another process, and an embedded database belongs to one process.
  it.runIf(isPostgres)(
    'survives a real crash: a child process killed with SIGKILL mid-batch',
    async () => {
      const s = await scenario('kill', 3, 4);
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/events/crash-child.ts'], {
        env: { ...process.env, ...testEnv.env, NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: 'true' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      const exit = await new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      expect(exit).toBe('SIGKILL');
      expect(out).toContain('fanned-out');
      expect(await app.db.outboxEvent.count({ where: { projectId: s.projectId, processedAt: null } })).toBeGreaterThan(
        0,
      );

      const survivor = dispatcher();
      survivor.start();
      try {
        await waitFor(
          () => receiver.at('kill-a').length >= s.expectA && receiver.at('kill-b').length >= s.expectB,
          30_000,
          'all deliveries',
        );
        await new Promise((r) => setTimeout(r, 300));
        expectExactlyOnceInOrder('kill-a', s.expectA);
        expectExactlyOnceInOrder('kill-b', s.expectB);
      } finally {
        await survivor.stop();
      }
    },
  );
});
