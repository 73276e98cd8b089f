import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithProject } from '../support/factories.ts';
import { projectState } from '../support/project-state.ts';

const t = useTestServer({ connectionClose: true });

describe('POST /api/mcp/tasks/move', () => {
  it('401 without a key', async () => {
    await expectError(await t.fetch('/api/mcp/tasks/move', { method: 'POST', json: { project_id: 1, title: 'x' } }), 401, 'authorization');
  });

  it('moves to another board: {id, ticket_number, project_id, section} with the target’s number and first section', async () => {
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'FROM' });
    const target = await makeProject(t.db, { memberIds: [user.id], prefix: 'TO', sections: ['Inbox', 'Later'] });
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'travel' });
    const res = await t.fetch('/api/mcp/tasks/move', {
      key,
      method: 'POST',
      json: { ticket_number: 'FROM-1', target_project_id: target.id },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ id: task.id, ticket_number: 'TO-1', project_id: target.id, section: 'Inbox' });
    const back = await (
      await t.fetch('/api/mcp/tasks/move', {
        key,
        method: 'POST',
        json: {
          project_id: target.id,
          unique_index: 1,
          target_project_id: project.id,
          target_section_id: project.sections[1].id,
        },
      })
    ).json();
    expect(back).toEqual({ id: task.id, ticket_number: 'FROM-2', project_id: project.id, section: 'Doing' });
  });

  it.each([
    [{ task_id: 1 }, 'target_project_id', 400],
    [{ target_project_id: 'x' }, 'target_project_id', 400],
    [{ target_section_id: 1.5 }, 'target_section_id', 400],
    [{ target_project_id: 'OTHER' }, 'target_project_id', 404],
    [{ target_section_id: 'FOREIGN' }, 'target_section_id', 404],
    [{ task_id: 999999999 }, 'task_id', 404],
  ])('bad body %j → %s %s, nothing moved', async (extra, field, status) => {
    const { user, key, project } = await makeUserWithProject(t.db);
    const target = await makeProject(t.db, { memberIds: [user.id] });
    const stranger = await makeUserWithProject(t.db);
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'stay' });
    const json: Record<string, unknown> = { task_id: task.id, target_project_id: target.id, ...extra };
    if (json.target_project_id === 'OTHER') json.target_project_id = stranger.project.id;
    if (json.target_section_id === 'FOREIGN') json.target_section_id = project.sections[0].id;
    if ('task_id' in extra && !('target_project_id' in extra) && extra.task_id === 1) delete json.target_project_id;
    const before = await projectState(t.db, project.id, target.id, stranger.project.id);
    await expectError(await t.fetch('/api/mcp/tasks/move', { key, method: 'POST', json }), status, field);
    expect(await projectState(t.db, project.id, target.id, stranger.project.id)).toEqual(before);
  });
});
