import { describe, expect, it } from 'vitest';
import { createDraft, deleteDraft, draftListQuery, publishDraft, requireDraft, updateDraft } from '../../src/domain/draft.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

async function setup() {
  const user = await makeUser(db, 'Drafter');
  const other = await makeUser(db, 'Other');
  const project = await makeProject(db, { memberIds: [user.id, other.id], sections: ['Todo', 'Doing'], prefix: 'DRF' });
  const foreign = await makeProject(db, { memberIds: [other.id], sections: ['Elsewhere'] });
  return { user, other, project, foreign };
}


describe('task drafts', () => {
  it('create, list (mine only, newest edit first), get, update, delete', async () => {
    const { user, other, project } = await setup();
    const empty = await createDraft(db, user.id, {});
    expect(empty).toMatchObject({ projectId: null, title: '', description: '', priority: null });
    const full = await createDraft(db, user.id, {
      projectId: project.id,
      sectionId: project.sections[1].id,
      title: 'Plan',
      description: '# Head',
      contentType: 'markdown',
      priority: 'high',
      dueDate: '2030-01-02',
    });
    expect(full.description).toContain('<h1>Head</h1>');
    expect(full.dueDate?.toISOString()).toBe('2030-01-02T00:00:00.000Z');
    await createDraft(db, other.id, { title: 'Theirs' });

    await updateDraft(db, user.id, empty.id, { title: 'Now titled' });
    const q = draftListQuery(user.id, {});
    const mine = await db.taskDraft.findMany({ where: q.where, orderBy: q.orderBy });
    expect(mine.map((d) => d.id)).toEqual([empty.id, full.id]);

    const cleared = await updateDraft(db, user.id, full.id, { priority: null, dueDate: null });
    expect(cleared).toMatchObject({ priority: null, dueDate: null, title: 'Plan', sectionId: project.sections[1].id });
    await deleteDraft(db, user.id, empty.id);
    await expectAppError(requireDraft(db, user.id, empty.id), 'NOT_FOUND', 'draftId');
  });

  it('checks the project (mine) and the section (of that project)', async () => {
    const { user, project, foreign } = await setup();
    await expectAppError(createDraft(db, user.id, { projectId: foreign.id }), 'NOT_FOUND', 'projectId');
    await expectAppError(createDraft(db, user.id, { sectionId: project.sections[0].id }), 'VALIDATION', 'sectionId');
    // As createTask: a section that is not one of the project's is NOT_FOUND, whoever's board it is on.
    await expectAppError(createDraft(db, user.id, { projectId: project.id, sectionId: foreign.sections[0].id }), 'NOT_FOUND', 'sectionId');
    const mine = await makeProject(db, { memberIds: [user.id], sections: ['Mine'] });
    await expectAppError(createDraft(db, user.id, { projectId: project.id, sectionId: mine.sections[0].id }), 'NOT_FOUND', 'sectionId');
    const draft = await createDraft(db, user.id, { projectId: project.id });
    await expectAppError(updateDraft(db, user.id, draft.id, { sectionId: foreign.sections[0].id }), 'NOT_FOUND', 'sectionId');
    await deleteDraft(db, user.id, draft.id);
    await expectAppError(createDraft(db, user.id, { title: 'x'.repeat(501) }), 'VALIDATION', 'title');
    await expectAppError(createDraft(db, user.id, { contentType: 'rst' }), 'VALIDATION', 'contentType');
    await createDraft(db, user.id, { title: 'x'.repeat(500) });
    const d = await createDraft(db, user.id, { projectId: project.id, sectionId: project.sections[0].id });
    const other = await makeProject(db, { memberIds: [user.id] });
    const moved = await updateDraft(db, user.id, d.id, { projectId: other.id });
    expect(moved).toMatchObject({ projectId: other.id, sectionId: null });
  });

  it("another user's draft is NOT_FOUND for every operation, and stays", async () => {
    const { user, other, project } = await setup();
    const d = await createDraft(db, user.id, { projectId: project.id, title: 'Mine' });
    await expectAppError(requireDraft(db, other.id, d.id), 'NOT_FOUND', 'draftId');
    await expectAppError(updateDraft(db, other.id, d.id, { title: 'x' }), 'NOT_FOUND', 'draftId');
    await expectAppError(deleteDraft(db, other.id, d.id), 'NOT_FOUND', 'draftId');
    await expectAppError(publishDraft(db, other.id, d.id), 'NOT_FOUND', 'draftId');
    expect((await requireDraft(db, user.id, d.id)).title).toBe('Mine');
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('publish creates the task (Backlog when no section) and removes the draft', async () => {
    const { user, project } = await setup();
    const d = await createDraft(db, user.id, { projectId: project.id, title: 'Ship it', priority: 'urgent', description: '<p>d</p>' });
    const task = await publishDraft(db, user.id, d.id);
    expect(task).toMatchObject({ projectId: project.id, title: 'Ship it', priority: 'urgent', description: '<p>d</p>', createdById: user.id });
    expect((await db.section.findUniqueOrThrow({ where: { id: task.sectionId } })).title).toBe('Backlog');
    expect(await db.taskDraft.count({ where: { id: d.id } })).toBe(0);
    expect(await db.outboxEvent.count({ where: { taskId: task.id, type: 'task.created' } })).toBe(1);

    const s = await createDraft(db, user.id, { projectId: project.id, sectionId: project.sections[1].id, title: 'In Doing' });
    expect((await publishDraft(db, user.id, s.id)).sectionId).toBe(project.sections[1].id);
  });

  it('a failed publish keeps the draft unchanged and creates nothing', async () => {
    const { user, other, project } = await setup();
    const noProject = await createDraft(db, user.id, { title: 'Homeless' });
    await expectAppError(publishDraft(db, user.id, noProject.id), 'VALIDATION', 'projectId');
    const noTitle = await createDraft(db, user.id, { projectId: project.id });
    await expectAppError(publishDraft(db, user.id, noTitle.id), 'VALIDATION', 'title');

    // The user leaves the project after drafting: the draft goes with the board (hidden, nothing published);
    // it shows again, unchanged, when they rejoin.
    const left = await createDraft(db, other.id, { projectId: project.id, title: 'Orphan' });
    await db.projectMember.delete({ where: { projectId_userId: { projectId: project.id, userId: other.id } } });
    await expectAppError(publishDraft(db, other.id, left.id), 'NOT_FOUND', 'draftId');
    await expectAppError(requireDraft(db, other.id, left.id), 'NOT_FOUND', 'draftId');
    await db.projectMember.create({ data: { projectId: project.id, userId: other.id } });
    expect(await requireDraft(db, other.id, left.id)).toMatchObject({ title: 'Orphan', projectId: project.id });
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(0);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).taskCounter).toBe(0);
  });

  it('publish refuses a draft without project or title with detail required', async () => {
    const { user, project } = await setup();
    await expectAppError(createDraft(db, user.id, { sectionId: project.sections[0].id }), 'VALIDATION', 'sectionId', 'required');
    const noProject = await createDraft(db, user.id, { title: 'Homeless' });
    await expectAppError(publishDraft(db, user.id, noProject.id), 'VALIDATION', 'projectId', 'required');
    const blank = await createDraft(db, user.id, { projectId: project.id, title: '   ' });
    expect(blank.title).toBe('');
    await db.taskDraft.update({ where: { id: blank.id }, data: { title: '   ' } });
    await expectAppError(publishDraft(db, user.id, blank.id), 'VALIDATION', 'title', 'required');
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('a user without any project drafts without one; every priority is accepted', async () => {
    const loner = await makeUser(db, 'Loner');
    const d = await createDraft(db, loner.id, { title: '  Idea  ' });
    expect([d.projectId, d.title]).toEqual([null, 'Idea']);
    for (const priority of ['urgent', 'high', 'medium', 'low'] as const) {
      expect((await updateDraft(db, loner.id, d.id, { priority })).priority).toBe(priority);
    }
  });

  it('update: only the fields given; a new project is checked, its section too; the same project keeps the section', async () => {
    const { user, project, foreign } = await setup();
    const d = await createDraft(db, user.id, { projectId: project.id, sectionId: project.sections[0].id, title: 'T', priority: 'low' });
    // Giving the project it already has changes nothing.
    expect(await updateDraft(db, user.id, d.id, { projectId: project.id })).toMatchObject({ projectId: project.id, sectionId: project.sections[0].id });
    // null title and description leave them; a description is rendered like on create.
    const described = await updateDraft(db, user.id, d.id, { title: null, description: '**b**', contentType: 'markdown' });
    expect([described.title, described.description, described.priority]).toEqual(['T', '<p><strong>b</strong></p>', 'low']);
    expect((await updateDraft(db, user.id, d.id, { description: null, priority: 'high' })).description).toBe('<p><strong>b</strong></p>');
    expect((await updateDraft(db, user.id, d.id, { sectionId: project.sections[1].id })).sectionId).toBe(project.sections[1].id);
    await expectAppError(updateDraft(db, user.id, d.id, { projectId: foreign.id }), 'NOT_FOUND', 'projectId');
    const other = await makeProject(db, { memberIds: [user.id], sections: ['X', 'Y'] });
    const moved = await updateDraft(db, user.id, d.id, { projectId: other.id, sectionId: other.sections[1].id });
    expect([moved.projectId, moved.sectionId]).toEqual([other.id, other.sections[1].id]);
    const loose = await updateDraft(db, user.id, d.id, { projectId: null });
    expect([loose.projectId, loose.sectionId, loose.title]).toEqual([null, null, 'T']);
  });

  it('a description too complex to render is refused on description, on create and on update', async () => {
    const { user } = await setup();
    const nested = '<div>'.repeat(16_000);
    await expectAppError(createDraft(db, user.id, { description: nested }), 'VALIDATION', 'description', 'too_complex');
    const d = await createDraft(db, user.id, { title: 'Kept' });
    await expectAppError(updateDraft(db, user.id, d.id, { description: nested }), 'VALIDATION', 'description', 'too_complex');
    expect(await requireDraft(db, user.id, d.id)).toMatchObject({ title: 'Kept', description: '' });
    expect(await db.taskDraft.count({ where: { userId: user.id } })).toBe(1);
  });

  // PostgreSQL only: on PGlite the two publishes run one after the other anyway.
  it.runIf(isPostgres)('of two concurrent publishes of one draft, one makes the task and the other is NOT_FOUND (PostgreSQL)', async () => {
    const { user, project } = await setup();
    const d = await createDraft(db, user.id, { projectId: project.id, title: 'Once' });
    const results = await Promise.allSettled([publishDraft(db, user.id, d.id), publishDraft(db, user.id, d.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect([failed.reason.code, failed.reason.field]).toEqual(['NOT_FOUND', 'draftId']);
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(1);
  });
});
