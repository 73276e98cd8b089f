import { z } from 'zod';

// A tasksvc backup file: gzip of JSON lines. Line 1 is the header (what the
// file is, the schema it was taken at, every table's columns and row count,
// every sequence's value); then one line per row, table by table
// (`{"t":"Task","r":{…the row as PostgreSQL's row_to_json writes it…}}`);
// the last line is the trailer with the SHA-256 of every line before it, so a
// truncated or edited file is refused before its rows are committed.

/** What the header's `format` says: a file that does not say it is not a tasksvc backup. */
export const BACKUP_FORMAT = 'tasksvc-backup';

/** The version of this layout; a restore reads versions up to its own. */
export const BACKUP_VERSION = 1;

/**
 * Budgets of a backup file: a line (one row, or the header) longer than
 * this is refused before it is parsed; rows are inserted in batches of at
 * most `batchRows` rows or `batchBytes` bytes of JSON.
 */
export const BACKUP_LIMITS = {
  lineBytes: 32 * 1024 * 1024,
  batchRows: 500,
  batchBytes: 4 * 1024 * 1024,
  /** Rows per keyset page when writing. */
  pageRows: 1000,
  tables: 1000,
  columnsPerTable: 1600,
} as const;

const name = z.string().min(1).max(63);

/** One table of the backup: its columns (in the order the rows were written) and how many rows follow. */
export const backupTable = z.object({
  name,
  columns: z.array(name).max(BACKUP_LIMITS.columnsPerTable),
  rows: z.number().int().min(0),
});
export type BackupTable = z.infer<typeof backupTable>;

/** The first line of a backup file. */
export const backupHeader = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  createdAt: z.string(),
  /** The tasksvc version that wrote it. */
  service: z.string().max(100),
  /** The database it was taken from (`postgres` or `pglite`). */
  database: z.string().max(20),
  /** The applied migrations, in order: the schema version of the rows. */
  migrations: z.array(z.object({ name: z.string().max(255), checksum: z.string().max(64) })).max(10_000),
  tables: z.array(backupTable).max(BACKUP_LIMITS.tables),
  sequences: z
    .array(z.object({ name, value: z.string().regex(/^-?\d{1,19}$/), isCalled: z.boolean() }))
    .max(BACKUP_LIMITS.tables * 4),
});
export type BackupHeader = z.infer<typeof backupHeader>;

/** The last line of a backup file. */
export const backupTrailer = z.object({
  end: z.literal(true),
  rows: z.number().int().min(0),
  /** SHA-256 (hex) of every line before this one, newlines included. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupTrailer = z.infer<typeof backupTrailer>;

/** A row line as the writer builds it: the row's JSON text is PostgreSQL's own, not re-serialised. */
export function rowLine(table: string, rowJson: string): string {
  return `{"t":${JSON.stringify(table)},"r":${rowJson}}\n`;
}
