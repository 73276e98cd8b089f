import { createLabel, labelListQuery, listLabels } from '../../domain/label.ts';
import { builder } from '../builder.ts';
import { connectionType } from '../connection.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';

/** A label of a board. */
export const LabelType = builder.prismaObject('Label', {
  description: 'A label of a board; names are unique within the board, regardless of case.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric label id (REST shows it as a string).' }),
    name: t.exposeString('name', { description: 'Label name, 1 to 100 characters.' }),
    color: t.exposeString('color', { nullable: true, description: 'Display colour, if set.' }),
  }),
});

export const LabelConnection = connectionType('Label', LabelType, 'labels');

const CreateLabelInput = builder.inputType('CreateLabelInput', {
  description: 'A new label of a board.',
  fields: (t) => ({
    projectId: t.int({ required: true, description: 'Project (board) to add it to.' }),
    name: t.string({ required: true, description: 'Name, 1 to 100 characters (trimmed), unique in the board regardless of case.' }),
    color: t.string({ description: 'Display colour (any CSS colour string, up to 50 characters).' }),
  }),
});

builder.queryField('labels', (t) =>
  t.prismaField({
    type: ['Label'],
    description: 'Labels of a board, by name, all at once (a board has few); `labelsConnection` pages them.',
    args: { projectId: t.arg.int({ required: true, description: 'Project (board).' }) },
    resolve: (query, _root, args, ctx) => listLabels(ctx.db, viewerOf(ctx).userId, args.projectId, query),
  }),
);

builder.queryField('labelsConnection', (t) =>
  t.connection(
    {
      type: LabelType,
      description: '`labels` as a Relay connection: the labels of a board by name (then id), paged by cursor.',
      args: { projectId: t.arg.int({ required: true, description: 'Project (board).' }) },
      resolve: (_root, args, ctx, info) =>
        resolvePrismaConnection({
          ctx,
          info,
          args,
          model: 'Label',
          list: () => labelListQuery(ctx.db, viewerOf(ctx).userId, args.projectId),
          findMany: (q) => ctx.db.label.findMany(q),
          count: (where) => ctx.db.label.count({ where }),
        }),
    },
    LabelConnection,
  ),
);

builder.mutationField('createLabel', (t) =>
  t.prismaField({
    type: 'Label',
    description: 'Adds a label to a board. A name already used on the board (any case) is CONFLICT on `name`.',
    args: { input: t.arg({ type: CreateLabelInput, required: true, description: 'The label.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      const label = await createLabel(ctx.db, viewerOf(ctx).userId, input);
      return ctx.db.label.findUniqueOrThrow({ ...query, where: { id: label.id } });
    },
  }),
);
