import { describe, expect, it } from 'vitest';
import { setAssignees } from '../../src/domain/assignee.ts';
import { removeMember } from '../../src/domain/member.ts';
import { activityChanges, activityListQuery, activityListQueryOf } from '../../src/domain/task/activity.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { deleteTask } from '../../src/domain/task/delete.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { useBystander } from '../support/bystander.ts';
import { useTestDb } from '../support/database.ts';
import { expectAppError } from '../support/errors.ts';
import { makeOwnedProject, makeProject, makeUser } from '../support/factories.ts';

// A task's history: every task.* outbox event copied into TaskActivity by the
// trigger in the same statement, kept when the outbox is purged, gone with the
// task, and read only through the task's visibility rule.

const db = useTestDb();
useBystander(db);

const history = async (userId: number, taskId: number) =>
  db.taskActivity.findMany({ ...activityListQuery(userId, taskId), select: { type: true, actorId: true, data: true } });

describe('task history', () => {
  it('records creation, field changes and assignments, newest first, with the actor', async () => {
    const owner = await makeUser(db, 'Owner');
    const mate = await makeUser(db, 'Mate');
    const project = await makeProject(db, { memberIds: [owner.id, mate.id], sections: ['Todo', 'Done'] });
    const [todo, done] = ['Todo', 'Done'].map((title) => project.sections.find((s) => s.title === title)!.id);
    const task = await createTask(db, owner.id, { projectId: project.id, title: 'First', sectionId: todo });
    await updateTask(db, mate.id, { taskId: task.id }, { title: 'Second', sectionId: done });
    await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [mate.id] });
    await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [] });

    const rows = await history(owner.id, task.id);
    expect(rows.map((r) => [r.type, r.actorId])).toEqual([
      ['task.assigned', owner.id],
      ['task.assigned', owner.id],
      ['task.updated', mate.id],
      ['task.created', owner.id],
    ]);
    expect(rows.map((r) => activityChanges(r.type, r.data))).toEqual([
      [{ field: 'assignees', from: mate.displayName, to: null }],
      [{ field: 'assignees', from: null, to: mate.displayName }],
      [
        { field: 'title', from: 'First', to: 'Second' },
        { field: 'sectionId', from: todo, to: done },
      ],
      [],
    ]);
  });

  it('outlives the outbox purge, and goes with its task', async () => {
    const { user, project } = await makeOwnedProject(db);
    const task = await createTask(db, user.id, { projectId: project.id, title: 'Kept' });
    await updateTask(db, user.id, { taskId: task.id }, { priority: 'high' });
    // What EVENT_RETENTION_DAYS does to the outbox, at once.
    await db.outboxEvent.deleteMany({ where: { taskId: task.id } });
    expect((await history(user.id, task.id)).map((r) => r.type)).toEqual(['task.updated', 'task.created']);

    await deleteTask(db, user.id, { taskId: task.id });
    expect(await db.taskActivity.count({ where: { taskId: task.id } })).toBe(0);
  });

  it('cuts long text values to 1,000 characters', async () => {
    const { user, project } = await makeOwnedProject(db);
    const task = await createTask(db, user.id, { projectId: project.id, title: 'Long' });
    await updateTask(db, user.id, { taskId: task.id }, { description: 'x'.repeat(5000) });
    const [entry] = await history(user.id, task.id);
    const [change] = activityChanges(entry.type, entry.data);
    expect(change.field).toBe('description');
    expect(change.from).toBe('');
    expect(String(change.to)).toHaveLength(1000);
    expect(change.to).toBe('x'.repeat(1000));
  });

  it('is visible to the task’s board members only, re-checked at read time', async () => {
    const owner = await makeUser(db, 'Owner');
    const mate = await makeUser(db, 'Mate');
    const stranger = await makeUser(db, 'Stranger');
    const project = await makeProject(db, { memberIds: [owner.id, mate.id] });
    const task = await createTask(db, owner.id, { projectId: project.id, title: 'Private' });
    expect(await history(mate.id, task.id)).toHaveLength(1);
    expect(await history(stranger.id, task.id)).toEqual([]);
    await expectAppError(activityListQueryOf(db, stranger.id, { taskId: task.id }), 'NOT_FOUND', 'taskId');

    await removeMember(db, owner.id, { projectId: project.id, user: String(mate.id) });
    expect(await history(mate.id, task.id)).toEqual([]);
    await expectAppError(activityListQueryOf(db, mate.id, { taskId: task.id }), 'NOT_FOUND', 'taskId');
  });
});

describe('description source', () => {
  const source = (taskId: number) =>
    db.task.findUniqueOrThrow({
      where: { id: taskId },
      select: { description: true, descriptionMarkdown: true, version: true },
    });

  it('keeps markdown as written beside its HTML; HTML is its own source', async () => {
    const { user, project } = await makeOwnedProject(db);
    const md = '| a | b |\n| - | - |\n| 1 | 2 |\n\n- [x] done\n\n~~old~~';
    const task = await createTask(db, user.id, {
      projectId: project.id,
      title: 'T',
      description: md,
      contentType: 'markdown',
    });
    expect(await source(task.id)).toMatchObject({ descriptionMarkdown: md });
    expect((await source(task.id)).description).toContain('<table>');

    await updateTask(db, user.id, { taskId: task.id }, { description: '<p>now <b>HTML</b></p>', contentType: 'html' });
    expect(await source(task.id)).toMatchObject({ description: '<p>now <b>HTML</b></p>', descriptionMarkdown: null });

    const html = await createTask(db, user.id, { projectId: project.id, title: 'H', description: '<p>hi</p>' });
    expect(await source(html.id)).toMatchObject({ descriptionMarkdown: null });
  });

  it('a different markdown with the same HTML is an edit; the same markdown is none', async () => {
    const { user, project } = await makeOwnedProject(db);
    const task = await createTask(db, user.id, {
      projectId: project.id,
      title: 'T',
      description: '*a*',
      contentType: 'markdown',
    });
    const before = await source(task.id);
    await updateTask(db, user.id, { taskId: task.id }, { description: '*a*', contentType: 'markdown' });
    expect(await source(task.id)).toEqual(before);

    await updateTask(db, user.id, { taskId: task.id }, { description: '_a_', contentType: 'markdown' });
    const after = await source(task.id);
    expect(after).toEqual({ description: before.description, descriptionMarkdown: '_a_', version: before.version + 1 });
  });
});
