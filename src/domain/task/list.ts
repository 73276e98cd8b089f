import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.ts';
import { ValidationError } from '../../errors.ts';
import { inVisibleProject, requireProject } from '../access.ts';
import { escapeLike } from '../like-pattern.ts';
import { parseInput } from '../validate.ts';
import { idField, statusField } from '../fields.ts';
import { type OffsetQuery, PAGE_LIMITS, pageFields, pageWindow } from '../page.ts';
import { sectionTitle } from '../section.ts';
import { assignedToField, assignedToWhom, dateField, priorityField } from './fields.ts';
import { resolveTaskRef } from './task-ref.ts';
import { type DbOrTx } from './transaction.ts';

/** The tasks a board's or a section's task count counts: all but Deleted ones (Archive counts). */
export const COUNTED_TASKS_WHERE = { status: { not: 'Deleted' } } satisfies Prisma.TaskWhereInput;

/** Task list paging: the common page sizes (the spec leaves both open). */
export const TASK_LIST_LIMITS = PAGE_LIMITS;

/** Longest `search` text of the task list filter (characters). */
export const TASK_SEARCH_MAX = 200;

/**
 * Filters of the task list (the tool route's, camelCased). All optional;
 * several filters combine with AND. Choices where the spec is silent:
 * `status` defaults to `Normal`; `labels` matches tasks having ANY of the
 * names (case-insensitive); `search` is a case-insensitive substring of the
 * title; `dueDateBefore`/`dueDateAfter` are strict (a date alone means 00:00
 * UTC of that day); `createdSince`/`updatedSince` include the instant given.
 * `taskId` or `ticketNumber` fetch one task by the identification rules
 * (NOT_FOUND when not visible, ambiguity error without `projectId`) and
 * ignore the other filters, status included.
 */
export const taskListInput = z.object({
  taskId: idField().nullish(),
  ticketNumber: z.string().trim().min(1).max(60).nullish(),
  projectId: idField().nullish(),
  /** Alias of `projectId` (boards are projects). */
  boardId: idField().nullish(),
  section: sectionTitle().nullish(),
  /** `me`, `unassigned`, or a user id. */
  assignedTo: assignedToField().nullish(),
  priority: priorityField().nullish(),
  status: statusField().nullish(),
  labels: z.array(z.string().trim().min(1).max(100)).max(50).nullish(),
  hasDueDate: z.boolean().nullish(),
  dueDateBefore: dateField().nullish(),
  dueDateAfter: dateField().nullish(),
  createdBy: idField().nullish(),
  createdSince: dateField().nullish(),
  updatedSince: dateField().nullish(),
  hasComments: z.boolean().nullish(),
  hasAttachments: z.boolean().nullish(),
  search: z.string().trim().max(TASK_SEARCH_MAX).nullish(),
  /** Only the subtasks of this task. */
  parentId: idField().nullish(),
  ...pageFields(TASK_LIST_LIMITS),
});
export type TaskListInput = z.input<typeof taskListInput>;

/** The Prisma filter, order and page of a task list (for `findMany` with Pothos's selection, and `count`). */
export interface TaskListQuery extends OffsetQuery<Prisma.TaskWhereInput, Prisma.TaskOrderByWithRelationInput[]> {
  /**
   * Set when the caller asked to defer the project check: throws NOT_FOUND
   * when the named project is not the viewer's. `where` only matches the
   * viewer's projects, so a list with tasks already proves access; only an
   * empty one must still tell "not yours" (404) from "no tasks".
   */
  verifyProject?: () => Promise<void>;
}

/**
 * Builds the task list query for a viewer: only tasks of projects they are
 * a member of, newest change first (`updatedAt` desc, then `id` desc). A
 * `projectId`/`boardId` the viewer cannot see is NOT_FOUND (checked here, or
 * with `deferProjectCheck` left to the caller as `verifyProject`, which saves
 * a round trip when the list turns out not to be empty); both given and
 * different is a VALIDATION error.
 */
export async function taskListQuery(
  db: DbOrTx,
  userId: number,
  input: TaskListInput,
  opts: { deferProjectCheck?: boolean } = {},
): Promise<TaskListQuery> {
  const f = parseInput(taskListInput, input);
  const page = {
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }] as Prisma.TaskOrderByWithRelationInput[],
    ...pageWindow(f),
  };

  if (f.projectId != null && f.boardId != null && f.projectId !== f.boardId) {
    throw new ValidationError(
      'boardId',
      'board_id is an alias of project_id; give one, or the same value.',
      'conflicting_alias',
    );
  }
  const projectId = f.projectId ?? f.boardId ?? null;

  if (f.taskId != null || f.ticketNumber != null) {
    const task = await resolveTaskRef(db, userId, { taskId: f.taskId, ticketNumber: f.ticketNumber, projectId });
    return { where: { id: task.id }, ...page };
  }
  let verifyProject: (() => Promise<void>) | undefined;
  if (projectId != null) {
    const field = f.projectId != null ? 'projectId' : 'boardId';
    verifyProject = async () => void (await requireProject(db, userId, projectId, field));
    if (!opts.deferProjectCheck) {
      await verifyProject();
      verifyProject = undefined;
    }
  }

  const and: Prisma.TaskWhereInput[] = [inVisibleProject(userId), { status: f.status ?? 'Normal' }];
  if (projectId != null) and.push({ projectId });
  if (f.section) and.push({ section: { title: { equals: f.section, mode: 'insensitive' }, deletedAt: null } });
  if (f.assignedTo) {
    const who = assignedToWhom(f.assignedTo, userId);
    and.push({ assignees: who === 'unassigned' ? { none: {} } : { some: { userId: who } } });
  }
  if (f.priority) and.push({ priority: f.priority });
  if (f.labels?.length) {
    and.push({
      labels: {
        some: { label: { OR: f.labels.map((name) => ({ name: { equals: name, mode: 'insensitive' as const } })) } },
      },
    });
  }
  if (f.hasDueDate != null) and.push({ dueDate: f.hasDueDate ? { not: null } : null });
  if (f.dueDateBefore) and.push({ dueDate: { lt: f.dueDateBefore } });
  if (f.dueDateAfter) and.push({ dueDate: { gt: f.dueDateAfter } });
  if (f.createdBy != null) and.push({ createdById: f.createdBy });
  if (f.createdSince) and.push({ createdAt: { gte: f.createdSince } });
  if (f.updatedSince) and.push({ updatedAt: { gte: f.updatedSince } });
  if (f.hasComments != null) and.push({ comments: f.hasComments ? { some: {} } : { none: {} } });
  if (f.hasAttachments != null) and.push({ attachments: { isEmpty: !f.hasAttachments } });
  // Prisma passes the text to ILIKE as is: `%` and `_` must stay literal.
  if (f.search) and.push({ title: { contains: escapeLike(f.search), mode: 'insensitive' } });
  if (f.parentId != null) and.push({ parentId: f.parentId });
  return { where: { AND: and }, ...page, verifyProject };
}

/**
 * Counts what a task list would return without paging, and runs a deferred
 * project check when that is nothing: `where` only matches the viewer's
 * projects, so tasks counted prove access, and none must still tell another
 * tenant's board (NOT_FOUND) from an empty one.
 */
export async function countTasks(db: DbOrTx, q: Pick<TaskListQuery, 'where' | 'verifyProject'>): Promise<number> {
  const total = await db.task.count({ where: q.where });
  if (total === 0) await q.verifyProject?.();
  return total;
}
