import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_ASSIGNEES } from '../../src/domain/assignee.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeAssignmentWorld } from '../support/factories.ts';

const t = useTestServer();

const setup = () => makeAssignmentWorld(t.db, { agentName: 'Bot' });

const assign = (key: string | undefined, taskId: number | string, json: unknown) =>
  t.fetch(`/api/v1/tasks/${taskId}/assignees`, { method: 'POST', key, json });


describe('POST /api/v1/tasks/{id}/assignees', () => {
  it('401 → 400 → 404, nothing written', async () => {
    const { owner, member, stranger, task } = await setup();
    await expectError(await assign(undefined, task.id, { user_id: member.user.id }), 401, 'authorization');
    await expectError(await assign(owner.key, task.id, {}), 400, 'user_id');
    await expectError(await assign(owner.key, task.id, { user_ids: [member.user.id] }), 400, 'mode');
    // Each form's own need is the domain's rule, reported on the route's field names.
    await expectError(await assign(owner.key, task.id, { user_id: member.user.id, agent_id: randomUUID() }), 400, 'user_id');
    await expectError(await assign(owner.key, task.id, { mode: 'multiple' }), 400, 'user_ids');
    await expectError(await assign(owner.key, task.id, { mode: 'multiple', user_id: member.user.id, user_ids: [member.user.id] }), 400, 'user_id');
    await expectError(await assign(owner.key, task.id, { user_id: stranger.user.id }), 400, 'user_id');
    await expectError(await assign(stranger.key, task.id, { user_id: stranger.user.id }), 404, 'id');
    await expectError(await assign(owner.key, 2147483000, { user_id: member.user.id }), 404, 'id');
    expect(await t.db.taskAssignee.count({ where: { taskId: task.id } })).toBe(0);
    expect(await t.db.outboxEvent.count({ where: { taskId: task.id, type: 'task.assigned' } })).toBe(0);
  });

  it('toggles a user, sets lists, shows agents with type', async () => {
    const { owner, member, task, agent } = await setup();
    let res = await assign(owner.key, task.id, { user_id: member.user.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      task_id: task.id,
      assignees: [{ id: member.user.id, type: 'user', displayName: member.user.displayName }],
    });
    res = await assign(owner.key, task.id, { user_id: member.user.id });
    expect((await res.json()).assignees).toEqual([]);
    res = await assign(owner.key, task.id, { mode: 'multiple', user_ids: [owner.user.id], agent_ids: [agent.id] });
    expect((await res.json()).assignees).toEqual([
      { id: owner.user.id, type: 'user', displayName: owner.user.displayName },
      { id: agent.id, type: 'agent', displayName: 'Bot' },
    ]);
    const events = await t.db.outboxEvent.findMany({ where: { taskId: task.id, type: 'task.assigned' }, orderBy: { id: 'asc' } });
    expect(events.map((e) => (e.data as { action: string }).action)).toEqual(['assigned', 'unassigned', 'assigned', 'assigned']);
  });

  it('user_ids and agent_ids: at the count limit accepted, one over 400 too_big naming the field (the domain\'s rule, through both routes); nothing written', async () => {
    const { owner, member, task, agent } = await setup();
    const users = (n: number) => Array(n).fill(member.user.id);
    const agents = (n: number) => Array(n).fill(agent.id);
    const routes = [
      (json: Record<string, unknown>) => assign(owner.key, task.id, json),
      (json: Record<string, unknown>) => t.fetch('/api/mcp/assignees/assign', { method: 'POST', key: owner.key, json: { task_id: task.id, ...json } }),
    ];
    for (const call of routes) {
      await expectError(await call({ mode: 'multiple', user_ids: users(MAX_ASSIGNEES + 1) }), 400, 'user_ids', 'too_big');
      await expectError(await call({ mode: 'multiple', agent_ids: agents(MAX_ASSIGNEES + 1) }), 400, 'agent_ids', 'too_big');
    }
    expect(await t.db.taskAssignee.count({ where: { taskId: task.id } })).toBe(0);
    const res = await assign(owner.key, task.id, { mode: 'multiple', user_ids: users(MAX_ASSIGNEES), agent_ids: agents(MAX_ASSIGNEES) });
    expect(res.status).toBe(200);
    expect((await res.json()).assignees).toHaveLength(2);
  });
});
