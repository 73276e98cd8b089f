/**
 * The row a mutation already holds, when it carries everything Pothos's
 * `query` (the Prisma `include` built from the document's selection) asks
 * of it; else null, and the resolver reads the row with `query` as usual.
 * A create that has just written the task and read its section in the same
 * statement so answers without a second read.
 *
 * Only plain includes are answered: a relation asked whole (`true`) must be
 * among `wholeRelations` (the row carries all its columns); a relation asked
 * with a `select` of scalar fields must carry each of them. Anything else
 * (select mode, nested relations, filters, ordering, counts) reads the row.
 */
export function rowInHand<Row extends object>(
  query: { include?: unknown; select?: unknown },
  row: Row,
  wholeRelations: readonly (keyof Row & string)[],
): Row | null {
  if (query.select !== undefined) return null;
  const include = (query.include ?? {}) as Record<string, unknown>;
  for (const [relation, wanted] of Object.entries(include)) {
    const loaded = (row as Record<string, unknown>)[relation];
    if (typeof loaded !== 'object' || loaded === null) return null;
    if (wanted === true) {
      if (!(wholeRelations as readonly string[]).includes(relation)) return null;
      continue;
    }
    if (!isScalarSelect(wanted)) return null;
    if (Object.keys(wanted.select).some((field) => !(field in loaded))) return null;
  }
  return row;
}

function isScalarSelect(wanted: unknown): wanted is { select: Record<string, true> } {
  if (typeof wanted !== 'object' || wanted === null) return false;
  const keys = Object.keys(wanted);
  if (keys.length !== 1 || keys[0] !== 'select') return false;
  const select = (wanted as { select: unknown }).select;
  return typeof select === 'object' && select !== null && Object.values(select).every((v) => v === true);
}
