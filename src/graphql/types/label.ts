import {
  type UpdateLabelInput as UpdateLabelData,
  createLabel,
  deleteLabel,
  LABEL_FIELD_DESCRIPTIONS as D,
  labelListQuery,
  listLabels,
  updateLabel,
} from '../../domain/label.ts';
import { builder } from '../builder.ts';
import { connectionType } from '../connection.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';

/** GraphQL's word for a refused colour, after the shared text. */
const colorRefused = 'Anything else is VALIDATION on `color`.';

/** A label of a board. */
export const LabelType = builder.prismaNode('Label', {
  id: { field: 'id' },
  description: 'A label of a board; names are unique within the board, regardless of case.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric label id (REST shows it as a string).' }),
    name: t.exposeString('name', { description: D.name }),
    color: t.exposeString('color', { nullable: true, description: D.color }),
  }),
});

export const LabelConnection = connectionType('Label', LabelType, 'labels');

const CreateLabelInput = builder.inputType('CreateLabelInput', {
  description: 'A new label of a board.',
  fields: (t) => ({
    projectId: t.int({ required: true, description: 'Project (board) to add it to.' }),
    name: t.string({ required: true, description: D.name }),
    color: t.string({ description: `${D.color} ${colorRefused}` }),
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

const UpdateLabelInput = builder.inputType('UpdateLabelInput', {
  description: 'Changes to a label; omitted fields stay.',
  fields: (t) => ({
    name: t.string({ description: D.name }),
    color: t.string({ description: `${D.color} ${colorRefused}` }),
  }),
});

builder.mutationField('updateLabel', (t) =>
  t.prismaField({
    type: 'Label',
    description:
      'Renames a label or changes its colour; any member of the board may. A name another label of the board has ' +
      '(any case) is CONFLICT on `name`. Tasks keep the label (their `updatedAt` does not change).',
    args: {
      id: t.arg.int({ required: true, description: 'The label.' }),
      projectId: t.arg.int({ description: 'When given, the label must belong to this project (else NOT_FOUND).' }),
      input: t.arg({ type: UpdateLabelInput, required: true, description: 'What to change.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      // GraphQL lets `name: null` through; the domain's zod check refuses it naming the field.
      const label = await updateLabel(ctx.db, viewerOf(ctx).userId, args.id, args.input as UpdateLabelData, args.projectId);
      return ctx.db.label.findUniqueOrThrow({ ...query, where: { id: label.id } });
    },
  }),
);

/** What is left of a deleted label. */
const DeletedLabelType = builder.objectRef<{ id: number; projectId: number }>('DeletedLabel').implement({
  description: 'A label deleted for good.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Id the label had.' }),
    projectId: t.exposeInt('projectId', { description: 'The board it belonged to.' }),
  }),
});

builder.mutationField('deleteLabel', (t) =>
  t.field({
    type: DeletedLabelType,
    description:
      'Deletes a label of a board; any member may. It comes off every task that had it: each such task gets a new ' +
      '`updatedAt` and a `task.updated` event `{changes: {labels: {from, to}}}` (no inbox entries).',
    args: {
      id: t.arg.int({ required: true, description: 'The label.' }),
      projectId: t.arg.int({ description: 'When given, the label must belong to this project (else NOT_FOUND).' }),
    },
    resolve: (_root, args, ctx) => deleteLabel(ctx.db, viewerOf(ctx).userId, args.id, args.projectId),
  }),
);
