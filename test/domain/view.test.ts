import { describe, expect, it } from 'vitest';
import { boardSubtaskSettingOf, createView, deleteView, projectViewsQuery, requireView, updateView } from '../../src/domain/view.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

async function setup() {
  const user = await makeUser(db, 'Viewer');
  const colleague = await makeUser(db, 'Colleague');
  const stranger = await makeUser(db, 'Stranger');
  const project = await makeProject(db, { memberIds: [user.id, colleague.id] });
  return { user, colleague, stranger, project };
}


describe('saved views', () => {
  it('sets the subtask setting on create (default None) and reports it as the board setting', async () => {
    const { user, project } = await setup();
    const plain = await createView(db, user.id, { projectId: project.id, title: 'Plain' });
    expect(plain).toMatchObject({ subtaskSetting: 'None', layout: 'board', filters: {} });
    const card = await createView(db, user.id, { projectId: project.id, title: 'Cards', subtaskSetting: 'Flattened_Card' });
    expect(boardSubtaskSettingOf(card)).toBe('Flattened_Card');
  });

  it('an update of only the subtask setting leaves every other setting unchanged', async () => {
    const { user, project } = await setup();
    const view = await createView(db, user.id, {
      projectId: project.id,
      title: 'Mine',
      subtaskSetting: 'Parent',
      layout: 'list',
      filters: { priority: 'high', labels: ['bug'] },
    });
    const updated = await updateView(db, user.id, view.id, { subtaskSetting: 'Card' });
    expect(updated).toMatchObject({ title: 'Mine', subtaskSetting: 'Card', layout: 'list', filters: { priority: 'high', labels: ['bug'] } });
    const renamed = await updateView(db, user.id, view.id, { title: 'Renamed' });
    expect(renamed.subtaskSetting).toBe('Card');
  });

  it('validates title (1..200), setting, layout, filters; an empty update is refused', async () => {
    const { user, project } = await setup();
    await expectAppError(createView(db, user.id, { projectId: project.id, title: '' }), 'VALIDATION', 'title');
    await expectAppError(createView(db, user.id, { projectId: project.id, title: 'x'.repeat(201) }), 'VALIDATION', 'title');
    await createView(db, user.id, { projectId: project.id, title: 'x'.repeat(200) });
    await expectAppError(
      createView(db, user.id, { projectId: project.id, title: 'x', subtaskSetting: 'Sideways' as never }),
      'VALIDATION',
      'subtaskSetting',
    );
    await expectAppError(createView(db, user.id, { projectId: project.id, title: 'x', layout: 'kanban' }), 'VALIDATION', 'layout');
    await expectAppError(createView(db, user.id, { projectId: project.id, title: 'x', filters: { s: 'y'.repeat(10_001) } }), 'VALIDATION', 'filters');
    const view = await createView(db, user.id, { projectId: project.id, title: 'ok' });
    await expectAppError(updateView(db, user.id, view.id, {}), 'VALIDATION', 'subtaskSetting');
    await expectAppError(updateView(db, user.id, view.id, { subtaskSetting: 'Bad' as never }), 'VALIDATION', 'subtaskSetting');
    expect((await requireView(db, user.id, view.id)).subtaskSetting).toBe('None');
  });

  it('filters serialise to at most 10 000 characters; titles are trimmed; each field updates alone', async () => {
    const { user, project } = await setup();
    // {"s":"…"} is 8 characters around the text.
    const exactly = { s: 'y'.repeat(10_000 - 8) };
    expect(JSON.stringify(exactly)).toHaveLength(10_000);
    const view = await createView(db, user.id, { projectId: project.id, title: '  Mine  ', filters: exactly });
    expect([view.title, view.filters]).toEqual(['Mine', exactly]);
    await expectAppError(createView(db, user.id, { projectId: project.id, title: 'x', filters: { s: 'y'.repeat(10_000 - 7) } }), 'VALIDATION', 'filters');
    expect((await updateView(db, user.id, view.id, { layout: 'table' })).layout).toBe('table');
    expect((await updateView(db, user.id, view.id, { filters: { a: 1 } })).filters).toEqual({ a: 1 });
    expect((await updateView(db, user.id, view.id, { title: ' Renamed ' })).title).toBe('Renamed');
    expect(await requireView(db, user.id, view.id)).toMatchObject({ title: 'Renamed', layout: 'table', filters: { a: 1 }, subtaskSetting: 'None' });
    await expectAppError(updateView(db, user.id, view.id, { title: null, layout: null }), 'VALIDATION', 'subtaskSetting', 'missing_fields');
  });

  it('views are personal: another user (even a project colleague) gets NOT_FOUND, and nothing changes', async () => {
    const { user, colleague, stranger, project } = await setup();
    const view = await createView(db, user.id, { projectId: project.id, title: 'Private' });
    for (const other of [colleague, stranger]) {
      await expectAppError(requireView(db, other.id, view.id), 'NOT_FOUND', 'viewId');
      await expectAppError(updateView(db, other.id, view.id, { subtaskSetting: 'Card' }), 'NOT_FOUND', 'viewId');
      await expectAppError(deleteView(db, other.id, view.id), 'NOT_FOUND', 'viewId');
    }
    await expectAppError(createView(db, stranger.id, { projectId: project.id, title: 'x' }), 'NOT_FOUND', 'projectId');
    await expectAppError(projectViewsQuery(db, stranger.id, project.id), 'NOT_FOUND', 'projectId');
    const q = await projectViewsQuery(db, colleague.id, project.id);
    expect(await db.savedView.count({ where: q.where })).toBe(0);
    expect((await requireView(db, user.id, view.id)).subtaskSetting).toBe('None');
  });

  it('lists my views of a project oldest first, and deletes', async () => {
    const { user, project } = await setup();
    const a = await createView(db, user.id, { projectId: project.id, title: 'A' });
    const b = await createView(db, user.id, { projectId: project.id, title: 'B' });
    const q = await projectViewsQuery(db, user.id, project.id);
    expect((await db.savedView.findMany(q)).map((v) => v.id)).toEqual([a.id, b.id]);
    await deleteView(db, user.id, a.id);
    await expectAppError(deleteView(db, user.id, a.id), 'NOT_FOUND', 'viewId');
    expect((await db.savedView.findMany(q)).map((v) => v.id)).toEqual([b.id]);
  });
});
