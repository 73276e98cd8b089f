import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { moveTask } from '../../src/domain/task/move.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { StaleVersionError } from '../../src/domain/task/version.ts';
import { makeOwnedProject, makeUser } from '../support/factories.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';
import { waitForBlockedSessions } from '../support/lock-waits.ts';

const db = useTestDb();
useBystander(db);

/** A board of Alice with Bob as a member, and one task Alice made. */
async function world() {
  const { user: alice, project } = await makeOwnedProject(db, { sections: ['Todo', 'Doing'] });
  const bob = await makeUser(db, 'Bob');
  await db.projectMember.create({ data: { projectId: project.id, userId: bob.id } });
  const task = await createTask(db, alice.id, { projectId: project.id, title: 'Plan', description: '<p>first</p>' });
  return { alice, bob, project, task };
}

const eventsOf = (taskId: number) => db.outboxEvent.count({ where: { taskId, type: 'task.updated' } });

describe('task versions (lost-update protection)', () => {
  it('a new task is version 1; every real change adds one and records who made it; no change adds nothing', async () => {
    const { alice, bob, project, task } = await world();
    expect(task).toMatchObject({ version: 1, updatedById: null });
    const renamed = await updateTask(db, bob.id, { taskId: task.id }, { title: 'Plan B', expectedVersion: 1 });
    expect(renamed).toMatchObject({ version: 2, updatedById: bob.id, title: 'Plan B' });
    const same = await updateTask(db, alice.id, { taskId: task.id }, { title: 'Plan B', expectedVersion: 2 });
    expect(same.version).toBe(2);
    // A move on the board is a change too (it moves updatedAt).
    const moved = await moveTask(db, alice.id, { taskId: task.id }, { targetProjectId: project.id, targetSectionId: project.sections[1].id });
    expect(moved).toMatchObject({ version: 3, updatedById: alice.id });
  });

  it('a stale expectedVersion writes nothing and answers CONFLICT stale_version with the current texts and author', async () => {
    const { alice, bob, task } = await world();
    await updateTask(db, alice.id, { taskId: task.id }, { description: '<p>Alice’s text</p>', expectedVersion: 1 });
    const err = await expectAppError(
      updateTask(db, bob.id, { taskId: task.id }, { description: '<p>Bob’s text</p>', expectedVersion: 1 }),
      'CONFLICT',
      'expectedVersion',
      'stale_version',
    );
    expect(err).toBeInstanceOf(StaleVersionError);
    expect((err as StaleVersionError).current).toEqual({
      version: 2,
      title: 'Plan',
      description: '<p>Alice’s text</p>',
      updatedAt: expect.any(String),
      updatedBy: { id: alice.id, displayName: alice.displayName },
    });
    expect(err.extensions.current).toEqual((err as StaleVersionError).current);
    expect(err.message).toContain(`changed by ${alice.displayName} since version 1 (it is now version 2)`);
    const now = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(now).toMatchObject({ description: '<p>Alice’s text</p>', version: 2 });
    expect(await eventsOf(task.id)).toBe(1);
    // The version it names now: saved.
    const saved = await updateTask(db, bob.id, { taskId: task.id }, { description: '<p>Bob’s text</p>', expectedVersion: 2 });
    expect(saved).toMatchObject({ version: 3, updatedById: bob.id });
  });

  it('expectedVersion is checked: one under 1, above the integer range, not an integer', async () => {
    const { alice, task } = await world();
    for (const bad of [0, -1, 2_147_483_648, 1.5]) {
      await expectAppError(updateTask(db, alice.id, { taskId: task.id }, { title: 'x', expectedVersion: bad }), 'VALIDATION', 'expectedVersion');
    }
    // A version the task never had (higher) is stale, not invalid.
    await expectAppError(updateTask(db, alice.id, { taskId: task.id }, { title: 'x', expectedVersion: 2_147_483_647 }), 'CONFLICT', 'expectedVersion', 'stale_version');
  });

  it('another tenant’s task is NOT_FOUND before any version is compared', async () => {
    const { task } = await world();
    const stranger = await makeUser(db, 'Stranger');
    await expectAppError(updateTask(db, stranger.id, { taskId: task.id }, { title: 'x', expectedVersion: 1 }), 'NOT_FOUND', 'taskId');
  });

  it('two saves naming the same version at once: exactly one is written, the other is refused', async () => {
    const { alice, bob, task } = await world();
    const results = await Promise.allSettled([
      updateTask(db, alice.id, { taskId: task.id }, { description: '<p>A</p>', expectedVersion: 1 }),
      updateTask(db, bob.id, { taskId: task.id }, { description: '<p>B</p>', expectedVersion: 1 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(StaleVersionError);
    const now = await db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(now.version).toBe(2);
    expect(await eventsOf(task.id)).toBe(1);
  });

  // PostgreSQL only: there the second save can run between the first's read and its commit.
  it.runIf(isPostgres)('a save waiting on another’s row lock finds the new version when it gets the row (PostgreSQL)', async () => {
    const { bob, task } = await world();
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([other.connect(), watcher.connect()]);
    try {
      await other.query('BEGIN');
      // Another save of version 1, not committed yet: it holds the row.
      await other.query(`UPDATE "Task" SET "description" = '<p>A</p>', "version" = "version" + 1 WHERE id = $1 AND "version" = 1`, [task.id]);
      const save = updateTask(db, bob.id, { taskId: task.id }, { description: '<p>B</p>', expectedVersion: 1 });
      await waitForBlockedSessions(watcher, 1);
      await other.query('COMMIT');
      await expectAppError(save, 'CONFLICT', 'expectedVersion', 'stale_version');
      expect(await db.task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ description: '<p>A</p>', version: 2 });
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await Promise.all([other.end(), watcher.end()]);
    }
  });
});
