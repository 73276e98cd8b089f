import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { setWatching } from '../../src/domain/task/watch.ts';
import { makeOwnedProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

/** A user's board with one task (watched by its creator). */
async function world() {
  const { user, project } = await makeOwnedProject(db, { prefix: 'WAT' });
  const task = await createTask(db, user.id, { projectId: project.id, title: 'Watch me' });
  return { user, project, task };
}

describe('setWatching', () => {
  it('starts and stops watching, idempotently, without changing the task', async () => {
    const { user, project, task } = await world();
    const mate = await makeUser(db, 'Mate');
    await db.projectMember.create({ data: { projectId: project.id, userId: mate.id } });
    const watchers = async () =>
      (await db.taskWatcher.findMany({ where: { taskId: task.id }, orderBy: { userId: 'asc' } })).map((w) => w.userId);
    const before = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    const events = await db.outboxEvent.count({ where: { taskId: task.id } });

    expect(await setWatching(db, mate.id, { taskId: task.id }, true)).toEqual(before);
    await setWatching(db, mate.id, { taskId: task.id }, true);
    expect(await watchers()).toEqual([user.id, mate.id].sort((a, b) => a - b));
    expect(await setWatching(db, mate.id, { taskId: task.id }, false)).toEqual(before);
    await setWatching(db, mate.id, { taskId: task.id }, false);
    expect(await watchers()).toEqual([user.id]);

    expect(await db.task.findUniqueOrThrow({ where: { id: task.id } })).toEqual(before);
    expect(await db.outboxEvent.count({ where: { taskId: task.id } })).toBe(events);
  });

  it('stopping leaves the user watching their other tasks', async () => {
    const { user, project, task } = await world();
    const other = await createTask(db, user.id, { projectId: project.id, title: 'Other' });
    await setWatching(db, user.id, { taskId: task.id }, false);
    expect(await db.taskWatcher.count({ where: { userId: user.id, taskId: { in: [task.id, other.id] } } })).toBe(1);
  });

  it('another tenant’s task is NOT_FOUND', async () => {
    const { task } = await world();
    const outsider = await makeUser(db, 'Outsider');
    await expectAppError(setWatching(db, outsider.id, { taskId: task.id }, true), 'NOT_FOUND', 'taskId');
    expect(await db.taskWatcher.count({ where: { userId: outsider.id } })).toBe(0);
  });
});
