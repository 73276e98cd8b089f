import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Database, SqlRunner } from '../../db/client.ts';
import { MIGRATIONS_DIR, listMigrationChecksums, migrate } from '../../db/migrate.ts';
import { ConflictError, ValidationError } from '../../errors.ts';
import { BACKUP_FORMAT, BACKUP_LIMITS, BACKUP_VERSION, type BackupHeader, backupHeader, backupTrailer } from './format.ts';
import { type CatalogTable, ident, listAppliedMigrations, listForeignKeys, listTables } from './catalog.ts';
import { gzipLines } from './read.ts';

/**
 * Tables the migrations themselves fill (the outbox's one sequence row): a
 * freshly migrated database has rows there and still counts as empty; the
 * restore replaces them with the backup's.
 */
const SEEDED_BY_MIGRATIONS = new Set(['OutboxSequence']);

/** What a restore did. */
export interface RestoreSummary {
  tables: number;
  rows: number;
  /** The schema the backup was taken at. */
  backupMigration: string;
  /** Migrations applied after the rows were loaded (an older backup). */
  migratedAfter: string[];
}

/** Progress of a restore: rows loaded so far of `total`. */
export type RestoreProgress = (done: number, total: number) => void;

/**
 * Restores a backup (format.ts) into an empty database: checks that the file
 * is a tasksvc backup this build can read and that its schema is one of this
 * build's migrations, brings the database to that schema, loads every row in
 * one transaction (foreign keys dropped while loading and re-created at the
 * end, which checks them all; sequences set to the backup's values), verifies
 * each table's row count and the file's checksum before committing, then
 * migrates to the current schema. A file that fails any check leaves no row
 * behind.
 */
export async function restoreBackup(db: Database, input: Readable, onProgress?: RestoreProgress): Promise<RestoreSummary> {
  const lines = gzipLines(input);
  const hash = createHash('sha256');
  const first = await lines.next();
  if (first.done) throw new ValidationError('file', 'the file is empty: not a tasksvc backup', 'not_a_backup');
  const header = parseHeader(first.value.line);
  hash.update(`${first.value.line}\n`);
  const backupMigration = requireKnownSchema(header);

  await db.session(async (sql) => requireEmpty(sql, header));
  await migrate(db, MIGRATIONS_DIR, { until: backupMigration });

  const loaded = await db.session(async (sql) => {
    await sql.exec('BEGIN; SET LOCAL statement_timeout = 0');
    try {
      const rows = await loadRows(sql, header, lines, hash, onProgress);
      await sql.exec('COMMIT');
      return rows;
    } catch (err) {
      await sql.exec('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
  const after = await migrate(db);
  return { tables: header.tables.length, rows: loaded, backupMigration, migratedAfter: after.applied };
}

function parseHeader(line: string): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ValidationError('header', 'the file is not a tasksvc backup (its first line is not JSON)', 'not_a_backup');
  }
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) {
    throw new ValidationError('header.format', `the file is not a tasksvc backup (format ${JSON.stringify(format ?? null)})`, 'not_a_backup');
  }
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version > BACKUP_VERSION) {
    throw new ValidationError(
      'header.version',
      `the backup has format version ${version}; this tasksvc reads versions up to ${BACKUP_VERSION}: restore it with a newer tasksvc`,
      'unsupported_version',
    );
  }
  const parsed = backupHeader.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(`header.${issue.path.join('.')}`, `the backup header is invalid: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * The backup's migrations must be the first migrations of this build, with
 * the same checksums: a backup of a newer build (a migration this one lacks)
 * or of a changed migration is refused. Answers the backup's last migration.
 */
function requireKnownSchema(header: BackupHeader): string {
  const build = listMigrationChecksums();
  if (header.migrations.length === 0) throw new ValidationError('header.migrations', 'the backup names no migration', 'invalid');
  header.migrations.forEach((m, i) => {
    const ours = build[i];
    if (!ours || ours.name !== m.name) {
      throw new ValidationError(
        'header.migrations',
        `the backup's schema has migration ${m.name}, which this tasksvc does not have: restore it with the tasksvc that made it or a newer one`,
        'unknown_migration',
      );
    }
    if (ours.checksum !== m.checksum) {
      throw new ValidationError('header.migrations', `migration ${m.name} of the backup differs from this tasksvc's`, 'migration_changed');
    }
  });
  return header.migrations[header.migrations.length - 1].name;
}

/**
 * A restore goes into an empty database only: no rows (but those the
 * migrations write), and no migration the backup lacks (its rows must load
 * into the schema they were read from).
 */
async function requireEmpty(sql: SqlRunner, header: BackupHeader) {
  const applied = await listAppliedMigrations(sql.query);
  const beyond = applied.find((m, i) => header.migrations[i]?.name !== m.name);
  if (beyond) {
    throw new ConflictError(
      `the database already has migration ${beyond.name}, which the backup's schema lacks: restore into an empty data directory or a new PostgreSQL database`,
      'database',
      'not_empty',
    );
  }
  for (const table of await listTables(sql.query)) {
    if (SEEDED_BY_MIGRATIONS.has(table.name)) continue;
    const [row] = await sql.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM public.${ident(table.name)}) AS "any"`);
    if (row.any) {
      throw new ConflictError(
        `the database is not empty (table ${table.name} has rows): restore into an empty data directory or a new PostgreSQL database`,
        'database',
        'not_empty',
      );
    }
  }
}

/** Loads the rows after the header, inside the caller's transaction; answers how many. */
async function loadRows(
  sql: SqlRunner,
  header: BackupHeader,
  lines: AsyncGenerator<{ line: string; number: number }>,
  hash: ReturnType<typeof createHash>,
  onProgress?: RestoreProgress,
): Promise<number> {
  const catalog = new Map((await listTables(sql.query)).map((t) => [t.name, t]));
  for (const t of header.tables) requireSameColumns(t.name, t.columns, catalog.get(t.name));
  const foreignKeys = await listForeignKeys(sql.query);
  for (const fk of foreignKeys) await sql.exec(`ALTER TABLE public.${ident(fk.table)} DROP CONSTRAINT ${ident(fk.name)}`);
  // The seeded rows (and nothing else: the database is empty) make way for the backup's.
  if (header.tables.length > 0) await sql.exec(`TRUNCATE ${header.tables.map((t) => `public.${ident(t.name)}`).join(', ')}`);

  const order = new Map(header.tables.map((t, i) => [t.name, i]));
  const counts = new Map<string, number>();
  const total = header.tables.reduce((n, t) => n + t.rows, 0);
  let current = -1;
  let batch: string[] = [];
  let batchBytes = 0;
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const table = header.tables[current];
    await insertBatch(sql, catalog.get(table.name)!, `[${batch.join(',')}]`);
    done += batch.length;
    batch = [];
    batchBytes = 0;
    onProgress?.(done, total);
  };
  let trailer: unknown = null;
  for await (const { line, number } of lines) {
    if (trailer !== null) throw new ValidationError(`line ${number}`, 'the backup has lines after its trailer', 'invalid');
    if (line.startsWith('{"end":')) {
      trailer = parseLine(line, number);
      continue;
    }
    const { table, row } = splitRowLine(line, number);
    const index = order.get(table);
    if (index === undefined) throw new ValidationError(`line ${number}`, `a row of table ${table}, which the header does not list`, 'invalid');
    if (index !== current) {
      if (index < current) throw new ValidationError(`line ${number}`, `rows of table ${table} after those of a later table`, 'invalid');
      await flush();
      current = index;
    }
    hash.update(`${line}\n`);
    batch.push(row);
    batchBytes += row.length;
    counts.set(table, (counts.get(table) ?? 0) + 1);
    if (batch.length >= BACKUP_LIMITS.batchRows || batchBytes >= BACKUP_LIMITS.batchBytes) await flush();
  }
  await flush();
  const end = backupTrailer.safeParse(trailer);
  if (!end.success) throw new ValidationError('trailer', 'the backup has no trailer: the file is cut short', 'truncated');
  if (end.data.sha256 !== hash.digest('hex')) throw new ValidationError('trailer.sha256', 'the backup does not match its checksum: the file was changed or damaged', 'checksum');
  for (const t of header.tables) {
    const n = counts.get(t.name) ?? 0;
    if (n !== t.rows) throw new ValidationError(`tables.${t.name}`, `the backup holds ${n} rows of ${t.name}, its header says ${t.rows}`, 'count');
  }
  for (const s of header.sequences) {
    await sql.query('SELECT setval($1::regclass, $2::bigint, $3::boolean)', [`public.${ident(s.name)}`, s.value, s.isCalled]);
  }
  // Re-created constraints check every row: a torn or edited set of rows fails here, before COMMIT.
  for (const fk of foreignKeys) await sql.exec(`ALTER TABLE public.${ident(fk.table)} ADD CONSTRAINT ${ident(fk.name)} ${fk.definition}`);
  return done;
}

function parseLine(line: string, number: number): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new ValidationError(`line ${number}`, `line ${number} of the backup is not JSON`, 'invalid');
  }
}

/**
 * A row line's table and row JSON, cut from the text the writer built
 * (format.ts rowLine) without parsing the row: the database parses it while
 * inserting, and the checksum has already vouched for every byte.
 */
function splitRowLine(line: string, number: number): { table: string; row: string } {
  const m = /^\{"t":("(?:[^"\\]|\\.){1,200}"),"r":/.exec(line);
  if (!m || !line.endsWith('}')) throw new ValidationError(`line ${number}`, `line ${number} of the backup is not a row`, 'invalid');
  return { table: JSON.parse(m[1]) as string, row: line.slice(m[0].length, -1) };
}

function requireSameColumns(name: string, columns: string[], table: CatalogTable | undefined) {
  const ours = table?.columns.map((c) => c.name) ?? [];
  if (!table || ours.join(',') !== columns.join(',')) {
    throw new ValidationError(
      `tables.${name}`,
      `table ${name} of the backup does not match the schema of its migrations (${columns.join(', ')} vs ${ours.join(', ') || 'no such table'})`,
      'schema_mismatch',
    );
  }
}

/** Inserts rows (a JSON array of row objects) into a table, each column from the row's field of that name. */
async function insertBatch(sql: SqlRunner, table: CatalogTable, rowsJson: string) {
  const cols = table.columns.filter((c) => !c.generated).map((c) => ident(c.name)).join(', ');
  const target = `public.${ident(table.name)}`;
  await sql.query(
    `INSERT INTO ${target} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(NULL::${target}, $1::json)`,
    [rowsJson],
  );
}
