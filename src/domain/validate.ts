import type { z } from 'zod';
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

/** Converts a zod error into our ValidationError (first issue wins). */
export function toValidationError(error: z.ZodError, prefix = ''): ValidationError {
  const issue = error.issues[0];
  const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  const field = path || null;
  return new ValidationError(field, field ? `${field}: ${issue.message}` : issue.message, issue.code);
}
