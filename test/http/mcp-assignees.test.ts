import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeAssignmentWorld } from '../support/factories.ts';

const t = useTestServer();

const setup = () => makeAssignmentWorld(t.db, { prefix: 'TAS', agentName: 'Robo' });

const assign = (key: string | undefined, json: unknown) => t.fetch('/api/mcp/assignees/assign', { method: 'POST', key, json });
const state = async (taskId: number) => ({
  assignees: await t.db.taskAssignee.count({ where: { taskId } }),
  events: await t.db.outboxEvent.count({ where: { taskId, type: 'task.assigned' } }),
  notifications: await t.db.notification.count({ where: { taskId } }),
});


describe('POST /api/mcp/assignees/assign', () => {
  it('401 without a key or with a bad key', async () => {
    const { task, member } = await setup();
    await expectError(await assign(undefined, { task_id: task.id, user_id: member.user.id }), 401, 'authorization');
    await expectError(await assign('tsk_nope', { task_id: task.id, user_id: member.user.id }), 401, 'authorization');
    expect(await state(task.id)).toEqual({ assignees: 0, events: 0, notifications: 0 });
  });

  it('400 for malformed bodies, naming the field; nothing written', async () => {
    const { owner, member, stranger, task } = await setup();
    const k = owner.key;
    await expectError(await assign(k, { user_id: member.user.id }), 400, 'task_id');
    await expectError(await assign(k, { task_id: task.id, ticket_number: 'TAS-1', user_id: member.user.id }), 400, 'task_id');
    await expectError(await assign(k, { task_id: task.id }), 400, 'user_id');
    await expectError(await assign(k, { task_id: task.id, user_id: String(member.user.id) }), 400, 'user_id');
    await expectError(await assign(k, { task_id: task.id, user_id: 0 }), 400, 'user_id');
    await expectError(await assign(k, { task_id: task.id, user_ids: [member.user.id] }), 400, 'mode');
    await expectError(await assign(k, { task_id: task.id, mode: 'multiple' }), 400, 'user_ids');
    await expectError(await assign(k, { task_id: task.id, mode: 'bulk', user_id: member.user.id }), 400, 'mode');
    await expectError(await assign(k, { task_id: task.id, user_id: stranger.user.id }), 400, 'user_id');
    const body = await expectError(await assign(k, { task_id: task.id, mode: 'multiple', user_ids: [member.user.id, stranger.user.id] }), 400, 'user_ids.1');
    expect(body.details.code).toBe('not_project_member');
    await expectError(await assign(k, { task_id: task.id, agent_id: 'nope' }), 400, 'agent_id');
    expect(await state(task.id)).toEqual({ assignees: 0, events: 0, notifications: 0 });
  });

  it('404 for a task of another tenant, nothing written', async () => {
    const { stranger, task } = await setup();
    await expectError(await assign(stranger.key, { task_id: task.id, user_id: stranger.user.id }), 404, 'task_id');
    await expectError(await assign(stranger.key, { ticket_number: `TAS-${task.uniqueIndex}`, user_id: stranger.user.id }), 404, 'ticket_number');
    expect(await state(task.id)).toEqual({ assignees: 0, events: 0, notifications: 0 });
  });

  it('toggles a user: assigned, then unassigned by the same call (spec 4.1 rule 1)', async () => {
    const { owner, member, task } = await setup();
    const first = await assign(owner.key, { task_id: task.id, user_id: member.user.id });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ assignees: [{ id: member.user.id, displayName: member.user.displayName }] });
    const second = await assign(owner.key, { ticket_number: `TAS-${task.uniqueIndex}`, user_id: member.user.id });
    expect(await second.json()).toEqual({ assignees: [] });
    expect(await state(task.id)).toEqual({ assignees: 0, events: 2, notifications: 1 });
  });

  it('multiple mode sets the users; agents appear with their UUID', async () => {
    const { owner, member, task, agent } = await setup();
    const byIndex = { project_id: task.projectId, unique_index: task.uniqueIndex };
    await assign(owner.key, { ...byIndex, agent_id: agent.id });
    const res = await assign(owner.key, { ...byIndex, mode: 'multiple', user_ids: [owner.user.id, member.user.id] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      assignees: [
        { id: agent.id, displayName: 'Robo' },
        { id: owner.user.id, displayName: owner.user.displayName },
        { id: member.user.id, displayName: member.user.displayName },
      ],
    });
    const again = await assign(owner.key, { ...byIndex, mode: 'multiple', user_ids: [member.user.id] });
    expect((await again.json()).assignees.map((a: { id: unknown }) => a.id)).toEqual([agent.id, member.user.id]);
  });

  it('the assigned member finds the assignment in the inbox; the actor does not', async () => {
    const { owner, member, task } = await setup();
    await assign(owner.key, { task_id: task.id, mode: 'multiple', user_ids: [owner.user.id, member.user.id] });
    const theirs = await (await t.fetch('/api/mcp/inbox/list', { key: member.key })).json();
    expect(theirs.notifications).toEqual([
      expect.objectContaining({ type: 'assignment', task_id: task.id, ticket_number: `TAS-${task.uniqueIndex}`, read: false }),
    ]);
    const mine = await (await t.fetch('/api/mcp/inbox/list', { key: owner.key })).json();
    expect(mine.total).toBe(0);
  });
});
