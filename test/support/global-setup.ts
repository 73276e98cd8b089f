// Once per run, before any test file. With DATABASE_URL the suite runs on
// that PostgreSQL: it must answer (a dead database fails the run, never skips
// it) and is migrated here. Without it, every test database is embedded
// PGlite: here one is created and migrated, and its data directory is dumped
// to a file that each test database starts from (see database.ts), so no
// test file pays for initdb and the migrations again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory dump test databases start from; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    console.log(`[tests] database: PostgreSQL ${new URL(url).host}${new URL(url).pathname}`);
    project.provide('pgliteTemplate', '');
    const db = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    try {
      await db.sql.query('SELECT 1');
      await migrate(db);
    } finally {
      await db.close();
    }
    return;
  }
  const started = performance.now();
  const dir = await mkdtemp(join(tmpdir(), 'tasksvc-test-'));
  const file = join(dir, 'template.tar');
  const lite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  try {
    const sql = {
      exec: async (text: string) => void (await lite.exec(text)),
      query: async <T,>(text: string, params?: unknown[]) => (await lite.query<T>(text, params)).rows,
    };
    await migrate({ session: (fn) => fn(sql) });
    const dump = await lite.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await lite.close();
  }
  project.provide('pgliteTemplate', file);
  console.log(
    `[tests] database: embedded PGlite, one in-memory copy of a migrated template per test app (template made in ${Math.round(performance.now() - started)} ms)`,
  );
  return () => rm(dir, { recursive: true, force: true });
}
