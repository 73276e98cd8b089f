import { type Database, openDatabase } from '../../src/db/client.ts';
import { isolatedDatabase } from './isolated-database.ts';

/** An open database with nothing in it yet (no migration applied), and how to be rid of it. */
export interface FreshDatabase {
  database: Database;
  /** DATABASE_URL of it on PostgreSQL; empty on PGlite. */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/**
 * A database as a person would restore into: on PostgreSQL a new database
 * of its own on the test server (`createdb`), on PGlite a new in-memory data
 * directory (initdb, no template); unmigrated unless `migrate` is asked.
 */
export async function freshDatabase(prefix: string, options: { migrate?: boolean } = {}): Promise<FreshDatabase> {
  const isolated = await isolatedDatabase(prefix, { migrate: options.migrate ?? false });
  const database = await openDatabase({ databaseUrl: isolated.env.DATABASE_URL, dataDir: 'memory://' });
  if (!isolated.env.DATABASE_URL && options.migrate) {
    const { migrate } = await import('../../src/db/migrate.ts');
    await migrate(database);
  }
  return {
    database,
    env: isolated.env,
    dispose: async () => {
      await database.close();
      await isolated.drop();
    },
  };
}
