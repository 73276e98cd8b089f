import { z } from 'zod';
import type { Prisma, Task } from '../../generated/prisma/client.ts';
import { renderContent } from '../../content/render.ts';
import { type Changes, recordTaskEvent } from '../../events/outbox.ts';
import { notifyWatchers } from '../notification.ts';
import { parseInput } from '../validate.ts';
import {
  dateField,
  descriptionField,
  estimateMinutesField,
  estimateSizeField,
  idField,
  priorityField,
  statusField,
  titleField,
  urlListField,
} from './fields.ts';
import { requireSectionOf } from './placement.ts';
import { type TaskRef, resolveTaskRef } from './task-ref.ts';
import { ticketNumberOf } from './ticket-number.ts';
import { type DbOrTx, inTransaction } from './transaction.ts';

/**
 * Fields a task update may change. Absent → unchanged; `null` clears the
 * optional ones (priority, estimates, due date; description, images and
 * attachments become empty). Title, section and status cannot be null.
 */
export const updateTaskInput = z.object({
  title: titleField().optional(),
  description: descriptionField().nullish(),
  /** `html` (default) or `markdown`, for `description`; checked even without one. */
  contentType: z.string().nullish(),
  priority: priorityField().nullish(),
  estimateMinutes: estimateMinutesField().nullish(),
  estimateSize: estimateSizeField().nullish(),
  sectionId: idField().optional(),
  status: statusField().optional(),
  dueDate: dateField().nullish(),
  images: urlListField().nullish(),
  attachments: urlListField().nullish(),
});
export type UpdateTaskInput = z.input<typeof updateTaskInput>;

/** How changed fields read in inbox messages. */
const FIELD_WORDS: Record<string, string> = {
  sectionId: 'section',
  dueDate: 'due date',
  estimateMinutes: 'estimate',
  estimateSize: 'estimate',
};

/** Field names as people read them, without repeats (for notifications). */
export function changedFieldWords(changes: Changes): string[] {
  return [...new Set(Object.keys(changes).map((f) => FIELD_WORDS[f] ?? f))];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Updates a task the actor can see (identified by one form of TaskRef).
 * Only real changes count: they are written with a new `updatedAt`, a
 * `task.updated` event `{changes: {field: {from, to}}}` and inbox entries for
 * the watchers. Nothing changed → nothing written, the task is returned as is.
 */
export async function updateTask(db: DbOrTx, actorId: number, ref: TaskRef, input: UpdateTaskInput): Promise<Task> {
  const data = parseInput(updateTaskInput, input);
  // Rendered before any write; `contentType` is checked even without a description.
  const html = renderContent(data.description ?? '', data.contentType);
  const description = data.description !== undefined ? html : undefined;

  return inTransaction(db, async (tx) => {
    const task = await resolveTaskRef(tx, actorId, ref);
    const changes: Changes = {};
    const patch: Prisma.TaskUncheckedUpdateInput = {};
    const set = <K extends keyof Task>(field: K, to: Task[K], from: unknown = task[field], shownTo: unknown = to) => {
      changes[field] = { from, to: shownTo };
      (patch as Record<string, unknown>)[field] = to;
    };

    if (data.title !== undefined && data.title !== task.title) set('title', data.title);
    if (description !== undefined && description !== task.description) set('description', description);
    if (data.priority !== undefined && (data.priority ?? null) !== task.priority)
      set('priority', data.priority ?? null);
    if (data.estimateMinutes !== undefined && (data.estimateMinutes ?? null) !== task.estimateMinutes) {
      set('estimateMinutes', data.estimateMinutes ?? null);
    }
    if (data.estimateSize !== undefined && (data.estimateSize ?? null) !== task.estimateSize) {
      set('estimateSize', data.estimateSize ?? null);
    }
    if (data.status !== undefined && data.status !== task.status) set('status', data.status);
    if (data.dueDate !== undefined && iso(data.dueDate ?? null) !== iso(task.dueDate)) {
      set('dueDate', data.dueDate ?? null, iso(task.dueDate), iso(data.dueDate ?? null));
    }
    if (data.images !== undefined && !sameList(data.images ?? [], task.images)) set('images', data.images ?? []);
    if (data.attachments !== undefined && !sameList(data.attachments ?? [], task.attachments)) {
      set('attachments', data.attachments ?? []);
    }
    if (data.sectionId !== undefined && data.sectionId !== task.sectionId) {
      await requireSectionOf(tx, task.projectId, data.sectionId, 'sectionId');
      set('sectionId', data.sectionId);
      // Its place in the old column means nothing in the new one: the bottom (see position.ts).
      patch.position = null;
    }

    if (!Object.keys(changes).length) return task;

    const updated = await tx.task.update({ where: { id: task.id }, data: patch });
    const project = await tx.project.findUniqueOrThrow({
      where: { id: task.projectId },
      select: { ticketPrefix: true },
    });
    const ticketNumber = ticketNumberOf(project.ticketPrefix, task.uniqueIndex);
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
  });
}
