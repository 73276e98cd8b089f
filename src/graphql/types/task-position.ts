import { placeTask, TASK_ORDER } from '../../domain/task/position.ts';
import type { Task } from '../../generated/prisma/client.ts';
import { builder } from '../builder.ts';
import { viewerOf } from '../viewer.ts';
import { TaskRefInput } from './task-ref.ts';

/** What `placeTask` answers: the task, and the tasks that got a position with it. */
const PlaceTaskPayload = builder.objectRef<{ taskId: number; alsoPlacedIds: number[] }>('PlaceTaskPayload').implement({
  description:
    'A placed task and the other tasks of its section whose `position` the placement set: a client that orders a ' +
    'column by `position` needs them as well as the task (a payload, not the bare task, for that reason).',
  fields: (t) => ({
    task: t.prismaField({
      type: 'Task',
      description: 'The task, where it is now.',
      resolve: (query, p, _args, ctx) => ctx.db.task.findUniqueOrThrow({ ...query, where: { id: p.taskId } }),
    }),
    alsoPlaced: t.prismaField({
      type: ['Task'],
      description:
        'Tasks of the target section that had no `position` (never placed by hand) up to the one the task now ' +
        'precedes: they got positions after the placed ones, in their order, so nothing visibly moves. Each also ' +
        'has its `task.updated` event. Empty when none needed one.',
      resolve: (query, p, _args, ctx): Promise<Task[]> =>
        p.alsoPlacedIds.length
          ? ctx.db.task.findMany({ ...query, where: { id: { in: p.alsoPlacedIds } }, orderBy: TASK_ORDER })
          : Promise.resolve([]),
    }),
  }),
});

builder.mutationField('placeTask', (t) =>
  t.field({
    type: PlaceTaskPayload,
    description:
      'Places a task on its board (drag and drop): into `sectionId` (a section of the same board; default its own) directly ' +
      'after `afterTaskId` (a task of that section), or first in the section when `afterTaskId` is null or absent. ' +
      'Writes a `task.updated` event with `changes.position` (and `changes.sectionId` when the section changed); ' +
      'placing a task where it already is changes nothing. A section or task that is not there is NOT_FOUND naming the argument.',
    args: {
      ref: t.arg({ type: TaskRefInput, required: true, description: 'Which task.' }),
      sectionId: t.arg.int({ description: 'Target section of the same board (default: the task’s own section).' }),
      afterTaskId: t.arg.int({
        description: 'Id of the task to follow in the target section; null puts the task first.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const placed = await placeTask(ctx.db, viewerOf(ctx).userId, args.ref, {
        sectionId: args.sectionId,
        afterTaskId: args.afterTaskId,
      });
      return { taskId: placed.task.id, alsoPlacedIds: placed.alsoPlacedIds };
    },
  }),
);
