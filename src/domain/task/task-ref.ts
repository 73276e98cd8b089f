import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { inVisibleProject, visibleProjectsWhere } from '../access.ts';
import { parseInput } from '../validate.ts';
import { parseTicketNumber, ticketNumberOf } from './ticket-number.ts';
import { idField } from '../fields.ts';

/**
 * How a task is addressed (spec 2.4), exactly one form: `taskId`;
 * `ticketNumber` (with `projectId` when ambiguous); `projectId` + `uniqueIndex`.
 */
export const taskRefInput = z.object({
  taskId: idField().nullish(),
  ticketNumber: z.string().trim().min(1).max(60).nullish(),
  projectId: idField().nullish(),
  uniqueIndex: idField().nullish(),
});
export type TaskRef = z.input<typeof taskRefInput>;

type Tx = Db | Prisma.TransactionClient;

/**
 * Resolves a task reference to a task of a project the user belongs to.
 * Zero or several forms → VALIDATION; nothing visible → NOT_FOUND; a ticket
 * number found in several of the user's projects without `projectId` →
 * VALIDATION on `projectId` naming the candidate projects.
 */
export async function resolveTaskRef<I extends Prisma.TaskInclude | undefined = undefined>(
  db: Tx,
  userId: number,
  ref: TaskRef,
  include?: I,
) {
  const r = parseInput(taskRefInput, ref);
  const forms = [r.taskId != null, r.ticketNumber != null, r.uniqueIndex != null].filter(Boolean).length;
  if (forms !== 1) {
    throw new ValidationError(
      'taskId',
      forms === 0
        ? 'Identify the task with task_id, ticket_number, or project_id + unique_index.'
        : 'Give exactly one of task_id, ticket_number, or project_id + unique_index.',
      forms === 0 ? 'missing_task_identification' : 'ambiguous_task_identification',
    );
  }
  const visible: Prisma.TaskWhereInput = inVisibleProject(userId);
  if (r.taskId != null) {
    const task = await db.task.findFirst({ where: { id: r.taskId, ...visible, ...(r.projectId != null ? { projectId: r.projectId } : {}) }, include });
    if (!task) throw new NotFoundError(`Task ${r.taskId}`, 'taskId');
    return task;
  }
  if (r.uniqueIndex != null) {
    if (r.projectId == null) {
      throw new ValidationError('projectId', 'unique_index needs project_id.', 'required');
    }
    const task = await db.task.findFirst({ where: { projectId: r.projectId, uniqueIndex: r.uniqueIndex, ...visible }, include });
    if (!task) throw new NotFoundError(`Task #${r.uniqueIndex} of project ${r.projectId}`, 'uniqueIndex');
    return task;
  }
  const parsed = parseTicketNumber(r.ticketNumber!);
  if (!parsed) throw new ValidationError('ticketNumber', 'A ticket number looks like ABC-12.', 'invalid_format');
  const candidates = await db.task.findMany({
    where: {
      uniqueIndex: parsed.uniqueIndex,
      project: { ...visibleProjectsWhere(userId), ticketPrefix: parsed.prefix },
      ...(r.projectId != null ? { projectId: r.projectId } : {}),
    },
    include,
    take: 10,
  });
  if (candidates.length === 0) throw new NotFoundError(`Task ${r.ticketNumber}`, 'ticketNumber');
  if (candidates.length > 1) {
    const ids = candidates.map((c) => c.projectId).join(', ');
    throw new ValidationError(
      'projectId',
      `Ticket number ${ticketNumberOf(parsed.prefix, parsed.uniqueIndex)} exists in several projects (${ids}); add project_id.`,
      'ambiguous_ticket_number',
    );
  }
  return candidates[0];
}
