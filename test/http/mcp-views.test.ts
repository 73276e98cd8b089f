import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();

async function setup() {
  const owner = await makeUserWithKey(t.db, 'Owner');
  const colleague = await makeUserWithKey(t.db, 'Colleague');
  const stranger = await makeUserWithKey(t.db, 'Stranger');
  const project = await makeProject(t.db, { memberIds: [owner.user.id, colleague.user.id] });
  return { owner, colleague, stranger, project };
}

const create = (key: string | undefined, json: unknown) => t.fetch('/api/mcp/view', { method: 'POST', key, json });
const patch = (key: string | undefined, id: number | string, json: unknown) =>
  t.fetch(`/api/mcp/view/${id}`, { method: 'PATCH', key, json });


describe('POST /api/mcp/view', () => {
  it('401 → 400 → 404 → 200 with the view and board_subtask_setting; rejected requests write nothing', async () => {
    const { owner, stranger, project } = await setup();
    const body = { project_id: project.id, title: 'Sprint', subtask_setting: 'Flattened' };
    await expectError(await create(undefined, body), 401, 'authorization');
    await expectError(await create(owner.key, { ...body, subtask_setting: 'Sideways' }), 400, 'subtask_setting');
    await expectError(await create(owner.key, { ...body, subtask_setting: 'none' }), 400, 'subtask_setting');
    await expectError(await create(owner.key, { ...body, project_id: undefined }), 400, 'project_id');
    await expectError(await create(owner.key, { ...body, project_id: '1' }), 400, 'project_id');
    await expectError(await create(owner.key, { ...body, title: '' }), 400, 'title');
    await expectError(await create(owner.key, { ...body, title: 'x'.repeat(201) }), 400, 'title');
    await expectError(await create(owner.key, { ...body, layout: 'kanban' }), 400, 'layout');
    await expectError(await create(owner.key, { ...body, filters: [1] }), 400, 'filters');
    await expectError(await create(stranger.key, body), 404, 'project_id');
    expect(await t.db.savedView.count({ where: { projectId: project.id } })).toBe(0);

    const res = await create(owner.key, body);
    expect(res.status).toBe(200);
    const view = await res.json();
    expect(view).toEqual({
      id: expect.any(Number),
      project_id: project.id,
      title: 'Sprint',
      subtask_setting: 'Flattened',
      board_subtask_setting: 'Flattened',
      layout: 'board',
      filters: {},
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const dflt = await (await create(owner.key, { project_id: project.id, title: 'x'.repeat(200) })).json();
    expect(dflt).toMatchObject({ subtask_setting: 'None', board_subtask_setting: 'None' });
  });

  it('accepts every setting of spec 3', async () => {
    const { owner, project } = await setup();
    for (const s of ['None', 'Parent', 'Flattened', 'Card', 'Flattened_Card']) {
      const v = await (await create(owner.key, { project_id: project.id, title: s, subtask_setting: s })).json();
      expect(v.board_subtask_setting).toBe(s);
    }
  });
});

describe('PATCH /api/mcp/view/{viewId}', () => {
  it('only subtask_setting changes it alone; other settings stay', async () => {
    const { owner, project } = await setup();
    const v = await (
      await create(owner.key, { project_id: project.id, title: 'Mine', subtask_setting: 'Parent', layout: 'list', filters: { priority: 'high' } })
    ).json();
    const res = await patch(owner.key, v.id, { subtask_setting: 'Card' });
    expect(res.status).toBe(200);
    const after = await res.json();
    expect(after).toEqual({ ...v, subtask_setting: 'Card', board_subtask_setting: 'Card', updatedAt: expect.any(String) });
    const renamed = await (await patch(owner.key, v.id, { title: 'Renamed' })).json();
    expect(renamed).toMatchObject({ title: 'Renamed', subtask_setting: 'Card', layout: 'list', filters: { priority: 'high' } });
  });

  it('401 → 400 → 404; rejected requests change nothing', async () => {
    const { owner, colleague, stranger, project } = await setup();
    const v = await (await create(owner.key, { project_id: project.id, title: 'Keep', subtask_setting: 'Parent' })).json();
    await expectError(await patch(undefined, v.id, { subtask_setting: 'Card' }), 401, 'authorization');
    await expectError(await patch(owner.key, v.id, { subtask_setting: 'Nope' }), 400, 'subtask_setting');
    await expectError(await patch(owner.key, v.id, {}), 400, 'subtask_setting');
    await expectError(await patch(owner.key, v.id, { title: '' }), 400, 'title');
    await expectError(await patch(owner.key, 'abc', { subtask_setting: 'Card' }), 400, 'viewId');
    await expectError(await patch(owner.key, 0, { subtask_setting: 'Card' }), 400, 'viewId');
    await expectError(await patch(owner.key, 2147483000, { subtask_setting: 'Card' }), 404, 'viewId');
    await expectError(await patch(colleague.key, v.id, { subtask_setting: 'Card' }), 404, 'viewId');
    await expectError(await patch(stranger.key, v.id, { subtask_setting: 'Card' }), 404, 'viewId');
    const row = await t.db.savedView.findUniqueOrThrow({ where: { id: v.id } });
    expect(row).toMatchObject({ title: 'Keep', subtaskSetting: 'Parent' });
  });
});
