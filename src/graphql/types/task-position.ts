import { placeTask } from '../../domain/task/position.ts';
import { builder } from '../builder.ts';
import { viewerOf } from '../viewer.ts';
import { TaskRefInput } from './task-ref.ts';

builder.mutationField('placeTask', (t) =>
  t.prismaField({
    type: 'Task',
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
    resolve: async (query, _root, args, ctx) => {
      const task = await placeTask(ctx.db, viewerOf(ctx).userId, args.ref, {
        sectionId: args.sectionId,
        afterTaskId: args.afterTaskId,
      });
      return ctx.db.task.findUniqueOrThrow({ ...query, where: { id: task.id } });
    },
  }),
);
