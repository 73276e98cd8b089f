import { z } from 'zod';
import type { Prisma, Task } from '../../generated/prisma/client.ts';
import { ValidationError } from '../../errors.ts';
import { parseInput } from '../validate.ts';
import { requireLabelsOf } from './create.ts';
import { idField } from '../fields.ts';
import { TASK_LIMITS } from './fields.ts';
import { type TaskRef, resolveTaskRef } from './task-ref.ts';
import { type DbOrTx, inTransaction } from './transaction.ts';
import { commitTaskChanges } from './commit.ts';

type Tx = Prisma.TransactionClient;

/** A label change as the outbox records it: the label names before and after, by name. */
export interface LabelsChange {
  from: string[];
  to: string[];
}

/**
 * Rewrites the labels of `task` to `next(current ids)` inside `tx`. Ids to
 * add must be labels of the task's project (NOT_FOUND naming `field`
 * otherwise); ids that are not on the task are ignored when removing.
 * Returns the change in label names, or null when the set stays the same.
 */
export async function writeTaskLabels(
  tx: Tx,
  task: Pick<Task, 'id' | 'projectId'>,
  next: (current: number[]) => number[],
  field: string,
): Promise<LabelsChange | null> {
  const current = await tx.taskLabel.findMany({
    where: { taskId: task.id },
    select: { labelId: true, label: { select: { name: true } } },
  });
  const currentIds = current.map((l) => l.labelId);
  const wanted = [...new Set(next(currentIds))];
  const added = wanted.filter((id) => !currentIds.includes(id));
  const removed = currentIds.filter((id) => !wanted.includes(id));
  if (wanted.length > TASK_LIMITS.labelsMax) {
    throw new ValidationError(field, `A task has at most ${TASK_LIMITS.labelsMax} labels.`, 'too_big');
  }
  await requireLabelsOf(tx, task.projectId, added, field);
  if (!added.length && !removed.length) return null;
  if (removed.length) await tx.taskLabel.deleteMany({ where: { taskId: task.id, labelId: { in: removed } } });
  if (added.length) await tx.taskLabel.createMany({ data: added.map((labelId) => ({ taskId: task.id, labelId })) });
  const names = await tx.label.findMany({ where: { id: { in: wanted } }, select: { name: true } });
  const byName = (a: string, b: string) => a.localeCompare(b);
  return { from: current.map((l) => l.label.name).sort(byName), to: names.map((l) => l.name).sort(byName) };
}

const labelIdsInput = z.object({ labelIds: z.array(idField()).min(1).max(TASK_LIMITS.labelsMax) });

/**
 * Adds labels to (`add`) or removes them from (`remove`) a task the actor
 * can see. Every id must be a label of the task's project (NOT_FOUND on
 * `labelIds` otherwise, nothing written); adding a label the task has, or
 * removing one it lacks, changes nothing. A real change is committed like
 * any task update: new `updatedAt`, `task.updated` with
 * `{changes: {labels: {from, to}}}`, watchers notified.
 */
export async function changeTaskLabels(
  db: DbOrTx,
  actorId: number,
  ref: TaskRef,
  mode: 'add' | 'remove',
  input: z.input<typeof labelIdsInput>,
): Promise<Task> {
  const { labelIds } = parseInput(labelIdsInput, input);
  return inTransaction(db, async (tx) => {
    const task = await resolveTaskRef(tx, actorId, ref);
    // Removing needs the ids checked too: a foreign id is a mistake worth naming.
    if (mode === 'remove') await requireLabelsOf(tx, task.projectId, labelIds, 'labelIds');
    const change = await writeTaskLabels(
      tx,
      task,
      (current) => (mode === 'add' ? [...current, ...labelIds] : current.filter((id) => !labelIds.includes(id))),
      'labelIds',
    );
    return change ? commitTaskChanges(tx, task, actorId, { labels: change }) : task;
  });
}
