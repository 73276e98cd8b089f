import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { changeTaskLabels } from '../../src/domain/task/labels.ts';
import { setWatching } from '../../src/domain/task/watch.ts';
import { makeOwnedProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

/** A user's board with labels `names` and one task (watched by its creator). */
async function world(names = ['bug', 'Alpha', 'ui']) {
  const { user, project } = await makeOwnedProject(db, { prefix: 'LAB' });
  const labels = await Promise.all(names.map((name) => db.label.create({ data: { projectId: project.id, name } })));
  const task = await createTask(db, user.id, { projectId: project.id, title: 'Label me' });
  return { user, project, labels, task };
}

const labelIdsOf = async (taskId: number) =>
  (await db.taskLabel.findMany({ where: { taskId }, orderBy: { labelId: 'asc' } })).map((l) => l.labelId);
const updates = (taskId: number) =>
  db.outboxEvent.findMany({ where: { taskId, type: 'task.updated' }, orderBy: { id: 'asc' } });

describe('changeTaskLabels', () => {
  it('adds labels: one event with the label names before and after, sorted; watchers are told', async () => {
    const { user, project, labels, task } = await world();
    const watcher = await makeUser(db, 'Watcher');
    await db.projectMember.create({ data: { projectId: project.id, userId: watcher.id } });
    await setWatching(db, watcher.id, { taskId: task.id }, true);
    const before = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    await new Promise((r) => setTimeout(r, 5));

    const [bug, alpha, ui] = labels;
    const updated = await changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: [bug.id, ui.id, bug.id] });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await labelIdsOf(task.id)).toEqual([bug.id, ui.id].sort((a, b) => a - b));
    await changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: [alpha.id] });

    const events = await updates(task.id);
    expect(events.map((e) => (e.data as { changes: unknown }).changes)).toEqual([
      { labels: { from: [], to: ['bug', 'ui'] } },
      { labels: { from: ['bug', 'ui'], to: ['Alpha', 'bug', 'ui'] } },
    ]);
    expect(events[0].actorId).toBe(user.id);
    const notes = await db.notification.findMany({ where: { userId: watcher.id, taskId: task.id } });
    expect(notes).toHaveLength(2);
  });

  it('removes labels; removing one the task lacks, or adding one it has, changes nothing', async () => {
    const { user, labels, task } = await world();
    const [bug, alpha, ui] = labels;
    await changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: [bug.id, alpha.id] });
    const before = await db.task.findUniqueOrThrow({ where: { id: task.id } });

    const same = await changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: [bug.id] });
    expect(same).toEqual(before);
    await changeTaskLabels(db, user.id, { taskId: task.id }, 'remove', { labelIds: [ui.id] });
    expect(await updates(task.id)).toHaveLength(1);
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).updatedAt).toEqual(before.updatedAt);

    await changeTaskLabels(db, user.id, { taskId: task.id }, 'remove', { labelIds: [bug.id, ui.id] });
    expect(await labelIdsOf(task.id)).toEqual([alpha.id]);
    expect((await updates(task.id)).map((e) => (e.data as { changes: unknown }).changes).at(-1)).toEqual({
      labels: { from: ['Alpha', 'bug'], to: ['Alpha'] },
    });
  });

  it('removing labels leaves other tasks’ labels alone', async () => {
    const { user, project, labels, task } = await world();
    const other = await createTask(db, user.id, { projectId: project.id, title: 'Other', labelIds: [labels[0].id] });
    await changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: [labels[0].id] });
    await changeTaskLabels(db, user.id, { taskId: task.id }, 'remove', { labelIds: [labels[0].id] });
    expect(await labelIdsOf(task.id)).toEqual([]);
    expect(await labelIdsOf(other.id)).toEqual([labels[0].id]);
  });

  it('a label of another board is NOT_FOUND on labelIds, for add and for remove, nothing written', async () => {
    const { user, labels, task } = await world();
    const elsewhere = await world(['foreign']);
    const foreign = elsewhere.labels[0];
    await expectAppError(changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: [labels[0].id, foreign.id] }), 'NOT_FOUND', 'labelIds');
    await expectAppError(changeTaskLabels(db, user.id, { taskId: task.id }, 'remove', { labelIds: [foreign.id] }), 'NOT_FOUND', 'labelIds');
    expect(await labelIdsOf(task.id)).toEqual([]);
    expect(await updates(task.id)).toEqual([]);
  });

  it('needs 1 to 100 ids; another tenant’s task is NOT_FOUND', async () => {
    const { user, labels, task } = await world();
    await expectAppError(changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: [] }), 'VALIDATION', 'labelIds');
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    await expectAppError(changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: many }), 'VALIDATION', 'labelIds');
    const outsider = await makeUser(db, 'Outsider');
    await expectAppError(changeTaskLabels(db, outsider.id, { taskId: task.id }, 'add', { labelIds: [labels[0].id] }), 'NOT_FOUND', 'taskId');
  });

  it('a task has at most 100 labels: the 100th is accepted, the 101st refused (too_big)', async () => {
    const names = Array.from({ length: 101 }, (_, i) => `l${i}`);
    const { user, labels, task } = await world(names);
    await changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: labels.slice(0, 99).map((l) => l.id) });
    await changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: [labels[99].id] });
    expect(await labelIdsOf(task.id)).toHaveLength(100);
    await expectAppError(changeTaskLabels(db, user.id, { taskId: task.id }, 'add', { labelIds: [labels[100].id] }), 'VALIDATION', 'labelIds', 'too_big');
    expect(await labelIdsOf(task.id)).toHaveLength(100);
  });
});
