// Two tenants share the webhook deliverer: a noisy team fills its share
// with deliveries to receivers that answer slowly (many subscriptions, a
// backlog of events), and a quiet team's delivery must arrive as fast as when
// the noisy one is idle: its p99 under load within 2× its idle p99, both
// measured here (a ratio, so a busy machine slows both alike). Nothing the
// noisy team is owed is lost: each of its deliveries arrives exactly once, in
// order per task.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';
import { emit, eventTestEnv, type Instance, makeTask, startInstance, startReceiver, subscribe, waitFor } from '../events/harness.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/** A small deliverer, so that the noisy team reaches its limits with a few subscriptions. */
const DELIVERY = { concurrency: 4, perSubscription: 1, perTeam: 2, timeoutMs: 5_000 };
const SLOW_MS = 1_500;
const NOISY_SUBSCRIPTIONS = 5;
const NOISY_TASKS = 2;
/** Events per noisy task (created, then updated): each subscription gets them in this order. */
const NOISY_EVENTS = NOISY_TASKS * 2;
const SAMPLE = 5;

/** The nearest-rank 99th percentile (of a small sample: its largest value). */
const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(0.99 * ms.length) - 1];

let app: Instance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;

beforeAll(async () => {
  testEnv = await eventTestEnv();
  app = await startInstance({ env: { ...testEnv.env, WEBHOOK_ALLOW_PRIVATE: 'true' }, dispatcher: { delivery: DELIVERY } });
  receiver = await startReceiver(({ path }) => (path.includes('/noisy-') ? { status: 200, delayMs: SLOW_MS } : { status: 200 }));
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await testEnv?.drop();
});

async function tenant(name: string) {
  const { user, key } = await makeUserWithKey(app.db, name);
  const team = await makeTeam(app.db, [user.id]);
  const project = await makeProject(app.db, { memberIds: [user.id], teamId: team.id, prefix: name.slice(0, 3).toUpperCase() });
  return { user, key, team, project };
}

describe('the webhook deliverer is shared fairly between teams', () => {
  it('a noisy team at its share with slow receivers leaves a quiet team’s delivery p99 within 2× of its idle p99', async () => {
    const quiet = await tenant('Quiet');
    const noisy = await tenant('Noisy');
    await subscribe(app, quiet.key, receiver, 'quiet', { project_id: quiet.project.id }, ['task.created']);
    for (let i = 0; i < NOISY_SUBSCRIPTIONS; i++) {
      await subscribe(app, noisy.key, receiver, `noisy-${i}`, i === 0 ? { team_id: noisy.team.uuid } : { project_id: noisy.project.id }, [
        'task.created',
        'task.updated',
      ]);
    }

    /** One quiet event, timed until its delivery reaches the receiver. */
    const quietDelivery = async () => {
      const before = receiver.at('quiet').length;
      const task = await makeTask(app.db, quiet.project, 'quiet');
      const started = performance.now();
      await emit(app.db, task, 'task.created', {}, quiet.user.id);
      await waitFor(() => receiver.at('quiet').length > before, 60_000, 'the quiet delivery');
      return performance.now() - started;
    };
    const sample = async () => {
      const ms: number[] = [];
      for (let i = 0; i < SAMPLE; i++) ms.push(await quietDelivery());
      return ms;
    };

    await quietDelivery();
    const idle = await sample();

    // The noisy backlog: every event goes to every noisy subscription, each answered after SLOW_MS.
    // Several tasks: several delivery chains per subscription, more than the deliverer has room for.
    for (let i = 0; i < NOISY_TASKS; i++) {
      const task = await makeTask(app.db, noisy.project, `noisy ${i}`);
      await emit(app.db, task, 'task.created', {}, noisy.user.id);
      await emit(app.db, task, 'task.updated', { changes: { title: { from: `noisy ${i}`, to: 'later' } } }, noisy.user.id);
    }
    const noisyGot = () => receiver.received.filter((r) => r.path.includes('/noisy-'));
    // Measured once the noise is steady: the deliverer holds noisy deliveries in flight.
    await waitFor(() => noisyGot().length >= 1, 60_000, 'the first noisy delivery');
    const loaded = await sample();
    const noisyPending = NOISY_SUBSCRIPTIONS * NOISY_EVENTS - noisyGot().length;

    const figures = { idleP99: Math.round(p99(idle)), loadedP99: Math.round(p99(loaded)), noisyPending, idle, loaded };
    expect(noisyPending, JSON.stringify(figures)).toBeGreaterThan(0);
    // Within 2× idle, with 250 ms of slack: at idle figures of tens of milliseconds a busy 2-core
    // machine's scheduling alone exceeds 2× (78 → 224 ms seen); an unfair deliverer takes seconds.
    expect(p99(loaded), JSON.stringify(figures)).toBeLessThanOrEqual(2 * p99(idle) + 250);

    // Deferred, not lost: every noisy delivery arrives, once each, in order per subscription and task.
    await waitFor(() => noisyGot().length >= NOISY_SUBSCRIPTIONS * NOISY_EVENTS, 120_000, 'every noisy delivery');
    for (let i = 0; i < NOISY_SUBSCRIPTIONS; i++) {
      const got = receiver.at(`noisy-${i}`);
      expect(got.every((r) => r.verified)).toBe(true);
      expect(new Set(got.map((r) => r.id)).size).toBe(NOISY_EVENTS);
      for (const taskId of new Set(got.map((r) => r.payload.task_id)))
        expect(got.filter((r) => r.payload.task_id === taskId).map((r) => r.payload.event)).toEqual(['task.created', 'task.updated']);
    }
    expect(noisyGot()).toHaveLength(NOISY_SUBSCRIPTIONS * NOISY_EVENTS);
  });
});
