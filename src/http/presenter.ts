import type { ResultOf, TypedDocumentNode } from '@graphql-typed-document-node/core';
import { z } from 'zod';

// A presenter is one declaration of a public shape: the GraphQL fragment a
// route reads and, per public field, where its value comes from (a field of
// the fragment, or a function of the fragment's result) with its zod
// schema. The mapping a route's `toBody` calls and the object schema that
// OpenAPI and the tests' response checks read are both derived from it, so a
// field is written once and the two cannot drift; the types hold each source
// to its schema (a source whose value the schema does not describe is a
// compile error). test/http/presenter-agreement.test.ts holds the fragment to
// the reads: every selected field read, nothing read that is not selected.

/** One public field: how to read it from the fragment's result, and its schema. */
export interface PresenterField<T, S extends z.ZodType = z.ZodType> {
  /** The public value, from the fragment's result (a property, not a method: a field of a narrower fragment fits a wider one). */
  read: (source: T) => z.output<S>;
  /** Its schema (with the field's description). */
  schema: S;
}

/** The keys of `T` whose values a schema with output `O` describes. */
type KeysOfType<T, O> = { [K in keyof T]-?: T[K] extends O ? K : never }[keyof T] & string;

/**
 * Declares one public field: a field of the fragment by name, or a function
 * of the fragment's result. The field needs of a source only what it reads
 * (the named field, or the function's parameter when annotated), so fields
 * shared between presenters fit every fragment that selects what they read.
 */
export interface FieldOf<T> {
  /** The fragment's field `key` as it is. */
  <S extends z.ZodType, K extends KeysOfType<T, z.output<S>>>(key: K, schema: S): PresenterField<Pick<T, K>, S>;
  /** A computed value (a renamed nested field, an enum's spec string, a constant). */
  <S extends z.ZodType, U = T>(read: (source: U) => NoInfer<z.output<S>>, schema: S): PresenterField<U, S>;
}

/** The zod shape of a presenter's fields. */
type ShapeOf<F> = { [K in keyof F]: F[K] extends { schema: infer S extends z.ZodType } ? S : never };

/** The mapping of a presenter, carrying its declaration (for OpenAPI, route response schemas and the agreement test). */
export interface Presenter<D extends TypedDocumentNode<object, never>, F extends Record<string, PresenterField<never>>> {
  /** The public shape of one fragment result, in the declaration's key order (the order on the wire). */
  (source: ResultOf<D>): z.output<z.ZodObject<ShapeOf<F>>>;
  /** The fragment the presenter reads, with the fragments it spreads. */
  readonly document: D;
  /** The declared fields: spread them into a wider presenter of a fragment that spreads this one. */
  readonly fields: F;
  /** The schema of the public shape. */
  readonly schema: z.ZodObject<ShapeOf<F>>;
}

/** The field helper, one implementation behind the two typed forms of {@link FieldOf}. */
function field(source: string | ((t: Record<string, unknown>) => unknown), schema: z.ZodType) {
  return { read: typeof source === 'string' ? (t: Record<string, unknown>) => t[source] : source, schema };
}

/**
 * Fields several presenters share, declared once against `T`, the fields
 * they read: a presenter of any fragment selecting those picks them
 * (`fieldsOf<T>()((f) => ({…}))`, then `pick(shared, 'id', 'title')`).
 */
export function fieldsOf<T>() {
  return <F extends Record<string, PresenterField<T>>>(declare: (f: FieldOf<T>) => F): F => declare(field as unknown as FieldOf<T>);
}

/** The named fields of `fields`, in the order named (the order on the wire). */
export function pick<F extends object, K extends keyof F>(fields: F, ...keys: K[]): Pick<F, K> {
  return Object.fromEntries(keys.map((k) => [k, fields[k]])) as Pick<F, K>;
}

/** Every presenter made, in the order their modules loaded: what the agreement test checks. */
export const PRESENTERS: Presenter<TypedDocumentNode<object, never>, Record<string, PresenterField<never>>>[] = [];

/**
 * A presenter of `document` (a fragment, as ``graphql(`fragment … on …`)``):
 * `declare` names each public field with the `field` helper it is given,
 * `field('ticketNumber', z.string())` or `field((t) => t.section.title, z.string())`.
 */
export function presenter<D extends TypedDocumentNode<object, never>, F extends Record<string, PresenterField<ResultOf<D>>>>(
  document: D,
  declare: (field: FieldOf<ResultOf<D>>) => F,
): Presenter<D, F> {
  const fields = fieldsOf<ResultOf<D>>()(declare);
  const entries = Object.entries(fields);
  const schema = z.object(Object.fromEntries(entries.map(([key, f]) => [key, f.schema])) as ShapeOf<F>);
  const map = (source: ResultOf<D>) => {
    const out: Record<string, unknown> = {};
    for (const [key, f] of entries) out[key] = f.read(source);
    return out as z.output<typeof schema>;
  };
  const made = Object.assign(map, { document, fields, schema }) as Presenter<D, F>;
  PRESENTERS.push(made as never);
  return made;
}
