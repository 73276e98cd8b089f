// Once per run, before any test file. With DATABASE_URL the suite runs on
// that PostgreSQL: it must answer (a dead database fails the run, never skips
// it) and is migrated here. Without it, every test database is embedded
// PGlite: here one is created and migrated once, and written as a data
// directory that each test database starts as a copy of (see database.ts;
// the CLI tests copy the directory itself, see cli.ts), so no test file pays
// for initdb and the migrations again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_EXTENSIONS } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { PGLITE_PGDATA } from './pglite-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory test databases start from; '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Settings of the test databases only: PostgreSQL's default shared_buffers
 * (128 MB) is allocated and cleared at every start, most of a start's CPU,
 * for databases of a few hundred rows. Appended to the template's
 * postgresql.conf.
 */
const TEST_SETTINGS = ['shared_buffers = 8MB', 'max_connections = 10'];

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
  const dataDir = join(dir, 'template');
  // Migrated in memory (on disk every write would go through to the files)…
  const lite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  let dump: Blob;
  try {
    const sql = {
      exec: async (text: string) => void (await lite.exec(text)),
      query: async <T,>(text: string, params?: unknown[]) => (await lite.query<T>(text, params)).rows,
    };
    await migrate({ session: (fn) => fn(sql) });
    dump = await compactDump(lite);
  } finally {
    await lite.close();
  }
  // …then written once to a directory and closed: a cleanly shut down data
  // directory, so a copy starts without crash recovery.
  const disk = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: dump });
  await disk.close();
  project.provide('pgliteTemplate', dataDir);
  console.log(
    `[tests] database: embedded PGlite, one in-memory copy of a migrated template per test app (template made in ${Math.round(performance.now() - started)} ms)`,
  );
  return () => rm(dir, { recursive: true, force: true });
}

/**
 * The data directory of `lite` with only the WAL a start needs: after a
 * segment switch and a checkpoint, the current segment holds little more
 * than the checkpoint record, and the earlier segments (16 MB each,
 * preallocated) are not read again. Every start would otherwise copy 16 MB
 * of WAL, most of it zeros. PostgreSQL extends the segment as it writes.
 */
async function compactDump(lite: PGlite): Promise<Blob> {
  await lite.query('SELECT pg_switch_wal()');
  await lite.exec('CHECKPOINT');
  const [current] = (
    await lite.query<{ file_name: string; file_offset: number }>('SELECT file_name, file_offset FROM pg_walfile_name_offset(pg_current_wal_lsn())')
  ).rows;
  const FS = lite.Module.FS;
  const wal = `${PGLITE_PGDATA}/pg_wal`;
  for (const name of FS.readdir(wal)) {
    if (/^[0-9A-F]{24}$/.test(name) && name !== current.file_name) FS.unlink(`${wal}/${name}`);
  }
  // Whole pages, up to and including the one PostgreSQL continues writing.
  FS.truncate(`${wal}/${current.file_name}`, Math.ceil((current.file_offset + 1) / 8192) * 8192);
  const conf = `${PGLITE_PGDATA}/postgresql.conf`;
  FS.writeFile(conf, `${FS.readFile(conf, { encoding: 'utf8' })}\n# tasksvc tests\n${TEST_SETTINGS.join('\n')}\n`);
  return lite.dumpDataDir('none');
}
