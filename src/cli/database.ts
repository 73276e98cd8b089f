import { currentControlRun } from '../control/context.ts';
import type { Database } from '../db/client.ts';

/**
 * The open database a command works on: the server's own when a running
 * server runs the command for a control-channel client, else one opened
 * here and closed after: migrated with `migrate` (commands that read and
 * write through Prisma), else as it is (a backup reads the schema it finds,
 * a restore migrates itself).
 */
export async function withDatabase<T>(fn: (db: Database) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
  const run = currentControlRun();
  if (run) return fn(run.services.database);
  const { loadConfig } = await import('../config.ts');
  const { openDatabase } = await import('../db/client.ts');
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.TASKSVC_DATA_DIR });
  try {
    if (options.migrate) await (await import('../db/migrate.ts')).migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

