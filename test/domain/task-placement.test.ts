import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { moveTask } from '../../src/domain/task/move.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';

const db = useTestDb();
useBystander(db);

/** Board order: ranking, then id. */
const boardOrder = async (projectId: number) =>
  (await db.section.findMany({ where: { projectId, deletedAt: null }, orderBy: [{ ranking: 'asc' }, { id: 'asc' }] })).map((s) => s.title);

describe('where tasks land', () => {
  it('a create with references and no section goes to the first Backlog in board order (any case)', async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, { memberIds: [user.id], sections: ['Todo'] });
    const label = await db.label.create({ data: { projectId: project.id, name: 'bug' } });
    await db.section.create({ data: { projectId: project.id, title: 'Backlog', ranking: 'a5' } });
    const first = await db.section.create({ data: { projectId: project.id, title: 'BACKLOG', ranking: 'a3' } });
    const task = await createTask(db, user.id, { projectId: project.id, title: 'x', labelIds: [label.id] });
    expect(task.sectionId).toBe(first.id);
  });

  it('a missing Backlog is added after every section, deleted ones included', async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, { memberIds: [user.id], sections: ['A', 'B', 'C'] });
    await db.section.update({ where: { id: project.sections[2].id }, data: { deletedAt: new Date() } });
    const label = await db.label.create({ data: { projectId: project.id, name: 'bug' } });
    const task = await createTask(db, user.id, { projectId: project.id, title: 'x', labelIds: [label.id] });
    const backlog = await db.section.findUniqueOrThrow({ where: { id: task.sectionId } });
    expect(backlog.title).toBe('Backlog');
    expect(backlog.ranking > 'a2').toBe(true);
    expect(await boardOrder(project.id)).toEqual(['A', 'B', 'Backlog']);
  });

  it('a move without a section lands in the target’s first section in board order', async () => {
    const user = await makeUser(db);
    const from = await makeProject(db, { memberIds: [user.id], sections: ['Todo'] });
    const to = await makeProject(db, { memberIds: [user.id], sections: ['Second', 'Third'] });
    const first = await db.section.create({ data: { projectId: to.id, title: 'First', ranking: 'Zz' } });
    const task = await createTask(db, user.id, { projectId: from.id, title: 'x', sectionId: from.sections[0].id });
    expect((await moveTask(db, user.id, { taskId: task.id }, { targetProjectId: to.id })).sectionId).toBe(first.id);
  });
});
