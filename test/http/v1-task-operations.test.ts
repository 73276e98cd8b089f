import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeTeam, makeUser, makeUserWithKey } from '../support/factories.ts';

// REST operations on a task beyond create/update/move: labels (set, add,
// remove), hard delete, watching, subtasks. Each goes 401 → 400 → 404 →
// success and leaves a bystander tenant's rows as they were.

const t = useTestServer();

async function ok(res: Response, status = 200) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.success).toBe(true);
  return body;
}

/** A member with a key, a board with two labels and a task. */
async function setup(prefix: string) {
  const { user, key } = await makeUserWithKey(t.db);
  const project = await makeProject(t.db, { memberIds: [user.id], prefix, sections: ['Todo'] });
  const [bug, ui] = await Promise.all(
    ['bug', 'ui'].map((name) => t.db.label.create({ data: { projectId: project.id, name } })),
  );
  const task = await createTask(t.db, user.id, { projectId: project.id, title: `${prefix} task` });
  return { user, key, project, bug, ui, task };
}

/** Every row of a tenant's board that these operations could touch. */
async function boardRows(projectId: number) {
  const inProject = { task: { projectId } };
  const [tasks, labels, taskLabels, watchers, comments, notifications, events] = await Promise.all([
    t.db.task.findMany({ where: { projectId }, orderBy: { id: 'asc' } }),
    t.db.label.findMany({ where: { projectId }, orderBy: { id: 'asc' } }),
    t.db.taskLabel.findMany({ where: inProject, orderBy: [{ taskId: 'asc' }, { labelId: 'asc' }] }),
    t.db.taskWatcher.findMany({ where: inProject, orderBy: [{ taskId: 'asc' }, { userId: 'asc' }] }),
    t.db.comment.findMany({ where: inProject, orderBy: { id: 'asc' } }),
    t.db.notification.findMany({ where: inProject, orderBy: { id: 'asc' } }),
    t.db.outboxEvent.count({ where: { projectId } }),
  ]);
  return { tasks, labels, taskLabels, watchers, comments, notifications, events };
}

/** The `task.updated` events of a task, oldest first. */
const eventsOf = (taskId: number) =>
  t.db.outboxEvent.findMany({ where: { taskId, type: 'task.updated' }, orderBy: { id: 'asc' } });

describe('REST task labels', () => {
  it('PATCH /tasks/{id} label_ids replaces the labels: 400, 404, then a task.updated event and watchers told', async () => {
    const { user, key, project, bug, ui, task } = await setup('LBS');
    const watcher = await makeUser(t.db);
    await t.db.projectMember.create({ data: { projectId: project.id, userId: watcher.id } });
    await t.db.taskWatcher.create({ data: { taskId: task.id, userId: watcher.id } });
    const stranger = await setup('LBX');
    const before = await boardRows(stranger.project.id);
    const patch = (json: unknown, k: string | null = key, id = task.id) =>
      t.fetch(`/api/v1/tasks/${id}`, { key: k ?? undefined, method: 'PATCH', json });

    await expectError(await patch({ label_ids: [bug.id] }, null), 401, 'authorization');
    await expectError(await patch({ label_ids: 'bug' }), 400, 'label_ids');
    await expectError(await patch({ label_ids: [0] }), 400, 'label_ids.0');
    await expectError(await patch({ labels: ['bug'] }), 400, 'labels');
    await expectError(await patch({ label_ids: Array.from({ length: 101 }, (_, i) => i + 1) }), 400, 'label_ids');
    await expectError(await patch({ label_ids: [stranger.bug.id] }), 404, 'label_ids');
    await expectError(await patch({ label_ids: [bug.id] }, key, stranger.task.id), 404, 'id');
    expect(await t.db.taskLabel.count({ where: { taskId: task.id } })).toBe(0);

    const set = await ok(await patch({ label_ids: [String(ui.id), bug.id] }));
    expect(set.task.labels).toEqual([
      { id: String(bug.id), name: 'bug' },
      { id: String(ui.id), name: 'ui' },
    ]);
    expect(new Date(set.task.updatedAt).getTime()).toBeGreaterThan(task.updatedAt.getTime());
    const [event] = await eventsOf(task.id);
    expect(event.data).toMatchObject({ changes: { labels: { from: [], to: ['bug', 'ui'] } }, actor: { id: user.id } });
    const notes = await t.db.notification.findMany({ where: { userId: watcher.id, taskId: task.id } });
    expect(notes.map((n) => [n.type, n.message])).toEqual([
      ['task_updated', expect.stringContaining('updated labels')],
    ]);

    // The same set again changes nothing: no event, same updatedAt.
    const again = await ok(await patch({ label_ids: [bug.id, ui.id] }));
    expect(again.task.updatedAt).toBe(set.task.updatedAt);
    expect(await eventsOf(task.id)).toHaveLength(1);

    const cleared = await ok(await patch({ label_ids: [] }));
    expect(cleared.task.labels).toEqual([]);
    expect((await eventsOf(task.id))[1].data).toMatchObject({ changes: { labels: { from: ['bug', 'ui'], to: [] } } });
    expect(await boardRows(stranger.project.id)).toEqual(before);
  });

  it('POST /tasks/{id}/labels adds, DELETE /tasks/{id}/labels/{labelId} takes one off', async () => {
    const { key, bug, ui, task } = await setup('LBA');
    const stranger = await setup('LBY');
    const before = await boardRows(stranger.project.id);
    const add = (json: unknown, k: string | null = key, id = task.id) =>
      t.fetch(`/api/v1/tasks/${id}/labels`, { key: k ?? undefined, method: 'POST', json });
    const remove = (labelId: number | string, k: string | null = key, id = task.id) =>
      t.fetch(`/api/v1/tasks/${id}/labels/${labelId}`, { key: k ?? undefined, method: 'DELETE' });

    await expectError(await add({ label_ids: [bug.id] }, null), 401, 'authorization');
    await expectError(await remove(bug.id, null), 401, 'authorization');
    await expectError(await add({ label_ids: [] }), 400, 'label_ids');
    await expectError(await add({}), 400, 'label_ids');
    await expectError(await remove('x'), 400, 'labelId');
    await expectError(await add({ label_ids: [stranger.bug.id] }), 404, 'label_ids');
    await expectError(await remove(stranger.bug.id), 404, 'labelId');
    await expectError(await add({ label_ids: [stranger.bug.id] }, key, stranger.task.id), 404, 'id');
    await expectError(await remove(stranger.bug.id, key, stranger.task.id), 404, 'id');

    expect((await ok(await add({ label_ids: [bug.id] }))).task.labels.map((l: { name: string }) => l.name)).toEqual([
      'bug',
    ]);
    const both = await ok(await add({ label_ids: [ui.id, bug.id] }));
    expect(both.task.labels.map((l: { name: string }) => l.name)).toEqual(['bug', 'ui']);
    const left = await ok(await remove(bug.id));
    expect(left.task.labels).toEqual([{ id: String(ui.id), name: 'ui' }]);
    // Taking off a label the task does not have is a no-op, not an error.
    await ok(await remove(bug.id));
    const changes = (await eventsOf(task.id)).map((e) => (e.data as { changes: unknown }).changes);
    expect(changes).toEqual([
      { labels: { from: [], to: ['bug'] } },
      { labels: { from: ['bug'], to: ['bug', 'ui'] } },
      { labels: { from: ['bug', 'ui'], to: ['ui'] } },
    ]);
    expect(await boardRows(stranger.project.id)).toEqual(before);
  });

  it('the tool routes keep refusing labels (spec 4.1 rule 2)', async () => {
    const { key, bug, task } = await setup('LBT');
    await expectError(
      await t.fetch('/api/mcp/tasks/update', { key, method: 'POST', json: { task_id: task.id, label_ids: [bug.id] } }),
      400,
      'labels',
    );
  });
});

describe('REST task delete', () => {
  it('DELETE /tasks/{id}: 401, 404, 403 for a member who may not, then gone for good with its rows', async () => {
    const { user, key, project, bug, task } = await setup('DEL');
    const member = await makeUserWithKey(t.db);
    await t.db.projectMember.create({ data: { projectId: project.id, userId: member.user.id } });
    const child = await createTask(t.db, user.id, { projectId: project.id, title: 'child', parentId: task.id });
    await t.db.taskLabel.create({ data: { taskId: task.id, labelId: bug.id } });
    await t.db.comment.create({ data: { taskId: task.id, authorId: user.id, text: 'c' } });
    const stranger = await setup('DEX');
    const before = await boardRows(stranger.project.id);
    const del = (k: string | null, id: number | string = task.id) =>
      t.fetch(`/api/v1/tasks/${id}`, { key: k ?? undefined, method: 'DELETE' });

    await expectError(await del(null), 401, 'authorization');
    await expectError(await del(key, '99999999999'), 400, 'id');
    await expectError(await del(key, stranger.task.id), 404, 'id');
    await expectError(await del(member.key), 403, 'id');
    expect(await t.db.task.count({ where: { id: task.id } })).toBe(1);

    const body = await ok(await del(key));
    expect(body).toEqual({ success: true, id: task.id, ticket_number: 'DEL-1', message: 'Task DEL-1 deleted' });
    expect(await t.db.task.count({ where: { id: task.id } })).toBe(0);
    expect(await t.db.comment.count({ where: { taskId: task.id } })).toBe(0);
    expect(await t.db.taskLabel.count({ where: { taskId: task.id } })).toBe(0);
    expect((await t.db.task.findUniqueOrThrow({ where: { id: child.id } })).parentId).toBeNull();
    const events = await t.db.outboxEvent.findMany({ where: { projectId: project.id, type: 'task.updated' } });
    expect(events.map((e) => [e.taskId, e.data])).toEqual(
      expect.arrayContaining([
        [task.id, expect.objectContaining({ deleted: true })],
        [child.id, expect.objectContaining({ changes: { parentId: { from: task.id, to: null } } })],
      ]),
    );
    await expectError(await del(key), 404, 'id');
    // Ticket numbers are not reused.
    expect((await createTask(t.db, user.id, { projectId: project.id, title: 'next' })).uniqueIndex).toBe(3);
    expect(await boardRows(stranger.project.id)).toEqual(before);
  });

  it('the board’s creator and an owner of its team may delete another member’s task', async () => {
    const { user: creator, project } = await setup('DEO');
    const author = await makeUser(t.db);
    const owner = await makeUserWithKey(t.db);
    const team = await makeTeam(t.db, [owner.user.id]);
    await t.db.teamMember.update({
      where: { teamId_userId: { teamId: team.id, userId: owner.user.id } },
      data: { role: 'owner' },
    });
    await t.db.project.update({ where: { id: project.id }, data: { createdById: creator.id, teamId: team.id } });
    await t.db.projectMember.createMany({
      data: [author.id, owner.user.id].map((userId) => ({ projectId: project.id, userId })),
    });
    const one = await createTask(t.db, author.id, { projectId: project.id, title: 'one' });
    const two = await createTask(t.db, author.id, { projectId: project.id, title: 'two' });
    const creatorKey = (await import('../../src/domain/api-key.ts')).createApiKey(t.db, creator.id);
    await ok(await t.fetch(`/api/v1/tasks/${one.id}`, { key: (await creatorKey).key, method: 'DELETE' }));
    await ok(await t.fetch(`/api/v1/tasks/${two.id}`, { key: owner.key, method: 'DELETE' }));
  });
});

describe('REST watching', () => {
  it('PUT/DELETE /tasks/{id}/watch and GET /tasks/{id}/watchers; a watcher hears of changes', async () => {
    const { user, project, task } = await setup('WAT');
    const member = await makeUserWithKey(t.db);
    await t.db.projectMember.create({ data: { projectId: project.id, userId: member.user.id } });
    const stranger = await setup('WAX');
    const before = await boardRows(stranger.project.id);
    const call = (method: string, path: string, k: string | null = member.key, id = task.id) =>
      t.fetch(`/api/v1/tasks/${id}/${path}`, { key: k ?? undefined, method });

    for (const [method, path] of [
      ['PUT', 'watch'],
      ['DELETE', 'watch'],
      ['GET', 'watchers'],
    ]) {
      await expectError(await call(method, path, null), 401, 'authorization');
      await expectError(await call(method, path, member.key, 99999999999), 400, 'id');
      await expectError(await call(method, path, member.key, stranger.task.id), 404, 'id');
    }

    const listed = await ok(await call('GET', 'watchers'));
    expect(listed).toEqual({
      success: true,
      task_id: task.id,
      watching: false,
      watchers: [{ id: user.id, displayName: user.displayName }],
    });
    const watched = await ok(await call('PUT', 'watch'));
    expect(watched).toMatchObject({ watching: true, watchers: [{ id: user.id }, { id: member.user.id }] });
    await ok(await call('PUT', 'watch')); // idempotent
    expect(await t.db.taskWatcher.count({ where: { taskId: task.id } })).toBe(2);
    expect(await t.db.outboxEvent.count({ where: { taskId: task.id, type: 'task.updated' } })).toBe(0);

    // The creator changes the task: the new watcher is told (spec 2.6 "a watched task is updated").
    const { key: creatorKey } = await (await import('../../src/domain/api-key.ts')).createApiKey(t.db, user.id);
    await ok(
      await t.fetch(`/api/v1/tasks/${task.id}`, { key: creatorKey, method: 'PATCH', json: { title: 'Renamed' } }),
    );
    const notes = await t.db.notification.findMany({ where: { userId: member.user.id, taskId: task.id } });
    expect(notes.map((n) => n.type)).toEqual(['task_updated']);

    const unwatched = await ok(await call('DELETE', 'watch'));
    expect(unwatched).toMatchObject({ watching: false, watchers: [{ id: user.id }] });
    await ok(await t.fetch(`/api/v1/tasks/${task.id}`, { key: creatorKey, method: 'PATCH', json: { title: 'Again' } }));
    expect(await t.db.notification.count({ where: { userId: member.user.id, taskId: task.id } })).toBe(1);
    expect(await boardRows(stranger.project.id)).toEqual(before);
  });
});

describe('REST subtasks', () => {
  it('parent_id on create and update, subtasks on the task, parent_id filter; cycles and other boards refused', async () => {
    const { user, key, project, task: parent } = await setup('SUB');
    const stranger = await setup('SUX');
    const before = await boardRows(stranger.project.id);
    const create = (json: Record<string, unknown>, k: string | null = key) =>
      t.fetch('/api/v1/tasks', { key: k ?? undefined, method: 'POST', json: { project_id: project.id, ...json } });

    await expectError(await create({ title: 'c', parent_id: parent.id }, null), 401, 'authorization');
    await expectError(await create({ title: 'c', parent_id: 'x' }), 400, 'parent_id');
    await expectError(await create({ title: 'c', parent_id: stranger.task.id }), 404, 'parent_id');
    const child = (await ok(await create({ title: 'child', parent_id: parent.id }), 201)).task;
    expect(child.parent_id).toBe(parent.id);
    const other = await createTask(t.db, user.id, { projectId: project.id, title: 'other' });

    const got = await ok(await t.fetch(`/api/v1/tasks/${parent.id}`, { key }));
    expect(got.task.subtasks).toEqual([{ id: child.id, ticket_number: 'SUB-2', title: 'child', status: 'Normal' }]);
    const listed = await ok(await t.fetch(`/api/v1/tasks?parent_id=${parent.id}`, { key }));
    expect(listed.tasks.map((x: { id: number }) => x.id)).toEqual([child.id]);
    await expectError(await t.fetch('/api/v1/tasks?parent_id=0', { key }), 400, 'parent_id');

    const patch = (id: number, json: unknown) => t.fetch(`/api/v1/tasks/${id}`, { key, method: 'PATCH', json });
    await expectError(await patch(parent.id, { parent_id: child.id }), 400, 'parent_id');
    await expectError(await patch(parent.id, { parent_id: parent.id }), 400, 'parent_id');
    await expectError(await patch(other.id, { parent_id: stranger.task.id }), 404, 'parent_id');
    const moved = await ok(await patch(other.id, { parent_id: child.id }));
    expect(moved.task.parent_id).toBe(child.id);
    expect((await eventsOf(other.id)).at(-1)!.data).toMatchObject({
      changes: { parentId: { from: null, to: child.id } },
    });
    const top = await ok(await patch(other.id, { parent_id: null }));
    expect(top.task.parent_id).toBeNull();
    expect(await boardRows(stranger.project.id)).toEqual(before);
  });
});
