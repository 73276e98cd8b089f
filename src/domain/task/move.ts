import { z } from 'zod';
import type { Task } from '../../generated/prisma/client.ts';
import { type Changes, recordTaskEvents } from '../../events/outbox.ts';
import { notifyWatchers } from '../notification.ts';
import { parseInput } from '../validate.ts';
import { idField } from '../fields.ts';
import { commitTaskChanges } from './commit.ts';
import { firstSection, requireSectionOf, takeTaskNumber } from './placement.ts';
import { type TaskRef, resolveTaskRef } from './task-ref.ts';
import { ticketNumberOf } from './ticket-number.ts';
import { type DbOrTx, inTransaction } from './transaction.ts';

export const moveTaskInput = z.object({
  targetProjectId: idField(),
  targetSectionId: idField().nullish(),
});
export type MoveTaskInput = z.input<typeof moveTaskInput>;

/**
 * Moves a task to another project the actor belongs to: it gets the
 * target's next `uniqueIndex` (so a new ticket number), lands in
 * `targetSectionId` (a live section of the target) or the target's first
 * section. What belongs to the old board goes: its labels, the link to a
 * parent or subtasks left behind, and assignees and watchers who are not
 * members of the target (agents stay). Writes `task.updated` with
 * `changes` of `projectId`, `sectionId`, `uniqueIndex` and `ticketNumber`,
 * and one with a `parentId` change for each subtask left behind.
 * Moving within the same project only changes the section (if given):
 * the number is kept, and nothing at all happens when nothing changes.
 */
export async function moveTask(db: DbOrTx, actorId: number, ref: TaskRef, input: MoveTaskInput): Promise<Task> {
  const data = parseInput(moveTaskInput, input);
  return inTransaction(db, async (tx) => {
    const task = await resolveTaskRef(tx, actorId, ref);
    if (data.targetProjectId === task.projectId) {
      if (data.targetSectionId == null || data.targetSectionId === task.sectionId) return task;
      await requireSectionOf(tx, task.projectId, data.targetSectionId, 'targetSectionId');
      const changes: Changes = { sectionId: { from: task.sectionId, to: data.targetSectionId } };
      return commitTaskChanges(tx, task, actorId, changes, { sectionId: data.targetSectionId, position: null });
    }

    const from = await tx.project.findUniqueOrThrow({ where: { id: task.projectId }, select: { ticketPrefix: true } });
    const fromTicket = ticketNumberOf(from.ticketPrefix, task.uniqueIndex);
    // The target's membership check: the task's own project is visible already (resolveTaskRef).
    const { uniqueIndex, ticketPrefix } = await takeTaskNumber(tx, actorId, data.targetProjectId, 'targetProjectId');
    const section =
      data.targetSectionId != null
        ? await requireSectionOf(tx, data.targetProjectId, data.targetSectionId, 'targetSectionId')
        : await firstSection(tx, data.targetProjectId, actorId);
    const members = await tx.projectMember.findMany({
      where: { projectId: data.targetProjectId },
      select: { userId: true },
    });
    const memberIds = members.map((m) => m.userId);

    await tx.taskLabel.deleteMany({ where: { taskId: task.id } });
    await tx.taskAssignee.deleteMany({ where: { taskId: task.id, userId: { notIn: memberIds } } });
    await tx.taskWatcher.deleteMany({ where: { taskId: task.id, userId: { notIn: memberIds } } });
    // Subtasks stay on the old board as top-level tasks, each with its own event (as on a delete):
    // one UPDATE … RETURNING finds and unlinks them (usually none).
    const leftBehind = await tx.$queryRaw<{ id: number; uniqueIndex: number }[]>`
      UPDATE "Task" SET "parentId" = NULL, "updatedAt" = ${new Date()}::timestamp(3), "version" = "version" + 1
      WHERE "parentId" = ${task.id} AND "projectId" <> ${data.targetProjectId}
      RETURNING "id", "uniqueIndex"`;
    const updated = await tx.task.update({
      where: { id: task.id },
      data: { projectId: data.targetProjectId, sectionId: section.id, position: null, uniqueIndex, parentId: null, version: { increment: 1 }, updatedById: actorId },
    });

    const toTicket = ticketNumberOf(ticketPrefix, uniqueIndex);
    const changes: Changes = {
      projectId: { from: task.projectId, to: data.targetProjectId },
      sectionId: { from: task.sectionId, to: section.id },
      uniqueIndex: { from: task.uniqueIndex, to: uniqueIndex },
      ticketNumber: { from: fromTicket, to: toTicket },
    };
    await recordTaskEvents(tx, [
      {
        type: 'task.updated',
        task: { id: task.id, projectId: data.targetProjectId, ticketNumber: toTicket },
        // The board it left sees the move too (its live views drop the task).
        fromProjectId: task.projectId,
        actorId,
        data: { changes },
      },
      ...leftBehind.map((sub) => ({
        type: 'task.updated' as const,
        task: { id: sub.id, projectId: task.projectId, ticketNumber: ticketNumberOf(from.ticketPrefix, sub.uniqueIndex) },
        actorId,
        data: { changes: { parentId: { from: task.id, to: null } } },
      })),
    ]);
    await notifyWatchers(tx, {
      task: { id: task.id, ticketNumber: toTicket, title: task.title },
      actorId,
      fields: ['project'],
    });
    return updated;
  });
}
