import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { moveTask } from '../../src/domain/task/move.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';

const db = useTestDb();
useBystander(db);

async function twoBoards() {
  const user = await makeUser(db);
  const from = await makeProject(db, { memberIds: [user.id], prefix: 'SRC', sections: ['Todo'] });
  const to = await makeProject(db, { memberIds: [user.id], prefix: 'DST', sections: ['Inbox', 'Doing'] });
  return { user, from, to };
}

describe('moveTask', () => {
  it('takes the target number, its first section, drops old labels and writes task.updated', async () => {
    const { user, from, to } = await twoBoards();
    await createTask(db, user.id, { projectId: to.id, title: 'already there' });
    const label = await db.label.create({ data: { projectId: from.id, name: 'bug' } });
    const task = await createTask(db, user.id, {
      projectId: from.id,
      title: 'mover',
      labelIds: [label.id],
      sectionId: from.sections[0].id,
    });
    const moved = await moveTask(db, user.id, { ticketNumber: 'SRC-1' }, { targetProjectId: to.id });
    expect(moved).toMatchObject({ id: task.id, projectId: to.id, uniqueIndex: 2, sectionId: to.sections[0].id });
    expect(await db.taskLabel.count({ where: { taskId: task.id } })).toBe(0);
    const event = await db.outboxEvent.findFirstOrThrow({ where: { taskId: task.id, type: 'task.updated' } });
    expect(event).toMatchObject({ projectId: to.id, ticketNumber: 'DST-2' });
    expect((event.data as { changes: unknown }).changes).toEqual({
      projectId: { from: from.id, to: to.id },
      sectionId: { from: from.sections[0].id, to: to.sections[0].id },
      uniqueIndex: { from: 1, to: 2 },
      ticketNumber: { from: 'SRC-1', to: 'DST-2' },
    });
    // The old number is free of this task now; the source counter is not reused.
    const next = await createTask(db, user.id, { projectId: from.id, title: 'after' });
    expect(next.uniqueIndex).toBe(2);
  });

  it('uses the given target section; a section of another project is NOT_FOUND and nothing moves', async () => {
    const { user, from, to } = await twoBoards();
    const task = await createTask(db, user.id, { projectId: from.id, title: 'x' });
    const moved = await moveTask(
      db,
      user.id,
      { taskId: task.id },
      { targetProjectId: to.id, targetSectionId: to.sections[1].id },
    );
    expect(moved.sectionId).toBe(to.sections[1].id);

    const other = await createTask(db, user.id, { projectId: from.id, title: 'y' });
    const counter = (await db.project.findUniqueOrThrow({ where: { id: to.id } })).taskCounter;
    await expect(
      moveTask(db, user.id, { taskId: other.id }, { targetProjectId: to.id, targetSectionId: from.sections[0].id }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'targetSectionId',
    });
    // createTask's answer also carries the section and prefix it read: compare the task's columns.
    expect(other).toMatchObject(await db.task.findUniqueOrThrow({ where: { id: other.id } }));
    expect((await db.project.findUniqueOrThrow({ where: { id: to.id } })).taskCounter).toBe(counter);
  });

  it('refuses a target project the user is not a member of (NOT_FOUND), and foreign tasks', async () => {
    const { user, from } = await twoBoards();
    const stranger = await makeUser(db);
    const theirs = await makeProject(db, { memberIds: [stranger.id] });
    const task = await createTask(db, user.id, { projectId: from.id, title: 'x' });
    await expect(moveTask(db, user.id, { taskId: task.id }, { targetProjectId: theirs.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'targetProjectId',
    });
    const theirTask = await createTask(db, stranger.id, { projectId: theirs.id, title: 'theirs' });
    await expect(moveTask(db, user.id, { taskId: theirTask.id }, { targetProjectId: from.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'taskId',
    });
    await expect(moveTask(db, user.id, { taskId: task.id }, { targetProjectId: 0 })).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'targetProjectId',
    });
    expect(task).toMatchObject(await db.task.findUniqueOrThrow({ where: { id: task.id } }));
  });

  it('drops assignees and watchers who are not members of the target, keeps the others', async () => {
    const { user, from, to } = await twoBoards();
    const both = await makeUser(db, 'Both');
    const onlySource = await makeUser(db, 'Source');
    await db.projectMember.createMany({
      data: [
        { projectId: from.id, userId: both.id },
        { projectId: to.id, userId: both.id },
        { projectId: from.id, userId: onlySource.id },
      ],
    });
    const task = await createTask(db, user.id, {
      projectId: from.id,
      title: 'x',
      assigneeUserIds: [both.id, onlySource.id],
    });
    await moveTask(db, user.id, { taskId: task.id }, { targetProjectId: to.id });
    expect((await db.taskAssignee.findMany({ where: { taskId: task.id } })).map((a) => a.userId)).toEqual([both.id]);
    expect(
      (await db.taskWatcher.findMany({ where: { taskId: task.id }, orderBy: { userId: 'asc' } }))
        .map((w) => w.userId)
        .sort(),
    ).toEqual([user.id, both.id].sort());
    const notes = await db.notification.findMany({ where: { taskId: task.id, type: 'task_updated' } });
    expect(notes.map((n) => n.userId)).toEqual([both.id]);
  });

  it('within the same project only changes the section, keeping the number', async () => {
    const user = await makeUser(db);
    const p = await makeProject(db, { memberIds: [user.id], sections: ['A', 'B'] });
    const task = await createTask(db, user.id, { projectId: p.id, title: 'x', sectionId: p.sections[0].id });
    const same = await moveTask(db, user.id, { taskId: task.id }, { targetProjectId: p.id });
    expect(task).toMatchObject(same);
    const moved = await moveTask(
      db,
      user.id,
      { taskId: task.id },
      { targetProjectId: p.id, targetSectionId: p.sections[1].id },
    );
    expect(moved).toMatchObject({ uniqueIndex: 1, sectionId: p.sections[1].id });
    expect(await db.outboxEvent.count({ where: { taskId: task.id, type: 'task.updated' } })).toBe(1);
  });

  it('creates a Backlog in a target without sections', async () => {
    const { user, from } = await twoBoards();
    const empty = await makeProject(db, { memberIds: [user.id], sections: [] });
    const task = await createTask(db, user.id, { projectId: from.id, title: 'x' });
    const moved = await moveTask(db, user.id, { taskId: task.id }, { targetProjectId: empty.id });
    const section = await db.section.findUniqueOrThrow({ where: { id: moved.sectionId } });
    expect(section).toMatchObject({ projectId: empty.id, title: 'Backlog' });
  });
});

describe('moveTask: links to the old board', () => {
  it('subtasks stay behind as top-level tasks, each with its own event; the moved task loses its parent', async () => {
    const { user, from, to } = await twoBoards();
    const parent = await createTask(db, user.id, { projectId: from.id, title: 'parent' });
    const task = await createTask(db, user.id, { projectId: from.id, title: 'mover', parentId: parent.id });
    const sub = await createTask(db, user.id, { projectId: from.id, title: 'sub', parentId: task.id });
    const unrelated = await createTask(db, user.id, { projectId: from.id, title: 'other sub', parentId: parent.id });
    await db.task.update({ where: { id: task.id }, data: { position: 'a3' } });
    const before = await db.outboxEvent.count({ where: { projectId: { in: [from.id, to.id] } } });

    const moved = await moveTask(db, user.id, { taskId: task.id }, { targetProjectId: to.id });
    expect(moved).toMatchObject({ projectId: to.id, parentId: null, position: null });
    expect(await db.task.findUniqueOrThrow({ where: { id: sub.id } })).toMatchObject({ projectId: from.id, parentId: null });
    expect((await db.task.findUniqueOrThrow({ where: { id: unrelated.id } })).parentId).toBe(parent.id);

    const events = await db.outboxEvent.findMany({
      where: { projectId: { in: [from.id, to.id] } },
      orderBy: { id: 'asc' },
      skip: before,
    });
    expect(events.map((e) => [e.type, e.taskId, e.projectId, e.fromProjectId, e.ticketNumber, e.actorId])).toEqual([
      ['task.updated', task.id, to.id, from.id, 'DST-1', user.id],
      ['task.updated', sub.id, from.id, null, `SRC-${sub.uniqueIndex}`, user.id],
    ]);
    expect((events[1].data as { changes: unknown }).changes).toEqual({ parentId: { from: task.id, to: null } });
  });

  it('agents stay assigned; watchers of the target are told of the move, not the actor', async () => {
    const { user, from, to } = await twoBoards();
    const mate = await makeUser(db, 'Mate');
    await db.projectMember.createMany({ data: [{ projectId: from.id, userId: mate.id }, { projectId: to.id, userId: mate.id }] });
    const team = await db.team.create({ data: { title: 'Movers' } });
    const agent = await db.agent.create({ data: { teamId: team.id, displayName: 'Bot' } });
    const task = await createTask(db, user.id, { projectId: from.id, title: 'x' });
    await db.taskAssignee.create({ data: { taskId: task.id, agentId: agent.id } });
    await db.taskWatcher.create({ data: { taskId: task.id, userId: mate.id } });
    await moveTask(db, user.id, { taskId: task.id }, { targetProjectId: to.id });
    expect((await db.taskAssignee.findMany({ where: { taskId: task.id } })).map((a) => a.agentId)).toEqual([agent.id]);
    const notes = await db.notification.findMany({ where: { taskId: task.id } });
    expect(notes.map((n) => [n.userId, n.type, n.actorId])).toEqual([[mate.id, 'task_updated', user.id]]);
    expect(notes[0].message).toContain('updated project of DST-1: x');
  });

  it('within the same project: the same section changes nothing; a new one clears the position; a foreign one is NOT_FOUND', async () => {
    const user = await makeUser(db);
    const p = await makeProject(db, { memberIds: [user.id], sections: ['A', 'B'] });
    const other = await makeProject(db, { memberIds: [user.id], sections: ['C'] });
    const task = await createTask(db, user.id, { projectId: p.id, title: 'x', sectionId: p.sections[0].id });
    await db.task.update({ where: { id: task.id }, data: { position: 'a3' } });
    const placed = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(await moveTask(db, user.id, { taskId: task.id }, { targetProjectId: p.id, targetSectionId: p.sections[0].id })).toEqual(placed);
    await expect(
      moveTask(db, user.id, { taskId: task.id }, { targetProjectId: p.id, targetSectionId: other.sections[0].id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'targetSectionId' });
    const moved = await moveTask(db, user.id, { taskId: task.id }, { targetProjectId: p.id, targetSectionId: p.sections[1].id });
    expect(moved).toMatchObject({ sectionId: p.sections[1].id, position: null, uniqueIndex: 1, projectId: p.id });
    const event = await db.outboxEvent.findFirstOrThrow({ where: { taskId: task.id, type: 'task.updated' } });
    expect((event.data as { changes: unknown }).changes).toEqual({ sectionId: { from: p.sections[0].id, to: p.sections[1].id } });
  });

  it('a deleted section of the target is NOT_FOUND; the first live one is taken when none is given', async () => {
    const { user, from, to } = await twoBoards();
    await db.section.update({ where: { id: to.sections[0].id }, data: { deletedAt: new Date() } });
    const task = await createTask(db, user.id, { projectId: from.id, title: 'x' });
    await expect(
      moveTask(db, user.id, { taskId: task.id }, { targetProjectId: to.id, targetSectionId: to.sections[0].id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'targetSectionId' });
    const moved = await moveTask(db, user.id, { taskId: task.id }, { targetProjectId: to.id });
    expect(moved.sectionId).toBe(to.sections[1].id);
  });
});
