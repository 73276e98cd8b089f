import { ForbiddenError } from '../../errors.ts';
import { type TaskEventInput, recordTaskEvents } from '../../events/outbox.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { type TaskRef, resolveTaskRef } from './task-ref.ts';
import { ticketNumberOf } from './ticket-number.ts';
import { type DbOrTx, inTransaction } from './transaction.ts';

/** What is left of a deleted task: enough to recognise it. */
export interface DeletedTask {
  id: number;
  projectId: number;
  ticketNumber: string;
}

/**
 * May `userId` delete this task for good? Its creator may, and so may whoever
 * runs the board: the board's creator and the owners of the board's team.
 * Every other member can still archive it or set status `Deleted`.
 */
async function mayDelete(
  tx: Prisma.TransactionClient,
  userId: number,
  task: { createdById: number | null; project: { createdById: number | null; teamId: number | null } },
): Promise<boolean> {
  if (task.createdById === userId || task.project.createdById === userId) return true;
  if (task.project.teamId === null) return false;
  const owner = await tx.teamMember.findFirst({
    where: { teamId: task.project.teamId, userId, role: 'owner' },
    select: { userId: true },
  });
  return owner !== null;
}

/**
 * Deletes a task for good (a hard delete, unlike `status: Deleted`, which
 * only hides it from the default lists and can be undone): its comments,
 * labels, assignments, watchers and inbox entries go with it; its subtasks
 * stay and become top-level tasks; its ticket number is not reused. Another
 * tenant's task is NOT_FOUND; a member who is not allowed (see mayDelete) is
 * FORBIDDEN. Records `task.updated` with `{deleted: true}` for the task, and
 * a `parentId` change for each former subtask, in the same transaction.
 */
export async function deleteTask(db: DbOrTx, actorId: number, ref: TaskRef): Promise<DeletedTask> {
  return inTransaction(db, async (tx) => {
    const task = (await resolveTaskRef(tx, actorId, ref, {
      project: { select: { ticketPrefix: true, createdById: true, teamId: true } },
      subtasks: { select: { id: true, uniqueIndex: true } },
    })) as Prisma.TaskGetPayload<{
      include: {
        project: { select: { ticketPrefix: true; createdById: true; teamId: true } };
        subtasks: { select: { id: true; uniqueIndex: true } };
      };
    }>;
    if (!(await mayDelete(tx, actorId, task))) {
      throw new ForbiddenError(
        'Only the task’s creator, the board’s creator or an owner of its team can delete it; set status Deleted or Archive instead.',
        'taskId',
      );
    }
    const ticket = (uniqueIndex: number) => ticketNumberOf(task.project.ticketPrefix, uniqueIndex);
    // The foreign key would unlink them too; doing it here gives them a new updatedAt.
    await tx.task.updateMany({ where: { parentId: task.id }, data: { parentId: null, updatedAt: new Date(), version: { increment: 1 } } });
    await tx.task.delete({ where: { id: task.id } });
    const events: TaskEventInput[] = [
      {
        type: 'task.updated',
        task: { id: task.id, projectId: task.projectId, ticketNumber: ticket(task.uniqueIndex) },
        actorId,
        data: { deleted: true, title: task.title, changes: {} },
      },
      ...task.subtasks.map((sub) => ({
        type: 'task.updated' as const,
        task: { id: sub.id, projectId: task.projectId, ticketNumber: ticket(sub.uniqueIndex) },
        actorId,
        data: { changes: { parentId: { from: task.id, to: null } } },
      })),
    ];
    await recordTaskEvents(tx, events);
    return { id: task.id, projectId: task.projectId, ticketNumber: ticket(task.uniqueIndex) };
  });
}
