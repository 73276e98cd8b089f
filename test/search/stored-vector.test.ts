import { describe, expect, it } from 'vitest';
import { moveTask } from '../../src/domain/task/move.ts';
import { placeTask } from '../../src/domain/task/position.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import type { Prisma } from '../../src/generated/prisma/client.ts';
import { useTestApp } from '../support/app.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

// The task's stored search vector (migration 20261201220000_task_search_vector_column):
// computed on insert and when the title or description changes, left alone by
// every other update (so those do not parse the text again). Checked through
// the search route, and by counting the trigger function's calls in one
// transaction (track_functions = 'pl': PL/pgSQL functions only).

const t = useTestApp();

const TRIGGER_FUNCTION = 'tasksvc_task_search_vector';

async function world() {
  const { user, key } = await makeUserWithKey(t.db, 'Vector');
  const project = await makeProject(t.db, { memberIds: [user.id], prefix: `V${Date.now().toString(36).slice(-5).toUpperCase()}`, sections: ['Todo', 'Doing'] });
  const other = await makeProject(t.db, { memberIds: [user.id], prefix: `W${Date.now().toString(36).slice(-5).toUpperCase()}`, sections: ['Todo'] });
  return { user, key, project, other };
}

/** The ticket numbers a search finds (tool route), optionally with a status filter. */
async function found(key: string, query: string, status?: string): Promise<string[]> {
  const qs = new URLSearchParams({ query, ...(status ? { status } : {}) });
  const res = await t.fetch(`/api/mcp/tasks/search?${qs}`, { key });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { tasks: { ticket_number: string }[] };
  return body.tasks.map((r) => r.ticket_number);
}

async function call(key: string, path: string, json: unknown) {
  const res = await t.fetch(path, { method: 'POST', key, json });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * Runs `fn` in one transaction with PL/pgSQL call counting on, and answers
 * how often the vector's trigger function ran in it.
 */
async function triggerCalls(fn: (tx: Prisma.TransactionClient) => Promise<unknown>): Promise<number> {
  // The view counts the calls not yet reported to the statistics (earlier transactions' too,
  // within about a second): the difference across `fn` is what it did.
  const calls = async (tx: Prisma.TransactionClient) => {
    const rows = await tx.$queryRaw<{ calls: bigint | number }[]>`
      SELECT calls FROM pg_stat_xact_user_functions WHERE funcname = ${TRIGGER_FUNCTION}`;
    return Number(rows[0]?.calls ?? 0);
  };
  return t.db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SET LOCAL track_functions = 'pl'`);
    const before = await calls(tx);
    await fn(tx);
    return (await calls(tx)) - before;
  });
}

describe('the stored search vector', () => {
  it('follows the title and the description, and stays through status, priority, section and board changes', async () => {
    const { user, key, project, other } = await world();
    const created = await call(key, '/api/mcp/tasks/create', {
      project_id: project.id,
      title: 'Zeppelin hangar checklist',
      description: '<p>Inspect the mooring mast</p>',
    });
    const taskId = created.id as number;
    const ticket = created.ticket_number as string;
    expect(await found(key, 'zeppelin')).toEqual([ticket]);
    expect(await found(key, 'mooring')).toEqual([ticket]);

    await call(key, '/api/mcp/tasks/update', { task_id: taskId, title: 'Blimp hangar checklist' });
    expect(await found(key, 'blimp')).toEqual([ticket]);
    expect(await found(key, 'zeppelin')).toEqual([]);
    expect(await found(key, 'mooring'), 'the description is still indexed').toEqual([ticket]);

    await call(key, '/api/mcp/tasks/update', { task_id: taskId, description: '<p>Refuel the gondola</p>' });
    expect(await found(key, 'gondola')).toEqual([ticket]);
    expect(await found(key, 'mooring')).toEqual([]);
    expect(await found(key, 'blimp'), 'the title is still indexed').toEqual([ticket]);

    // Updates that leave both alone keep the vector (a lost vector would find nothing).
    await call(key, '/api/mcp/tasks/update', { task_id: taskId, priority: 'high' });
    await call(key, '/api/mcp/assignees/assign', { task_id: taskId, user_id: user.id });
    await call(key, '/api/mcp/tasks/update', { task_id: taskId, status: 'Archive' });
    expect(await found(key, 'blimp gondola', 'Archive')).toEqual([ticket]);
    await call(key, '/api/mcp/tasks/update', { task_id: taskId, status: 'Normal', section_id: project.sections[1].id });
    expect(await found(key, 'blimp gondola')).toEqual([ticket]);
    const moved = await call(key, '/api/mcp/tasks/move', { task_id: taskId, target_project_id: other.id });
    expect(await found(key, 'blimp gondola')).toEqual([moved.ticket_number]);
  });

  it('is computed only by writes that change the title or the description', async () => {
    const { user, project } = await world();
    const ref = { taskId: 0 };
    const inserted = await triggerCalls(async (tx) => {
      const task = await tx.task.create({
        data: { projectId: project.id, sectionId: project.sections[0].id, uniqueIndex: 1, title: 'Counted task', description: '<p>words</p>' },
      });
      ref.taskId = task.id;
    });
    expect(inserted, 'an insert computes it').toBe(1);

    const asis = { title: 'Counted task', description: '<p>words</p>' };
    expect(await triggerCalls((tx) => updateTask(tx, user.id, ref, { priority: 'low' })), 'priority').toBe(0);
    expect(await triggerCalls((tx) => updateTask(tx, user.id, ref, { status: 'Archive' })), 'status').toBe(0);
    expect(await triggerCalls((tx) => updateTask(tx, user.id, ref, { status: 'Normal', sectionId: project.sections[1].id })), 'section').toBe(0);
    expect(await triggerCalls((tx) => placeTask(tx, user.id, ref, { afterTaskId: null })), 'position').toBe(0);
    // What an assignee or watcher change writes to the task (assignee.ts: the version bump).
    expect(
      await triggerCalls((tx) => tx.task.update({ where: { id: ref.taskId }, data: { updatedAt: new Date(), version: { increment: 1 }, updatedById: user.id } })),
      'version bump',
    ).toBe(0);
    expect(await triggerCalls((tx) => moveTask(tx, user.id, ref, { targetProjectId: project.id, targetSectionId: project.sections[0].id })), 'section move').toBe(0);
    // Written, but not changed: still not computed.
    expect(
      await triggerCalls((tx) => tx.$executeRaw`UPDATE "Task" SET title = ${asis.title}, description = ${asis.description} WHERE id = ${ref.taskId}`),
      'the same title and description written again',
    ).toBe(0);

    expect(await triggerCalls((tx) => updateTask(tx, user.id, ref, { title: 'Counted task renamed' })), 'title').toBe(1);
    expect(await triggerCalls((tx) => updateTask(tx, user.id, ref, { description: '<p>other words</p>' })), 'description').toBe(1);
    // The column itself, written by hand, is put back: it always equals the function of its inputs.
    expect(await triggerCalls((tx) => tx.$executeRaw`UPDATE "Task" SET "searchVector" = NULL WHERE id = ${ref.taskId}`), 'written by hand').toBe(1);
    const [row] = await t.db.$queryRaw<{ same: boolean }[]>`
      SELECT "searchVector" = tasksvc_search_vector(title, description) AS same FROM "Task" WHERE id = ${ref.taskId}`;
    expect(row.same).toBe(true);
  });
});
