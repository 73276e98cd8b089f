import type { Task } from '../../generated/prisma/client.ts';
import { watchTask } from '../notification.ts';
import { type TaskRef, resolveTaskRef } from './task-ref.ts';
import { type DbOrTx, inTransaction } from './transaction.ts';

/**
 * Starts (`watching: true`) or stops watching a task the user can see.
 * Watchers get a `task_updated` inbox entry for every change someone else
 * makes to the task. Creators, assignees and commenters start watching on
 * their own; anyone may stop. Idempotent; the task itself does not change
 * (no `updatedAt`, no event).
 */
export async function setWatching(db: DbOrTx, userId: number, ref: TaskRef, watching: boolean): Promise<Task> {
  return inTransaction(db, async (tx) => {
    const task = await resolveTaskRef(tx, userId, ref);
    if (watching) await watchTask(tx, task.id, userId);
    else await tx.taskWatcher.deleteMany({ where: { taskId: task.id, userId } });
    return task;
  });
}
