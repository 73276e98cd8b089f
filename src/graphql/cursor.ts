import { ValidationError } from '../errors.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import { MAX_CURSOR_LENGTH } from './connection-args.ts';

export type SortDirection = 'asc' | 'desc';

/** One column of a list's order; the last key of every list is the unique `id`. */
export interface SortKey {
  field: string;
  dir: SortDirection;
}

export type CursorValue = string | number | bigint | Date;

let models: ReturnType<typeof getDatamodel>['datamodel']['models'] | null = null;

/** The Prisma scalar type of a sort column, to read a cursor's values back with their types. */
function typeOf(model: string, field: string): string {
  models ??= getDatamodel().datamodel.models;
  const type = models[model]?.fields.find((f) => f.name === field && f.kind !== 'object')?.type;
  if (!type) throw new Error(`No scalar ${model}.${field} to sort a connection by`);
  return type;
}

/**
 * The model and order a cursor was made for. A cursor carries the sort
 * values of its row (keyset paging), so it only means something under the
 * same order; under another it is rejected rather than misread.
 */
function signature(model: string, keys: SortKey[]): string {
  return `${model}:${keys.map((k) => `${k.field}.${k.dir}`).join(',')}`;
}

/**
 * An opaque cursor for `row`: base64url of the order's signature and the
 * row's sort values. The values, not just the id, so paging neither reads
 * the cursor row again (it may have moved, been deleted or belong to someone
 * else) nor depends on it still matching the filter.
 */
export function encodeCursor(model: string, keys: SortKey[], row: Record<string, unknown>): string {
  const values = keys.map((k) => {
    const v = row[k.field];
    if (v instanceof Date) return v.toISOString();
    if (typeof v === 'string' || typeof v === 'number') return v;
    // JSON has no 64-bit integers: a BigInt column's value travels as its decimal digits.
    if (typeof v === 'bigint') return v.toString();
    throw new Error(`Cannot put ${model}.${k.field} (${v === null ? 'null' : typeof v}) in a cursor`);
  });
  return Buffer.from(JSON.stringify([signature(model, keys), ...values])).toString('base64url');
}

const INT4 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * A cursor value of a column type, or undefined. Only what encodeCursor can
 * have written passes: a crafted cursor must be a VALIDATION error, never a
 * value PostgreSQL refuses (an int4 overflow, a year out of range, a NUL).
 */
function readValue(type: string, raw: unknown): CursorValue | undefined {
  if (type === 'Int') {
    return Number.isInteger(raw) && (raw as number) >= INT4.min && (raw as number) <= INT4.max ? (raw as number) : undefined;
  }
  if (type === 'BigInt') {
    // What encodeCursor writes for an int8 column: its decimal digits, within int8.
    if (typeof raw !== 'string' || !/^-?\d{1,19}$/.test(raw)) return undefined;
    const value = BigInt(raw);
    return value >= -(2n ** 63n) && value < 2n ** 63n ? value : undefined;
  }
  if (type === 'DateTime') {
    if (typeof raw !== 'string') return undefined;
    const date = new Date(raw);
    // encodeCursor writes toISOString(): anything else (other formats, years outside 0001-9999) was not ours.
    return !Number.isNaN(date.getTime()) && date.toISOString() === raw && /^\d{4}-/.test(raw) && raw >= '0001' ? date : undefined;
  }
  // String columns and enums.
  return typeof raw === 'string' && !raw.includes('\u0000') ? raw : undefined;
}

/** The sort values of a cursor made by {@link encodeCursor} for this order; VALIDATION on `field` otherwise. */
export function decodeCursor(
  model: string,
  keys: SortKey[],
  cursor: { field: 'after' | 'before'; value: string },
): CursorValue[] {
  const invalid = () =>
    new ValidationError(
      cursor.field,
      `${cursor.field} is not a cursor of this list (use a cursor returned by this field with the same arguments).`,
      'invalid_cursor',
    );
  if (cursor.value.length === 0 || cursor.value.length > MAX_CURSOR_LENGTH) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor.value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== keys.length + 1 || parsed[0] !== signature(model, keys)) {
    throw invalid();
  }
  return keys.map((k, i) => {
    const value = readValue(typeOf(model, k.field), parsed[i + 1]);
    if (value === undefined) throw invalid();
    return value;
  });
}
