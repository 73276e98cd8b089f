import { describe, expect, it } from 'vitest';
import { deleteSection } from '../../src/domain/section.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { TASK_ORDER, placeTask } from '../../src/domain/task/position.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';

const db = useTestDb();
useBystander(db);

/** A board with columns Todo and Done, and tasks a, b, c, d in Todo (created in that order). */
async function board() {
  const user = await makeUser(db);
  const bystander = await makeUser(db, 'Bystander');
  const project = await makeProject(db, { memberIds: [user.id], sections: ['Todo', 'Done'] });
  const other = await makeProject(db, { memberIds: [bystander.id], sections: ['Theirs'] });
  const [todo, done] = project.sections;
  const t: Record<string, number> = {};
  for (const title of ['a', 'b', 'c', 'd']) {
    t[title] = (await createTask(db, user.id, { projectId: project.id, sectionId: todo.id, title })).id;
  }
  const theirs = await createTask(db, bystander.id, { projectId: other.id, title: 'theirs' });
  return { user, bystander, project, todo, done, t, theirs };
}

/** Titles of a section in board order. */
async function column(sectionId: number) {
  const rows = await db.task.findMany({ where: { sectionId }, orderBy: TASK_ORDER, select: { title: true } });
  return rows.map((r) => r.title).join('');
}

describe('placeTask', () => {
  it('new tasks follow in creation order; placing reorders within a column', async () => {
    const { user, todo, t } = await board();
    expect(await column(todo.id)).toBe('abcd');
    // The unplaced tasks up to the one it goes before get positions with it, and the answer says which.
    const placed = await placeTask(db, user.id, { taskId: t.d }, { afterTaskId: t.a });
    expect(placed.alsoPlacedIds).toEqual([t.a, t.b]);
    expect(await column(todo.id)).toBe('adbc');
    await placeTask(db, user.id, { taskId: t.c }, { afterTaskId: null });
    expect(await column(todo.id)).toBe('cadb');
    await placeTask(db, user.id, { taskId: t.c }, { afterTaskId: t.b });
    expect(await column(todo.id)).toBe('adbc');
    // A task created later still lands at the bottom.
    await createTask(db, user.id, { projectId: todo.projectId, sectionId: todo.id, title: 'e' });
    expect(await column(todo.id)).toBe('adbce');
  });

  it('moves a task to another column at a position and writes task.updated with position and section', async () => {
    const { user, todo, done, t } = await board();
    await placeTask(db, user.id, { taskId: t.a }, { sectionId: done.id });
    await placeTask(db, user.id, { taskId: t.c }, { sectionId: done.id, afterTaskId: t.a });
    await placeTask(db, user.id, { taskId: t.b }, { sectionId: done.id, afterTaskId: t.a });
    expect(await column(done.id)).toBe('abc');
    expect(await column(todo.id)).toBe('d');
    const event = await db.outboxEvent.findFirstOrThrow({ where: { taskId: t.b }, orderBy: { id: 'desc' } });
    const changes = (event.data as { changes: Record<string, { from: unknown; to: unknown }> }).changes;
    expect(event.type).toBe('task.updated');
    expect(changes.sectionId).toEqual({ from: todo.id, to: done.id });
    expect(changes.position.from).toBeNull();
    expect(typeof changes.position.to).toBe('string');
  });

  it('watchers hear of a column change, not of a reorder within a column', async () => {
    const { user, project, todo, done, t } = await board();
    const mover = await makeUser(db, 'Mover');
    await db.projectMember.create({ data: { projectId: project.id, userId: mover.id } });
    const before = await db.task.findUniqueOrThrow({ where: { id: t.b } });
    await placeTask(db, mover.id, { taskId: t.b }, { afterTaskId: null });
    expect(await db.notification.count({ where: { taskId: t.b } })).toBe(0);
    const reordered = await db.task.findUniqueOrThrow({ where: { id: t.b } });
    expect(reordered.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    await placeTask(db, mover.id, { taskId: t.b }, { sectionId: done.id });
    const notes = await db.notification.findMany({ where: { taskId: t.b } });
    expect(notes.map((n) => [n.userId, n.type])).toEqual([[user.id, 'task_updated']]);
    expect(notes[0].message).toMatch(/^Mover .* updated section of PRJ-\d+: b$/);
    expect(await column(todo.id)).toBe('acd');
  });

  it('placing a task where it already is writes nothing', async () => {
    const { user, t } = await board();
    await placeTask(db, user.id, { taskId: t.b }, { afterTaskId: t.a });
    const events = await db.outboxEvent.count({ where: { taskId: t.b } });
    const { task: again, alsoPlacedIds } = await placeTask(db, user.id, { taskId: t.b }, { afterTaskId: t.a });
    expect(alsoPlacedIds).toEqual([]);
    // `a` got its position (and an event saying so) when `b` was placed after it, and is first already.
    const eventsOfA = await db.outboxEvent.findMany({ where: { taskId: t.a, type: 'task.updated' }, select: { data: true } });
    expect(eventsOfA.map((e) => (e.data as { changes: object }).changes)).toEqual([{ position: { from: null, to: expect.any(String) } }]);
    const { task: first } = await placeTask(db, user.id, { taskId: t.a }, { afterTaskId: null });
    expect(await db.outboxEvent.count({ where: { taskId: t.b } })).toBe(events);
    expect(await db.outboxEvent.count({ where: { taskId: t.a, type: 'task.updated' } })).toBe(1);
    expect(again.position).not.toBeNull();
    expect(first.position! < again.position!).toBe(true);
  });

  it('a task moved to another column by an update or a section deletion goes to its bottom', async () => {
    const { user, todo, done, t } = await board();
    await placeTask(db, user.id, { taskId: t.a }, { sectionId: done.id });
    await placeTask(db, user.id, { taskId: t.b }, { sectionId: done.id, afterTaskId: null });
    await placeTask(db, user.id, { taskId: t.d }, { afterTaskId: null });
    expect(await column(done.id)).toBe('ba');
    await updateTask(db, user.id, { taskId: t.d }, { sectionId: done.id });
    expect(await column(done.id)).toBe('bad');
    // Moved in unplaced: after the placed `c`, oldest first.
    await deleteSection(db, user.id, { sectionId: done.id });
    expect(await column(todo.id)).toBe('cabd');
  });

  it('another board’s task, section or neighbour is NOT_FOUND naming the argument; nothing changes', async () => {
    const { user, bystander, todo, t, theirs } = await board();
    const theirSection = (await db.task.findUniqueOrThrow({ where: { id: theirs.id } })).sectionId;
    await expect(placeTask(db, user.id, { taskId: theirs.id }, { afterTaskId: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(placeTask(db, user.id, { taskId: t.a }, { sectionId: theirSection })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'sectionId',
    });
    await expect(placeTask(db, user.id, { taskId: t.a }, { afterTaskId: theirs.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'afterTaskId',
    });
    await expect(placeTask(db, bystander.id, { taskId: t.a }, { afterTaskId: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await column(todo.id)).toBe('abcd');
    expect(await db.task.count({ where: { sectionId: todo.id, position: { not: null } } })).toBe(0);
    expect(await db.task.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ position: null });
  });

  // PostgreSQL only: the section's row lock serialises the position reads; PGlite runs the
  // transactions one after another anyway, so this passes there without the lock.
  describe.runIf(isPostgres)('under concurrency (PostgreSQL)', () => {
    it('concurrent placements in one column all land, with distinct positions', async () => {
      const { user, todo, t } = await board();
      await Promise.all([
        placeTask(db, user.id, { taskId: t.d }, { afterTaskId: null }),
        placeTask(db, user.id, { taskId: t.c }, { afterTaskId: null }),
        placeTask(db, user.id, { taskId: t.b }, { afterTaskId: null }),
      ]);
      const rows = await db.task.findMany({ where: { sectionId: todo.id }, select: { position: true } });
      expect(new Set(rows.map((r) => r.position)).size).toBe(4);
      expect((await column(todo.id)).at(-1)).toBe('a');
    });
  });
});
