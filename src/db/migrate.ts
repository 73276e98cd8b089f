import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root.ts';
import type { Database, SqlRunner } from './client.ts';

/** The committed migrations, in Prisma's own layout. */
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'prisma', 'migrations');

// Same key `prisma migrate deploy` takes, so the stock CLI and we never run at once.
const ADVISORY_LOCK = 72707369;

// The table exactly as Prisma creates it, so `prisma migrate status` reads our records.
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** How far {@link migrate} goes. */
export interface MigrateOptions {
  /**
   * The last migration to apply (a folder name); later ones stay pending.
   * A restore brings an empty database to its backup's schema this way
   * before loading rows, then migrates the rest.
   */
  until?: string;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

/** Lists migration folder names in the order they apply. */
export function listMigrations(dir = MIGRATIONS_DIR): string[] {
  // A missing folder is a packaging mistake; treating it as "nothing to apply" would hide it.
  if (!existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort();
}

/** The checksum Prisma records for a migration: SHA-256 (hex) of its script. */
export function migrationChecksum(script: string): string {
  return createHash('sha256').update(script).digest('hex');
}

/** This build's migrations in order, with their checksums (what a backup's schema version is compared with). */
export function listMigrationChecksums(dir = MIGRATIONS_DIR): { name: string; checksum: string }[] {
  return listMigrations(dir).map((name) => ({ name, checksum: migrationChecksum(readFileSync(join(dir, name, 'migration.sql'), 'utf8')) }));
}

/**
 * Applies pending migrations and records them in `_prisma_migrations` as
 * `prisma migrate deploy` does. Refuses to run over a failed migration or one
 * whose file changed after it was applied.
 */
export function migrate(db: Pick<Database, 'session'>, dir = MIGRATIONS_DIR, options: MigrateOptions = {}): Promise<MigrationResult> {
  return db.session((sql) => migrateOn(sql, dir, options));
}

async function migrateOn(sql: SqlRunner, dir: string, options: MigrateOptions): Promise<MigrationResult> {
  // Migrations may rebuild indexes over the whole table: the request pool's
  // statement budget (STATEMENT_TIMEOUT_MS) does not apply to them. The
  // connection goes back to the pool with its budget (RESET restores the
  // value it was opened with).
  await sql.exec('SET statement_timeout = 0');
  try {
    return await migrateLocked(sql, dir, options);
  } finally {
    // A connection that broke mid-migration has no setting left to restore.
    await sql.exec('RESET statement_timeout').catch(() => undefined);
  }
}

/**
 * A database that holds a migration this build does not have was migrated
 * by another (newer) build: this one's code would run on a schema it does
 * not know, so start-up and `tasksvc migrate` stop before touching it.
 */
export function refuseUnknownMigrations(inDatabase: string[], known: string[]): void {
  const mine = new Set(known);
  const unknown = inDatabase.filter((name) => !mine.has(name)).sort();
  if (unknown.length === 0) return;
  const newest = known[known.length - 1] ?? '';
  const newer = unknown.filter((name) => name > newest);
  const what = newer.length === unknown.length ? 'newer than this build' : 'this build does not have';
  throw Object.assign(
    new Error(
      `The database holds ${unknown.length === 1 ? 'a migration' : `${unknown.length} migrations`} ${what} (${unknown.join(', ')}; this build's newest is ${newest || 'none'}): ` +
        'it was migrated by another tasksvc version. Run that version or a newer one; an older build never runs on a newer schema.',
    ),
    { code: 'SCHEMA_NEWER_THAN_BUILD' },
  );
}

async function migrateLocked(sql: SqlRunner, dir: string, options: MigrateOptions): Promise<MigrationResult> {
  await sql.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK]);
  try {
    await sql.exec(CREATE_TABLE);
    const rows = await sql.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
    );
    const done = new Map(rows.filter((r) => !r.rolled_back_at).map((r) => [r.migration_name, r]));
    const known = listMigrations(dir);
    refuseUnknownMigrations([...done.keys()], known);
    const applied: string[] = [];
    let alreadyApplied = 0;
    const last = options.until === undefined ? known.length - 1 : known.indexOf(options.until);
    if (last < 0 && options.until !== undefined) throw new Error(`Migration ${options.until} is not one of this build's.`);
    for (const name of known.slice(0, last + 1)) {
      const script = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      const checksum = migrationChecksum(script);
      const prior = done.get(name);
      if (prior) {
        if (!prior.finished_at) throw new Error(`Migration ${name} failed earlier; resolve it before migrating again.`);
        if (prior.checksum !== checksum) throw new Error(`Migration ${name} was modified after it was applied.`);
        alreadyApplied++;
        continue;
      }
      const id = randomUUID();
      await sql.query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
        [id, checksum, name],
      );
      try {
        // The extra `;` ends a last statement written without one.
        await sql.exec(`BEGIN;\n${script}\n;\nCOMMIT;`);
      } catch (err) {
        await sql.exec('ROLLBACK').catch(() => undefined);
        await sql.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, String(err)]);
        throw new Error(`Migration ${name} failed: ${(err as Error).message}`, { cause: err });
      }
      await sql.query(
        'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
        [id],
      );
      applied.push(name);
    }
    return { applied, alreadyApplied };
  } finally {
    await sql.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK]);
  }
}
