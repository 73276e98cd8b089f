import { z } from 'zod';
import { ValidationError } from '../errors.ts';

/**
 * Parses `input` with a zod schema; the first issue becomes a ValidationError
 * naming the field (dotted path) and zod's issue code as the detail code.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw toValidationError(result.error, prefix);
}

/**
 * A required string whose "is required" message is only for a missing
 * value: zod's schema-level message would also replace the messages of the
 * checks chained after it (a too-long text would say "text is required").
 */
export function requiredString(name: string): z.ZodString {
  return z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : undefined) });
}

/**
 * Converts a zod error into our ValidationError (first issue wins). A field
 * the schema does not know (a strict object's unrecognised key) is named
 * itself, `unknown_field`: `prority` says which word was misspelt.
 */
export function toValidationError(error: z.ZodError, prefix = ''): ValidationError {
  const issue = error.issues[0];
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) {
    const field = [path, issue.keys[0]].filter(Boolean).join('.');
    return new ValidationError(field, `Unknown field ${field}: this request has no such field; check its spelling.`, 'unknown_field');
  }
  const field = path || null;
  return new ValidationError(field, field ? `${field}: ${issue.message}` : issue.message, issue.code);
}
