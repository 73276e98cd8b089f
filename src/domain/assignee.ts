import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { ValidationError } from '../errors.ts';
import { recordTaskEvent } from '../events/outbox.ts';
import { notifyAssigned } from './notification.ts';
import { resolveTaskRef, type TaskRef } from './task/task-ref.ts';
import { ticketNumberOf } from './task/ticket-number.ts';
import { parseInput } from './validate.ts';
import { idField } from './fields.ts';

/** At most this many users (and as many agents) in one `setAssignees` call. */
export const MAX_ASSIGNEES = 50;

const userId = idField();
const agentId = z.guid({ message: 'must be an agent UUID' }).transform((v) => v.toLowerCase());

const toggleInput = z
  .object({ userId: userId.nullish(), agentId: agentId.nullish() })
  .superRefine((v, ctx) => {
    if ((v.userId == null) === (v.agentId == null)) {
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Give exactly one of user_id or agent_id.' });
    }
  });

const setInput = z
  .object({
    userIds: z.array(userId).max(MAX_ASSIGNEES).nullish(),
    agentIds: z.array(agentId).max(MAX_ASSIGNEES).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.userIds == null && v.agentIds == null) {
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'Give user_ids, agent_ids, or both.' });
    }
  });

/** One assignee as recorded in `task.assigned` events. */
export interface AssigneeRef {
  type: 'user' | 'agent';
  id: number | string;
  displayName: string;
}

/** What an assignment call did; `assignees` are loaded by the caller (GraphQL selects them). */
export interface AssignmentResult {
  taskId: number;
  added: AssigneeRef[];
  removed: AssigneeRef[];
}

type Tx = Prisma.TransactionClient;
type TaskWithProject = Prisma.TaskGetPayload<{ include: { project: true } }>;

/** Users of `ids` that are members of the project; others → VALIDATION on `field`. */
async function requireMembers(tx: Tx, projectId: number, ids: number[], field: (i: number) => string) {
  const found = await tx.projectMember.findMany({
    where: { projectId, userId: { in: ids } },
    select: { user: { select: { id: true, displayName: true } } },
  });
  const byId = new Map(found.map((m) => [m.user.id, m.user]));
  ids.forEach((id, i) => {
    // A user who exists elsewhere and one who does not exist look the same (tenancy).
    if (!byId.has(id)) {
      throw new ValidationError(field(i), `User ${id} is not a member of project ${projectId}.`, 'not_project_member');
    }
  });
  return byId;
}

/** Agents of `ids` that belong to the project's team; others → VALIDATION on `field`. */
async function requireAgents(tx: Tx, project: { id: number; teamId: number | null }, ids: string[], field: (i: number) => string) {
  const found = ids.length && project.teamId !== null
    ? await tx.agent.findMany({ where: { id: { in: ids }, teamId: project.teamId }, select: { id: true, displayName: true } })
    : [];
  const byId = new Map(found.map((a) => [a.id, a]));
  ids.forEach((id, i) => {
    if (!byId.has(id)) {
      throw new ValidationError(field(i), `Agent ${id} is not an agent of the team owning project ${project.id}.`, 'not_team_agent');
    }
  });
  return byId;
}

/** Loads and row-locks the task so concurrent assignment calls on it apply one after the other. */
async function lockTask(tx: Tx, actorId: number, ref: TaskRef): Promise<TaskWithProject> {
  const task = (await resolveTaskRef(tx, actorId, ref, { project: true })) as TaskWithProject;
  await tx.$queryRaw`SELECT id FROM "Task" WHERE id = ${task.id} FOR UPDATE`;
  return task;
}

async function currentAssignees(tx: Tx, taskId: number) {
  return tx.taskAssignee.findMany({
    where: { taskId },
    select: { userId: true, agentId: true, user: { select: { displayName: true } }, agent: { select: { displayName: true } } },
  });
}

/**
 * Writes the consequences of an assignment change: one `task.assigned`
 * event per added and per removed assignee (`data.action` says which),
 * inbox entries for newly assigned users (they also start watching), and a
 * new `updatedAt` on the task. Nothing at all when nothing changed.
 */
async function recordChanges(tx: Tx, actorId: number, task: TaskWithProject, added: AssigneeRef[], removed: AssigneeRef[]) {
  if (!added.length && !removed.length) return;
  const ticketNumber = ticketNumberOf(task.project.ticketPrefix, task.uniqueIndex);
  const ref = { id: task.id, projectId: task.projectId, ticketNumber };
  for (const [list, action] of [[added, 'assigned'], [removed, 'unassigned']] as const) {
    for (const assignee of list) {
      await recordTaskEvent(tx, { type: 'task.assigned', task: ref, actorId, data: { assignee, action } });
    }
  }
  const newUsers = added.filter((a) => a.type === 'user').map((a) => a.id as number);
  if (newUsers.length) {
    await notifyAssigned(tx, { task: { id: task.id, ticketNumber, title: task.title }, userIds: newUsers, actorId });
  }
  await tx.task.update({ where: { id: task.id }, data: { updatedAt: new Date(), version: { increment: 1 }, updatedById: actorId } });
}

/**
 * Spec 4.1 rule 1, the single form: assigning a user (or agent) who is
 * already assigned removes the assignment (toggle); otherwise adds it.
 * Users must be members of the task's project, agents must belong to the
 * project's team. One transaction: the change, its event, the inbox entry.
 */
export async function toggleAssignee(
  db: Db,
  actorId: number,
  ref: TaskRef,
  input: z.input<typeof toggleInput>,
): Promise<AssignmentResult> {
  const args = parseInput(toggleInput, input);
  return db.$transaction(async (tx) => {
    const task = await lockTask(tx, actorId, ref);
    const added: AssigneeRef[] = [];
    const removed: AssigneeRef[] = [];
    const current = await currentAssignees(tx, task.id);
    const assigned = current.find((a) => (args.userId != null ? a.userId === args.userId : a.agentId === args.agentId));
    if (assigned) {
      // Removing needs no membership check: a user who left the project can still be unassigned.
      await tx.taskAssignee.deleteMany({
        where: { taskId: task.id, ...(args.userId != null ? { userId: args.userId } : { agentId: args.agentId! }) },
      });
      removed.push(
        args.userId != null
          ? { type: 'user', id: args.userId, displayName: assigned.user!.displayName }
          : { type: 'agent', id: args.agentId!, displayName: assigned.agent!.displayName },
      );
    } else if (args.userId != null) {
      const user = (await requireMembers(tx, task.projectId, [args.userId], () => 'userId')).get(args.userId)!;
      await tx.taskAssignee.create({ data: { taskId: task.id, userId: user.id } });
      added.push({ type: 'user', id: user.id, displayName: user.displayName });
    } else {
      const agent = (await requireAgents(tx, task.project, [args.agentId!], () => 'agentId')).get(args.agentId!)!;
      await tx.taskAssignee.create({ data: { taskId: task.id, agentId: agent.id } });
      added.push({ type: 'agent', id: agent.id, displayName: agent.displayName });
    }
    await recordChanges(tx, actorId, task, added, removed);
    return { taskId: task.id, added, removed };
  });
}

/**
 * The multiple form (`mode: multiple`): the task's assigned users become
 * exactly `userIds` and its agents exactly `agentIds`. A list left out
 * leaves that kind unchanged (the tool route only sends users); an empty
 * list clears it. Same membership rules and side effects as the toggle;
 * assignees in both the old and new set are untouched (no event, no inbox).
 */
export async function setAssignees(
  db: Db,
  actorId: number,
  ref: TaskRef,
  input: z.input<typeof setInput>,
): Promise<AssignmentResult> {
  const args = parseInput(setInput, input);
  return db.$transaction(async (tx) => {
    const task = await lockTask(tx, actorId, ref);
    const current = await currentAssignees(tx, task.id);
    const added: AssigneeRef[] = [];
    const removed: AssigneeRef[] = [];
    if (args.userIds != null) {
      const wanted = [...new Set(args.userIds)];
      const users = await requireMembers(tx, task.projectId, wanted, (i) => `userIds.${args.userIds!.indexOf(wanted[i])}`);
      const have = new Map(current.filter((a) => a.userId !== null).map((a) => [a.userId!, a.user!.displayName]));
      const toAdd = wanted.filter((id) => !have.has(id));
      const toRemove = [...have.keys()].filter((id) => !users.has(id));
      if (toRemove.length) await tx.taskAssignee.deleteMany({ where: { taskId: task.id, userId: { in: toRemove } } });
      if (toAdd.length) await tx.taskAssignee.createMany({ data: toAdd.map((userId) => ({ taskId: task.id, userId })) });
      removed.push(...toRemove.map((id) => ({ type: 'user' as const, id, displayName: have.get(id)! })));
      added.push(...toAdd.map((id) => ({ type: 'user' as const, id, displayName: users.get(id)!.displayName })));
    }
    if (args.agentIds != null) {
      const wanted = [...new Set(args.agentIds.map((id) => id.toLowerCase()))];
      const agents = await requireAgents(tx, task.project, wanted, (i) => `agentIds.${i}`);
      const have = new Map(current.filter((a) => a.agentId !== null).map((a) => [a.agentId!, a.agent!.displayName]));
      const toAdd = wanted.filter((id) => !have.has(id));
      const toRemove = [...have.keys()].filter((id) => !agents.has(id));
      if (toRemove.length) await tx.taskAssignee.deleteMany({ where: { taskId: task.id, agentId: { in: toRemove } } });
      if (toAdd.length) await tx.taskAssignee.createMany({ data: toAdd.map((agentId) => ({ taskId: task.id, agentId })) });
      removed.push(...toRemove.map((id) => ({ type: 'agent' as const, id, displayName: have.get(id)! })));
      added.push(...toAdd.map((id) => ({ type: 'agent' as const, id, displayName: agents.get(id)!.displayName })));
    }
    await recordChanges(tx, actorId, task, added, removed);
    return { taskId: task.id, added, removed };
  });
}

/** Prisma order of a task's assignees: in the order they were assigned (as `Task.assignees`). */
export const assigneeOrder: Prisma.TaskAssigneeOrderByWithRelationInput[] = [{ id: 'asc' }];
