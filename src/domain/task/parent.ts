import type { Prisma, Task } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';

/**
 * Checks that `parentId` may become the parent of `task`: a task of the same
 * project (so a subtask is visible exactly when its parent is: the one
 * membership rule covers both; NOT_FOUND naming `field` otherwise), and
 * neither the task itself nor one of its subtasks at any depth (a cycle →
 * VALIDATION `parent_cycle`). A task not created yet has `id` null.
 */
export async function requireParentOf(
  tx: Prisma.TransactionClient,
  task: { id: Task['id'] | null; projectId: Task['projectId'] },
  parentId: number,
  field: string,
): Promise<void> {
  const parent = await tx.task.findFirst({ where: { id: parentId, projectId: task.projectId }, select: { id: true } });
  if (!parent) throw new NotFoundError(`Task ${parentId} of project ${task.projectId}`, field);
  if (task.id === null) return;
  // Walks up from the new parent; UNION (not UNION ALL) ends even on a cycle already stored.
  const loop = await tx.$queryRaw<{ id: number }[]>`
    WITH RECURSIVE up(id, "parentId") AS (
      SELECT id, "parentId" FROM "Task" WHERE id = ${parentId}
      UNION
      SELECT t.id, t."parentId" FROM "Task" t JOIN up ON t.id = up."parentId"
    )
    SELECT id FROM up WHERE id = ${task.id} LIMIT 1`;
  if (loop.length) {
    throw new ValidationError(
      field,
      `Task ${parentId} cannot be the parent of task ${task.id}: it is the task itself or one of its subtasks.`,
      'parent_cycle',
    );
  }
}
