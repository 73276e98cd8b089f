import { ValidationError } from '../errors.ts';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL character in any input string
 * would fail in the database as a 500. This finds the first such string in
 * a JSON-like value and rejects it as a 400 naming its path, before any
 * write starts.
 */
export function assertNoNulCharacters(value: unknown, path: string[] = []): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) {
      const field = path.join('.') || null;
      const message = 'must not contain the NUL character (U+0000)';
      throw new ValidationError(field, field ? `${field}: ${message}` : message, 'invalid_characters');
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => assertNoNulCharacters(item, [...path, String(i)]));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      assertNoNulCharacters(key, [...path, key]);
      assertNoNulCharacters(item, [...path, key]);
    }
  }
}
