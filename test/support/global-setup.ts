// With DATABASE_URL set the suite runs on that PostgreSQL: it must answer
// (a dead database fails the run, never skips it) and is migrated once here.
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('[tests] database: embedded PGlite (in memory, one per test file)');
    return;
  }
  console.log(`[tests] database: PostgreSQL ${new URL(url).host}${new URL(url).pathname}`);
  const db = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  try {
    await db.sql.query('SELECT 1');
    await migrate(db);
  } finally {
    await db.close();
  }
}
