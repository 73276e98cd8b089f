// Commit-ordered positions: the cursor of live subscriptions must never skip
// an event whose transaction commits after a later-inserted one.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stampPositions } from '../../src/events/sequencer.ts';
import { isPostgres } from '../support/database.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { emit, eventTestEnv, type Instance, makeTask, startInstance, waitFor } from './harness.ts';
import { disposeClients, feedWaiter, wsSubscribe } from './ws-client.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: Instance;
let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;

beforeAll(async () => {
  testEnv = await eventTestEnv();
  // No dispatcher: each test stamps when it wants to.
  app = await startInstance({ env: testEnv.env, dispatcher: false });
});
afterAll(async () => {
  await disposeClients();
  await app?.close();
  await testEnv?.drop();
});

async function rowsOf(taskId: number) {
  return app.db.outboxEvent.findMany({ where: { taskId }, orderBy: { id: 'asc' }, select: { id: true, position: true, data: true } });
}

describe('outbox sequencer', () => {
  it('stamps committed rows densely in id order, once; a second round finds nothing', async () => {
    const { user } = await makeUserWithKey(app.db);
    const project = await makeProject(app.db, { memberIds: [user.id] });
    const task = await makeTask(app.db, project);
    for (let i = 0; i < 5; i++) await emit(app.db, task, 'task.updated', { i });
    expect((await rowsOf(task.id)).every((r) => r.position === null)).toBe(true);
    const round = await stampPositions(app.db, 3); // a backlog takes several rounds
    expect(round.stamped).toBe(3);
    const rest = await stampPositions(app.db);
    expect(rest.stamped).toBeGreaterThanOrEqual(2);
    const rows = await rowsOf(task.id);
    const positions = rows.map((r) => r.position!);
    expect(positions.every((p, i) => i === 0 || p === positions[i - 1] + 1n)).toBe(true);
    expect(rest.lastPosition).toBe(positions.at(-1));
    expect(await stampPositions(app.db)).toEqual({ stamped: 0, lastPosition: rest.lastPosition });
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so two can never commit out of id order there.
  it.runIf(isPostgres)(
    'two transactions committing out of id order: the later-committed, smaller id gets the larger position, and a subscriber gets both',
    async () => {
      const owner = await makeUserWithKey(app.db);
      const project = await makeProject(app.db, { memberIds: [owner.user.id] });
      const task = await makeTask(app.db, project);
      const registered = feedWaiter(app.services.feed);
      const sub = wsSubscribe(app.url, owner.key, { projectId: project.id });
      await registered(1);

      const url = app.services.config.DATABASE_URL!;
      const slow = new pg.Client({ connectionString: url });
      const fast = new pg.Client({ connectionString: url });
      await Promise.all([slow.connect(), fast.connect()]);
      const insert = (c: pg.Client, label: string) =>
        c.query(
          `INSERT INTO "OutboxEvent" (type, "taskId", "projectId", "ticketNumber", data)
           VALUES ('task.updated', $1, $2, $3, $4) RETURNING id`,
          [task.id, project.id, task.ticketNumber, JSON.stringify({ label })],
        );
      try {
        await slow.query('BEGIN');
        const slowId = BigInt((await insert(slow, 'slow')).rows[0].id);
        await fast.query('BEGIN');
        const fastId = BigInt((await insert(fast, 'fast')).rows[0].id);
        expect(fastId).toBeGreaterThan(slowId);
        await fast.query('COMMIT');

        // Only the committed row is stamped and delivered; an id cursor would now stand past `slow`.
        app.services.feed.notify((await stampPositions(app.db)).lastPosition);
        await waitFor(() => sub.got.length === 1, 10_000, 'the fast event');
        const fastCursor = sub.got[0].data!.taskEvents.cursor;

        await slow.query('COMMIT');
        const { lastPosition } = await stampPositions(app.db);
        app.services.feed.notify(lastPosition);
        await waitFor(() => sub.got.length === 2, 10_000, 'the slow event');
        const rows = await rowsOf(task.id);
        const slowRow = rows.find((r) => r.id === slowId)!;
        const fastRow = rows.find((r) => r.id === fastId)!;
        expect(slowRow.position! > fastRow.position!).toBe(true);
        expect(sub.got.map((g) => (g.data!.taskEvents.data as { label: string }).label)).toEqual(['fast', 'slow']);

        // Resuming from the fast event's cursor gets the slow one.
        const resumed = wsSubscribe(app.url, owner.key, { projectId: project.id, after: fastCursor });
        await waitFor(() => resumed.got.length === 1, 10_000, 'resume');
        expect((resumed.got[0].data!.taskEvents.data as { label: string }).label).toBe('slow');
      } finally {
        await Promise.all([slow.end(), fast.end()]);
      }
    },
  );

  // PostgreSQL only: PGlite runs one transaction at a time, so stampers never overlap there.
  it.runIf(isPostgres)('concurrent stampers take turns: no position twice, none skipped', async () => {
    const { user } = await makeUserWithKey(app.db);
    const project = await makeProject(app.db, { memberIds: [user.id] });
    const task = await makeTask(app.db, project);
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; i < 25; i++) await emit(app.db, task, 'task.updated', { w, i });
    });
    const stampers = Array.from({ length: 3 }, async () => {
      for (let i = 0; i < 30; i++) await stampPositions(app.services.database.background, 7);
    });
    await Promise.all([...writers, ...stampers]);
    while ((await stampPositions(app.db)).stamped > 0);
    const positions = (await rowsOf(task.id)).map((r) => r.position!).sort((a, b) => (a < b ? -1 : 1));
    expect(positions).toHaveLength(100);
    expect(new Set(positions).size).toBe(100);
    const all = await app.db.outboxEvent.findMany({ select: { position: true }, orderBy: { position: 'asc' } });
    const dense = all.map((r) => r.position!);
    expect(dense.every((p, i) => i === 0 || p === dense[i - 1] + 1n)).toBe(true);
  });
});
