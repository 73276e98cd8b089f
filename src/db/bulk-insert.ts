import { Prisma } from '../generated/prisma/client.ts';

/**
 * One column of a bulk insert: the PostgreSQL type of its values and the
 * values, one per row. Dates go as ISO strings (a `timestamp(3)` column
 * keeps the UTC time the string names), JSON as its text.
 */
export interface BulkColumn {
  type: 'int4' | 'text' | 'jsonb' | 'timestamp(3)' | `"${string}"`;
  values: unknown[];
}

/** An `int4` column of a bulk insert. */
export const intColumn = (values: unknown[]): BulkColumn => ({ type: 'int4', values });

/** A `text` column of a bulk insert. */
export const textColumn = (values: unknown[]): BulkColumn => ({ type: 'text', values });

/** A `timestamp(3)` column of a bulk insert, from dates (null stays null). */
export const timestampColumn = (values: (Date | null | undefined)[]): BulkColumn => ({
  type: 'timestamp(3)',
  values: values.map((d) => d?.toISOString() ?? null),
});

/**
 * `INSERT INTO table (columns) SELECT … FROM unnest($1::type[], …)`: any
 * number of rows in one statement with one array parameter per column, rows
 * in the order of the arrays (sequence ids follow it). `constants` are SQL
 * expressions every row takes (e.g. `CURRENT_TIMESTAMP` for `updatedAt`).
 *
 * Why not `createMany`: Prisma 7 compiles a `createMany`'s plan afresh on
 * every call in its WebAssembly query compiler and binds one parameter per
 * cell; for a 500-task board those plans were about a third of the app's CPU
 * (bench profile), all of it on the event loop.
 */
export function bulkInsertSql(
  table: string,
  columns: Record<string, BulkColumn>,
  options: { constants?: Record<string, Prisma.Sql>; returning?: string[] } = {},
): Prisma.Sql {
  const names = Object.keys(columns);
  const lengths = new Set(names.map((n) => columns[n].values.length));
  if (lengths.size > 1) throw new Error(`bulkInsertSql(${table}): columns of different lengths`);
  const constants = Object.entries(options.constants ?? {});
  const quoted = (n: string) => `"${n.replaceAll('"', '""')}"`;
  const target = Prisma.raw([...names, ...constants.map(([n]) => n)].map(quoted).join(', '));
  const arrays = Prisma.join(
    names.map((n) => {
      const { type, values } = columns[n];
      // A parameter typed text[] (what both drivers send a string array as), then each element in the column's type.
      return Prisma.sql`${values}::text[]::${Prisma.raw(type)}[]`;
    }),
  );
  const picked = Prisma.join([...names.map((n) => Prisma.raw(`v.${quoted(n)}`)), ...constants.map(([, sql]) => sql)]);
  const returning = options.returning?.length ? Prisma.raw(` RETURNING ${options.returning.map(quoted).join(', ')}`) : Prisma.empty;
  return Prisma.sql`INSERT INTO ${Prisma.raw(quoted(table))} (${target})
    SELECT ${picked} FROM unnest(${arrays}) WITH ORDINALITY AS v(${Prisma.raw(names.map(quoted).join(', '))}, ord)
    ORDER BY v.ord${returning}`;
}
