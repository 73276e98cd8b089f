/**
 * Whether a Prisma error is a unique-constraint violation (P2002): a row
 * another request wrote between our check and our insert. Callers turn it
 * into the CONFLICT their rule means; it is never answered as a 500.
 */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'P2002';
}
