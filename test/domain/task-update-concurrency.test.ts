// The one-statement task update (src/domain/task/update-columns.ts) under
// concurrency: it locks the row, then compares and writes. On PostgreSQL each
// case holds the row in another transaction first, so the updates really wait
// for it (waitForBlockedSessions: by the order of events, not by a sleep);
// PGlite runs one transaction at a time, so there the same calls run at once
// and the same invariants must hold in whatever order they ran.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { deleteTask } from '../../src/domain/task/delete.ts';
import { moveTask } from '../../src/domain/task/move.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { StaleVersionError } from '../../src/domain/task/version.ts';
import { AppError } from '../../src/errors.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { waitForBlockedSessions } from '../support/lock-waits.ts';

const db = useTestDb();
useBystander(db);

/** Alice's board with Bob on it, a second board of both, and a task Alice made (she watches it). */
async function world() {
  const alice = await makeUser(db, 'Alice');
  const bob = await makeUser(db, 'Bob');
  const board = await makeProject(db, { memberIds: [alice.id, bob.id], prefix: 'RACE', sections: ['Todo', 'Doing'] });
  const other = await makeProject(db, { memberIds: [alice.id, bob.id], prefix: 'OTHER', sections: ['Inbox'] });
  const task = await createTask(db, alice.id, { projectId: board.id, sectionId: board.sections[0].id, title: 'Plan', description: '<p>first</p>' });
  return { alice, bob, board, other, task };
}

/** The task's `task.updated` events that carry changes (not a delete's), oldest first. */
async function changeEvents(taskId: number) {
  const rows = await db.outboxEvent.findMany({ where: { taskId, type: 'task.updated' }, orderBy: { id: 'asc' } });
  return rows.filter((e) => !(e.data as { deleted?: boolean }).deleted);
}

/**
 * Runs `racers` while the task's row is held: on PostgreSQL by a transaction
 * of another connection that locks it (or runs `holder`'s statements) and
 * commits once `racers.length` sessions wait for it; on PGlite they simply
 * run at once (beside `holder`'s domain call, when given).
 */
async function whileHeld<T>(
  taskId: number,
  racers: Array<() => Promise<T>>,
  holder?: { sql: (client: pg.Client) => Promise<unknown>; domain: () => Promise<unknown> },
): Promise<PromiseSettledResult<T>[]> {
  if (!isPostgres) {
    const all = await Promise.allSettled([...(holder ? [holder.domain()] : []), ...racers.map((r) => r())]);
    return all.slice(holder ? 1 : 0) as PromiseSettledResult<T>[];
  }
  const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([other.connect(), watcher.connect()]);
  try {
    await other.query('BEGIN');
    await other.query('SELECT 1 FROM "Task" WHERE id = $1 FOR UPDATE', [taskId]);
    if (holder) await holder.sql(other);
    const running = racers.map((r) => r());
    await waitForBlockedSessions(watcher, racers.length);
    await other.query('COMMIT');
    return await Promise.allSettled(running);
  } finally {
    await other.query('ROLLBACK').catch(() => undefined);
    await Promise.all([other.end(), watcher.end()]);
  }
}

describe('the one-statement task update under concurrency', () => {
  it('two updates naming the same version: exactly one is written, the other is refused; one event', async () => {
    const { alice, bob, task } = await world();
    const results = await whileHeld(task.id, [
      () => updateTask(db, alice.id, { taskId: task.id }, { title: 'Alice’s plan', expectedVersion: 1 }),
      () => updateTask(db, bob.id, { taskId: task.id }, { title: 'Bob’s plan', expectedVersion: 1 }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(StaleVersionError);
    const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof updateTask>>>).value;
    expect((refused.reason as StaleVersionError).current).toMatchObject({ version: 2, title: winner.title });
    expect(await db.task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ version: 2, title: winner.title });
    const events = await changeEvents(task.id);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ changes: { title: { from: 'Plan', to: winner.title } } });
  });

  it('two updates without a version are both written, the second from what the first wrote', async () => {
    const { alice, bob, task } = await world();
    const results = await whileHeld(task.id, [
      () => updateTask(db, alice.id, { taskId: task.id }, { title: 'One' }),
      () => updateTask(db, bob.id, { taskId: task.id }, { title: 'Two' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const events = await changeEvents(task.id);
    expect(events).toHaveLength(2);
    const [first, second] = events.map((e) => (e.data as { changes: { title: { from: string; to: string } } }).changes.title);
    // The lock comes before the comparison: the second change starts where the first ended.
    expect(first.from).toBe('Plan');
    expect(second.from).toBe(first.to);
    const now = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(now).toMatchObject({ version: 3, title: second.to });
  });

  it('an update racing a delete: applied before it, or NOT_FOUND after it; nothing written for a gone task', async () => {
    const { alice, task } = await world();
    const [result] = await whileHeld(
      task.id,
      [() => updateTask(db, alice.id, { taskId: task.id }, { title: 'Too late', expectedVersion: 1 })],
      {
        sql: (c) => c.query('DELETE FROM "Task" WHERE id = $1', [task.id]),
        domain: () => deleteTask(db, alice.id, { taskId: task.id }),
      },
    );
    expect(await db.task.findUnique({ where: { id: task.id } })).toBeNull();
    const events = await changeEvents(task.id);
    if (result.status === 'rejected') {
      expect(result.reason).toBeInstanceOf(AppError);
      expect((result.reason as AppError).code).toBe('NOT_FOUND');
      expect(events).toEqual([]);
    } else {
      // PGlite ran the update first.
      expect(isPostgres).toBe(false);
      expect(events).toHaveLength(1);
    }
    expect(await db.notification.count({ where: { taskId: task.id, type: 'task_updated' } })).toBe(0);
  });

  it('an update racing a move to another board is written on the board the task is on, with its new ticket number', async () => {
    const { bob, other, task } = await world();
    const inbox = other.sections[0];
    const [result] = await whileHeld(
      task.id,
      [() => updateTask(db, bob.id, { taskId: task.id }, { title: 'Wherever it is' })],
      {
        // What moveTask writes to the task row (its number on the target board included).
        sql: (c) =>
          c.query(
            `WITH n AS (UPDATE "Project" SET "taskCounter" = "taskCounter" + 1 WHERE id = $1 RETURNING "taskCounter")
             UPDATE "Task" SET "projectId" = $1, "sectionId" = $2, "uniqueIndex" = (SELECT "taskCounter" FROM n), "version" = "version" + 1 WHERE id = $3`,
            [other.id, inbox.id, task.id],
          ),
        domain: () => moveTask(db, bob.id, { taskId: task.id }, { targetProjectId: other.id, targetSectionId: inbox.id }),
      },
    );
    expect(result.status).toBe('fulfilled');
    const updated = (result as PromiseFulfilledResult<Awaited<ReturnType<typeof updateTask>>>).value;
    const now = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(now).toMatchObject({ projectId: other.id, sectionId: inbox.id, title: 'Wherever it is' });
    // PGlite may have run the update first: then it answered from the board the task was on.
    if (isPostgres || updated.projectId === other.id) {
      expect(updated).toMatchObject({ projectId: other.id, section: { id: inbox.id, title: 'Inbox' }, project: { ticketPrefix: 'OTHER' } });
    }
    const [event] = (await changeEvents(task.id)).filter((e) => (e.data as { changes: object }).changes && 'title' in (e.data as { changes: object }).changes);
    // The event names the board and number the task had when the title changed.
    if (event.projectId === other.id) expect(event.ticketNumber).toBe(`OTHER-${now.uniqueIndex}`);
    else expect(isPostgres, 'on PostgreSQL the update waited for the move').toBe(false);
  });

  it('an update racing a move to another column answers with the column the task is in', async () => {
    const { alice, board, task } = await world();
    const doing = board.sections[1];
    const [result] = await whileHeld(
      task.id,
      [() => updateTask(db, alice.id, { taskId: task.id }, { priority: 'high' })],
      {
        sql: (c) => c.query('UPDATE "Task" SET "sectionId" = $1, "position" = NULL, "version" = "version" + 1 WHERE id = $2', [doing.id, task.id]),
        domain: () => updateTask(db, alice.id, { taskId: task.id }, { sectionId: doing.id }),
      },
    );
    expect(result.status).toBe('fulfilled');
    const updated = (result as PromiseFulfilledResult<Awaited<ReturnType<typeof updateTask>>>).value;
    if (isPostgres || updated.version === 3) {
      expect(updated).toMatchObject({ priority: 'high', sectionId: doing.id, section: { id: doing.id, title: 'Doing' }, version: 3 });
    }
    expect(await db.task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ priority: 'high', sectionId: doing.id, version: 3 });
  });
});
