// Resumable subscriptions: every event has a cursor; a subscriber that went
// away and comes back with `after` (graphql-ws) or `Last-Event-ID` (SSE)
// gets exactly what it missed, in order, then live events. Cursors past the
// retention are GONE, unknown ones VALIDATION.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { emit, eventTestEnv, type Instance, makeTask, startInstance, waitFor } from './harness.ts';
import { sseSubscribe } from './sse-client.ts';
import { disposeClients, feedWaiter, SUBSCRIPTION, wsSubscribe } from './ws-client.ts';

// Real servers, PGlite start-ups and retries: generous limits for loaded CI machines.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: Instance;
let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;

beforeAll(async () => {
  testEnv = await eventTestEnv();
  app = await startInstance({ env: testEnv.env });
});
afterAll(async () => {
  await disposeClients();
  await app?.close();
  await testEnv?.drop();
});

/** A member, a board with a task, and a bystander board whose events must never show up. */
async function board() {
  const owner = await makeUserWithKey(app.db, 'Owner');
  const project = await makeProject(app.db, { memberIds: [owner.user.id] });
  const bystander = await makeProject(app.db, { memberIds: [owner.user.id] });
  return { owner, project, task: await makeTask(app.db, project), noise: await makeTask(app.db, bystander) };
}

/** Commits `n` task.updated events (`data.n` = 1…n), interleaved with events of another board. */
async function commitUpdates(b: Awaited<ReturnType<typeof board>>, n: number, from = 1) {
  for (let i = from; i < from + n; i++) {
    await emit(app.db, b.task, 'task.updated', { n: i });
    if (i % 10 === 0) await emit(app.db, b.noise, 'task.updated', { noise: i });
  }
}

type TaskEventResult = { data?: { taskEvents: { id: string; cursor: string; data: { n?: number } } }; errors?: unknown[] };

describe('resuming a subscription', () => {
  it('graphql-ws: after a disconnect, `after` = the last cursor gives exactly the 50 events committed meanwhile, in order, then live ones', async () => {
    const b = await board();
    const registered = feedWaiter(app.services.feed);
    const first = wsSubscribe(app.url, b.owner.key, { projectId: b.project.id });
    await registered(1);
    await commitUpdates(b, 1);
    await waitFor(() => first.got.length === 1, 10_000, 'first event');
    const seen = first.got[0].data!.taskEvents;
    expect(seen.cursor).toMatch(/^\d+$/);
    await first.client.dispose();

    await commitUpdates(b, 50, 2);
    const resumed = wsSubscribe(app.url, b.owner.key, { projectId: b.project.id, after: seen.cursor });
    await waitFor(() => resumed.got.length >= 50, 20_000, '50 missed events');
    await commitUpdates(b, 3, 52); // live, after the backlog
    await waitFor(() => resumed.got.length >= 53, 10_000, 'live events after the backlog');
    await new Promise((r) => setTimeout(r, 300));
    const got = resumed.got.map((g) => g.data!.taskEvents);
    expect(resumed.got.every((g) => !g.errors)).toBe(true);
    expect(got.map((e) => e.data.n)).toEqual(Array.from({ length: 53 }, (_, i) => i + 2));
    const cursors = got.map((e) => BigInt(e.cursor));
    expect(cursors.every((c, i) => c > (i ? cursors[i - 1] : BigInt(seen.cursor)))).toBe(true);
  });

  it('SSE: the `id:` of each event is its cursor; reconnecting with Last-Event-ID (GET, as EventSource does) gives exactly the missed 50; it wins over a stale `after`', async () => {
    const b = await board();
    const registered = feedWaiter(app.services.feed);
    const first = await sseSubscribe(app.url, b.owner.key, { query: SUBSCRIPTION, variables: { projectId: b.project.id } }, { method: 'GET' });
    expect(first.status).toBe(200);
    await registered(1);
    await commitUpdates(b, 2);
    await waitFor(() => first.results().length === 2, 10_000, 'first events');
    const events = first.events().filter((e) => e.event === 'next');
    const firstResults = first.results<TaskEventResult>();
    expect(events.map((e) => e.id)).toEqual(firstResults.map((r) => r.data!.taskEvents.cursor));
    first.close();

    await commitUpdates(b, 50, 3);
    // The URL still says `after` = the first event (the EventSource's start); the header names the last one it got.
    const resumed = await sseSubscribe(
      app.url,
      b.owner.key,
      { query: SUBSCRIPTION, variables: { projectId: b.project.id, after: firstResults[0].data!.taskEvents.cursor } },
      { method: 'GET', headers: { 'Last-Event-ID': events[1].id! } },
    );
    await waitFor(() => resumed.results().length >= 50, 20_000, '50 missed events');
    await new Promise((r) => setTimeout(r, 300));
    const got = resumed.results<TaskEventResult>().map((r) => r.data!.taskEvents);
    expect(got.map((e) => e.data.n)).toEqual(Array.from({ length: 50 }, (_, i) => i + 3));
    expect(resumed.events().filter((e) => e.event === 'next').map((e) => e.id)).toEqual(got.map((e) => e.cursor));
    resumed.close();
  });

  it('a cursor past the retention is GONE, telling the client to refetch; an unknown one is VALIDATION; a non-member gets NOT_FOUND, never events', async () => {
    const b = await board();
    await commitUpdates(b, 3);
    await waitFor(async () => (await app.db.outboxEvent.count({ where: { taskId: b.task.id, position: null } })) === 0, 10_000, 'stamped');
    const positions = (
      await app.db.outboxEvent.findMany({ where: { taskId: b.task.id }, orderBy: { position: 'asc' }, select: { position: true } })
    ).map((e) => e.position!);
    // The retention moved past the first event (as purgeOld does after EVENT_RETENTION_DAYS).
    await app.db.outboxSequence.update({ where: { id: 1 }, data: { horizon: positions[1] } });
    try {
      const expired = wsSubscribe(app.url, b.owner.key, { projectId: b.project.id, after: String(positions[0]) });
      await waitFor(() => expired.error() !== null || expired.got.length > 0, 10_000, 'refusal');
      const error = JSON.stringify(expired.error() ?? expired.got[0].errors);
      expect(error).toContain('GONE');
      expect(error).toContain('Refetch');
      expect(error).toContain('cursor_expired');

      // At the horizon is still fine: nothing after it was deleted.
      const atHorizon = wsSubscribe(app.url, b.owner.key, { projectId: b.project.id, after: String(positions[1]) });
      await waitFor(() => atHorizon.got.length >= 1, 10_000, 'event after the horizon');
      expect(atHorizon.got[0].data!.taskEvents.data.n).toBe(3);
    } finally {
      await app.db.outboxSequence.update({ where: { id: 1 }, data: { horizon: 0 } });
    }

    for (const after of ['999999999999', 'abc']) {
      const bad = wsSubscribe(app.url, b.owner.key, { projectId: b.project.id, after });
      await waitFor(() => bad.error() !== null || bad.got.length > 0, 10_000, 'refusal');
      expect(JSON.stringify(bad.error() ?? bad.got[0].errors)).toContain('VALIDATION');
    }

    const stranger = await makeUserWithKey(app.db, 'Stranger');
    const sneaky = wsSubscribe(app.url, stranger.key, { projectId: b.project.id, after: String(positions[0]) });
    await waitFor(() => sneaky.error() !== null || sneaky.got.length > 0, 10_000, 'refusal');
    expect(JSON.stringify(sneaky.error() ?? sneaky.got[0].errors)).toContain('NOT_FOUND');
    expect(sneaky.got.some((g) => g.data)).toBe(false);
  });
});
