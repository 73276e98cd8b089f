import { describe, expect, it } from 'vitest';
import { toggleAssignee } from '../../src/domain/assignee.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();

/** Two users sharing a project; `watcher` created the task, `actor` works on it. */
async function setup() {
  const watcher = await makeUserWithKey(t.db, 'Watcher');
  const actor = await makeUserWithKey(t.db, 'Actor');
  const project = await makeProject(t.db, { memberIds: [watcher.user.id, actor.user.id], prefix: 'TIN' });
  const task = await createTask(t.db, watcher.user.id, { projectId: project.id, title: 'Inbox' });
  return { watcher, actor, project, task };
}

const list = (key?: string, qs = '') => t.fetch(`/api/mcp/inbox/list${qs}`, { key });
const archive = (key: string | undefined, json: unknown) => t.fetch('/api/mcp/inbox/archive', { method: 'POST', key, json });
const unarchived = (taskId: number) => t.db.notification.count({ where: { taskId, archivedAt: null } });


describe('GET /api/mcp/inbox/list', () => {
  it('401 without key; lists my unarchived notifications with the spec 2.6 fields, newest first', async () => {
    const { watcher, actor, task } = await setup();
    await expectError(await list(), 401, 'authorization');
    await updateTask(t.db, actor.user.id, { taskId: task.id }, { title: 'Renamed' });
    await toggleAssignee(t.db, actor.user.id, { taskId: task.id }, { userId: watcher.user.id });

    const res = await list(watcher.key);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(2);
    expect(body.notifications.map((n: { type: string }) => n.type)).toEqual(['assignment', 'task_updated']);
    const [n] = body.notifications;
    expect(Object.keys(n).sort()).toEqual(['createdAt', 'id', 'message', 'read', 'task_id', 'ticket_number', 'type']);
    expect(n).toMatchObject({ id: expect.any(Number), task_id: task.id, ticket_number: `TIN-${task.uniqueIndex}`, read: false });
    expect(n.message).toContain(actor.user.displayName);
    // The actor is never notified of their own changes.
    expect((await (await list(actor.key)).json()).total).toBe(0);
  });

  it('optional limit/offset page the list; total counts all; bad values → 400', async () => {
    const { watcher, actor, task } = await setup();
    for (let i = 0; i < 3; i++) await updateTask(t.db, actor.user.id, { taskId: task.id }, { title: `T${i}` });
    const page = await (await list(watcher.key, '?limit=2&offset=1')).json();
    expect(page.notifications).toHaveLength(2);
    expect(page.total).toBe(3);
    await expectError(await list(watcher.key, '?limit=101'), 400, 'limit');
    await expectError(await list(watcher.key, '?limit=0'), 400, 'limit');
  });
});

describe('POST /api/mcp/inbox/archive', () => {
  it('401 → 400 (nothing archived) → counts only my unarchived ids', async () => {
    const { watcher, actor, task } = await setup();
    await updateTask(t.db, actor.user.id, { taskId: task.id }, { title: 'A' });
    await updateTask(t.db, actor.user.id, { taskId: task.id }, { title: 'B' });
    await toggleAssignee(t.db, watcher.user.id, { taskId: task.id }, { userId: actor.user.id });
    const mine = (await (await list(watcher.key)).json()).notifications.map((n: { id: number }) => n.id);
    const theirs = (await (await list(actor.key)).json()).notifications.map((n: { id: number }) => n.id);
    expect(mine).toHaveLength(2);
    expect(theirs).toHaveLength(1);
    const before = await unarchived(task.id);

    await expectError(await archive(undefined, { notification_ids: mine }), 401, 'authorization');
    await expectError(await archive(watcher.key, {}), 400, 'notification_ids');
    await expectError(await archive(watcher.key, { notification_ids: [] }), 400, 'notification_ids');
    await expectError(await archive(watcher.key, { notification_ids: 'all' }), 400, 'notification_ids');
    await expectError(await archive(watcher.key, { notification_ids: [mine[0], 0] }), 400, 'notification_ids.1');
    await expectError(await archive(watcher.key, { notification_ids: [1.5] }), 400, 'notification_ids.0');
    await expectError(await archive(watcher.key, { notification_ids: Array.from({ length: 101 }, (_, i) => i + 1) }), 400, 'notification_ids');
    expect(await unarchived(task.id)).toBe(before);

    let res = await archive(watcher.key, { notification_ids: [...theirs, 2147483000] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ archived: 0 });
    res = await archive(watcher.key, { notification_ids: [mine[0], ...theirs] });
    expect(await res.json()).toEqual({ archived: 1 });
    res = await archive(watcher.key, { notification_ids: [mine[0]] });
    expect(await res.json()).toEqual({ archived: 0 });
    const after = await (await list(watcher.key)).json();
    expect(after.notifications.map((n: { id: number }) => n.id)).toEqual([mine[1]]);
    expect((await (await list(actor.key)).json()).total).toBe(1);
    res = await archive(watcher.key, { notification_ids: Array.from({ length: 100 }, (_, i) => mine[1] + i) });
    expect(await res.json()).toEqual({ archived: 1 });
  });
});
