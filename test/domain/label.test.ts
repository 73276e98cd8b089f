import { describe, expect, it } from 'vitest';
import { createLabel, deleteLabel, labelListQuery, listLabels, updateLabel } from '../../src/domain/label.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { makeOwnedProject, makeUser } from '../support/factories.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

async function board() {
  const { user, project } = await makeOwnedProject(db, { prefix: 'LBL' });
  return { user, project };
}
const boardEvents = (projectId: number, type: string) =>
  db.outboxEvent.findMany({ where: { projectId, type }, orderBy: { id: 'asc' } });
const withoutActor = (data: unknown) => {
  const { actor: _actor, ...rest } = data as Record<string, unknown>;
  return rest;
};

describe('createLabel', () => {
  it('stores the trimmed name and colour (none: null) with a label.created event', async () => {
    const { user, project } = await board();
    const red = await createLabel(db, user.id, { projectId: project.id, name: ' Bug ', color: ' #D73A4A ' });
    const plain = await createLabel(db, user.id, { projectId: project.id, name: 'ui' });
    expect(red).toMatchObject({ projectId: project.id, name: 'Bug', color: '#d73a4a' });
    expect(plain.color).toBeNull();
    const events = await boardEvents(project.id, 'label.created');
    expect(events.map((e) => [e.actorId, withoutActor(e.data)])).toEqual([
      [user.id, { labelId: red.id, name: 'Bug', color: '#d73a4a' }],
      [user.id, { labelId: plain.id, name: 'ui', color: null }],
    ]);
  });

  it('colour: only #rrggbb (else VALIDATION on color, nothing written); the same name on another board is fine', async () => {
    const { user, project } = await board();
    await createLabel(db, user.id, { projectId: project.id, name: 'a', color: '#00ff7f' });
    for (const color of ['red', '#f00', '#00ff7', '#00ff7f0', '#00gg7f', '00ff7f', 'url(x)', '', '#'.repeat(51)]) {
      await expectAppError(createLabel(db, user.id, { projectId: project.id, name: 'b', color }), 'VALIDATION', 'color');
    }
    expect(await db.label.count({ where: { projectId: project.id } })).toBe(1);
    const other = await makeOwnedProject(db);
    await createLabel(db, other.user.id, { projectId: other.project.id, name: 'A' });
    await expectAppError(createLabel(db, user.id, { projectId: project.id, name: 'A' }), 'CONFLICT', 'name', 'duplicate');
  });
});

describe('createLabel: access and races', () => {
  it('another tenant’s board is NOT_FOUND naming projectId', async () => {
    const { project } = await board();
    const outsider = await makeUser(db, 'Outsider');
    await expectAppError(createLabel(db, outsider.id, { projectId: project.id, name: 'x' }), 'NOT_FOUND', 'projectId');
  });

  // PostgreSQL only: on PGlite transactions run one after the other anyway.
  it.runIf(isPostgres)('of concurrent creates of one name, one makes the label and the others are CONFLICT (PostgreSQL)', async () => {
    const { user, project } = await board();
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => createLabel(db, user.id, { projectId: project.id, name: 'race' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', field: 'name', detail: 'duplicate' });
    }
    expect(await db.label.count({ where: { projectId: project.id } })).toBe(1);
  });

  // PostgreSQL only, as above.
  it.runIf(isPostgres)('of concurrent renames of two labels to one name, one wins and the other is CONFLICT (PostgreSQL)', async () => {
    const { user, project } = await board();
    const [a, b] = [await createLabel(db, user.id, { projectId: project.id, name: 'a' }), await createLabel(db, user.id, { projectId: project.id, name: 'b' })];
    const results = await Promise.allSettled([updateLabel(db, user.id, a.id, { name: 'same' }), updateLabel(db, user.id, b.id, { name: 'same' })]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: 'CONFLICT', field: 'name', detail: 'duplicate' });
  });
});

describe('listing labels', () => {
  it('lists a board’s labels by name, then id; another tenant’s board is NOT_FOUND', async () => {
    const { user, project } = await board();
    const other = await board();
    await createLabel(db, other.user.id, { projectId: other.project.id, name: 'aaa' });
    for (const name of ['c', 'a', 'B']) await createLabel(db, user.id, { projectId: project.id, name });
    expect((await listLabels(db, user.id, project.id)).map((l) => l.name)).toEqual(['B', 'a', 'c']);
    expect(await listLabels(db, user.id, project.id, { select: { name: true } })).toEqual([{ name: 'B' }, { name: 'a' }, { name: 'c' }]);
    expect((await labelListQuery(db, user.id, project.id)).orderBy).toEqual([{ name: 'asc' }, { id: 'asc' }]);
    await expectAppError(listLabels(db, user.id, other.project.id), 'NOT_FOUND', 'projectId');
  });
});

describe('updateLabel', () => {
  it('renames and recolours with one label.updated event of the real changes; tasks keep the label', async () => {
    const { user, project } = await board();
    const label = await createLabel(db, user.id, { projectId: project.id, name: 'bug', color: '#d73a4a' });
    const task = await createTask(db, user.id, { projectId: project.id, title: 't', labelIds: [label.id] });
    const renamed = await updateLabel(db, user.id, label.id, { name: ' defect ', color: '#D73A4A' });
    expect(renamed).toMatchObject({ id: label.id, name: 'defect', color: '#d73a4a' });
    const recoloured = await updateLabel(db, user.id, label.id, { color: null }, project.id);
    expect(recoloured).toMatchObject({ name: 'defect', color: null });
    const cased = await updateLabel(db, user.id, label.id, { name: 'Defect' });
    expect(cased.name).toBe('Defect');
    const events = await boardEvents(project.id, 'label.updated');
    expect(events.map((e) => [e.actorId, withoutActor(e.data)])).toEqual([
      [user.id, { labelId: label.id, changes: { name: { from: 'bug', to: 'defect' } } }],
      [user.id, { labelId: label.id, changes: { color: { from: '#d73a4a', to: null } } }],
      [user.id, { labelId: label.id, changes: { name: { from: 'defect', to: 'Defect' } } }],
    ]);
    expect(await db.taskLabel.count({ where: { taskId: task.id, labelId: label.id } })).toBe(1);
    expect(await db.outboxEvent.count({ where: { taskId: task.id, type: 'task.updated' } })).toBe(0);
  });

  it('a colour change or a rename on a board with other labels is no clash; a null board filter is none', async () => {
    const { user, project } = await board();
    const label = await createLabel(db, user.id, { projectId: project.id, name: 'bug' });
    await createLabel(db, user.id, { projectId: project.id, name: 'ui' });
    expect((await updateLabel(db, user.id, label.id, { color: '#0075CA' })).color).toBe('#0075ca');
    await expectAppError(updateLabel(db, user.id, label.id, { color: 'blue' }), 'VALIDATION', 'color');
    expect((await db.label.findUniqueOrThrow({ where: { id: label.id } })).color).toBe('#0075ca');
    expect((await updateLabel(db, user.id, label.id, { name: 'BUG' }, null)).name).toBe('BUG');
    expect((await updateLabel(db, user.id, label.id, { name: 'defect' })).name).toBe('defect');
  });

  it('changing nothing writes nothing; another label’s name (any case) is CONFLICT on name', async () => {
    const { user, project } = await board();
    const label = await createLabel(db, user.id, { projectId: project.id, name: 'bug', color: '#d73a4a' });
    await createLabel(db, user.id, { projectId: project.id, name: 'ui' });
    expect(await updateLabel(db, user.id, label.id, {})).toEqual(label);
    expect(await updateLabel(db, user.id, label.id, { name: 'bug', color: '#d73a4a' })).toEqual(label);
    await expectAppError(updateLabel(db, user.id, label.id, { name: 'UI' }), 'CONFLICT', 'name', 'duplicate');
    await expectAppError(updateLabel(db, user.id, label.id, { name: 'UI', color: '#0075ca' }), 'CONFLICT', 'name', 'duplicate');
    expect(await db.label.findUniqueOrThrow({ where: { id: label.id } })).toEqual(label);
    expect(await boardEvents(project.id, 'label.updated')).toEqual([]);
  });

  it('a label of another board, or not of the board named, is NOT_FOUND on labelId; bad values are VALIDATION', async () => {
    const { user, project } = await board();
    const other = await board();
    const mine = await createLabel(db, user.id, { projectId: project.id, name: 'bug' });
    const theirs = await createLabel(db, other.user.id, { projectId: other.project.id, name: 'bug' });
    const second = await makeOwnedProject(db);
    await db.projectMember.create({ data: { projectId: second.project.id, userId: user.id } });
    await expectAppError(updateLabel(db, user.id, theirs.id, { name: 'x' }), 'NOT_FOUND', 'labelId');
    await expectAppError(updateLabel(db, user.id, mine.id, { name: 'x' }, second.project.id), 'NOT_FOUND', 'labelId');
    await expectAppError(updateLabel(db, user.id, 0, { name: 'x' }), 'VALIDATION', 'labelId');
    await expectAppError(updateLabel(db, user.id, mine.id, { name: ' ' }), 'VALIDATION', 'name', 'too_small');
    await expectAppError(updateLabel(db, user.id, mine.id, { color: 'c'.repeat(51) }), 'VALIDATION', 'color', 'too_big');
    expect((await updateLabel(db, user.id, mine.id, { color: ' #ABCDEF '.padEnd(52, ' ') })).color).toBe('#abcdef');
    expect((await db.label.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe('bug');
  });
});

describe('deleteLabel', () => {
  it('takes the label off its tasks: each gets a new updatedAt and a labels change; a label.deleted event', async () => {
    const { user, project } = await board();
    const labels: Awaited<ReturnType<typeof createLabel>>[] = [];
    for (const name of ['bug', 'UI', 'api']) labels.push(await createLabel(db, user.id, { projectId: project.id, name }));
    const t1 = await createTask(db, user.id, { projectId: project.id, title: 't1', labelIds: [labels[0].id, labels[1].id, labels[2].id] });
    const t2 = await createTask(db, user.id, { projectId: project.id, title: 't2', labelIds: [labels[1].id] });
    const t3 = await createTask(db, user.id, { projectId: project.id, title: 't3', labelIds: [labels[0].id] });
    await db.task.updateMany({ where: { id: { in: [t1.id, t2.id, t3.id] } }, data: { updatedAt: new Date('2026-01-01T00:00:00Z') } });

    expect(await deleteLabel(db, user.id, labels[1].id, project.id)).toEqual({ id: labels[1].id, projectId: project.id });
    expect(await db.label.count({ where: { id: labels[1].id } })).toBe(0);
    const tasks = await db.task.findMany({ where: { id: { in: [t1.id, t2.id, t3.id] } }, orderBy: { id: 'asc' } });
    expect(tasks.map((t) => t.updatedAt.getTime() > Date.parse('2026-01-02'))).toEqual([true, true, false]);
    const updates = await db.outboxEvent.findMany({ where: { projectId: project.id, type: 'task.updated' }, orderBy: { id: 'asc' } });
    expect(updates.map((e) => [e.taskId, e.ticketNumber, e.actorId, (e.data as { changes: unknown }).changes])).toEqual([
      [t1.id, `LBL-${t1.uniqueIndex}`, user.id, { labels: { from: ['api', 'bug', 'UI'], to: ['api', 'bug'] } }],
      [t2.id, `LBL-${t2.uniqueIndex}`, user.id, { labels: { from: ['UI'], to: [] } }],
    ]);
    const deleted = await boardEvents(project.id, 'label.deleted');
    expect(deleted.map((e) => [e.actorId, withoutActor(e.data)])).toEqual([[user.id, { labelId: labels[1].id, name: 'UI' }]]);
    expect(await db.notification.count({ where: { taskId: { in: [t1.id, t2.id] } } })).toBe(0);
  });

  it('a label on no task: only the board event; another tenant’s label is NOT_FOUND and stays', async () => {
    const { user, project } = await board();
    const other = await board();
    const label = await createLabel(db, user.id, { projectId: project.id, name: 'lonely' });
    const theirs = await createLabel(db, other.user.id, { projectId: other.project.id, name: 'theirs' });
    await deleteLabel(db, user.id, label.id);
    expect(await db.outboxEvent.count({ where: { projectId: project.id, type: 'task.updated' } })).toBe(0);
    await expectAppError(deleteLabel(db, user.id, theirs.id), 'NOT_FOUND', 'labelId');
    await expectAppError(deleteLabel(db, other.user.id, theirs.id, project.id), 'NOT_FOUND', 'labelId');
    expect(await db.label.count({ where: { id: theirs.id } })).toBe(1);
    const outsider = await makeUser(db, 'Outsider');
    await expectAppError(deleteLabel(db, outsider.id, theirs.id), 'NOT_FOUND', 'labelId');
  });
});
