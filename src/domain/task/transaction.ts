import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** A client or a transaction: task rules run inside the caller's transaction when given one. */
export type DbOrTx = Db | Prisma.TransactionClient;

// Creates in one project queue on its row lock (and PGlite runs one
// transaction at a time), so waiting for the transaction may take a while
// under bursts; Prisma's 2 s default would fail them needlessly.
const TX_OPTIONS = { maxWait: 20_000, timeout: 30_000 };

/**
 * Runs `fn` in a transaction: a new one on a client, or inline when `db`
 * already is a transaction (so another rule can compose task writes).
 */
export function inTransaction<T>(
  db: DbOrTx,
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
  options: { maxWait: number; timeout: number } = TX_OPTIONS,
): Promise<T> {
  // A transaction client has `$transaction` too (nested savepoints, which
  // PGlite's adapter lacks) but no `$connect`: that tells the two apart.
  if ('$connect' in db) return (db as Db).$transaction(fn, options);
  return fn(db as Prisma.TransactionClient);
}
