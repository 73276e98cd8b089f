import { ConflictError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** What a stale update is told about the task as it is now (the error's `current`). */
export interface CurrentTaskVersion {
  version: number;
  title: string;
  /** Sanitised HTML, as stored. */
  description: string;
  updatedAt: string;
  /** Who made the latest change; null when nobody has since creation, or the account is gone. */
  updatedBy: { id: number; displayName: string } | null;
}

/**
 * An update that names a version the task no longer has: someone changed it
 * meanwhile. CONFLICT (409) with `details.code` `stale_version` on GraphQL and
 * the tool routes, carrying the task as it is now in `extensions.current`
 * (so a client can show both texts); the REST facade answers it 412 for a
 * stale `If-Match`.
 */
export class StaleVersionError extends ConflictError {
  readonly current: CurrentTaskVersion;
  constructor(expected: number, current: CurrentTaskVersion) {
    const by = current.updatedBy ? ` by ${current.updatedBy.displayName}` : '';
    super(
      `The task was changed${by} since version ${expected} (it is now version ${current.version}); nothing was saved. Read it again and reapply your change.`,
      'expectedVersion',
      'stale_version',
    );
    this.current = current;
    Object.assign(this.extensions, { current });
  }
}

/**
 * Holds the task's row lock for the rest of the transaction and checks that
 * the task still has `expected` as its version; a stale one throws
 * {@link StaleVersionError}. The lock makes the check and the write one step:
 * two updates naming the same version wait for each other, and the second
 * finds the first's new version (PostgreSQL re-reads a row locked meanwhile).
 * Answers whether the version read before the lock is still the one locked.
 */
export async function requireTaskVersion(
  tx: Prisma.TransactionClient,
  taskId: number,
  expected: number,
): Promise<void> {
  const rows = await tx.$queryRaw<{ version: number }[]>`SELECT "version" FROM "Task" WHERE "id" = ${taskId} FOR UPDATE`;
  const version = rows[0]?.version;
  if (version === expected) return;
  const now = await tx.task.findUniqueOrThrow({
    where: { id: taskId },
    select: { version: true, title: true, description: true, updatedAt: true, updatedBy: { select: { id: true, displayName: true } } },
  });
  throw new StaleVersionError(expected, { ...now, updatedAt: now.updatedAt.toISOString() });
}
