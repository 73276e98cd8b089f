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

/** Lets late deliveries land (to check that nothing more arrives). */
async function settled(ms = 150) {
  await new Promise((r) => setTimeout(r, ms));
}

describe('GraphQL subscription taskEvents', () => {
  it('a member receives task.updated within 1 s over graphql-ws; a non-member cannot subscribe; other projects stay silent', async () => {
    const owner = await makeUserWithKey(app.db, 'Owner');
    const stranger = await makeUserWithKey(app.db, 'Stranger');
    const project = await makeProject(app.db, { memberIds: [owner.user.id] });
    const strangerProject = await makeProject(app.db, { memberIds: [stranger.user.id] });
    const task = await makeTask(app.db, project);

    const registered = feedWaiter(app.services.feed);
    const mine = wsSubscribe(app.url, owner.key, { projectId: project.id });
    const theirs = wsSubscribe(app.url, stranger.key, { projectId: strangerProject.id });
    const sneaky = wsSubscribe(app.url, stranger.key, { projectId: project.id });
    await waitFor(() => sneaky.got.length > 0 || sneaky.error() !== null, 10_000, 'refusal');
    const refusal = sneaky.got[0]?.errors ?? (sneaky.error() as { extensions?: { code?: string } }[]);
    expect(JSON.stringify(refusal)).toContain('NOT_FOUND');
    expect(sneaky.got.some((g) => g.data)).toBe(false);
    await registered(2);

    const committed = performance.now();
    await emit(app.db, task, 'task.updated', { changes: { title: { from: 'old', to: 'new' } } }, owner.user.id);
    await waitFor(() => mine.got.length > 0, 1_000, 'task.updated within 1 s');
    const first = mine.got[0];
    expect(first.at - committed).toBeLessThan(1_000);
    expect(first.errors).toBeUndefined();
    expect(first.data!.taskEvents).toMatchObject({
      event: 'TASK_UPDATED',
      taskId: task.id,
      ticketNumber: task.ticketNumber,
      projectId: project.id,
      actorId: owner.user.id,
      data: { changes: { title: { from: 'old', to: 'new' } }, actor: { id: owner.user.id } },
    });
    expect(new Date(first.data!.taskEvents.timestamp).toISOString()).toBe(first.data!.taskEvents.timestamp);
    await settled(300);
    expect(theirs.got).toHaveLength(0);
    expect(mine.got).toHaveLength(1);
  });

  it('filters by event names (TaskEventKind) and refuses others', async () => {
    const owner = await makeUserWithKey(app.db);
    const project = await makeProject(app.db, { memberIds: [owner.user.id] });
    const task = await makeTask(app.db, project);
    const registered = feedWaiter(app.services.feed);
    const assignedOnly = wsSubscribe(app.url, owner.key, { projectId: project.id, events: ['TASK_ASSIGNED'] });
    // A board event's name is not a task event's; the spec's dotted name is not a GraphQL value.
    for (const name of ['TASK_DELETED', 'task.assigned']) {
      const bad = wsSubscribe(app.url, owner.key, { projectId: project.id, events: [name] });
      await waitFor(() => bad.got.length > 0 || bad.error() !== null, 10_000, 'refusal');
      const refusal = bad.got[0]?.errors ?? (bad.error() as unknown[]);
      expect((refusal as { message: string }[]).map((e) => e.message).join('\n')).toContain(`Value "${name}" does not exist in "TaskEventKind" enum`);
    }
    await registered(1);
    await emit(app.db, task, 'task.updated');
    await emit(app.db, task, 'task.assigned', { assignee: { kind: 'user', id: owner.user.id } });
    await waitFor(() => assignedOnly.got.length > 0, 2_000, 'task.assigned');
    await settled(200);
    expect(assignedOnly.got.map((g) => g.data!.taskEvents.event)).toEqual(['TASK_ASSIGNED']);
  });

  it('refuses a connection without a valid key', async () => {
    const nobody = wsSubscribe(app.url, 'tsk_not-a-key', { projectId: 1 });
    await waitFor(() => nobody.error() !== null || nobody.completed(), 10_000, 'closed connection');
    expect(nobody.got).toHaveLength(0);
    expect((nobody.error() as unknown as { code: number }).code).toBe(4403);
  });

  it('works over server-sent events (POST /graphql, Accept: text/event-stream)', async () => {
    const owner = await makeUserWithKey(app.db);
    const project = await makeProject(app.db, { memberIds: [owner.user.id] });
    const task = await makeTask(app.db, project);
    const registered = feedWaiter(app.services.feed);
    const sse = await sseSubscribe(app.url, owner.key, { query: SUBSCRIPTION, variables: { projectId: project.id } });
    expect(sse.status).toBe(200);
    expect(sse.contentType).toMatch(/text\/event-stream/);
    await registered(1);
    await emit(app.db, task, 'task.created', {}, owner.user.id);
    await waitFor(() => sse.text().includes('TASK_CREATED'), 3_000, 'SSE event');
    const line = sse
      .text()
      .split('\n')
      .find((l) => l.startsWith('data:') && l.includes('TASK_CREATED'))!;
    expect(JSON.parse(line.slice(5))).toMatchObject({
      data: { taskEvents: { event: 'TASK_CREATED', taskId: task.id } },
    });
    // The client goes away: the server must survive it (an uncaught error here would kill a real process).
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => void uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      sse.close();
      await settled(300);
      expect((await app.fetch('/healthz')).status).toBe(200);
      expect(uncaught.map(String)).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }

    const stranger = await makeUserWithKey(app.db);
    const refused = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stranger.key}`,
        accept: 'text/event-stream',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query: SUBSCRIPTION, variables: { projectId: project.id } }),
    });
    const body = await refused.text();
    expect(body).toContain('NOT_FOUND');
    expect(body).not.toContain('TASK_CREATED');
  });
});
