import type { CursorValue, SortDirection, SortKey } from './cursor.ts';

/**
 * The sort keys of a Prisma `orderBy` (one `{field: dir}` object or a list
 * of them), ending with `id` so that every row has its own place and keyset
 * paging neither skips nor repeats rows that tie on the other keys.
 */
export function sortKeysOf(orderBy: object | readonly object[]): SortKey[] {
  const list: readonly object[] = Array.isArray(orderBy) ? orderBy : [orderBy];
  const keys = list.map((entry): SortKey => {
    const pairs = Object.entries(entry);
    const [field, dir] = pairs[0] ?? [];
    // Relation and null-ordering forms have no plain comparison to page by.
    if (pairs.length !== 1 || (dir !== 'asc' && dir !== 'desc')) {
      throw new Error(`Cannot page by orderBy ${JSON.stringify(entry)}: only {field: 'asc' | 'desc'} entries`);
    }
    return { field, dir };
  });
  if (!keys.some((k) => k.field === 'id')) keys.push({ field: 'id', dir: keys.at(-1)?.dir ?? 'asc' });
  return keys;
}

const flip = (dir: SortDirection): SortDirection => (dir === 'asc' ? 'desc' : 'asc');

/** The Prisma order to read in: the list's own, or its reverse when paging backwards. */
export function readOrder(keys: SortKey[], backward: boolean): Record<string, SortDirection>[] {
  return keys.map((k) => ({ [k.field]: backward ? flip(k.dir) : k.dir }));
}

/**
 * The rows strictly after the cursor in read order: equal on the first
 * keys and past it on the next one, for each key in turn.
 */
export function keysetWhere(keys: SortKey[], values: CursorValue[], backward: boolean): { OR: object[] } {
  return {
    OR: keys.map((key, i) => {
      const branch: Record<string, unknown> = {};
      for (let j = 0; j < i; j += 1) branch[keys[j].field] = values[j];
      branch[key.field] = { [(key.dir === 'asc') !== backward ? 'gt' : 'lt']: values[i] };
      return branch;
    }),
  };
}
