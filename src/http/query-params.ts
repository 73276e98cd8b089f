import { parseIsoDate } from '../domain/iso-date.ts';
import { z } from 'zod';
import { MAX_INT, idField } from '../domain/fields.ts';

// Query strings carry strings only; these parse the spec's types strictly so
// that a wrong type is a 400 naming the parameter, never a silent default.

/**
 * The OpenAPI schema of a query or path parameter whose text is parsed into
 * another type: an integer parameter is `type: integer` (typed clients then
 * send `limit: 5`, not `'5'`), though the parser reads its text.
 */
const PARAMETER_SCHEMAS = new WeakMap<object, Record<string, unknown>>();

/** The declared schema of a parameter (or of the schema it was cloned from by `.describe()`), if any. */
export function declaredParameterSchema(schema: z.ZodType): Record<string, unknown> | undefined {
  for (let s: { _zod: { parent?: unknown } } | undefined = schema; s; s = s._zod.parent as typeof s) {
    const declared = PARAMETER_SCHEMAS.get(s);
    if (declared) return declared;
  }
  return undefined;
}

function declare<T extends z.ZodType>(schema: T, declared: Record<string, unknown>): T {
  PARAMETER_SCHEMAS.set(schema, declared);
  return schema;
}

/** A positive integer id in a query string or path. */
export const qsId = () =>
  declare(z.string().regex(/^\d+$/, 'must be a positive integer').transform(Number).pipe(idField()), { type: 'integer', minimum: 1, maximum: MAX_INT });

/** A non-negative integer in a query string, bounded. */
export const qsInt = (min: number, max: number) =>
  declare(z.string().regex(/^-?\d+$/, 'must be an integer').transform(Number).pipe(z.number().int().min(min).max(max)), {
    type: 'integer',
    minimum: min,
    maximum: max,
  });

/** `true` or `false` (also `1`/`0`). */
export const qsBool = () =>
  z.enum(['true', 'false', '1', '0'], { message: 'must be true or false' }).transform((v) => v === 'true' || v === '1');

/** A comma-separated list of non-empty names. */
export const qsList = () =>
  z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(100)).min(1).max(50));

/** An ISO 8601 date (`2026-01-31`) or datetime. */
export const qsDate = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be an ISO 8601 date or datetime')
    // Strict (src/domain/iso-date.ts): `2020-02-30` is refused, not rolled over to March 1.
    .refine((v) => parseIsoDate(v) !== null, 'must be a real calendar date in years 1–9999')
    .transform((v) => parseIsoDate(v)!.toISOString());

/** A positive integer in a JSON body (no strings, no 1.5). */
export const bodyId = () => z.number({ message: 'must be a positive integer' }).int().positive().max(MAX_INT);

/**
 * A list of positive integer ids in a JSON body, each a number or a string of
 * digits (REST shows label ids as strings, so either spelling comes back).
 */
export const bodyIdList = (max: number) =>
  z
    .array(z.union([bodyId(), z.string().regex(/^\d+$/, 'must be a positive integer').transform(Number).pipe(bodyId())]))
    .max(max);
