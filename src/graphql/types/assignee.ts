import { assigneeOrder, setAssignees, toggleAssignee, MAX_ASSIGNEES } from '../../domain/assignee.ts';
import { builder } from '../builder.ts';
import { viewerOf } from '../viewer.ts';
import { TaskRefInput } from './task-ref.ts';
import './task.ts';

// The `Assignee` type (prisma object of TaskAssignee) lives with the Task type in ./task.ts.

builder.mutationFields((t) => ({
  assignUser: t.prismaField({
    type: ['TaskAssignee'],
    description:
      'Assigns a user or an agent to a task, or unassigns them when already assigned (toggle: naming an assigned user alone unassigns them). ' +
      'Give exactly one of `userId` (a member of the task’s project) or `agentId` (an agent of the project’s team). ' +
      'Writes a `task.assigned` event (`data.action` is `assigned` or `unassigned`) and notifies a newly assigned ' +
      'user (never the caller). Returns every assignee of the task afterwards, in assignment order.',
    args: {
      ref: t.arg({ type: TaskRefInput, required: true, description: 'The task.' }),
      userId: t.arg.int({ description: 'User to toggle.' }),
      agentId: t.arg.string({ description: 'Agent (UUID) to toggle.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const { taskId } = await toggleAssignee(ctx.db, viewerOf(ctx).userId, args.ref, { userId: args.userId, agentId: args.agentId });
      return ctx.db.taskAssignee.findMany({ ...query, where: { taskId }, orderBy: assigneeOrder });
    },
  }),
  setAssignees: t.prismaField({
    type: ['TaskAssignee'],
    description:
      'Sets the assignees of a task (tool `mode: multiple`): its users become exactly `userIds` and its agents exactly ' +
      '`agentIds`. A list left out leaves that kind unchanged; an empty list clears it. Users must be project members, ' +
      'agents must belong to the project’s team. Each added or removed assignee writes one `task.assigned` event ' +
      '(`data.action` `assigned` or `unassigned`); newly assigned users are notified and start watching the task. ' +
      'Returns every assignee afterwards, in assignment order.',
    args: {
      ref: t.arg({ type: TaskRefInput, required: true, description: 'The task.' }),
      userIds: t.arg.intList({ description: `The users to be assigned (at most ${MAX_ASSIGNEES}).` }),
      agentIds: t.arg.stringList({ description: `The agents (UUIDs) to be assigned (at most ${MAX_ASSIGNEES}).` }),
    },
    resolve: async (query, _root, args, ctx) => {
      const { taskId } = await setAssignees(ctx.db, viewerOf(ctx).userId, args.ref, {
        userIds: args.userIds,
        agentIds: args.agentIds,
      });
      return ctx.db.taskAssignee.findMany({ ...query, where: { taskId }, orderBy: assigneeOrder });
    },
  }),
}));
