import { describe, expect, it } from 'vitest';
import { assigneeOrder, setAssignees, toggleAssignee } from '../../src/domain/assignee.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { makeProject, makeTeam, makeUser } from '../support/factories.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

/** Owner + member in a team project with one task; a stranger outside. */
async function setup() {
  const owner = await makeUser(db, 'Owner');
  const member = await makeUser(db, 'Member');
  const stranger = await makeUser(db, 'Stranger');
  const team = await makeTeam(db, [owner.id, member.id]);
  const project = await makeProject(db, { memberIds: [owner.id, member.id], teamId: team.id, prefix: 'ASG' });
  const task = await createTask(db, owner.id, { projectId: project.id, title: 'Assign me' });
  const agent = await db.agent.create({ data: { teamId: team.id, displayName: 'Robo' } });
  return { owner, member, stranger, team, project, task, agent };
}

const assignees = (taskId: number) =>
  db.taskAssignee.findMany({ where: { taskId }, orderBy: { id: 'asc' }, select: { userId: true, agentId: true } });
/** The assignee and action of a `task.assigned` event. */
const assignment = (e: { data: unknown }) => {
  const { assignee, action } = e.data as { assignee: unknown; action: unknown };
  return { assignee, action };
};
const events = (taskId: number) =>
  db.outboxEvent.findMany({ where: { taskId, type: 'task.assigned' }, orderBy: { id: 'asc' } });


describe('toggleAssignee (single form, spec 4.1 rule 1)', () => {
  it('assigns, then unassigns the same user on the second call; one event each with action', async () => {
    const { owner, member, task } = await setup();
    const first = await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id });
    expect(first.added).toEqual([{ type: 'user', id: member.id, displayName: member.displayName }]);
    expect(await assignees(task.id)).toEqual([{ userId: member.id, agentId: null }]);

    const second = await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id });
    expect(second.removed).toEqual([{ type: 'user', id: member.id, displayName: member.displayName }]);
    expect(await assignees(task.id)).toEqual([]);

    const evs = await events(task.id);
    expect(evs.map((e) => (e.data as { action: string }).action)).toEqual(['assigned', 'unassigned']);
    expect((evs[0].data as Record<string, unknown>).assignee).toEqual({ type: 'user', id: member.id, displayName: member.displayName });
    expect(evs[0].ticketNumber).toBe(`ASG-${task.uniqueIndex}`);
  });

  it('notifies the newly assigned user once (not on unassign), and makes them watch', async () => {
    const { owner, member, task } = await setup();
    await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id });
    await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id });
    const notes = await db.notification.findMany({ where: { userId: member.id } });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'assignment', taskId: task.id, actorId: owner.id });
    expect(notes[0].message).toContain(`ASG-${task.uniqueIndex}`);
    expect(await db.taskWatcher.count({ where: { taskId: task.id, userId: member.id } })).toBe(1);
  });

  it('never notifies the actor who assigns themselves', async () => {
    const { owner, task } = await setup();
    await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: owner.id });
    expect(await db.notification.count({ where: { userId: owner.id } })).toBe(0);
    expect(await events(task.id)).toHaveLength(1);
  });

  it('refuses a non-member (VALIDATION naming userId) and writes nothing', async () => {
    const { owner, stranger, task } = await setup();
    await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, { userId: stranger.id }), 'VALIDATION', 'userId', 'not_project_member');
    await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, { userId: 2147483000 }), 'VALIDATION', 'userId', 'not_project_member');
    expect(await assignees(task.id)).toEqual([]);
    expect(await events(task.id)).toEqual([]);
  });

  it('toggles an agent of the project team; refuses an agent of another team', async () => {
    const { owner, task, agent } = await setup();
    const other = await makeTeam(db, [owner.id]);
    const foreign = await db.agent.create({ data: { teamId: other.id, displayName: 'Alien' } });
    await toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: agent.id.toUpperCase() });
    expect(await assignees(task.id)).toEqual([{ userId: null, agentId: agent.id }]);
    expect((await events(task.id))[0].data).toMatchObject({ assignee: { type: 'agent', id: agent.id, displayName: 'Robo' }, action: 'assigned' });
    await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: foreign.id }), 'VALIDATION', 'agentId', 'not_team_agent');
    await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: 'not-a-uuid' }), 'VALIDATION', 'agentId');
    await toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: agent.id });
    expect(await assignees(task.id)).toEqual([]);
  });

  it('needs exactly one of userId / agentId', async () => {
    const { owner, member, task, agent } = await setup();
    await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, {}), 'VALIDATION', 'userId');
    await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id, agentId: agent.id }), 'VALIDATION', 'userId');
  });

  it('answers NOT_FOUND for a task of another tenant', async () => {
    const { task } = await setup();
    const outsider = await makeUser(db, 'Out');
    await expectAppError(toggleAssignee(db, outsider.id, { taskId: task.id }, { userId: outsider.id }), 'NOT_FOUND', 'taskId');
    expect(await assignees(task.id)).toEqual([]);
  });

  it('unassigning an agent answers it as removed; each real change sets the task’s updatedAt', async () => {
    const { owner, task, agent } = await setup();
    const before = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: agent.id });
    const assigned = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(assigned.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const r = await toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: agent.id });
    expect(r).toEqual({ taskId: task.id, added: [], removed: [{ type: 'agent', id: agent.id, displayName: 'Robo' }] });
    expect((await events(task.id)).map(assignment)).toEqual([
      { assignee: { type: 'agent', id: agent.id, displayName: 'Robo' }, action: 'assigned' },
      { assignee: { type: 'agent', id: agent.id, displayName: 'Robo' }, action: 'unassigned' },
    ]);
    expect(await db.notification.count({ where: { taskId: task.id } })).toBe(0);
  });

  it('can unassign a user who has left the project', async () => {
    const { owner, member, project, task } = await setup();
    await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id });
    await db.projectMember.delete({ where: { projectId_userId: { projectId: project.id, userId: member.id } } });
    await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id });
    expect(await assignees(task.id)).toEqual([]);
  });
});

describe('setAssignees (multiple form)', () => {
  it('sets the user set: adds and removes, events only for changes, notifies only the added', async () => {
    const { owner, member, task } = await setup();
    const third = await makeUser(db, 'Third');
    await db.projectMember.create({ data: { projectId: task.projectId, userId: third.id } });

    await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [owner.id, member.id] });
    expect((await assignees(task.id)).map((a) => a.userId)).toEqual([owner.id, member.id]);
    const r = await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [member.id, third.id, third.id] });
    expect(r.added.map((a) => a.id)).toEqual([third.id]);
    expect(r.removed.map((a) => a.id)).toEqual([owner.id]);
    expect((await assignees(task.id)).map((a) => a.userId).sort()).toEqual([member.id, third.id].sort());
    expect((await events(task.id)).map((e) => (e.data as { action: string }).action)).toEqual([
      'assigned',
      'assigned',
      'assigned',
      'unassigned',
    ]);
    expect(await db.notification.count({ where: { userId: member.id, type: 'assignment' } })).toBe(1);
    expect(await db.notification.count({ where: { userId: third.id, type: 'assignment' } })).toBe(1);
  });

  it('writes nothing when the set is unchanged (no event, no updatedAt change)', async () => {
    const { owner, member, task } = await setup();
    await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [member.id] });
    const before = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    const count = (await events(task.id)).length;
    const r = await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [member.id] });
    expect(r.added).toEqual([]);
    expect(r.removed).toEqual([]);
    expect(await events(task.id)).toHaveLength(count);
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).updatedAt).toEqual(before.updatedAt);
  });

  it('leaves agents alone when only users are given; an empty list clears', async () => {
    const { owner, member, task, agent } = await setup();
    await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [member.id], agentIds: [agent.id] });
    await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [] });
    expect(await assignees(task.id)).toEqual([{ userId: null, agentId: agent.id }]);
    await setAssignees(db, owner.id, { taskId: task.id }, { agentIds: [] });
    expect(await assignees(task.id)).toEqual([]);
  });

  it('refuses the whole call when one user is not a member (field names the index), nothing written', async () => {
    const { owner, member, stranger, task } = await setup();
    await expectAppError(
      setAssignees(db, owner.id, { taskId: task.id }, { userIds: [member.id, stranger.id] }),
      'VALIDATION',
      'userIds.1',
      'not_project_member',
    );
    expect(await assignees(task.id)).toEqual([]);
    expect(await events(task.id)).toEqual([]);
    expect(await db.notification.count({ where: { userId: member.id } })).toBe(0);
  });

  it('sets the agent set: adds and removes agents with one event each, notifies nobody', async () => {
    const { owner, member, team, task, agent } = await setup();
    const second = await db.agent.create({ data: { teamId: team.id, displayName: 'Second' } });
    await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [member.id], agentIds: [agent.id] });
    const r = await setAssignees(db, owner.id, { taskId: task.id }, { agentIds: [second.id.toUpperCase(), second.id] });
    expect(r).toEqual({
      taskId: task.id,
      added: [{ type: 'agent', id: second.id, displayName: 'Second' }],
      removed: [{ type: 'agent', id: agent.id, displayName: 'Robo' }],
    });
    expect(await assignees(task.id)).toEqual([
      { userId: member.id, agentId: null },
      { userId: null, agentId: second.id },
    ]);
    expect((await events(task.id)).slice(2).map(assignment)).toEqual([
      { assignee: { type: 'agent', id: second.id, displayName: 'Second' }, action: 'assigned' },
      { assignee: { type: 'agent', id: agent.id, displayName: 'Robo' }, action: 'unassigned' },
    ]);
    expect(await db.notification.count({ where: { taskId: task.id, userId: { not: member.id } } })).toBe(0);
  });

  it('clearing the users answers only the users as removed (agents stay, unmentioned)', async () => {
    const { owner, member, task, agent } = await setup();
    await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [member.id], agentIds: [agent.id] });
    const r = await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [] });
    expect(r).toEqual({ taskId: task.id, added: [], removed: [{ type: 'user', id: member.id, displayName: member.displayName }] });
    const cleared = await setAssignees(db, owner.id, { taskId: task.id }, { agentIds: [] });
    expect(cleared.removed).toEqual([{ type: 'agent', id: agent.id, displayName: 'Robo' }]);
  });

  it('names the offending entry by its index in the list as given (duplicates counted), for users and agents', async () => {
    const { owner, member, stranger, team, task, agent } = await setup();
    await expectAppError(
      setAssignees(db, owner.id, { taskId: task.id }, { userIds: [member.id, member.id, stranger.id] }),
      'VALIDATION',
      'userIds.2',
      'not_project_member',
    );
    const other = await makeTeam(db, [owner.id]);
    const foreign = await db.agent.create({ data: { teamId: other.id, displayName: 'Alien' } });
    await expectAppError(
      setAssignees(db, owner.id, { taskId: task.id }, { agentIds: [agent.id, foreign.id] }),
      'VALIDATION',
      'agentIds.1',
      'not_team_agent',
    );
    expect(team.id).not.toBe(other.id);
    expect(await assignees(task.id)).toEqual([]);
  });

  it('refuses every agent on a board without a team', async () => {
    const { owner, agent } = await setup();
    const loose = await makeProject(db, { memberIds: [owner.id] });
    const task = await createTask(db, owner.id, { projectId: loose.id, title: 'No team' });
    await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: agent.id }), 'VALIDATION', 'agentId', 'not_team_agent');
    await expectAppError(setAssignees(db, owner.id, { taskId: task.id }, { agentIds: [agent.id] }), 'VALIDATION', 'agentIds.0', 'not_team_agent');
    expect(await assignees(task.id)).toEqual([]);
  });

  it('limits the list to 50 and needs one of the lists', async () => {
    const { owner, task } = await setup();
    await expectAppError(setAssignees(db, owner.id, { taskId: task.id }, {}), 'VALIDATION', 'userIds');
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    await expectAppError(setAssignees(db, owner.id, { taskId: task.id }, { userIds: many }), 'VALIDATION', 'userIds');
  });
});

describe('assignments side by side', () => {
  it('unassigning one user or agent leaves the task’s other assignees alone', async () => {
    const { owner, member, task, agent, team } = await setup();
    const second = await db.agent.create({ data: { teamId: team.id, displayName: 'Second' } });
    await setAssignees(db, owner.id, { taskId: task.id }, { userIds: [owner.id, member.id], agentIds: [agent.id, second.id] });
    await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id });
    await toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: agent.id });
    expect(await assignees(task.id)).toEqual([
      { userId: owner.id, agentId: null },
      { userId: null, agentId: second.id },
    ]);
  });

  it('an explicit null user_id with an agent toggles that agent, not another one', async () => {
    const { owner, task, agent, team } = await setup();
    const second = await db.agent.create({ data: { teamId: team.id, displayName: 'Second' } });
    await toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: agent.id });
    const r = await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: null, agentId: second.id });
    expect(r).toEqual({ taskId: task.id, added: [{ type: 'agent', id: second.id, displayName: 'Second' }], removed: [] });
    expect((await assignees(task.id)).map((a) => a.agentId)).toEqual([agent.id, second.id]);
  });

  it('setting agents keeps the ones still wanted (no event for them), adds and removes the rest', async () => {
    const { owner, task, agent, team } = await setup();
    const second = await db.agent.create({ data: { teamId: team.id, displayName: 'Second' } });
    const third = await db.agent.create({ data: { teamId: team.id, displayName: 'Third' } });
    await setAssignees(db, owner.id, { taskId: task.id }, { agentIds: [agent.id, third.id] });
    const r = await setAssignees(db, owner.id, { taskId: task.id }, { agentIds: [agent.id, second.id] });
    expect(r).toEqual({
      taskId: task.id,
      added: [{ type: 'agent', id: second.id, displayName: 'Second' }],
      removed: [{ type: 'agent', id: third.id, displayName: 'Third' }],
    });
    expect((await assignees(task.id)).map((a) => a.agentId)).toEqual([agent.id, second.id]);
  });

  it('lists assignees in the order they were assigned', async () => {
    const { owner, member, task } = await setup();
    await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id });
    await toggleAssignee(db, owner.id, { taskId: task.id }, { userId: owner.id });
    expect(assigneeOrder).toEqual([{ id: 'asc' }]);
    const rows = await db.taskAssignee.findMany({ where: { taskId: task.id }, orderBy: assigneeOrder });
    expect(rows.map((a) => a.userId)).toEqual([member.id, owner.id]);
  });

  it('input errors carry zod’s issue code and say what is expected', async () => {
    const { owner, task, member, agent } = await setup();
    await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, {}), 'VALIDATION', 'userId', 'custom');
    await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id, agentId: agent.id }), 'VALIDATION', 'userId', 'custom');
    await expectAppError(setAssignees(db, owner.id, { taskId: task.id }, {}), 'VALIDATION', 'userIds', 'custom');
    const err = await expectAppError(toggleAssignee(db, owner.id, { taskId: task.id }, { agentId: 'robot' }), 'VALIDATION', 'agentId');
    expect(err.message).toBe('agentId: must be an agent UUID');
  });

  // PostgreSQL only: on PGlite transactions run one after the other anyway.
  it.runIf(isPostgres)('concurrent toggles of one user apply one after the other (PostgreSQL)', async () => {
    const { owner, member, task } = await setup();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => toggleAssignee(db, owner.id, { taskId: task.id }, { userId: member.id })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('fulfilled'));
    expect(await assignees(task.id)).toEqual([{ userId: member.id, agentId: null }]);
    expect((await events(task.id)).map((e) => (e.data as { action: string }).action)).toEqual([
      'assigned',
      'unassigned',
      'assigned',
      'unassigned',
      'assigned',
    ]);
  });
});
