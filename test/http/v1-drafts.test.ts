import { describe, expect, it } from 'vitest';
import { MAX_DRAFT_DESCRIPTION, MAX_DRAFT_TITLE } from '../../src/domain/draft.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();

async function setup() {
  const me = await makeUserWithKey(t.db, 'Drafter');
  const other = await makeUserWithKey(t.db, 'Other');
  const project = await makeProject(t.db, { memberIds: [me.user.id, other.user.id], sections: ['Todo', 'Doing'], prefix: 'RDF' });
  const foreign = await makeProject(t.db, { memberIds: [other.user.id] });
  return { me, other, project, foreign };
}

const call = (method: string, path: string, key?: string, json?: unknown) => t.fetch(`/api/v1/drafts${path}`, { method, key, json });


describe('/api/v1/drafts', () => {
  it('401 on every route without a key', async () => {
    for (const [m, p] of [['GET', ''], ['POST', ''], ['GET', '/1'], ['PATCH', '/1'], ['DELETE', '/1'], ['POST', '/1/publish']]) {
      await expectError(await call(m, p, undefined, m === 'GET' || m === 'DELETE' ? undefined : {}), 401, 'authorization');
    }
  });

  it('create (400s write nothing), get, list, patch, delete', async () => {
    const { me, project, foreign } = await setup();
    const count = () => t.db.taskDraft.count({ where: { userId: me.user.id } });
    await expectError(await call('POST', '', me.key, { priority: 'critical' }), 400, 'priority');
    await expectError(await call('POST', '', me.key, { due_date: 'tomorrow' }), 400, 'due_date');
    await expectError(await call('POST', '', me.key, { project_id: 'one' }), 400, 'project_id');
    await expectError(await call('POST', '', me.key, { section_id: project.sections[0].id }), 400, 'section_id');
    await expectError(await call('POST', '', me.key, { title: 'x'.repeat(501) }), 400, 'title');
    await expectError(await call('POST', '', me.key, { description: 'x', content_type: 'txt' }), 400, 'content_type');
    await expectError(await call('POST', '', me.key, { project_id: foreign.id }), 404, 'project_id');
    expect(await count()).toBe(0);

    const res = await call('POST', '', me.key, {
      project_id: project.id,
      section_id: project.sections[1].id,
      title: 'Draft one',
      description: '*hi*',
      content_type: 'markdown',
      priority: 'low',
      due_date: '2031-05-06',
    });
    expect(res.status).toBe(201);
    const { draft } = await res.json();
    expect(draft).toEqual({
      id: expect.any(Number),
      project_id: project.id,
      section_id: project.sections[1].id,
      title: 'Draft one',
      description: '<p><em>hi</em></p>',
      priority: 'low',
      due_date: '2031-05-06T00:00:00.000Z',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await (await call('GET', `/${draft.id}`, me.key)).json()).toEqual({ success: true, draft });

    const patched = await call('PATCH', `/${draft.id}`, me.key, { priority: null, title: 'Renamed' });
    expect(patched.status).toBe(200);
    expect((await patched.json()).draft).toMatchObject({ title: 'Renamed', priority: null, section_id: project.sections[1].id, due_date: draft.due_date });
    await expectError(await call('PATCH', `/${draft.id}`, me.key, { priority: 'meh' }), 400, 'priority');

    await call('POST', '', me.key, { title: 'Second' });
    const list = await (await call('GET', '?limit=1', me.key)).json();
    expect(list).toMatchObject({ success: true, total: 2, limit: 1, offset: 0 });
    expect(list.drafts.map((d: { title: string }) => d.title)).toEqual(['Second']);
    await expectError(await call('GET', '?limit=101', me.key), 400, 'limit');

    const del = await call('DELETE', `/${draft.id}`, me.key);
    expect(await del.json()).toEqual({ success: true, message: expect.any(String) });
    await expectError(await call('GET', `/${draft.id}`, me.key), 404, 'id');
  });

  it('title and description limits are the domain\'s: at the limit accepted, one over 400 too_big naming the field (POST and PATCH); nothing written', async () => {
    const { me } = await setup();
    const count = () => t.db.taskDraft.count({ where: { userId: me.user.id } });
    const title = 't'.repeat(MAX_DRAFT_TITLE);
    const description = 'd'.repeat(MAX_DRAFT_DESCRIPTION);
    await expectError(await call('POST', '', me.key, { title: `${title}t` }), 400, 'title', 'too_big');
    await expectError(await call('POST', '', me.key, { description: `${description}d` }), 400, 'description', 'too_big');
    expect(await count()).toBe(0);
    const res = await call('POST', '', me.key, { title, description });
    expect(res.status).toBe(201);
    const { draft } = await res.json();
    expect(draft).toMatchObject({ title, description: expect.stringContaining(description) });
    await expectError(await call('PATCH', `/${draft.id}`, me.key, { title: `${title}t` }), 400, 'title', 'too_big');
    await expectError(await call('PATCH', `/${draft.id}`, me.key, { description: `${description}d` }), 400, 'description', 'too_big');
    expect(await t.db.taskDraft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ title, description: draft.description });
  });

  it("another user's draft is 404 everywhere and unchanged; bad ids are 400", async () => {
    const { me, other, project } = await setup();
    const { draft } = await (await call('POST', '', me.key, { project_id: project.id, title: 'Private' })).json();
    await expectError(await call('GET', `/${draft.id}`, other.key), 404, 'id');
    await expectError(await call('PATCH', `/${draft.id}`, other.key, { title: 'Stolen' }), 404, 'id');
    await expectError(await call('DELETE', `/${draft.id}`, other.key), 404, 'id');
    await expectError(await call('POST', `/${draft.id}/publish`, other.key), 404, 'id');
    await expectError(await call('GET', '/abc', me.key), 400, 'id');
    await expectError(await call('GET', '/0', me.key), 400, 'id');
    const list = await (await call('GET', '', other.key)).json();
    expect(list.total).toBe(0);
    expect(await t.db.taskDraft.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ title: 'Private' });
    expect(await t.db.task.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('publish: 400 without project or title (draft kept), then 201 with the task and the draft gone', async () => {
    const { me, project } = await setup();
    const { draft } = await (await call('POST', '', me.key, { title: '  ' })).json();
    await expectError(await call('POST', `/${draft.id}/publish`, me.key), 400, 'project_id');
    await call('PATCH', `/${draft.id}`, me.key, { project_id: project.id });
    await expectError(await call('POST', `/${draft.id}/publish`, me.key), 400, 'title');
    expect(await t.db.taskDraft.count({ where: { id: draft.id } })).toBe(1);
    expect(await t.db.task.count({ where: { projectId: project.id } })).toBe(0);

    await call('PATCH', `/${draft.id}`, me.key, { title: 'Real task', priority: 'high' });
    const res = await call('POST', `/${draft.id}/publish`, me.key);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      task: {
        id: expect.any(Number),
        ticket_number: 'RDF-1',
        title: 'Real task',
        description: '',
        priority: 'high',
        project_id: project.id,
        section: 'Backlog',
        section_id: expect.any(Number),
        due_date: null,
        createdAt: expect.any(String),
      },
      message: expect.stringContaining('RDF-1'),
    });
    expect(await t.db.taskDraft.count({ where: { id: draft.id } })).toBe(0);
    await expectError(await call('POST', `/${draft.id}/publish`, me.key), 404, 'id');
    expect(await t.db.task.count({ where: { projectId: project.id } })).toBe(1);
  });
});
