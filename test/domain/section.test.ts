import { describe, expect, it } from 'vitest';
import { createSection, deleteSection, listSections, updateSection } from '../../src/domain/section.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeBoard, makeUser } from '../support/factories.ts';
import { rejection } from '../support/errors.ts';

const db = useTestDb();
const bystander = useBystander(db);


async function board(sections = ['Todo', 'Doing', 'Done']) {
  const user = await makeUser(db, 'Owner');
  const b = await makeBoard(db, user.id, { sections: sections.map((title) => ({ title })) });
  return { user, projectId: b.project.id, sections: b.sections, b };
}

const titles = async (userId: number, projectId: number, includeHidden = false) =>
  (await listSections(db, userId, { projectId, includeHidden })).map((s) => s.title);

describe('sections', () => {
  it('are listed in manifest order; create appends or inserts after a section', async () => {
    const { user, projectId, sections } = await board();
    expect(await titles(user.id, projectId)).toEqual(['Todo', 'Doing', 'Done']);
    await createSection(db, user.id, { projectId, title: 'Archive' });
    await createSection(db, user.id, { projectId, title: 'Review', afterSectionId: sections[1].id });
    await createSection(db, user.id, { projectId, title: 'Review 2', afterSectionId: sections[1].id });
    expect(await titles(user.id, projectId)).toEqual(['Todo', 'Doing', 'Review 2', 'Review', 'Done', 'Archive']);
  });

  it('inserting never renumbers other rows', async () => {
    const { user, projectId, sections } = await board();
    const before = await db.section.findMany({ where: { projectId }, orderBy: { id: 'asc' } });
    for (let i = 0; i < 20; i++) await createSection(db, user.id, { projectId, title: `S${i}`, afterSectionId: sections[0].id });
    const after = await db.section.findMany({ where: { id: { in: before.map((s) => s.id) } }, orderBy: { id: 'asc' } });
    expect(after.map((s) => [s.ranking, s.updatedAt.getTime()])).toEqual(before.map((s) => [s.ranking, s.updatedAt.getTime()]));
    const list = await titles(user.id, projectId);
    expect(list[0]).toBe('Todo');
    expect(list[1]).toBe('S19');
    expect(list.slice(-2)).toEqual(['Doing', 'Done']);
  });

  it('title is 1 to 200 characters', async () => {
    const { user, projectId } = await board();
    expect((await createSection(db, user.id, { projectId, title: 'x'.repeat(200) })).title).toHaveLength(200);
    expect((await createSection(db, user.id, { projectId, title: 'y' })).title).toBe('y');
    for (const title of ['', '   ', 'z'.repeat(201)]) {
      const err = await rejection(createSection(db, user.id, { projectId, title }));
      expect([err.code, err.field]).toEqual(['VALIDATION', 'title']);
    }
    const err = await rejection(updateSection(db, user.id, { projectId, sectionId: (await listSections(db, user.id, { projectId }))[0].id, title: 'z'.repeat(201) }));
    expect(err.field).toBe('title');
  });

  it('update: rename, move after a section, move first with null; at least one change required', async () => {
    const { user, projectId, sections } = await board(['A', 'B', 'C', 'D']);
    const [a, b, c, d] = sections;
    await updateSection(db, user.id, { projectId, sectionId: a.id, moveAfterSectionId: c.id });
    expect(await titles(user.id, projectId)).toEqual(['B', 'C', 'A', 'D']);
    await updateSection(db, user.id, { projectId, sectionId: d.id, moveAfterSectionId: null, title: 'D!' });
    expect(await titles(user.id, projectId)).toEqual(['D!', 'B', 'C', 'A']);
    await updateSection(db, user.id, { projectId, sectionId: b.id, moveAfterSectionId: a.id });
    expect(await titles(user.id, projectId)).toEqual(['D!', 'C', 'A', 'B']);
    let err = await rejection(updateSection(db, user.id, { projectId, sectionId: b.id }));
    expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'title', 'at_least_one_required']);
    err = await rejection(updateSection(db, user.id, { projectId, sectionId: b.id, moveAfterSectionId: b.id }));
    expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'moveAfterSectionId', 'self_reference']);
    err = await rejection(updateSection(db, user.id, { projectId, sectionId: b.id, moveAfterSectionId: 999999 }));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'moveAfterSectionId']);
    expect(await titles(user.id, projectId)).toEqual(['D!', 'C', 'A', 'B']);
  });

  it('hidden sections are listed only with includeHidden', async () => {
    const { user, projectId, sections } = await board();
    await updateSection(db, user.id, { projectId, sectionId: sections[1].id, visible: false });
    expect(await titles(user.id, projectId)).toEqual(['Todo', 'Done']);
    expect(await titles(user.id, projectId, true)).toEqual(['Todo', 'Doing', 'Done']);
  });

  it('delete moves the tasks to the first remaining section, with task.updated events', async () => {
    const user = await makeUser(db, 'Owner');
    const b = await makeBoard(db, user.id, {
      sections: [{ title: 'Todo' }, { title: 'Doing' }, { title: 'Done' }],
      tasks: [
        { title: 't1', sectionIndex: 0 },
        { title: 't2', sectionIndex: 0 },
        { title: 't3', sectionIndex: 2 },
      ],
    });
    const [todo, doing] = b.sections;
    const r = await deleteSection(db, user.id, { projectId: b.project.id, sectionId: todo.id });
    expect(r.target.id).toBe(doing.id);
    expect(r.movedTaskCount).toBe(2);
    expect(await titles(user.id, b.project.id)).toEqual(['Doing', 'Done']);
    const deleted = await db.section.findUniqueOrThrow({ where: { id: todo.id } });
    expect(deleted.deletedAt).not.toBeNull();
    const tasks = await db.task.findMany({ where: { projectId: b.project.id }, orderBy: { uniqueIndex: 'asc' } });
    expect(tasks.map((x) => x.sectionId)).toEqual([doing.id, doing.id, b.sections[2].id]);
    const events = await db.outboxEvent.findMany({ where: { projectId: b.project.id, type: 'task.updated' } });
    expect(events.map((e) => e.taskId).sort()).toEqual([tasks[0].id, tasks[1].id].sort());
    expect(events[0].data).toMatchObject({ changes: { sectionId: { from: todo.id, to: doing.id } } });
    // A deleted section cannot be deleted, updated or used again.
    expect((await rejection(deleteSection(db, user.id, { projectId: b.project.id, sectionId: todo.id }))).code).toBe('NOT_FOUND');
    expect((await rejection(createSection(db, user.id, { projectId: b.project.id, title: 'x', afterSectionId: todo.id }))).code).toBe('NOT_FOUND');
  });

  // The expected target is neither the first nor the last remaining section,
  // so "first" or "last" instead of "first visible" fails.
  it('delete moves tasks to the first visible remaining section', async () => {
    const { user, projectId, sections } = await board(['A', 'B', 'C', 'D']);
    await updateSection(db, user.id, { projectId, sectionId: sections[1].id, visible: false });
    const task = await createTask(db, user.id, { projectId, sectionId: sections[0].id, title: 'Moves' });
    const r = await deleteSection(db, user.id, { projectId, sectionId: sections[0].id });
    expect(r.target.id).toBe(sections[2].id);
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).sectionId).toBe(sections[2].id);
  });

  it('delete falls back to the first remaining section when none is visible', async () => {
    const { user, projectId, sections } = await board(['A', 'B', 'C']);
    for (const s of sections.slice(1)) await updateSection(db, user.id, { projectId, sectionId: s.id, visible: false });
    const r = await deleteSection(db, user.id, { projectId, sectionId: sections[0].id });
    expect(r.target.id).toBe(sections[1].id);
  });

  it('the last section cannot be deleted', async () => {
    const { user, projectId, sections } = await board(['Only', 'Other']);
    await deleteSection(db, user.id, { projectId, sectionId: sections[1].id });
    const err = await rejection(deleteSection(db, user.id, { projectId, sectionId: sections[0].id }));
    expect([err.code, err.field, err.detail]).toEqual(['CONFLICT', 'sectionId', 'last_section']);
    expect(await titles(user.id, projectId)).toEqual(['Only']);
  });

  it("another user's board is NOT_FOUND and stays unchanged", async () => {
    const { projectId, sections } = await board();
    const eve = await makeUser(db, 'Eve');
    expect((await rejection(listSections(db, eve.id, { projectId }))).code).toBe('NOT_FOUND');
    expect((await rejection(createSection(db, eve.id, { projectId, title: 'x' }))).code).toBe('NOT_FOUND');
    expect((await rejection(updateSection(db, eve.id, { sectionId: sections[0].id, title: 'x' }))).code).toBe('NOT_FOUND');
    expect((await rejection(deleteSection(db, eve.id, { sectionId: sections[0].id }))).code).toBe('NOT_FOUND');
    const rows = await db.section.findMany({ where: { projectId }, orderBy: { id: 'asc' } });
    expect(rows.map((s) => [s.title, s.deletedAt])).toEqual([
      ['Todo', null],
      ['Doing', null],
      ['Done', null],
    ]);
  });

  it('a section id of another board of the same user is NOT_FOUND under the wrong project', async () => {
    const { user, projectId } = await board();
    const other = await makeBoard(db, user.id);
    const err = await rejection(updateSection(db, user.id, { projectId, sectionId: other.sections[0].id, title: 'x' }));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'sectionId']);
    const err2 = await rejection(createSection(db, user.id, { projectId, title: 'x', afterSectionId: other.sections[0].id }));
    expect([err2.code, err2.field]).toEqual(['NOT_FOUND', 'afterSectionId']);
  });

  it('create without a neighbour (omitted or null) appends; moving first puts a section before the first', async () => {
    const { user, projectId, sections } = await board(['A', 'B', 'C', 'D']);
    await createSection(db, user.id, { projectId, title: 'E' });
    await createSection(db, user.id, { projectId, title: 'F', afterSectionId: null });
    expect(await titles(user.id, projectId)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    await updateSection(db, user.id, { projectId, sectionId: sections[2].id, moveAfterSectionId: null });
    expect(await titles(user.id, projectId)).toEqual(['C', 'A', 'B', 'D', 'E', 'F']);
    // Without includeHidden, hidden sections are left out.
    await updateSection(db, user.id, { projectId, sectionId: sections[0].id, visible: false });
    expect((await listSections(db, user.id, { projectId })).map((s) => s.title)).toEqual(['C', 'B', 'D', 'E', 'F']);
  });

  it('NOT_FOUND names the field that was wrong: the board, or the section', async () => {
    const { user, projectId, sections } = await board();
    const other = await makeBoard(db, user.id);
    const eve = await makeUser(db, 'Eve');
    const foreign = bystander.tenant.projectId;
    const sectionId = sections[0].id;
    for (const [call, field] of [
      [() => listSections(db, eve.id, { projectId }), 'projectId'],
      [() => createSection(db, eve.id, { projectId, title: 'x' }), 'projectId'],
      [() => updateSection(db, eve.id, { sectionId, title: 'x' }), 'sectionId'],
      [() => deleteSection(db, eve.id, { sectionId }), 'sectionId'],
      [() => updateSection(db, user.id, { projectId: foreign, sectionId, title: 'x' }), 'projectId'],
      [() => deleteSection(db, user.id, { projectId: foreign, sectionId }), 'projectId'],
      // A section of this board under another board of the same user.
      [() => deleteSection(db, user.id, { projectId: other.project.id, sectionId }), 'sectionId'],
    ] as const) {
      const err = await rejection(call());
      expect([err.code, err.field]).toEqual(['NOT_FOUND', field]);
    }
    expect(await titles(user.id, projectId)).toEqual(['Todo', 'Doing', 'Done']);
  });

  const boardEvents = async (projectId: number) =>
    (await db.outboxEvent.findMany({ where: { projectId, type: { startsWith: 'section.' } }, orderBy: { id: 'asc' } })).map(
      (e) => [e.type, e.actorId, e.data],
    );

  it('create, update and delete write their board events; an update that changes nothing writes none', async () => {
    const { user, projectId, sections } = await board(['A', 'B']);
    const [a, b] = sections;
    const aRanking = (await db.section.findUniqueOrThrow({ where: { id: a.id } })).ranking;
    const created = await createSection(db, user.id, { projectId, title: 'C', afterSectionId: a.id });
    await updateSection(db, user.id, { projectId, sectionId: created.id, title: 'C2' });
    await updateSection(db, user.id, { projectId, sectionId: created.id, title: 'C2', visible: true });
    const moved = await updateSection(db, user.id, { projectId, sectionId: a.id, moveAfterSectionId: b.id, visible: false });
    await deleteSection(db, user.id, { projectId, sectionId: created.id });
    const actor = { id: user.id };
    expect(await boardEvents(projectId)).toEqual([
      ['section.created', user.id, { sectionId: created.id, title: 'C', ranking: created.ranking, actor }],
      ['section.updated', user.id, { sectionId: created.id, changes: { title: { from: 'C', to: 'C2' } }, actor }],
      [
        'section.updated',
        user.id,
        { sectionId: a.id, changes: { ranking: { from: aRanking, to: moved.ranking }, visible: { from: true, to: false } }, actor },
      ],
      // The only visible section left is B: the deleted one's (no) tasks go there.
      ['section.deleted', user.id, { sectionId: created.id, movedTo: b.id, movedTaskCount: 0, actor }],
    ]);
  });

  it('delete moves the section\'s drafts too, and the moved tasks lose their place in the column', async () => {
    const user = await makeUser(db, 'Owner');
    const b = await makeBoard(db, user.id, { tasks: [{ title: 't1', sectionIndex: 0 }, { title: 't2', sectionIndex: 2 }] });
    const [todo, doing, done] = b.sections;
    await db.task.updateMany({ where: { projectId: b.project.id }, data: { position: 'a0' } });
    const draft = (sectionId: number) => db.taskDraft.create({ data: { userId: user.id, projectId: b.project.id, sectionId, title: 'd' } });
    const [inTodo, inDone] = [await draft(todo.id), await draft(done.id)];
    await deleteSection(db, user.id, { projectId: b.project.id, sectionId: todo.id });
    const drafts = await db.taskDraft.findMany({ where: { id: { in: [inTodo.id, inDone.id] } }, orderBy: { id: 'asc' } });
    expect(drafts.map((d) => d.sectionId)).toEqual([doing.id, done.id]);
    const tasks = await db.task.findMany({ where: { projectId: b.project.id }, orderBy: { uniqueIndex: 'asc' } });
    expect(tasks.map((t) => [t.sectionId, t.position])).toEqual([
      [doing.id, null],
      [done.id, 'a0'],
    ]);
    const [event] = await db.outboxEvent.findMany({ where: { projectId: b.project.id, type: 'task.updated' } });
    expect([event.taskId, event.ticketNumber, event.data]).toEqual([
      tasks[0].id,
      b.tasks[0].ticketNumber,
      { changes: { sectionId: { from: todo.id, to: doing.id } }, reason: 'section_deleted', actor: { id: user.id } },
    ]);
  });

  // PostgreSQL only: the board lock (lockBoard) serialises the ranking reads; PGlite runs
  // the transactions one after another anyway, so this passes there without the lock.
  describe.runIf(isPostgres)('under concurrency (PostgreSQL)', () => {
    it('concurrent inserts after the same section get distinct rankings', async () => {
      const { user, projectId, sections } = await board(['A', 'B']);
      await Promise.all(
        Array.from({ length: 8 }, (_, i) => createSection(db, user.id, { projectId, title: `N${i}`, afterSectionId: sections[0].id })),
      );
      const rows = await db.section.findMany({ where: { projectId } });
      expect(new Set(rows.map((s) => s.ranking)).size).toBe(rows.length);
    });
  });
});
