import { type Database, openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { makeProject, makeUser } from '../support/factories.ts';

/**
 * The test database for domain tests (no HTTP app): the shared PostgreSQL
 * of DATABASE_URL, else a fresh in-memory PGlite.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  if (!url) await migrate(database);
  return database;
}

/** A user and a project of theirs with the given sections (default one `Todo`). */
export async function makeOwnedProject(db: Database['prisma'], opts: { sections?: string[]; prefix?: string } = {}) {
  const user = await makeUser(db, 'Owner');
  const project = await makeProject(db, { memberIds: [user.id], sections: opts.sections, prefix: opts.prefix });
  return { user, project };
}
