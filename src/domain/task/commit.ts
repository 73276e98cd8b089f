import type { Prisma, Task } from '../../generated/prisma/client.ts';
import { type Changes, recordTaskEvent } from '../../events/outbox.ts';
import { notifyWatchers } from '../notification.ts';
import { ticketNumberOf } from './ticket-number.ts';

/**
 * How changed fields read in inbox messages, where their name spelt as words
 * (`dueDate` → `due date`, see fieldWords) would not say it.
 */
const FIELD_WORDS: Record<string, string> = {
  sectionId: 'section',
  estimateMinutes: 'estimate',
  estimateSize: 'estimate',
  parentId: 'parent',
};

/**
 * Changes watchers are not told of: a task's place within its column (a
 * reorder on the board is not news; its column changing is).
 */
const QUIET_FIELDS = new Set(['position']);

/**
 * A field's name as people read it in an inbox message: its camel case split
 * and lower-cased (`dueDate` → `due date`) unless FIELD_WORDS says otherwise.
 */
export function fieldWord(field: string): string {
  return FIELD_WORDS[field] ?? field.replace(/(?<=[a-z0-9])([A-Z])/g, ' $1').toLowerCase();
}

/** Field names as people read them, without repeats or quiet fields (for notifications). */
export function changedFieldWords(changes: Changes): string[] {
  const fields = Object.keys(changes).filter((f) => !QUIET_FIELDS.has(f));
  return [...new Set(fields.map(fieldWord))];
}

/**
 * The one way a task change on its own board is committed: writes `patch`
 * with a new `updatedAt`, the next `version` and the actor as `updatedById`, records `task.updated` `{changes}` in the outbox
 * and gives the watchers an inbox entry naming the changed fields (none when
 * only quiet fields changed), all in the caller's transaction. `changes` must
 * not be empty (an update that changes nothing writes nothing). A task read
 * with its project's ticket prefix saves reading the prefix here.
 */
export async function commitTaskChanges(
  tx: Prisma.TransactionClient,
  task: Task & { project?: { ticketPrefix: string } },
  actorId: number,
  changes: Changes,
  patch: Prisma.TaskUncheckedUpdateInput = {},
): Promise<Task> {
  const updated = await tx.task.update({
    where: { id: task.id },
    data: { ...patch, updatedAt: new Date(), version: { increment: 1 }, updatedById: actorId },
  });
  const ticketPrefix =
    task.project?.ticketPrefix ??
    (await tx.project.findUniqueOrThrow({ where: { id: task.projectId }, select: { ticketPrefix: true } })).ticketPrefix;
  const ticketNumber = ticketNumberOf(ticketPrefix, task.uniqueIndex);
  await recordTaskEvent(tx, {
    type: 'task.updated',
    task: { id: task.id, projectId: task.projectId, ticketNumber },
    actorId,
    data: { changes },
  });
  await notifyWatchers(tx, {
    task: { id: task.id, ticketNumber, title: updated.title },
    actorId,
    fields: changedFieldWords(changes),
  });
  return updated;
}
