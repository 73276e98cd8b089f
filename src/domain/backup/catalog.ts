// What a logical backup reads of the database's own catalog: the tables of
// the public schema (their columns and primary keys), their sequences and
// their foreign keys. Read from pg_catalog, so a table a later migration adds
// is backed up without a change here.

/** Runs one parameterised statement (a transaction's or a session's). */
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/** The table Prisma records migrations in: a backup carries its list in the header, not as rows. */
export const MIGRATIONS_TABLE = '_prisma_migrations';

/** A column of a table, with its SQL type (for typed keyset parameters). */
export interface CatalogColumn {
  name: string;
  type: string;
  /** A generated column: written by PostgreSQL, never inserted. */
  generated: boolean;
}

/** A table of the public schema. */
export interface CatalogTable {
  name: string;
  columns: CatalogColumn[];
  /** Primary-key columns in key order; empty when the table has none (paged by ctid then). */
  key: string[];
}

/** A double-quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The tables of the public schema (ordinary tables, `_prisma_migrations` left out), by name. */
export async function listTables(query: Query): Promise<CatalogTable[]> {
  const rows = await query<{ table: string; column: string; type: string; generated: boolean; keypos: number | null }>(
    `SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type",
            a.attgenerated <> '' AS "generated",
            array_position(i.indkey::int2[], a.attnum) AS "keypos"
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
      WHERE c.relkind = 'r' AND c.relname <> $1
      ORDER BY c.relname, a.attnum`,
    [MIGRATIONS_TABLE],
  );
  const tables = new Map<string, CatalogTable & { keyed: [number, string][] }>();
  for (const r of rows) {
    let t = tables.get(r.table);
    if (!t) tables.set(r.table, (t = { name: r.table, columns: [], key: [], keyed: [] }));
    t.columns.push({ name: r.column, type: r.type, generated: r.generated });
    if (r.keypos !== null) t.keyed.push([Number(r.keypos), r.column]);
  }
  return [...tables.values()].map(({ keyed, ...t }) => ({ ...t, key: keyed.sort((a, b) => a[0] - b[0]).map(([, c]) => c) }));
}

/** A sequence of the public schema and where it stands. */
export interface CatalogSequence {
  name: string;
  value: string;
  isCalled: boolean;
}

/**
 * Every sequence of the public schema with its last value. Sequences are not
 * transactional: inside a snapshot this may be ahead of the rows, never
 * behind, so ids a restored database hands out never repeat a backed-up one.
 */
export async function listSequences(query: Query): Promise<CatalogSequence[]> {
  const names = await query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const out: CatalogSequence[] = [];
  for (const { name } of names) {
    const [s] = await query<{ value: string; isCalled: boolean }>(
      `SELECT last_value::text AS value, is_called AS "isCalled" FROM public.${ident(name)}`,
    );
    out.push({ name, value: s.value, isCalled: s.isCalled });
  }
  return out;
}

/** A foreign key: its table, name and definition (as pg_get_constraintdef writes it). */
export interface CatalogForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** The foreign keys of the public schema's tables. */
export function listForeignKeys(query: Query): Promise<CatalogForeignKey[]> {
  return query<CatalogForeignKey>(
    `SELECT t.relname AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace JOIN pg_class t ON t.oid = c.conrelid
      WHERE n.nspname = 'public' AND c.contype = 'f'
      ORDER BY t.relname, c.conname`,
  );
}

/** The applied migrations, in order (rolled-back ones left out). */
export async function listAppliedMigrations(query: Query): Promise<{ name: string; checksum: string }[]> {
  const [exists] = await query<{ present: boolean }>(`SELECT to_regclass('public.${ident(MIGRATIONS_TABLE)}') IS NOT NULL AS present`);
  if (!exists.present) return [];
  return query<{ name: string; checksum: string }>(
    `SELECT migration_name AS name, checksum FROM ${ident(MIGRATIONS_TABLE)}
      WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
}
