import type { Prisma } from '../../generated/prisma/client.ts';
import { inVisibleProject } from '../access.ts';
import { type TaskRef, resolveTaskRef } from './task-ref.ts';
import type { DbOrTx } from './transaction.ts';

/**
 * A task's history (`TaskActivity`, copied from its outbox events by a
 * trigger, kept as long as the task). Pages are at most `maxSize` entries
 * (every entry may carry text values of up to `valueMax` characters, the
 * trigger's cut), newest first.
 */
export const ACTIVITY_LIMITS = { defaultSize: 20, maxSize: 50, valueMax: 1000 } as const;

/** One field of an entry: what it was and what it became (JSON values as the webhook payload has them). */
export interface ActivityChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * The filter and order of a task's history. Its rows are read through the
 * task, with the task's visibility rule re-applied in the same query, so a
 * Task object that reached a resolver some other way (or a viewer who just
 * lost access) still sees nothing it may not.
 */
export function activityListQuery(userId: number, taskId: number) {
  const where: Prisma.TaskActivityWhereInput = { taskId, task: inVisibleProject(userId) };
  return {
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] as Prisma.TaskActivityOrderByWithRelationInput[],
  };
}

/** {@link activityListQuery} of a task named by reference: NOT_FOUND when the viewer cannot see it. */
export async function activityListQueryOf(db: DbOrTx, userId: number, ref: TaskRef) {
  const task = await resolveTaskRef(db, userId, ref);
  return activityListQuery(userId, task.id);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An entry's changes, field by field: a `task.updated` event's `changes`
 * as they are; a `task.assigned` one as `assignees` from / to the
 * assignee's name; none for `task.created`.
 */
export function activityChanges(type: string, data: unknown): ActivityChange[] {
  if (!isObject(data)) return [];
  if (type === 'task.updated' && isObject(data.changes)) {
    return Object.entries(data.changes).map(([field, change]) => ({
      field,
      from: isObject(change) ? (change.from ?? null) : null,
      to: isObject(change) ? (change.to ?? null) : null,
    }));
  }
  if (type === 'task.assigned' && isObject(data.assignee)) {
    const name = data.assignee.displayName ?? null;
    return [
      {
        field: 'assignees',
        from: data.action === 'unassigned' ? name : null,
        to: data.action === 'unassigned' ? null : name,
      },
    ];
  }
  return [];
}
