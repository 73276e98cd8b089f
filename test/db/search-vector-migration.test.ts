import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { listMigrations, migrate } from '../../src/db/migrate.ts';
import { PostgresSearchIndex } from '../../src/search/postgres-engine.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { isPostgres } from '../support/database.ts';
import { freshDatabase } from '../support/fresh-database.ts';

// A database with tasks, migrated before the search vector became a stored
// column, migrates cleanly: every existing task gets its vector (the same
// the function computes), the index on it answers searches, and new writes
// keep it. On the embedded database and, with DATABASE_URL, on PostgreSQL.

const VECTOR_MIGRATION = '20261201220000_task_search_vector_column';
const migrations = listMigrations();
const before = migrations[migrations.indexOf(VECTOR_MIGRATION) - 1]!;

const TITLES = ['Zeppelin hangar checklist', 'Dark mode for the dashboard', 'Fix login redirect loop'];

async function migrateAcross(db: Database, server: boolean) {
  expect((await migrate(db, undefined, { until: before })).applied.at(-1)).toBe(before);
  const user = await makeUser(db.prisma, 'Old');
  const project = await makeProject(db.prisma, { memberIds: [user.id], prefix: 'OLD' });
  for (const [i, title] of TITLES.entries()) {
    await db.prisma.task.create({
      data: { projectId: project.id, sectionId: project.sections[0].id, uniqueIndex: i + 1, title, description: `<p>Existing ${title} notes</p>` },
    });
  }

  expect((await migrate(db)).applied).toEqual(migrations.slice(migrations.indexOf(VECTOR_MIGRATION)));
  const [stats] = await db.sql.query<{ n: number; same: number }>(
    `SELECT count(*)::int AS n, count(*) FILTER (WHERE "searchVector" = tasksvc_search_vector(title, description))::int AS same
       FROM "Task" WHERE "projectId" = $1`,
    [project.id],
  );
  expect(stats).toEqual({ n: TITLES.length, same: TITLES.length });
  const [column] = await db.sql.query<{ generated: string }>(
    `SELECT attgenerated AS generated FROM pg_attribute WHERE attrelid = '"Task"'::regclass AND attname = 'searchVector'`,
  );
  expect(column.generated, 'a plain column kept by triggers, not a generated one').toBe('');

  const index = new PostgresSearchIndex(db.prisma, { server, session: db.session });
  await index.init();
  const search = async (q: string) =>
    (await index.search(q, { visibleProjectIds: [project.id], limit: 10 })).hits.map((h) => h.task?.title);
  expect(await search('zepelin')).toEqual(['Zeppelin hangar checklist']);
  expect(await search('notes dashboard')).toEqual(['Dark mode for the dashboard']);
  const created = await db.prisma.task.create({
    data: { projectId: project.id, sectionId: project.sections[0].id, uniqueIndex: 9, title: 'Gondola refuel' },
  });
  expect(await search('gondola')).toEqual(['Gondola refuel']);
  await db.prisma.task.update({ where: { id: created.id }, data: { title: 'Mooring mast' } });
  expect(await search('gondola')).toEqual([]);
  expect(await search('mooring')).toEqual(['Mooring mast']);
}

describe(`the stored search vector migration on ${isPostgres ? 'a PostgreSQL' : 'an embedded'} database with tasks`, () => {
  it('fills the vector of every existing task and searches answer from it', async () => {
    // A database of its own (created and dropped on PostgreSQL), unmigrated.
    const fresh = await freshDatabase('vec');
    try {
      await migrateAcross(fresh.database, isPostgres);
    } finally {
      await fresh.dispose();
    }
  }, 120_000);
});
