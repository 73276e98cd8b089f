import { describe, expect, it } from 'vitest';
import { toggleAssignee } from '../../src/domain/assignee.ts';
import { addComment } from '../../src/domain/comment.ts';
import { archiveNotifications, inboxQuery, markNotificationsRead } from '../../src/domain/inbox.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

async function setup() {
  const creator = await makeUser(db, 'Creator');
  const other = await makeUser(db, 'Other');
  const project = await makeProject(db, { memberIds: [creator.id, other.id], prefix: 'INB' });
  const task = await createTask(db, creator.id, { projectId: project.id, title: 'Watched' });
  return { creator, other, project, task };
}

async function inbox(userId: number, input: Parameters<typeof inboxQuery>[1] = {}) {
  const q = inboxQuery(userId, input);
  const [items, total] = await Promise.all([
    db.notification.findMany({ where: q.where, orderBy: q.orderBy, take: q.take, skip: q.skip }),
    db.notification.count({ where: q.where }),
  ]);
  return { items, total };
}


describe('notifications', () => {
  it('assignment, mention and watched update reach the right users, newest first, never the actor', async () => {
    const { creator, other, task } = await setup();
    // The creator watches their task: another user's update notifies them, their own does not.
    await updateTask(db, other.id, { taskId: task.id }, { title: 'Watched, renamed' });
    await updateTask(db, creator.id, { taskId: task.id }, { title: 'Renamed again' });
    await toggleAssignee(db, creator.id, { taskId: task.id }, { userId: other.id });
    await addComment(db, creator.id, { taskId: task.id }, { text: 'hi', mentions: [{ userId: other.id, displayName: 'O' }] });

    const mine = await inbox(creator.id);
    expect(mine.items.map((n) => n.type)).toEqual(['task_updated']);
    expect(mine.items[0].message).toContain('title');
    const theirs = await inbox(other.id);
    expect(theirs.total).toBe(2);
    expect(theirs.items.map((n) => n.type)).toEqual(['mention', 'assignment']);
    expect(theirs.items.every((n) => n.taskId === task.id)).toBe(true);

    // The assignee now watches too: the creator's next update notifies them.
    await updateTask(db, creator.id, { taskId: task.id }, { priority: 'high' });
    expect((await inbox(other.id)).items[0].type).toBe('task_updated');
  });

  it('archive counts only own, unarchived notifications; archived ones leave the list', async () => {
    const { creator, other, task } = await setup();
    await toggleAssignee(db, creator.id, { taskId: task.id }, { userId: other.id });
    await toggleAssignee(db, creator.id, { taskId: task.id }, { userId: other.id });
    await toggleAssignee(db, creator.id, { taskId: task.id }, { userId: other.id });
    await updateTask(db, other.id, { taskId: task.id }, { title: 'x' });
    const theirs = (await inbox(other.id)).items.map((n) => n.id);
    const mine = (await inbox(creator.id)).items.map((n) => n.id);
    expect(theirs).toHaveLength(2);
    expect(mine).toHaveLength(1);

    expect(await archiveNotifications(db, creator.id, [...theirs, 2147483000])).toBe(0);
    expect(await archiveNotifications(db, other.id, [theirs[0], ...mine])).toBe(1);
    expect(await archiveNotifications(db, other.id, [theirs[0]])).toBe(0);
    expect((await inbox(other.id)).items.map((n) => n.id)).toEqual([theirs[1]]);
    expect((await inbox(creator.id)).total).toBe(1);
  });

  it('mark read counts changes; unreadOnly filters', async () => {
    const { creator, other, task } = await setup();
    await toggleAssignee(db, creator.id, { taskId: task.id }, { userId: other.id });
    const [note] = (await inbox(other.id)).items;
    expect(note.read).toBe(false);
    expect(await markNotificationsRead(db, creator.id, [note.id])).toBe(0);
    expect(await markNotificationsRead(db, other.id, [note.id])).toBe(1);
    expect(await markNotificationsRead(db, other.id, [note.id])).toBe(0);
    expect((await inbox(other.id, { unreadOnly: true })).total).toBe(0);
    expect((await inbox(other.id)).items[0].read).toBe(true);
  });

  it('ids: 1 to 100 positive integers; paging limits 1 to 100', async () => {
    const { other } = await setup();
    await expectAppError(archiveNotifications(db, other.id, []), 'VALIDATION', 'ids');
    await expectAppError(archiveNotifications(db, other.id, [0]), 'VALIDATION', 'ids.0');
    await expectAppError(archiveNotifications(db, other.id, Array.from({ length: 101 }, (_, i) => i + 1)), 'VALIDATION', 'ids');
    expect(await archiveNotifications(db, other.id, Array.from({ length: 100 }, (_, i) => i + 1))).toBe(0);
    await expectAppError(markNotificationsRead(db, other.id, [1.5]), 'VALIDATION', 'ids.0');
    expect(inboxQuery(other.id, {}).limit).toBe(50);
    expect(inboxQuery(other.id, { limit: 100 }).limit).toBe(100);
    await expectAppError(Promise.resolve().then(() => inboxQuery(other.id, { limit: 101 })), 'VALIDATION', 'limit');
    await expectAppError(Promise.resolve().then(() => inboxQuery(other.id, { limit: 0 })), 'VALIDATION', 'limit');
  });
});

describe('inbox order, paging and visibility', () => {
  it('newest first, ties by id (newest id first); offset and limit page it', async () => {
    const { creator, other, task } = await setup();
    const at = new Date('2026-01-01T00:00:00Z');
    const make = (message: string, createdAt: Date) =>
      db.notification.create({ data: { userId: other.id, type: 'mention', taskId: task.id, actorId: creator.id, message, createdAt } });
    const older = await make('older', at);
    const tieA = await make('tie a', new Date(at.getTime() + 1000));
    const tieB = await make('tie b', new Date(at.getTime() + 1000));
    expect((await inbox(other.id)).items.map((n) => n.id)).toEqual([tieB.id, tieA.id, older.id]);
    const page = await inbox(other.id, { limit: 1, offset: 1 });
    expect([page.items.map((n) => n.id), page.total]).toEqual([[tieA.id], 3]);
    expect(inboxQuery(other.id, { offset: 2 }).skip).toBe(2);
  });

  it('hides entries about tasks the user can no longer see; mark read reaches archived ones', async () => {
    const { creator, other, project, task } = await setup();
    await updateTask(db, creator.id, { taskId: task.id }, { title: 'Renamed' });
    await db.taskWatcher.create({ data: { taskId: task.id, userId: other.id } });
    await updateTask(db, creator.id, { taskId: task.id }, { title: 'Renamed again' });
    const [note] = (await inbox(other.id)).items;
    expect(await archiveNotifications(db, other.id, [note.id])).toBe(1);
    expect(await markNotificationsRead(db, other.id, [note.id])).toBe(1);
    expect((await db.notification.findUniqueOrThrow({ where: { id: note.id } })).read).toBe(true);

    await db.notification.create({ data: { userId: other.id, type: 'mention', taskId: task.id, actorId: creator.id, message: 'still here' } });
    expect((await inbox(other.id, { unreadOnly: true })).total).toBe(1);
    // Marking one read leaves the user's others unread.
    const extra = await db.notification.create({ data: { userId: other.id, type: 'mention', taskId: task.id, actorId: creator.id, message: 'one more' } });
    expect(await markNotificationsRead(db, other.id, [extra.id])).toBe(1);
    expect((await inbox(other.id, { unreadOnly: true })).items.map((n) => n.message)).toEqual(['still here']);
    await db.projectMember.delete({ where: { projectId_userId: { projectId: project.id, userId: other.id } } });
    expect((await inbox(other.id)).total).toBe(0);
  });
});
