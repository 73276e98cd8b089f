import { describe, expect, it } from 'vitest';
import { notifyAssigned, notifyMentioned, notifyWatchers, watchTask } from '../../src/domain/notification.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeBoard, makeUser } from '../support/factories.ts';

const db = useTestDb();
useBystander(db);

/** A board with one task and three users: the actor and two others. */
async function setup() {
  const [actor, ann, bob] = [await makeUser(db, 'Actor'), await makeUser(db, 'Ann'), await makeUser(db, 'Bob')];
  const board = await makeBoard(db, actor.id, { tasks: [{ title: 'Fix it', sectionIndex: 0 }] }, [ann.id, bob.id]);
  const t = board.tasks[0];
  const task = { id: t.id, ticketNumber: t.ticketNumber, title: t.title };
  await db.taskWatcher.deleteMany({ where: { taskId: t.id } });
  return { actor, ann, bob, task };
}
const inbox = async (taskId: number) =>
  (await db.notification.findMany({ where: { taskId }, orderBy: [{ userId: 'asc' }, { id: 'asc' }] })).map((n) => [n.userId, n.type, n.actorId, n.message]);
const watchers = async (taskId: number) =>
  (await db.taskWatcher.findMany({ where: { taskId }, orderBy: { userId: 'asc' } })).map((w) => w.userId);

describe('notifications', () => {
  it('watchTask adds a watcher once', async () => {
    const { ann, task } = await setup();
    await watchTask(db, task.id, ann.id);
    await watchTask(db, task.id, ann.id);
    expect(await watchers(task.id)).toEqual([ann.id]);
  });

  it('notifyAssigned: each new assignee watches; each once gets an entry, never the actor', async () => {
    const { actor, ann, bob, task } = await setup();
    await notifyAssigned(db, { task, userIds: [ann.id, actor.id, ann.id, bob.id], actorId: actor.id });
    const msg = `${actor.displayName} assigned you to ${task.ticketNumber}: Fix it`;
    expect(await inbox(task.id)).toEqual([
      [ann.id, 'assignment', actor.id, msg],
      [bob.id, 'assignment', actor.id, msg],
    ]);
    expect(await watchers(task.id)).toEqual([actor.id, ann.id, bob.id].sort((a, b) => a - b));
  });

  it('notifyMentioned names the actor, or Someone without one; nobody at all writes nothing', async () => {
    const { actor, ann, task } = await setup();
    await notifyMentioned(db, { task, userIds: [actor.id], actorId: actor.id });
    expect(await inbox(task.id)).toEqual([]);
    await notifyMentioned(db, { task, userIds: [ann.id], actorId: null });
    await notifyMentioned(db, { task, userIds: [ann.id], actorId: actor.id });
    expect(await inbox(task.id)).toEqual([
      [ann.id, 'mention', null, `Someone mentioned you on ${task.ticketNumber}: Fix it`],
      [ann.id, 'mention', actor.id, `${actor.displayName} mentioned you on ${task.ticketNumber}: Fix it`],
    ]);
    expect(await watchers(task.id)).toEqual([]);
  });

  it('notifyWatchers skips a watcher who no longer sees the board (a watch is checked when used)', async () => {
    const { actor, ann, bob, task } = await setup();
    await watchTask(db, task.id, ann.id);
    await watchTask(db, task.id, bob.id);
    const { projectId } = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    // Bob is off the board while his watch row stays (a path that forgot to remove it).
    await db.projectMember.delete({ where: { projectId_userId: { projectId, userId: bob.id } } });
    await notifyWatchers(db, { task, actorId: actor.id, fields: ['title'] });
    expect((await inbox(task.id)).map(([userId]) => userId)).toEqual([ann.id]);
  });

  it('notifyWatchers tells every watcher but the actor what changed; nothing when nothing changed', async () => {
    const { actor, ann, bob, task } = await setup();
    for (const u of [actor, ann, bob]) await watchTask(db, task.id, u.id);
    await notifyWatchers(db, { task, actorId: actor.id, fields: [] });
    expect(await inbox(task.id)).toEqual([]);
    await notifyWatchers(db, { task, actorId: actor.id, fields: ['title', 'priority'] });
    const msg = `${actor.displayName} updated title, priority of ${task.ticketNumber}: Fix it`;
    expect(await inbox(task.id)).toEqual([
      [ann.id, 'task_updated', actor.id, msg],
      [bob.id, 'task_updated', actor.id, msg],
    ]);
    await db.notification.deleteMany({ where: { taskId: task.id } });
    await notifyWatchers(db, { task, actorId: null, fields: ['title'] });
    expect((await inbox(task.id)).map((n) => n[0])).toEqual([actor.id, ann.id, bob.id]);
    expect((await inbox(task.id))[0][3]).toBe(`Someone updated title of ${task.ticketNumber}: Fix it`);
    await db.notification.deleteMany({ where: { taskId: task.id } });
    await db.taskWatcher.deleteMany({ where: { taskId: task.id, userId: { not: actor.id } } });
    await notifyWatchers(db, { task, actorId: actor.id, fields: ['title'] });
    expect(await inbox(task.id)).toEqual([]);
  });
});
