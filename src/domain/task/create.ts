import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { renderContent } from '../../content/render.ts';
import { recordTaskEvent } from '../../events/outbox.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { notifyAssigned } from '../notification.ts';
import { parseInput } from '../validate.ts';
import {
  OPTIONAL_TASK_COLUMN_NAMES,
  type OptionalTaskValues,
  TASK_LIMITS,
  dateField,
  descriptionField,
  optionalTaskColumnsShape,
  titleField,
  urlListField,
} from './fields.ts';
import { idField, statusField } from '../fields.ts';
import { type InsertedTask, type NewTaskFields, insertTask } from './insert-task.ts';
import { markdownSource } from './description-source.ts';
import { requireParentOf } from './parent.ts';
import { backlogSection, requireSectionOf, takeTaskNumber } from './placement.ts';
import type { TaskInHand } from './task-in-hand.ts';
import { ticketNumberOf } from './ticket-number.ts';
import { type DbOrTx, inTransaction } from './transaction.ts';

/** What a new task may carry; `labelIds` and `assigneeUserIds` are for GraphQL and manifests only. */
export const createTaskInput = z.object({
  projectId: idField(),
  title: titleField(),
  description: descriptionField().nullish(),
  /** `html` (default) or `markdown`; see renderContent. */
  contentType: z.string().nullish(),
  sectionId: idField().nullish(),
  ...optionalTaskColumnsShape(),
  images: urlListField().nullish(),
  attachments: urlListField().nullish(),
  dueDate: dateField().nullish(),
  status: statusField().nullish(),
  parentId: idField().nullish(),
  labelIds: z.array(idField()).max(TASK_LIMITS.labelsMax).nullish(),
  assigneeUserIds: z.array(idField()).max(TASK_LIMITS.assigneesMax).nullish(),
});
export type CreateTaskInput = z.input<typeof createTaskInput>;

type Tx = Prisma.TransactionClient;

/** Every id must be a label of the project (labels belong to one board). */
export async function requireLabelsOf(tx: Tx, projectId: number, labelIds: number[], field = 'labelIds') {
  const ids = [...new Set(labelIds)];
  if (!ids.length) return ids;
  const found = await tx.label.findMany({ where: { projectId, id: { in: ids } }, select: { id: true } });
  const missing = ids.filter((id) => !found.some((l) => l.id === id));
  if (missing.length) throw new NotFoundError(`Label ${missing.join(', ')} of project ${projectId}`, field);
  return ids;
}

/** Every user must be a member of the project: only members can be assigned. */
export async function requireMembersOf(tx: Tx, projectId: number, userIds: number[], field = 'assigneeUserIds') {
  const ids = [...new Set(userIds)];
  if (!ids.length) return ids;
  const found = await tx.projectMember.findMany({
    where: { projectId, userId: { in: ids } },
    select: { userId: true },
  });
  const missing = ids.filter((id) => !found.some((m) => m.userId === id));
  if (missing.length) {
    throw new ValidationError(
      field,
      `User ${missing.join(', ')} is not a member of project ${projectId}; only members can be assigned.`,
      'not_project_member',
    );
  }
  return ids;
}

/**
 * Creates a task in a project the actor belongs to (spec 2.4, 3):
 * no `sectionId` → the project's `Backlog` section (created last if
 * missing); a `sectionId` must be a live section of the project. The
 * ticket number comes from the project counter, gap-free. The creator (and
 * any assignee) watches the task; `task.created` (and `task.assigned` when
 * assignees are given) go to the outbox. Runs inside `db` when it already is
 * a transaction. A plain create is one statement (`insertTask` takes the
 * number, checks access and section and writes task, watcher and event);
 * the rest runs in a transaction: references to check, a project or section
 * not found (the errors, in their order), or no Backlog yet.
 * The task comes back with its section row and its project's ticket
 * prefix, which the statement read anyway: what a create's answer shows.
 */
export async function createTask(db: DbOrTx, actorId: number, input: CreateTaskInput): Promise<TaskInHand> {
  const data = parseInput(createTaskInput, input);
  // Rendered (and `contentType` checked) before any write.
  const description = await renderContent(data.description ?? '', data.contentType, 'description', actorId);
  const fields: NewTaskFields = {
    title: data.title,
    description,
    descriptionMarkdown: markdownSource(data.description, data.contentType),
    ...optionalValues(data),
    images: data.images ?? [],
    attachments: data.attachments ?? [],
    dueDate: data.dueDate ?? null,
    status: data.status ?? 'Normal',
    parentId: data.parentId ?? null,
  };
  const references = data.parentId != null || !!data.labelIds?.length || !!data.assigneeUserIds?.length;
  if (!references) {
    const created = await insertTask(db, {
      projectId: data.projectId,
      number: 'take',
      actorId,
      section: data.sectionId ?? 'backlog',
      fields,
    });
    if (created) return createdTask(created);
  }
  return inTransaction(db, async (tx) => {
    const { uniqueIndex, ticketPrefix } = await takeTaskNumber(tx, actorId, data.projectId, 'projectId');
    const ticketNumber = ticketNumberOf(ticketPrefix, uniqueIndex);
    // The section's NOT_FOUND comes before the references'.
    const section = data.sectionId
      ? await requireSectionOf(tx, data.projectId, data.sectionId, 'sectionId')
      : await backlogSection(tx, data.projectId, actorId);
    if (data.parentId != null) await requireParentOf(tx, { id: null, projectId: data.projectId }, data.parentId, 'parentId');
    const labelIds = data.labelIds ? await requireLabelsOf(tx, data.projectId, data.labelIds) : [];
    const assigneeIds = data.assigneeUserIds ? await requireMembersOf(tx, data.projectId, data.assigneeUserIds) : [];
    const created = await insertTask(tx, {
      projectId: data.projectId,
      number: { uniqueIndex, ticketNumber },
      actorId,
      section: section.id,
      fields,
    });
    // The project row lock taken above keeps the section from being deleted meanwhile.
    if (!created) throw new Error(`Section of task ${ticketNumber} vanished inside its transaction`);
    const { task } = created;
    if (labelIds.length) await tx.taskLabel.createMany({ data: labelIds.map((labelId) => ({ taskId: task.id, labelId })) });
    if (assigneeIds.length) {
      await insertRows(tx.taskAssignee, assigneeIds.map((userId) => ({ taskId: task.id, userId })));
      await notifyAssigned(tx, {
        task: { id: task.id, ticketNumber, title: task.title },
        userIds: assigneeIds,
        actorId,
      });
      await recordTaskEvent(tx, {
        type: 'task.assigned',
        task: { id: task.id, projectId: task.projectId, ticketNumber },
        actorId,
        data: { assignees: assigneeIds.map((id) => ({ id, kind: 'user' })) },
      });
    }
    return createdTask(created);
  });
}

/** The optional columns of a parsed create input, null when not given. */
function optionalValues(data: z.output<typeof createTaskInput>): OptionalTaskValues {
  return Object.fromEntries(OPTIONAL_TASK_COLUMN_NAMES.map((k) => [k, data[k] ?? null])) as OptionalTaskValues;
}

function createdTask(created: InsertedTask): TaskInHand {
  return { ...created.task, section: created.section, project: { ticketPrefix: created.ticketPrefix } };
}
