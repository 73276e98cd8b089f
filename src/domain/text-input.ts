import { ValidationError } from '../errors.ts';

/** The VALIDATION error for a NUL character in `field` (null: the input as a whole). */
export function nulCharacterError(field: string | null): ValidationError {
  const message = 'must not contain the NUL character (U+0000)';
  return new ValidationError(field, field ? `${field}: ${message}` : message, 'invalid_characters');
}

/** The path of the first string (or object key) holding U+0000 in a JSON-like value, or null. */
export function findNulCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  const entries = Array.isArray(value)
    ? value.map((item, i) => [String(i), item] as const)
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [key, item] of entries) {
    const found = key.includes('\u0000') ? [...path, key] : findNulCharacter(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL character in any input string
 * would fail in the database as a 500. This rejects the first such string
 * of a JSON-like value as a 400 naming its path, before any write starts.
 */
export function assertNoNulCharacters(value: unknown): void {
  const path = findNulCharacter(value);
  if (path) throw nulCharacterError(path.join('.') || null);
}
