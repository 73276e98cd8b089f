import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { deleteTask } from '../../src/domain/task/delete.ts';
import { makeProject, makeTeam, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

/**
 * A team board (the first team member is its owner) created by `boardCreator`
 * (null: nobody), with a task made by `author`.
 */
async function world(opts: { team?: boolean } = {}) {
  const owner = await makeUser(db, 'Owner');
  const creator = await makeUser(db, 'Creator');
  const author = await makeUser(db, 'Author');
  const member = await makeUser(db, 'Member');
  const ids = [owner.id, creator.id, author.id, member.id];
  const team = opts.team === false ? null : await makeTeam(db, ids);
  const project = await makeProject(db, { memberIds: ids, teamId: team?.id, prefix: 'DEL' });
  await db.project.update({ where: { id: project.id }, data: { createdById: creator.id } });
  const task = await createTask(db, author.id, { projectId: project.id, title: 'Doomed' });
  return { owner, creator, author, member, team, project, task };
}

/** An event's data without the actor's details (the outbox adds them). */
const withoutActor = (data: unknown) => {
  const { actor: _actor, ...rest } = data as Record<string, unknown>;
  return rest;
};
const exists = async (id: number) => (await db.task.count({ where: { id } })) === 1;

describe('deleteTask: who may delete', () => {
  it('the task’s creator may', async () => {
    const { author, task } = await world();
    await deleteTask(db, author.id, { taskId: task.id });
    expect(await exists(task.id)).toBe(false);
  });

  it('the board’s creator may', async () => {
    const { creator, task } = await world();
    await deleteTask(db, creator.id, { taskId: task.id });
    expect(await exists(task.id)).toBe(false);
  });

  it('an owner of the board’s team may', async () => {
    const { owner, task } = await world();
    await deleteTask(db, owner.id, { taskId: task.id });
    expect(await exists(task.id)).toBe(false);
  });

  it('a plain member may not (FORBIDDEN on taskId), nothing written', async () => {
    const { member, task, project } = await world();
    const events = await db.outboxEvent.count({ where: { projectId: project.id } });
    await expectAppError(deleteTask(db, member.id, { taskId: task.id }), 'FORBIDDEN', 'taskId');
    expect(await exists(task.id)).toBe(true);
    expect(await db.outboxEvent.count({ where: { projectId: project.id } })).toBe(events);
  });

  it('an owner of another team may not', async () => {
    const { member, task } = await world();
    await makeTeam(db, [member.id]); // member owns a team, just not this board's
    await expectAppError(deleteTask(db, member.id, { taskId: task.id }), 'FORBIDDEN', 'taskId');
    expect(await exists(task.id)).toBe(true);
  });

  it('on a board without a team, only the task’s or the board’s creator may', async () => {
    const { owner, member, creator, task } = await world({ team: false });
    await expectAppError(deleteTask(db, owner.id, { taskId: task.id }), 'FORBIDDEN', 'taskId');
    await expectAppError(deleteTask(db, member.id, { taskId: task.id }), 'FORBIDDEN', 'taskId');
    await deleteTask(db, creator.id, { taskId: task.id });
    expect(await exists(task.id)).toBe(false);
  });

  it('a task created by nobody on a board created by nobody: a plain member may not', async () => {
    const { member, task, project } = await world();
    await db.task.update({ where: { id: task.id }, data: { createdById: null } });
    await db.project.update({ where: { id: project.id }, data: { createdById: null } });
    await expectAppError(deleteTask(db, member.id, { taskId: task.id }), 'FORBIDDEN', 'taskId');
    expect(await exists(task.id)).toBe(true);
  });

  it('another tenant’s task is NOT_FOUND', async () => {
    const { task } = await world();
    const outsider = await makeUser(db, 'Outsider');
    await expectAppError(deleteTask(db, outsider.id, { taskId: task.id }), 'NOT_FOUND', 'taskId');
    expect(await exists(task.id)).toBe(true);
  });
});

describe('deleteTask: what goes and what stays', () => {
  it('answers the deleted task, records its event, and its subtasks stay as top-level tasks with their own events', async () => {
    const { author, project, task } = await world();
    const sub1 = await createTask(db, author.id, { projectId: project.id, title: 'Sub 1', parentId: task.id });
    const sub2 = await createTask(db, author.id, { projectId: project.id, title: 'Sub 2', parentId: task.id });
    const other = await createTask(db, author.id, { projectId: project.id, title: 'Other' });
    const otherSub = await createTask(db, author.id, { projectId: project.id, title: 'Other sub', parentId: other.id });
    const before = await db.task.findUniqueOrThrow({ where: { id: sub1.id } });
    await new Promise((r) => setTimeout(r, 5));
    const eventsBefore = await db.outboxEvent.count({ where: { projectId: project.id } });

    const r = await deleteTask(db, author.id, { ticketNumber: `DEL-${task.uniqueIndex}` });
    expect(r).toEqual({ id: task.id, projectId: project.id, ticketNumber: `DEL-${task.uniqueIndex}` });
    expect(await exists(task.id)).toBe(false);

    const subs = await db.task.findMany({ where: { id: { in: [sub1.id, sub2.id] } }, orderBy: { id: 'asc' } });
    expect(subs.map((s) => s.parentId)).toEqual([null, null]);
    expect(subs[0].updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    // Another task's subtask keeps its parent.
    expect((await db.task.findUniqueOrThrow({ where: { id: otherSub.id } })).parentId).toBe(other.id);

    const events = await db.outboxEvent.findMany({ where: { projectId: project.id }, orderBy: { id: 'asc' }, skip: eventsBefore });
    expect(events.map((e) => [e.type, e.taskId, e.ticketNumber, e.actorId, withoutActor(e.data)])).toEqual([
      ['task.updated', task.id, `DEL-${task.uniqueIndex}`, author.id, { deleted: true, title: 'Doomed', changes: {} }],
      ['task.updated', sub1.id, `DEL-${sub1.uniqueIndex}`, author.id, { changes: { parentId: { from: task.id, to: null } } }],
      ['task.updated', sub2.id, `DEL-${sub2.uniqueIndex}`, author.id, { changes: { parentId: { from: task.id, to: null } } }],
    ]);
  });

  it('without subtasks, records only the task’s own event and touches no other task', async () => {
    const { author, project, task } = await world();
    const other = await createTask(db, author.id, { projectId: project.id, title: 'Other' });
    const otherBefore = await db.task.findUniqueOrThrow({ where: { id: other.id } });
    const eventsBefore = await db.outboxEvent.count({ where: { projectId: project.id } });
    await deleteTask(db, author.id, { taskId: task.id });
    expect(await db.outboxEvent.count({ where: { projectId: project.id } })).toBe(eventsBefore + 1);
    expect(await db.task.findUniqueOrThrow({ where: { id: other.id } })).toEqual(otherBefore);
  });
});
