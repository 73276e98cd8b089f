import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { z } from 'zod';
import type { Prisma, Task } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../errors.ts';
import { type Changes, recordTaskEvents } from '../../events/outbox.ts';
import { parseInput } from '../validate.ts';
import { idField } from '../fields.ts';
import { commitTaskChanges } from './commit.ts';
import { requireSectionOf } from './placement.ts';
import { ticketNumberOf } from './ticket-number.ts';
import { type TaskRef, resolveTaskRef } from './task-ref.ts';
import { type DbOrTx, inTransaction } from './transaction.ts';

type Tx = Prisma.TransactionClient;

/**
 * The order of tasks within a section: `position` ascending (a
 * fractional-indexing key, compared byte by byte), tasks without one after
 * every placed task, oldest first. Tasks get a position only when placed by
 * hand; new tasks and tasks moved in from elsewhere have none, so they land
 * at the bottom of their column.
 */
export const TASK_ORDER: Prisma.TaskOrderByWithRelationInput[] = [
  { position: { sort: 'asc', nulls: 'last' } },
  { id: 'asc' },
];

export const placeTaskInput = z.object({
  /** The target section (default: the task's own). */
  sectionId: idField().nullish(),
  /** The task to follow in the target section; null or absent puts the task first. */
  afterTaskId: idField().nullish(),
});
export type PlaceTaskInput = z.input<typeof placeTaskInput>;

/** A placed task, and the tasks of its section that got a position so it could go among them (section order). */
export interface PlacedTask {
  task: Task;
  alsoPlacedIds: number[];
}

/**
 * Gives every unplaced task of a section a position after the placed ones,
 * in their current order (so placing a task next to one of them is possible
 * and nothing visibly moves). One statement for the whole section. Each
 * task placed here gets its own `task.updated` (`changes.position` from
 * null): a live board holds positions too, and one left at null would sort
 * after the task placed among them.
 */
async function placeAll(
  tx: Tx,
  tasks: { id: number; position: string | null; uniqueIndex: number }[],
  projectId: number,
  actorId: number,
): Promise<number[]> {
  const unplaced = tasks.filter((t) => t.position === null);
  if (!unplaced.length) return [];
  const lastPlaced = tasks.findLast((t) => t.position !== null)?.position ?? null;
  const keys = generateNKeysBetween(lastPlaced, null, unplaced.length);
  unplaced.forEach((t, i) => (t.position = keys[i]));
  const ids = unplaced.map((t) => t.id);
  await tx.$executeRaw`
    UPDATE "Task" SET "position" = v.position
    FROM unnest(${ids}::int[], ${keys}::text[]) AS v(id, position)
    WHERE "Task"."id" = v.id`;
  const { ticketPrefix } = await tx.project.findUniqueOrThrow({ where: { id: projectId }, select: { ticketPrefix: true } });
  await recordTaskEvents(
    tx,
    unplaced.map((t, i) => ({
      type: 'task.updated',
      task: { id: t.id, projectId, ticketNumber: ticketNumberOf(ticketPrefix, t.uniqueIndex) },
      actorId,
      data: { changes: { position: { from: null, to: keys[i] } } },
    })),
  );
  return ids;
}

/**
 * Places a task the actor can see on its board: into `sectionId` (a live
 * section of the task's project; default its own section), directly after
 * `afterTaskId` (a task of that section; NOT_FOUND otherwise), or first in the
 * section when `afterTaskId` is null. Concurrent placements in one section
 * queue on the section's row lock, so their keys never collide.
 *
 * A real change is committed by `commitTaskChanges` with `changes.position`
 * (and `changes.sectionId` when the section changed; only then are watchers
 * notified: `position` is a quiet field). Placing a task where it already is
 * writes nothing. Answers the task and the ids of the tasks placed with it.
 */
export async function placeTask(db: DbOrTx, actorId: number, ref: TaskRef, input: PlaceTaskInput): Promise<PlacedTask> {
  const data = parseInput(placeTaskInput, input);
  return inTransaction(db, async (tx) => {
    const task = await resolveTaskRef(tx, actorId, ref);
    const sectionId = data.sectionId ?? task.sectionId;
    if (sectionId !== task.sectionId) await requireSectionOf(tx, task.projectId, sectionId, 'sectionId');
    await tx.$executeRaw`SELECT 1 FROM "Section" WHERE "id" = ${sectionId} FOR UPDATE`;

    const others = await tx.task.findMany({
      where: { sectionId, id: { not: task.id } },
      select: { id: true, position: true, uniqueIndex: true },
      orderBy: TASK_ORDER,
    });
    const afterIndex = data.afterTaskId != null ? others.findIndex((t) => t.id === data.afterTaskId) : -1;
    if (data.afterTaskId != null && afterIndex < 0) {
      throw new NotFoundError(`Task ${data.afterTaskId} in section ${sectionId}`, 'afterTaskId');
    }

    // Already there: placed in this section right after the task asked for.
    if (sectionId === task.sectionId && task.position !== null) {
      const current = task.position;
      const previous = others.findLast((t) => t.position !== null && t.position < current);
      if (afterIndex < 0 ? previous === undefined : previous?.id === data.afterTaskId) return { task, alsoPlacedIds: [] };
    }

    const alsoPlacedIds = await placeAll(tx, others.slice(0, afterIndex + 2), task.projectId, actorId);
    const before = afterIndex >= 0 ? others[afterIndex].position : null;
    const after = others[afterIndex + 1]?.position ?? null;
    const position = generateKeyBetween(before, after);

    const changes: Changes = { position: { from: task.position, to: position } };
    if (sectionId !== task.sectionId) changes.sectionId = { from: task.sectionId, to: sectionId };
    return { task: await commitTaskChanges(tx, task, actorId, changes, { sectionId, position }), alsoPlacedIds };
  });
}
