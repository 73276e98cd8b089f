import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { updateTask, type UpdateTaskInput } from '../../src/domain/task/update.ts';
import { makeOwnedProject, makeProject, makeUser } from '../support/factories.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';
import { waitForBlockedSessions } from '../support/lock-waits.ts';

const db = useTestDb();
useBystander(db);

/** A board (sections Todo, Doing) with a watcher, and a task of every field set. */
async function world() {
  const { user, project } = await makeOwnedProject(db, { sections: ['Todo', 'Doing'], prefix: 'UPF' });
  const watcher = await makeUser(db, 'Watcher');
  await db.projectMember.create({ data: { projectId: project.id, userId: watcher.id } });
  const [bug, ui] = await Promise.all(['bug', 'ui'].map((name) => db.label.create({ data: { projectId: project.id, name } })));
  const task = await createTask(db, user.id, {
    projectId: project.id,
    sectionId: project.sections[0].id,
    title: 'Full',
    description: '<p>d</p>',
    priority: 'high',
    estimateMinutes: 30,
    estimateSize: 3,
    images: ['https://img.example.com/1.png'],
    attachments: ['https://files.example.com/a.pdf'],
    dueDate: '2026-01-01',
    labelIds: [bug.id],
  });
  await db.task.update({ where: { id: task.id }, data: { position: 'a5' } });
  await db.taskWatcher.create({ data: { taskId: task.id, userId: watcher.id } });
  const fresh = await db.task.findUniqueOrThrow({ where: { id: task.id } });
  return { user, watcher, project, task: fresh, bug, ui };
}

/** Every optional field of an update set to null (clears it). */
const CLEAR_OPTIONAL: UpdateTaskInput = {
  description: null,
  priority: null,
  estimateMinutes: null,
  estimateSize: null,
  dueDate: null,
  images: null,
  attachments: null,
  labelIds: null,
};

const changesOf = async (taskId: number) =>
  (await db.outboxEvent.findMany({ where: { taskId, type: 'task.updated' }, orderBy: { id: 'asc' } })).map(
    (e) => (e.data as { changes: unknown }).changes,
  );
const messages = async (userId: number, taskId: number) =>
  (await db.notification.findMany({ where: { userId, taskId }, orderBy: { id: 'asc' } })).map((n) => n.message);

describe('updateTask, one field at a time', () => {
  it('each field alone is a change of that field only (event, watchers told in words)', async () => {
    const { user, watcher, project, task, ui } = await world();
    const parent = await createTask(db, user.id, { projectId: project.id, title: 'Parent' });
    const steps: [UpdateTaskInput, Record<string, unknown>, string][] = [
      [{ title: 'Renamed' }, { title: { from: 'Full', to: 'Renamed' } }, 'title'],
      [{ description: '<p>D2</p>' }, { description: { from: '<p>d</p>', to: '<p>D2</p>' } }, 'description'],
      [{ priority: 'low' }, { priority: { from: 'high', to: 'low' } }, 'priority'],
      [{ estimateMinutes: 45 }, { estimateMinutes: { from: 30, to: 45 } }, 'estimate'],
      [{ estimateSize: 5 }, { estimateSize: { from: 3, to: 5 } }, 'estimate'],
      [{ status: 'Archive' }, { status: { from: 'Normal', to: 'Archive' } }, 'status'],
      [{ dueDate: '2026-02-01' }, { dueDate: { from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' } }, 'due date'],
      [{ images: [] }, { images: { from: ['https://img.example.com/1.png'], to: [] } }, 'images'],
      [
        { attachments: ['https://files.example.com/a.pdf', 'https://files.example.com/b.pdf'] },
        { attachments: { from: ['https://files.example.com/a.pdf'], to: ['https://files.example.com/a.pdf', 'https://files.example.com/b.pdf'] } },
        'attachments',
      ],
      [{ sectionId: project.sections[1].id }, { sectionId: { from: project.sections[0].id, to: project.sections[1].id } }, 'section'],
      [{ parentId: parent.id }, { parentId: { from: null, to: parent.id } }, 'parent'],
      [{ labelIds: [ui.id] }, { labels: { from: ['bug'], to: ['ui'] } }, 'labels'],
      [{ parentId: null }, { parentId: { from: parent.id, to: null } }, 'parent'],
    ];
    for (const [input] of steps) await updateTask(db, user.id, { taskId: task.id }, input);
    expect(await changesOf(task.id)).toEqual(steps.map(([, change]) => change));
    const ticket = `UPF-${task.uniqueIndex}`;
    expect((await messages(watcher.id, task.id)).map((m) => m.split(' updated ')[1].split(` of ${ticket}`)[0])).toEqual(
      steps.map(([, , words]) => words),
    );
    const after = await db.task.findUniqueOrThrow({ where: { id: task.id }, include: { labels: true } });
    expect(after).toMatchObject({
      title: 'Renamed',
      description: '<p>D2</p>',
      priority: 'low',
      estimateMinutes: 45,
      estimateSize: 5,
      status: 'Archive',
      dueDate: new Date('2026-02-01T00:00:00Z'),
      images: [],
      attachments: ['https://files.example.com/a.pdf', 'https://files.example.com/b.pdf'],
      sectionId: project.sections[1].id,
      parentId: null,
    });
    expect(after.labels.map((l) => l.labelId)).toEqual([ui.id]);
  });

  it('fields that read the same are named once: both estimates are one “estimate”', async () => {
    const { user, watcher, task } = await world();
    await updateTask(db, user.id, { taskId: task.id }, { estimateMinutes: 60, estimateSize: 4, title: 'Both' });
    expect(await messages(watcher.id, task.id)).toEqual([`${user.displayName} updated title, estimate of UPF-${task.uniqueIndex}: Both`]);
  });

  it('a new column puts the task at its bottom (position cleared); the same column keeps its place', async () => {
    const { user, project, task } = await world();
    await updateTask(db, user.id, { taskId: task.id }, { sectionId: project.sections[0].id, title: 'Stay' });
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).position).toBe('a5');
    await updateTask(db, user.id, { taskId: task.id }, { sectionId: project.sections[1].id });
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).position).toBeNull();
  });

  it('values equal to the stored ones change nothing, for every field', async () => {
    const { user, watcher, task, bug } = await world();
    const same: UpdateTaskInput[] = [
      { title: 'Full' },
      { description: '<p>d</p>' },
      { priority: 'high' },
      { estimateMinutes: 30 },
      { estimateSize: 3 },
      { status: 'Normal' },
      { dueDate: '2026-01-01' },
      { images: ['https://img.example.com/1.png'] },
      { attachments: [' https://files.example.com/a.pdf '] },
      { sectionId: task.sectionId },
      { parentId: null },
      { labelIds: [bug.id, bug.id] },
    ];
    for (const input of same) {
      expect(await updateTask(db, user.id, { taskId: task.id }, input), JSON.stringify(input)).toMatchObject(task);
    }
    expect(await changesOf(task.id)).toEqual([]);
    expect(await messages(watcher.id, task.id)).toEqual([]);
  });

  it('null clears the optional fields; lists of the same length but other items are a change', async () => {
    const { user, task } = await world();
    await updateTask(db, user.id, { taskId: task.id }, { images: ['https://img.example.com/2.png'] });
    await updateTask(db, user.id, { taskId: task.id }, CLEAR_OPTIONAL);
    const changes = await changesOf(task.id);
    expect(changes).toEqual([
      { images: { from: ['https://img.example.com/1.png'], to: ['https://img.example.com/2.png'] } },
      {
        description: { from: '<p>d</p>', to: '' },
        priority: { from: 'high', to: null },
        estimateMinutes: { from: 30, to: null },
        estimateSize: { from: 3, to: null },
        dueDate: { from: '2026-01-01T00:00:00.000Z', to: null },
        images: { from: ['https://img.example.com/2.png'], to: [] },
        attachments: { from: ['https://files.example.com/a.pdf'], to: [] },
        labels: { from: ['bug'], to: [] },
      },
    ]);
    expect(await db.task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({
      description: '',
      priority: null,
      estimateMinutes: null,
      estimateSize: null,
      dueDate: null,
      images: [],
      attachments: [],
    });
  });

  it('a clearing null on an empty field changes nothing', async () => {
    const { user, project } = await world();
    const bare = await createTask(db, user.id, { projectId: project.id, title: 'Bare' });
    const same = await updateTask(db, user.id, { taskId: bare.id }, { ...CLEAR_OPTIONAL, parentId: null });
    expect(bare).toMatchObject(same);
    expect(await changesOf(bare.id)).toEqual([]);
  });

  it('refuses a parent of another board, itself or one of its subtasks (parent_cycle), a foreign label', async () => {
    const { user, project, task } = await world();
    const child = await createTask(db, user.id, { projectId: project.id, title: 'Child', parentId: task.id });
    const grandchild = await createTask(db, user.id, { projectId: project.id, title: 'Grandchild', parentId: child.id });
    const other = await makeProject(db, { memberIds: [user.id] });
    const elsewhere = await createTask(db, user.id, { projectId: other.id, title: 'Elsewhere' });
    const foreignLabel = await db.label.create({ data: { projectId: other.id, name: 'foreign' } });
    await expectAppError(updateTask(db, user.id, { taskId: task.id }, { parentId: elsewhere.id }), 'NOT_FOUND', 'parentId');
    await expectAppError(updateTask(db, user.id, { taskId: task.id }, { parentId: task.id }), 'VALIDATION', 'parentId', 'parent_cycle');
    await expectAppError(updateTask(db, user.id, { taskId: task.id }, { parentId: grandchild.id }), 'VALIDATION', 'parentId', 'parent_cycle');
    await expectAppError(updateTask(db, user.id, { taskId: task.id }, { labelIds: [foreignLabel.id] }), 'NOT_FOUND', 'labelIds');
    // A sibling is fine: the grandchild moves up under the task.
    await updateTask(db, user.id, { taskId: grandchild.id }, { parentId: task.id });
    expect((await db.task.findUniqueOrThrow({ where: { id: grandchild.id } })).parentId).toBe(task.id);
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).parentId).toBeNull();
  });

  it('refuses values out of range: estimates, sizes, URLs, dates, 101 labels', async () => {
    const { user, task } = await world();
    const cases: [UpdateTaskInput, string, string?][] = [
      [{ estimateMinutes: -1 }, 'estimateMinutes', 'too_small'],
      [{ estimateMinutes: 525_601 }, 'estimateMinutes', 'too_big'],
      [{ estimateSize: 1 }, 'estimateSize'],
      [{ images: ['ftp://x.example.com/a'] }, 'images.0'],
      [{ attachments: ['https://x.example.com/' + 'a'.repeat(2048)] }, 'attachments.0', 'too_big'],
      [{ dueDate: '2026-02-30x' }, 'dueDate'],
      [{ labelIds: Array.from({ length: 101 }, (_, i) => i + 1) }, 'labelIds', 'too_big'],
      [{ sectionId: 0 }, 'sectionId'],
      [{ parentId: 0 }, 'parentId'],
    ];
    for (const [input, field, detail] of cases) {
      await expectAppError(updateTask(db, user.id, { taskId: task.id }, input), 'VALIDATION', field, detail);
    }
    // A description the renderer gives up on names the field.
    await expectAppError(updateTask(db, user.id, { taskId: task.id }, { description: '<div>'.repeat(16_000) }), 'VALIDATION', 'description', 'too_complex');
    expect(await updateTask(db, user.id, { taskId: task.id }, { estimateMinutes: 525_600 })).toMatchObject({ estimateMinutes: 525_600 });
    expect(await changesOf(task.id)).toHaveLength(1);
  });

  it('runs inside the caller’s transaction when given one', async () => {
    const { user, task } = await world();
    await expect(
      db.$transaction(async (tx) => {
        await updateTask(tx, user.id, { taskId: task.id }, { title: 'Rolled back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).title).toBe('Full');
    expect(await changesOf(task.id)).toEqual([]);
  });

  it('answers with the task in hand: its section (the new one after a move) and its ticket prefix', async () => {
    const { user, project, task } = await world();
    const [todo, doing] = project.sections;
    const unchanged = await updateTask(db, user.id, { taskId: task.id }, { title: 'Full' });
    expect(unchanged).toMatchObject({ section: { id: todo.id, title: 'Todo' }, project: { ticketPrefix: 'UPF' } });
    const renamed = await updateTask(db, user.id, { taskId: task.id }, { title: 'Renamed' });
    expect(renamed).toMatchObject({ title: 'Renamed', section: { id: todo.id, title: 'Todo' }, project: { ticketPrefix: 'UPF' } });
    const moved = await updateTask(db, user.id, { taskId: task.id }, { sectionId: doing.id });
    expect(moved).toMatchObject({ sectionId: doing.id, section: { id: doing.id, title: 'Doing' }, project: { ticketPrefix: 'UPF' } });
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so nothing can come between the read and the write there.
  it.runIf(isPostgres)('a move committed between its read and its write answers with the section the task is in (PostgreSQL)', async () => {
    const { user, project, task } = await world();
    const doing = project.sections[1];
    const mover = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([mover.connect(), watcher.connect()]);
    try {
      await mover.query('BEGIN');
      await mover.query('UPDATE "Task" SET "sectionId" = $1 WHERE id = $2', [doing.id, task.id]);
      // The update reads the task (the old section: the move is not committed) and then waits for the row.
      const update = updateTask(db, user.id, { taskId: task.id }, { title: 'After the move' });
      await waitForBlockedSessions(watcher, 1);
      await mover.query('COMMIT');
      expect(await update).toMatchObject({ title: 'After the move', sectionId: doing.id, section: { id: doing.id, title: 'Doing' } });
    } finally {
      await mover.query('ROLLBACK').catch(() => undefined);
      await Promise.all([mover.end(), watcher.end()]);
    }
  });
});
