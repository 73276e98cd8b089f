import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { deleteSection } from '../../src/domain/section.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeOwnedProject } from '../support/factories.ts';
import { waitForBlockedSessions } from '../support/lock-waits.ts';

const db = useTestDb();
useBystander(db);

/** Rows a rejected create must not have written. */
async function snapshot(projectId: number) {
  const [project, tasks, sections, events] = await Promise.all([
    db.project.findUniqueOrThrow({ where: { id: projectId }, select: { taskCounter: true } }),
    db.task.count({ where: { projectId } }),
    db.section.count({ where: { projectId } }),
    db.outboxEvent.count({ where: { projectId } }),
  ]);
  return { counter: project.taskCounter, tasks, sections, events };
}

describe('createTask', () => {
  it('puts a task without section into a new Backlog section appended after the others, then reuses it', async () => {
    const { user, project } = await makeOwnedProject(db, { sections: ['Todo', 'Done'], prefix: 'CRT' });
    const first = await createTask(db, user.id, { projectId: project.id, title: 'First' });
    const second = await createTask(db, user.id, { projectId: project.id, title: 'Second' });
    const sections = await db.section.findMany({ where: { projectId: project.id }, orderBy: { ranking: 'asc' } });
    expect(sections.map((s) => s.title)).toEqual(['Todo', 'Done', 'Backlog']);
    expect(first.sectionId).toBe(sections[2].id);
    expect(second.sectionId).toBe(sections[2].id);
    expect([first.uniqueIndex, second.uniqueIndex]).toEqual([1, 2]);
  });

  it('returns the task with its whole section row and ticket prefix, as Prisma reads them (both paths)', async () => {
    // GraphQL answers a create from this row without reading it again (src/graphql/row-in-hand.ts):
    // a column it lacked would be answered as missing.
    const { user, project } = await makeOwnedProject(db, { sections: ['Todo'], prefix: 'ROW' });
    const label = await db.label.create({ data: { projectId: project.id, name: 'l' } });
    const plain = await createTask(db, user.id, { projectId: project.id, title: 'One statement' });
    const withLabel = await createTask(db, user.id, {
      projectId: project.id,
      title: 'Transaction',
      labelIds: [label.id],
    });
    for (const created of [plain, withLabel]) {
      const read = await db.task.findUniqueOrThrow({
        where: { id: created.id },
        include: { section: true, project: { select: { ticketPrefix: true } } },
      });
      expect(created).toEqual(read);
    }
  });

  it('uses an existing Backlog section (any case) instead of creating one', async () => {
    const { user, project } = await makeOwnedProject(db, { sections: ['backlog', 'Todo'] });
    const task = await createTask(db, user.id, { projectId: project.id, title: 'x' });
    expect(task.sectionId).toBe(project.sections[0].id);
    expect(await db.section.count({ where: { projectId: project.id } })).toBe(2);
  });

  it('stores the fields, makes the creator a watcher and writes task.created', async () => {
    const { user, project } = await makeOwnedProject(db, { prefix: 'EVT' });
    const task = await createTask(db, user.id, {
      projectId: project.id,
      title: '  Trimmed  ',
      description: '<p onclick="x()">Hi</p>',
      sectionId: project.sections[0].id,
      priority: 'high',
      estimateMinutes: 90,
      estimateSize: 3,
      images: ['https://img.test/a.png'],
      attachments: ['https://files.test/a.pdf'],
      dueDate: '2026-03-01',
    });
    expect(task).toMatchObject({
      title: 'Trimmed',
      description: '<p>Hi</p>',
      priority: 'high',
      estimateMinutes: 90,
      estimateSize: 3,
      images: ['https://img.test/a.png'],
      attachments: ['https://files.test/a.pdf'],
      status: 'Normal',
      createdById: user.id,
      sectionId: project.sections[0].id,
    });
    expect(task.dueDate?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(await db.taskWatcher.findMany({ where: { taskId: task.id } })).toEqual([
      expect.objectContaining({ userId: user.id }),
    ]);
    const events = await db.outboxEvent.findMany({ where: { taskId: task.id } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'task.created',
      projectId: project.id,
      ticketNumber: 'EVT-1',
      actorId: user.id,
      data: {
        title: 'Trimmed',
        priority: 'high',
        status: 'Normal',
        section: { id: project.sections[0].id, title: project.sections[0].title },
        dueDate: '2026-03-01T00:00:00.000Z',
        actor: { id: user.id },
      },
    });
    // Stored in UTC like every timestamp the app writes: now, to the clock's skew, on any session time zone.
    const stored = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(stored.createdAt).toEqual(task.createdAt);
    expect(stored.updatedAt).toEqual(task.createdAt);
    expect(Math.abs(task.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(events[0].createdAt).toEqual(task.createdAt);
  });

  it('converts markdown descriptions and refuses other content types without writing', async () => {
    const { user, project } = await makeOwnedProject(db);
    const task = await createTask(db, user.id, {
      projectId: project.id,
      title: 'md',
      description: '**bold** ![i](https://x.test/i.png)',
      contentType: 'markdown',
    });
    expect(task.description).toBe('<p><strong>bold</strong> <a href="https://x.test/i.png">i</a></p>');
    const before = await snapshot(project.id);
    await expect(
      createTask(db, user.id, { projectId: project.id, title: 'x', description: 'a', contentType: 'rtf' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'contentType',
    });
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('checks the title length: 500 is fine, 501 and blank are not', async () => {
    const { user, project } = await makeOwnedProject(db);
    await expect(createTask(db, user.id, { projectId: project.id, title: 'a'.repeat(499) })).resolves.toBeTruthy();
    await expect(createTask(db, user.id, { projectId: project.id, title: 'a'.repeat(500) })).resolves.toBeTruthy();
    const before = await snapshot(project.id);
    for (const title of ['a'.repeat(501), '', '   ']) {
      await expect(createTask(db, user.id, { projectId: project.id, title })).rejects.toMatchObject({
        code: 'VALIDATION',
        field: 'title',
      });
    }
    expect(await snapshot(project.id)).toEqual(before);
  });

  it('refuses another user’s project (NOT_FOUND) and a section of another project, writing nothing', async () => {
    const { user, project } = await makeOwnedProject(db);
    const other = await makeOwnedProject(db);
    const before = await snapshot(other.project.id);
    await expect(createTask(db, user.id, { projectId: other.project.id, title: 'x' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'projectId',
    });
    expect(await snapshot(other.project.id)).toEqual(before);

    const mine = await makeProject(db, { memberIds: [user.id] });
    const beforeMine = await snapshot(project.id);
    await expect(
      createTask(db, user.id, { projectId: project.id, title: 'x', sectionId: mine.sections[0].id }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'sectionId',
    });
    expect(await snapshot(project.id)).toEqual(beforeMine);
  });

  it('validates priority, estimates, URLs and dates naming the field', async () => {
    const { user, project } = await makeOwnedProject(db);
    const cases: [Record<string, unknown>, string][] = [
      [{ priority: 'critical' }, 'priority'],
      [{ estimateMinutes: -1 }, 'estimateMinutes'],
      [{ estimateMinutes: 1.5 }, 'estimateMinutes'],
      [{ estimateSize: 1 }, 'estimateSize'],
      [{ images: ['javascript:alert(1)'] }, 'images.0'],
      [{ attachments: Array.from({ length: 51 }, (_, i) => `https://f.test/${i}`) }, 'attachments'],
      [{ dueDate: 'tomorrow' }, 'dueDate'],
      [{ status: 'Done' }, 'status'],
    ];
    for (const [extra, field] of cases) {
      await expect(
        createTask(db, user.id, { projectId: project.id, title: 'x', ...extra } as never),
      ).rejects.toMatchObject({ code: 'VALIDATION', field });
    }
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('sets labels and assignees only from the project, notifying assignees', async () => {
    const { user, project } = await makeOwnedProject(db, { prefix: 'LBL' });
    const mate = await makeUser(db, 'Mate');
    const outsider = await makeUser(db, 'Outsider');
    await db.projectMember.create({ data: { projectId: project.id, userId: mate.id } });
    const label = await db.label.create({ data: { projectId: project.id, name: 'bug' } });
    const foreign = await makeOwnedProject(db);
    const foreignLabel = await db.label.create({ data: { projectId: foreign.project.id, name: 'bug' } });

    await expect(
      createTask(db, user.id, { projectId: project.id, title: 'x', labelIds: [foreignLabel.id] }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'labelIds',
    });
    await expect(
      createTask(db, user.id, { projectId: project.id, title: 'x', assigneeUserIds: [outsider.id] }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'assigneeUserIds',
    });
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(0);

    const task = await createTask(db, user.id, {
      projectId: project.id,
      title: 'x',
      labelIds: [label.id],
      assigneeUserIds: [mate.id, user.id],
    });
    expect(await db.taskLabel.findMany({ where: { taskId: task.id } })).toEqual([
      { taskId: task.id, labelId: label.id },
    ]);
    expect(
      (await db.taskAssignee.findMany({ where: { taskId: task.id }, orderBy: { userId: 'asc' } })).map((a) => a.userId),
    ).toEqual([user.id, mate.id].sort((a, b) => a - b));
    // The creator assigned itself: watched once, not twice and not an error.
    expect(
      (await db.taskWatcher.findMany({ where: { taskId: task.id }, orderBy: { userId: 'asc' } })).map((w) => w.userId),
    ).toEqual([user.id, mate.id].sort((a, b) => a - b));
    const notes = await db.notification.findMany({ where: { taskId: task.id } });
    expect(notes).toEqual([expect.objectContaining({ userId: mate.id, type: 'assignment' })]);
    // The task's own events; the assignee's inbox event (notification.created) is tested with the inbox.
    const types = (
      await db.outboxEvent.findMany({
        where: { taskId: task.id, type: { not: 'notification.created' } },
        orderBy: { id: 'asc' },
      })
    ).map((e) => e.type);
    expect(types).toEqual(['task.created', 'task.assigned']);
  });

  it('creates a subtask only under a task of the same project', async () => {
    const { user, project } = await makeOwnedProject(db);
    const other = await makeProject(db, { memberIds: [user.id] });
    const parent = await createTask(db, user.id, { projectId: project.id, title: 'parent' });
    const foreignParent = await createTask(db, user.id, { projectId: other.id, title: 'other parent' });
    const child = await createTask(db, user.id, { projectId: project.id, title: 'child', parentId: parent.id });
    expect(child.parentId).toBe(parent.id);
    await expect(
      createTask(db, user.id, { projectId: project.id, title: 'x', parentId: foreignParent.id }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'parentId',
    });
  });

  // PostgreSQL only: the counter row lock and the Backlog's uniqueness hold under real
  // concurrency; PGlite runs the transactions one after another, so this passes there without them.
  describe.runIf(isPostgres)('under concurrency (PostgreSQL)', () => {
    it('gives 50 concurrent creates 50 distinct numbers without gaps and one Backlog', async () => {
      const { user, project } = await makeOwnedProject(db, { prefix: 'CON' });
      const tasks = await Promise.all(
        Array.from({ length: 50 }, (_, i) => createTask(db, user.id, { projectId: project.id, title: `Task ${i}` })),
      );
      const numbers = tasks.map((t) => t.uniqueIndex).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).taskCounter).toBe(50);
      expect(await db.section.count({ where: { projectId: project.id, title: 'Backlog' } })).toBe(1);
      const events = await db.outboxEvent.findMany({ where: { projectId: project.id, type: 'task.created' } });
      expect(new Set(events.map((e) => e.ticketNumber)).size).toBe(50);
    });

    /** Tasks of the project in deleted sections (must stay none), and its counter against its tasks. */
    async function placement(projectId: number) {
      const [orphans, tasks, project] = await Promise.all([
        db.task.count({ where: { projectId, section: { deletedAt: { not: null } } } }),
        db.task.findMany({ where: { projectId }, select: { uniqueIndex: true }, orderBy: { uniqueIndex: 'asc' } }),
        db.project.findUniqueOrThrow({ where: { id: projectId }, select: { taskCounter: true } }),
      ]);
      return { orphans, numbers: tasks.map((t) => t.uniqueIndex), counter: project.taskCounter };
    }

    it('a create waiting behind a section delete lands in a live section (no deadlock, no gap)', async () => {
      const { user, project } = await makeOwnedProject(db, { sections: ['Todo', 'Backlog'] });
      const backlog = project.sections[1];
      // The deleter does what deleteSection does, in its lock order: the board (project row), then the section.
      const deleter = new pg.Client({ connectionString: process.env.DATABASE_URL });
      const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await Promise.all([deleter.connect(), watcher.connect()]);
      try {
        await deleter.query('BEGIN');
        await deleter.query('SELECT id FROM "Project" WHERE id = $1 FOR UPDATE', [project.id]);
        const intoBacklog = createTask(db, user.id, { projectId: project.id, title: 'backlog' });
        const intoSection = createTask(db, user.id, {
          projectId: project.id,
          title: 'explicit',
          sectionId: backlog.id,
        });
        // Both creates are waiting for a lock (an order of events, not a time): the first for the
        // deleter's, the second for the first's place in the row's queue.
        await waitForBlockedSessions(watcher, 2);
        // Had a create locked the section before the board, this UPDATE and that create would deadlock.
        await deleter.query('UPDATE "Section" SET "deletedAt" = now() WHERE id = $1', [backlog.id]);
        await deleter.query('COMMIT');
        const [created, refused] = await Promise.allSettled([intoBacklog, intoSection]);
        expect(refused).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND', field: 'sectionId' } });
        expect(created.status).toBe('fulfilled');
        const task = (created as PromiseFulfilledResult<Awaited<typeof intoBacklog>>).value;
        const section = await db.section.findUniqueOrThrow({ where: { id: task.sectionId } });
        expect(section).toMatchObject({ title: 'Backlog', deletedAt: null });
        expect(section.id).not.toBe(backlog.id);
        expect(await placement(project.id)).toEqual({ orphans: 0, numbers: [1], counter: 1 });
      } finally {
        await deleter.query('ROLLBACK').catch(() => undefined);
        await Promise.all([deleter.end(), watcher.end()]);
      }
    });

    it('creates racing deleteSection of their section: none lands in it, numbers stay gap-free', async () => {
      const { user, project } = await makeOwnedProject(db, { sections: ['Todo', 'Backlog'] });
      const doomed = project.sections[1];
      const creates = Array.from({ length: 20 }, (_, i) =>
        createTask(db, user.id, {
          projectId: project.id,
          title: `Task ${i}`,
          ...(i % 2 ? { sectionId: doomed.id } : {}),
        }),
      );
      const [deleted, ...results] = await Promise.allSettled([
        deleteSection(db, user.id, { sectionId: doomed.id }),
        ...creates,
      ]);
      expect(deleted.status).toBe('fulfilled');
      for (const r of results) {
        if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'NOT_FOUND', field: 'sectionId' });
      }
      const made = results.filter((r) => r.status === 'fulfilled').length;
      expect(made).toBeGreaterThanOrEqual(10);
      expect(await placement(project.id)).toEqual({
        orphans: 0,
        numbers: Array.from({ length: made }, (_, i) => i + 1),
        counter: made,
      });
    });
  });

  it('does not use up a number when the create fails', async () => {
    const { user, project } = await makeOwnedProject(db);
    const other = await makeProject(db, { memberIds: [user.id] });
    await createTask(db, user.id, { projectId: project.id, title: 'one' });
    await expect(
      createTask(db, user.id, { projectId: project.id, title: 'x', sectionId: other.sections[0].id }),
    ).rejects.toThrow();
    const next = await createTask(db, user.id, { projectId: project.id, title: 'two' });
    expect(next.uniqueIndex).toBe(2);
  });

  it('runs inside a caller transaction and rolls back with it', async () => {
    const { user, project } = await makeOwnedProject(db);
    await expect(
      db.$transaction(async (tx) => {
        await createTask(tx, user.id, { projectId: project.id, title: 'inside' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(0);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).taskCounter).toBe(0);
  });
});
