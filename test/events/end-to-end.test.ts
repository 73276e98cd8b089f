// Events made by the real task mutations (tool routes), seen by webhooks and
// GraphQL subscribers; and, with Redis, across two app instances.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { isPostgres } from '../support/database.ts';
import { eventTestEnv, type Instance, startInstance, startReceiver, subscribe, waitFor } from './harness.ts';
import { disposeClients, feedWaiter, wsSubscribe } from './ws-client.ts';

// Real servers, PGlite start-ups and retries: generous limits for loaded CI machines.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const instances: Instance[] = [];

beforeAll(async () => {
  testEnv = await eventTestEnv();
  receiver = await startReceiver();
  instances.push(await startInstance({ env: testEnv.env }));
});
afterAll(async () => {
  await disposeClients();
  await Promise.all(instances.map((i) => i.close()));
  await receiver?.close();
  await testEnv?.drop();
});

async function post(app: Instance, path: string, key: string, json: unknown) {
  const res = await app.fetch(path, { method: 'POST', key, json });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

describe('task events end to end', () => {
  it('POST /api/mcp/tasks/create and /tasks/update reach webhooks and subscribers; a no-op update emits nothing', async () => {
    const app = instances[0];
    const owner = await makeUserWithKey(app.db, 'Owner');
    const project = await makeProject(app.db, { memberIds: [owner.user.id], prefix: 'E2E' });
    await subscribe(app, owner.key, receiver, 'e2e', { project_id: project.id }, ['task.created', 'task.updated']);
    const registered = feedWaiter(app.services.feed);
    const ws = wsSubscribe(app.url, owner.key, { projectId: project.id });
    await registered(1);

    const created = await post(app, '/api/mcp/tasks/create', owner.key, {
      project_id: project.id,
      title: 'First title',
    });
    await post(app, '/api/mcp/tasks/update', owner.key, { task_id: created.id, title: 'Second title' });
    await post(app, '/api/mcp/tasks/update', owner.key, { task_id: created.id, title: 'Second title' }); // nothing changes

    await waitFor(() => receiver.at('e2e').length >= 2 && ws.got.length >= 2, 10_000, 'events');
    await new Promise((r) => setTimeout(r, 400));
    const hooks = receiver.at('e2e');
    expect(hooks.map((h) => h.payload.event)).toEqual(['task.created', 'task.updated']);
    expect(hooks.every((h) => h.verified)).toBe(true);
    expect(hooks[1].payload).toMatchObject({
      event: 'task.updated',
      task_id: created.id,
      ticket_number: created.ticket_number,
      project_id: project.id,
      data: { changes: { title: { from: 'First title', to: 'Second title' } }, actor: { id: owner.user.id } },
    });
    expect(ws.got.map((g) => g.data?.taskEvents.event)).toEqual(['TASK_CREATED', 'TASK_UPDATED']);
    expect(ws.got[1].data!.taskEvents.id).toBe(hooks[1].id);
  });

  // PostgreSQL (and REDIS_URL) only: two instances share one database, and an embedded database belongs to one process.
  it.runIf(isPostgres && Boolean(process.env.REDIS_URL))(
    'with Redis, an event made through instance A reaches a subscriber on instance B',
    async () => {
      // A dispatches; B only serves subscribers, so the event can reach B only through Redis:
      // B's feed polls once a minute, so an event seen within the wait came by its wake-up
      // (a time limit on the arrival itself would fail on a busy machine, not on a lost wake-up).
      const a = instances[0];
      const b = await startInstance({ env: testEnv.env, dispatcher: false, feed: { idlePollMs: 60_000 } });
      instances.push(b);
      expect(a.services.config.REDIS_URL).toBeTruthy();
      const owner = await makeUserWithKey(a.db, 'Owner');
      const outsider = await makeUserWithKey(a.db, 'Outsider');
      const project = await makeProject(a.db, { memberIds: [owner.user.id] });
      const otherProject = await makeProject(a.db, { memberIds: [outsider.user.id] });
      const created = await post(a, '/api/mcp/tasks/create', owner.key, { project_id: project.id, title: 'Before' });

      const registered = feedWaiter(b.services.feed);
      const onB = wsSubscribe(b.url, owner.key, { projectId: project.id, events: ['TASK_UPDATED'] });
      const outsiderOnB = wsSubscribe(b.url, outsider.key, { projectId: otherProject.id });
      await registered(2);

      await post(a, '/api/mcp/tasks/update', owner.key, { task_id: created.id, title: 'After' });
      await waitFor(() => onB.got.length > 0, 30_000, 'event on B');
      expect(onB.got[0].data!.taskEvents).toMatchObject({
        event: 'TASK_UPDATED',
        taskId: created.id,
        data: { changes: { title: { from: 'Before', to: 'After' } } },
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(onB.got).toHaveLength(1);
      expect(outsiderOnB.got).toHaveLength(0);
    },
  );
});
