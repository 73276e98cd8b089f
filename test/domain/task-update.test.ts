import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { resolveTaskRef } from '../../src/domain/task/task-ref.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeOwnedProject } from '../support/factories.ts';

const db = useTestDb();
useBystander(db);

const pause = () => new Promise((r) => setTimeout(r, 15));

describe('task identification through updateTask', () => {
  it('accepts each form: taskId, ticketNumber, ticketNumber + projectId, projectId + uniqueIndex', async () => {
    const { user, project } = await makeOwnedProject(db, { prefix: 'IDF' });
    const task = await createTask(db, user.id, { projectId: project.id, title: 'x' });
    const forms = [
      { taskId: task.id },
      { ticketNumber: 'IDF-1' },
      { ticketNumber: 'idf-1' },
      { ticketNumber: 'IDF-1', projectId: project.id },
      { projectId: project.id, uniqueIndex: 1 },
    ];
    for (const [i, ref] of forms.entries()) {
      const updated = await updateTask(db, user.id, ref, { title: `t${i}` });
      expect(updated.id).toBe(task.id);
      expect(updated.title).toBe(`t${i}`);
    }
  });

  it('refuses zero forms, two forms, bad formats, unknown and foreign tasks', async () => {
    const { user, project } = await makeOwnedProject(db, { prefix: 'ERR' });
    const task = await createTask(db, user.id, { projectId: project.id, title: 'x' });
    const stranger = await makeOwnedProject(db, { prefix: 'ERR' });
    const foreign = await createTask(db, stranger.user.id, { projectId: stranger.project.id, title: 'secret' });
    const cases: [object, string, string][] = [
      [{}, 'VALIDATION', 'taskId'],
      [{ projectId: project.id }, 'VALIDATION', 'taskId'],
      [{ taskId: task.id, ticketNumber: 'ERR-1' }, 'VALIDATION', 'taskId'],
      [{ uniqueIndex: 1 }, 'VALIDATION', 'projectId'],
      [{ ticketNumber: 'no-dash-number' }, 'VALIDATION', 'ticketNumber'],
      [{ taskId: 0 }, 'VALIDATION', 'taskId'],
      [{ taskId: 99999999 }, 'NOT_FOUND', 'taskId'],
      [{ taskId: foreign.id }, 'NOT_FOUND', 'taskId'],
      [{ projectId: stranger.project.id, uniqueIndex: 1 }, 'NOT_FOUND', 'uniqueIndex'],
      [{ ticketNumber: 'ERR-2' }, 'NOT_FOUND', 'ticketNumber'],
    ];
    for (const [ref, code, field] of cases) {
      await expect(updateTask(db, user.id, ref, { title: 'changed' }), JSON.stringify(ref)).rejects.toMatchObject({
        code,
        field,
      });
    }
    expect((await db.task.findUniqueOrThrow({ where: { id: foreign.id } })).title).toBe('secret');
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).title).toBe('x');
  });

  it('names the candidates of an ambiguous ticket number and resolves it with projectId', async () => {
    const user = await makeUser(db);
    const a = await makeProject(db, { memberIds: [user.id], prefix: 'AMB' });
    const b = await makeProject(db, { memberIds: [user.id], prefix: 'AMB' });
    await createTask(db, user.id, { projectId: a.id, title: 'in a' });
    const inB = await createTask(db, user.id, { projectId: b.id, title: 'in b' });
    const err = await updateTask(db, user.id, { ticketNumber: 'AMB-1' }, { title: 'x' }).catch((e) => e);
    expect(err).toMatchObject({ code: 'VALIDATION', field: 'projectId' });
    expect(err.message).toContain(String(a.id));
    expect(err.message).toContain(String(b.id));
    const found = await resolveTaskRef(db, user.id, { ticketNumber: 'AMB-1', projectId: b.id });
    expect(found.id).toBe(inB.id);
  });
});

describe('updateTask', () => {
  it('writes real changes: new updatedAt, task.updated with {changes}, watchers notified but not the actor', async () => {
    const { user, project } = await makeOwnedProject(db, { sections: ['Todo', 'Done'], prefix: 'UPD' });
    const watcher = await makeUser(db, 'Watcher');
    await db.projectMember.create({ data: { projectId: project.id, userId: watcher.id } });
    const task = await createTask(db, user.id, {
      projectId: project.id,
      title: 'Old',
      priority: 'low',
      sectionId: project.sections[0].id,
      estimateMinutes: 30,
    });
    await db.taskWatcher.create({ data: { taskId: task.id, userId: watcher.id } });
    await pause();
    const updated = await updateTask(
      db,
      user.id,
      { taskId: task.id },
      {
        title: 'New',
        priority: 'urgent',
        sectionId: project.sections[1].id,
        status: 'Archive',
        dueDate: '2026-05-01T10:00:00Z',
        estimateMinutes: 30,
        description: '# Head',
        contentType: 'markdown',
      },
    );
    expect(updated.updatedAt.getTime()).toBeGreaterThan(task.updatedAt.getTime());
    expect(updated).toMatchObject({
      title: 'New',
      priority: 'urgent',
      sectionId: project.sections[1].id,
      status: 'Archive',
      description: '<h1>Head</h1>',
    });
    const event = await db.outboxEvent.findFirstOrThrow({ where: { taskId: task.id, type: 'task.updated' } });
    expect(event.ticketNumber).toBe('UPD-1');
    expect((event.data as { changes: unknown }).changes).toEqual({
      title: { from: 'Old', to: 'New' },
      priority: { from: 'low', to: 'urgent' },
      sectionId: { from: project.sections[0].id, to: project.sections[1].id },
      status: { from: 'Normal', to: 'Archive' },
      dueDate: { from: null, to: '2026-05-01T10:00:00.000Z' },
      description: { from: '', to: '<h1>Head</h1>' },
    });
    const notes = await db.notification.findMany({ where: { taskId: task.id } });
    expect(notes).toEqual([expect.objectContaining({ userId: watcher.id, type: 'task_updated' })]);
    expect(notes[0].message).toContain('section');
  });

  it('an update that changes nothing writes nothing: no event, no notification, same updatedAt', async () => {
    const { user, project } = await makeOwnedProject(db);
    const watcher = await makeUser(db);
    await db.projectMember.create({ data: { projectId: project.id, userId: watcher.id } });
    const task = await createTask(db, user.id, {
      projectId: project.id,
      title: 'Same',
      priority: 'high',
      description: '<p>d</p>',
      dueDate: '2026-01-01',
    });
    await db.taskWatcher.create({ data: { taskId: task.id, userId: watcher.id } });
    await pause();
    const events = await db.outboxEvent.count({ where: { taskId: task.id } });
    for (const input of [
      {},
      { title: 'Same' },
      { title: ' Same ', priority: 'high' as const },
      { description: '<p>d</p>' },
      { dueDate: '2026-01-01T00:00:00Z' },
      { sectionId: task.sectionId },
      { status: 'Normal' as const },
    ]) {
      const same = await updateTask(db, watcher.id, { taskId: task.id }, input);
      expect(same.updatedAt.getTime()).toBe(task.updatedAt.getTime());
    }
    expect(await db.outboxEvent.count({ where: { taskId: task.id } })).toBe(events);
    expect(await db.notification.count({ where: { taskId: task.id } })).toBe(0);
  });

  it('null clears priority, estimate and due date', async () => {
    const { user, project } = await makeOwnedProject(db);
    const task = await createTask(db, user.id, {
      projectId: project.id,
      title: 'x',
      priority: 'high',
      estimateMinutes: 5,
      dueDate: '2026-01-01',
    });
    const cleared = await updateTask(
      db,
      user.id,
      { taskId: task.id },
      { priority: null, estimateMinutes: null, dueDate: null },
    );
    expect(cleared).toMatchObject({ priority: null, estimateMinutes: null, dueDate: null });
    const event = await db.outboxEvent.findFirstOrThrow({ where: { taskId: task.id, type: 'task.updated' } });
    expect(Object.keys((event.data as { changes: object }).changes).sort()).toEqual([
      'dueDate',
      'estimateMinutes',
      'priority',
    ]);
  });

  it('refuses a section of another project, bad values and bad content types, changing nothing', async () => {
    const { user, project } = await makeOwnedProject(db);
    const other = await makeProject(db, { memberIds: [user.id] });
    const task = await createTask(db, user.id, { projectId: project.id, title: 'keep' });
    const cases: [object, string, string][] = [
      [{ sectionId: other.sections[0].id }, 'NOT_FOUND', 'sectionId'],
      [{ title: 'a'.repeat(501) }, 'VALIDATION', 'title'],
      [{ title: null }, 'VALIDATION', 'title'],
      [{ priority: 'p0' }, 'VALIDATION', 'priority'],
      [{ status: 'Done' }, 'VALIDATION', 'status'],
      [{ title: 'new', contentType: 'rtf' }, 'VALIDATION', 'contentType'],
      [{ title: 'new', description: 'x', contentType: 'text' }, 'VALIDATION', 'contentType'],
    ];
    for (const [input, code, field] of cases) {
      await expect(
        updateTask(db, user.id, { taskId: task.id }, input as never),
        JSON.stringify(input),
      ).rejects.toMatchObject({ code, field });
    }
    const after = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(task).toMatchObject(after);
    expect(await db.outboxEvent.count({ where: { taskId: task.id, type: 'task.updated' } })).toBe(0);
  });

  it('title limits: 500 accepted, 501 refused', async () => {
    const { user, project } = await makeOwnedProject(db);
    const task = await createTask(db, user.id, { projectId: project.id, title: 'x' });
    await expect(updateTask(db, user.id, { taskId: task.id }, { title: 'b'.repeat(499) })).resolves.toMatchObject({
      title: 'b'.repeat(499),
    });
    await expect(updateTask(db, user.id, { taskId: task.id }, { title: 'b'.repeat(500) })).resolves.toMatchObject({
      title: 'b'.repeat(500),
    });
    await expect(updateTask(db, user.id, { taskId: task.id }, { title: 'b'.repeat(501) })).rejects.toMatchObject({
      field: 'title',
    });
  });
});
