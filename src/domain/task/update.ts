import { z } from 'zod';
import type { Prisma, Task } from '../../generated/prisma/client.ts';
import { renderContent } from '../../content/render.ts';
import type { Changes } from '../../events/outbox.ts';
import { parseInput } from '../validate.ts';
import {
  dateField,
  descriptionField,
  OPTIONAL_TASK_COLUMN_NAMES,
  optionalTaskColumnsShape,
  TASK_LIMITS,
  titleField,
  urlListField,
} from './fields.ts';
import { idField, statusField } from '../fields.ts';
import { commitTaskChanges } from './commit.ts';
import { markdownSource } from './description-source.ts';
import { writeTaskLabels } from './labels.ts';
import { requireParentOf } from './parent.ts';
import { requireSectionOf } from './placement.ts';
import { TASK_IN_HAND, type TaskInHand } from './task-in-hand.ts';
import { requireTaskVersion } from './version.ts';
import { type TaskRef, resolveTaskRef, taskRefInput } from './task-ref.ts';
import { COLUMN_UPDATE_FIELDS, updateTaskColumns } from './update-columns.ts';
import { type DbOrTx, inTransaction } from './transaction.ts';

/**
 * Fields a task update may change. Absent → unchanged; `null` clears the
 * optional ones (the optional columns of fields.ts, due date; description, images and
 * attachments become empty). Title, section and status cannot be null.
 */
export const updateTaskInput = z.object({
  title: titleField().optional(),
  description: descriptionField().nullish(),
  /** `html` (default) or `markdown`, for `description`; checked even without one. */
  contentType: z.string().nullish(),
  /** The optional columns of fields.ts (priority, estimates, …). */
  ...optionalTaskColumnsShape(),
  sectionId: idField().optional(),
  status: statusField().optional(),
  dueDate: dateField().nullish(),
  images: urlListField().nullish(),
  attachments: urlListField().nullish(),
  /** Replaces the task's labels (ids of labels of its project); `[]` or null removes them all. */
  labelIds: z.array(idField()).max(TASK_LIMITS.labelsMax).nullish(),
  /** Makes the task a subtask of another task of its project; null makes it a top-level task. */
  parentId: idField().nullish(),
  /** The task's `version` this update was made from; another one now → StaleVersionError, nothing written. */
  expectedVersion: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type UpdateTaskInput = z.input<typeof updateTaskInput>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Updates a task the actor can see (identified by one form of TaskRef).
 * Only real changes count: they are written with a new `updatedAt`, a
 * `task.updated` event `{changes: {field: {from, to}}}` and inbox entries for
 * the watchers. Nothing changed → nothing written, the task is returned as is.
 * `labelIds` replaces the labels (the change reads `labels: {from, to}` in
 * label names); `parentId` must be another task of the same project that is
 * not below this one. With `expectedVersion` the update applies only to that
 * version of the task (the row is locked, then compared): lost-update protection.
 */
export async function updateTask(db: DbOrTx, actorId: number, ref: TaskRef, input: UpdateTaskInput): Promise<TaskInHand> {
  const data = parseInput(updateTaskInput, input);
  // Rendered before any write; `contentType` is checked even without a description.
  const html = await renderContent(data.description ?? '', data.contentType, 'description', actorId);
  const description = data.description !== undefined ? html : undefined;
  const markdown = markdownSource(data.description, data.contentType);

  // The common update (the task's own columns) is one statement; sections, parents and labels take the transaction below.
  if (Object.entries(data).every(([field, value]) => value === undefined || COLUMN_UPDATE_FIELDS.has(field))) {
    const r = parseInput(taskRefInput, ref);
    const byId = r.taskId != null && r.ticketNumber == null && r.uniqueIndex == null;
    const target = byId ? { taskId: r.taskId!, projectId: r.projectId } : { taskId: (await resolveTaskRef(db, actorId, ref)).id };
    const columns = {
      title: data.title,
      description: description !== undefined ? { html: description, markdown } : undefined,
      ...Object.fromEntries(OPTIONAL_TASK_COLUMN_NAMES.filter((k) => data[k] !== undefined).map((k) => [k, data[k] ?? null])),
      status: data.status,
      dueDate: data.dueDate === undefined ? undefined : (data.dueDate ?? null),
      images: data.images === undefined ? undefined : (data.images ?? []),
      attachments: data.attachments === undefined ? undefined : (data.attachments ?? []),
    };
    // Null: a case the statement leaves to the transaction (NOT_FOUND among them).
    const done = await updateTaskColumns(db, actorId, target, columns, data.expectedVersion);
    if (done) return done;
  }

  return inTransaction(db, async (tx) => {
    let task = (await resolveTaskRef(tx, actorId, ref, TASK_IN_HAND)) as TaskInHand;
    if (data.expectedVersion !== undefined) {
      await requireTaskVersion(tx, task.id, data.expectedVersion);
      // Changed between the read and the lock, to the very version named: compare with that one.
      if (task.version !== data.expectedVersion) {
        task = { ...task, ...(await tx.task.findUniqueOrThrow({ where: { id: task.id }, include: TASK_IN_HAND })) };
      }
    }
    let section = task.section;
    const changes: Changes = {};
    const patch: Prisma.TaskUncheckedUpdateInput = {};
    const set = <K extends keyof Task>(field: K, to: Task[K], from: unknown = task[field], shownTo: unknown = to) => {
      changes[field] = { from, to: shownTo };
      (patch as Record<string, unknown>)[field] = to;
    };

    if (data.title !== undefined && data.title !== task.title) set('title', data.title);
    if (description !== undefined && (description !== task.description || markdown !== task.descriptionMarkdown)) {
      // Another markdown text with the same HTML (`*a*` for `_a_`) is still an edit: its source is kept.
      set('description', description);
      patch.descriptionMarkdown = markdown;
    }
    for (const column of OPTIONAL_TASK_COLUMN_NAMES) {
      const to = data[column];
      if (to !== undefined && (to ?? null) !== task[column]) set(column, (to ?? null) as Task[typeof column]);
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
      section = await requireSectionOf(tx, task.projectId, data.sectionId, 'sectionId');
      set('sectionId', data.sectionId);
      // Its place in the old column means nothing in the new one: the bottom (see position.ts).
      patch.position = null;
    }

    if (data.parentId !== undefined && (data.parentId ?? null) !== task.parentId) {
      if (data.parentId != null) await requireParentOf(tx, task, data.parentId, 'parentId');
      set('parentId', data.parentId ?? null);
    }
    if (data.labelIds !== undefined) {
      const labels = await writeTaskLabels(tx, task, () => data.labelIds ?? [], 'labelIds');
      if (labels) changes.labels = labels;
    }

    if (!Object.keys(changes).length) return task;
    const updated = await commitTaskChanges(tx, task, actorId, changes, patch);
    // A transaction that moved the task between our read and our write leaves what we read stale.
    const moved = updated.sectionId !== section.id || updated.projectId !== task.projectId;
    if (moved) return { ...updated, ...(await tx.task.findUniqueOrThrow({ where: { id: task.id }, select: TASK_IN_HAND })) };
    return { ...updated, section, project: task.project };
  });
}
