// Caller text inside (I)LIKE patterns. Prisma's `contains`/`startsWith`
// pass their value to ILIKE as is, so `%` and `_` in a search would be
// wildcards: wrong matches, and a pattern of many `%` costs the database a
// backtracking match per row.

/** `text` with `\`, `%` and `_` escaped, so each matches itself in a LIKE pattern (PostgreSQL's default escape `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An ILIKE pattern matching values that contain `text` literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
