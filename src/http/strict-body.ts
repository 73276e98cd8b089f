import { z } from 'zod';

/**
 * A request body schema that refuses fields it does not name, at every
 * depth: a misspelt field (`prority`) is a 400 naming it rather than a write
 * that silently leaves the field out. The route tables write plain
 * `z.object`s; the facade turns each route's body schema into this form once,
 * at start-up (compileRoutes), so the rule holds for every route and the
 * OpenAPI document says `additionalProperties: false`.
 *
 * Objects with a catchall (records of free keys, such as webhook metadata)
 * keep it. Clones keep their checks and, through their parent, their
 * descriptions.
 */
export function strictBody<T extends z.ZodType>(schema: T): T {
  return strictify(schema) as T;
}

type AnyDef = Record<string, unknown> & { type: string };

function strictify(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as AnyDef;
  const again = (s: unknown) => strictify(s as z.ZodType);
  const cloned = (next: AnyDef) =>
    (schema as unknown as { clone(d: unknown, p: unknown): z.ZodType }).clone(next, { parent: true });
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(Object.entries((schema as z.ZodObject).shape).map(([k, v]) => [k, again(v)]));
      return cloned({ ...def, shape, catchall: def.catchall ?? z.never() });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return cloned({ ...def, innerType: again(def.innerType) });
    case 'array':
      return cloned({ ...def, element: again(def.element) });
    case 'pipe':
      return cloned({ ...def, in: again(def.in) });
    case 'union':
      return cloned({ ...def, options: (def.options as z.ZodType[]).map(again) });
    case 'intersection':
      // Each side would refuse the other's fields: left as it is.
      return schema;
    default:
      return schema;
  }
}
