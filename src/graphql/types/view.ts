import {
  boardSubtaskSettingOf,
  createView,
  deleteView,
  myViewsWhere,
  projectViewsQuery,
  requireView,
  updateView,
  MAX_FILTERS_LENGTH,
  VIEW_LAYOUTS,
} from '../../domain/view.ts';
import { builder } from '../builder.ts';
import { foundOrNull } from '../lookup.ts';
import { enumValues, SUBTASK_SETTING, VIEW_LAYOUT } from '../enum-names.ts';
import { connectionType } from '../connection.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';
import { NAME_LIMITS, printedLimit } from '../../domain/fields.ts';

export const SubtaskSettingEnum = builder.enumType('SubtaskSetting', {
  description:
    'How a saved view shows subtasks: `NONE`, `PARENT`, `FLATTENED`, `CARD` or `FLATTENED_CARD` ' +
    '(the REST and tool routes: `None`, `Parent`, `Flattened`, `Card`, `Flattened_Card`).',
  values: enumValues(SUBTASK_SETTING, {
    None: 'Subtasks are not shown separately (default).',
    Parent: 'Subtasks are shown under their parent task.',
    Flattened: 'Subtasks are listed as ordinary tasks.',
    Card: 'Subtasks are shown on their parent’s card.',
    Flattened_Card: 'Subtasks are listed as tasks and also shown on the parent’s card.',
  }),
});

/** A saved view's layout. */
export const ViewLayoutEnum = builder.enumType('ViewLayout', {
  description: 'How a saved view lays out its tasks (the REST and tool routes: `board`, `list`, …).',
  values: enumValues(VIEW_LAYOUT, {
    board: 'Columns of sections (default).',
    list: 'One list of tasks.',
    table: 'A table of task fields.',
    calendar: 'Tasks by due date on a calendar.',
    timeline: 'Tasks on a timeline.',
  }),
});

/** A personal saved view of a board. */
export const SavedViewType = builder.prismaNode('SavedView', {
  id: { field: 'id' },
  description: 'A saved view of a board: its layout, task filters and subtask display. Views are personal to their creator.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric view id.' }),
    projectId: t.exposeInt('projectId', { description: 'The project (board) the view shows.' }),
    title: t.exposeString('title', { description: `View name, 1 to ${NAME_LIMITS.viewTitleMax} characters.` }),
    subtaskSetting: t.expose('subtaskSetting', { type: SubtaskSettingEnum, description: 'The view’s subtask setting.' }),
    boardSubtaskSetting: t.field({
      type: SubtaskSettingEnum,
      description: 'The effective subtask setting of the board shown through this view (boards keep none of their own).',
      select: { subtaskSetting: true },
      resolve: (v) => boardSubtaskSettingOf(v),
    }),
    layout: t.field({
      type: ViewLayoutEnum,
      description: 'Layout (default `BOARD`).',
      resolve: (view) => view.layout as (typeof VIEW_LAYOUTS)[number],
    }),
    filters: t.expose('filters', { type: 'JSON', description: 'Task-list filters of the view, in the task list’s argument names.' }),
    project: t.relation('project', { description: 'The project (board).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Creation time.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change.' }),
  }),
});

export const SavedViewConnection = connectionType('SavedView', SavedViewType, 'saved views');

builder.queryFields((t) => ({
  savedViews: t.prismaField({
    type: ['SavedView'],
    description: 'The viewer’s saved views of a project, oldest first, all at once; `savedViewsConnection` pages them.',
    args: { projectId: t.arg.int({ required: true, description: 'The project.' }) },
    resolve: async (query, _root, args, ctx) => {
      const q = await projectViewsQuery(ctx.db, viewerOf(ctx).userId, args.projectId);
      return ctx.db.savedView.findMany({ ...query, ...q });
    },
  }),
  savedViewsConnection: t.connection(
    {
      type: SavedViewType,
      description: '`savedViews` as a Relay connection: the viewer’s views of a project, oldest first, paged by cursor.',
      args: { projectId: t.arg.int({ required: true, description: 'The project.' }) },
      resolve: (_root, args, ctx, info) =>
        resolvePrismaConnection({
          ctx,
          info,
          args,
          model: 'SavedView',
          list: () => projectViewsQuery(ctx.db, viewerOf(ctx).userId, args.projectId),
          findMany: (q) => ctx.db.savedView.findMany(q),
          count: (where) => ctx.db.savedView.count({ where }),
        }),
    },
    SavedViewConnection,
  ),
  savedView: t.prismaField({
    type: 'SavedView',
    nullable: true,
    description: 'One of the viewer’s saved views; null for an unknown id and for another user’s view alike.',
    args: { id: t.arg.int({ required: true, description: 'View id.' }) },
    resolve: (query, _root, args, ctx) => {
      // Spread first: Pothos counts the selection as used even when there is no view to read.
      const selection = { ...query };
      return foundOrNull(async () => {
        const userId = viewerOf(ctx).userId;
        await requireView(ctx.db, userId, args.id, 'id');
        return ctx.db.savedView.findFirstOrThrow({ ...selection, where: { id: args.id, ...myViewsWhere(userId) } });
      });
    },
  }),
}));

/** What `deleteSavedView` answers. */
const DeletedSavedView = builder.objectRef<{ id: number }>('DeletedSavedView').implement({
  description: 'A saved view deleted for good.',
  fields: (t) => ({ id: t.exposeInt('id', { description: 'Id the view had.' }) }),
});

builder.mutationFields((t) => ({
  createSavedView: t.prismaField({
    type: 'SavedView',
    description: 'Creates a saved view on one of the viewer’s projects; `subtaskSetting` defaults to `NONE`, `layout` to `BOARD`.',
    args: {
      projectId: t.arg.int({ required: true, description: 'The project (board).' }),
      title: t.arg.string({ required: true, description: `View name, 1 to ${NAME_LIMITS.viewTitleMax} characters.` }),
      subtaskSetting: t.arg({ type: SubtaskSettingEnum, description: 'Subtask display (default `NONE`).' }),
      layout: t.arg({ type: ViewLayoutEnum, description: 'Layout (default `BOARD`).' }),
      filters: t.arg({ type: 'JSON', description: `A JSON object of task-list filters (at most ${printedLimit(MAX_FILTERS_LENGTH)} characters serialised).` }),
    },
    resolve: async (query, _root, args, ctx) => {
      const view = await createView(ctx.db, viewerOf(ctx).userId, {
        projectId: args.projectId,
        title: args.title,
        subtaskSetting: args.subtaskSetting ?? undefined,
        layout: args.layout ?? undefined,
        filters: (args.filters ?? undefined) as Record<string, unknown> | undefined,
      });
      return ctx.db.savedView.findUniqueOrThrow({ ...query, where: { id: view.id } });
    },
  }),
  updateSavedView: t.prismaField({
    type: 'SavedView',
    description:
      'Changes only the fields given (sending only `subtaskSetting` leaves title, layout and filters unchanged); at ' +
      'least one is required.',
    args: {
      id: t.arg.int({ required: true, description: 'View id.' }),
      title: t.arg.string({ description: `New name, 1 to ${NAME_LIMITS.viewTitleMax} characters.` }),
      subtaskSetting: t.arg({ type: SubtaskSettingEnum, description: 'New subtask display.' }),
      layout: t.arg({ type: ViewLayoutEnum, description: 'New layout.' }),
      filters: t.arg({ type: 'JSON', description: 'New filters (replace the old ones as a whole).' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const userId = viewerOf(ctx).userId;
      await updateView(ctx.db, userId, args.id, {
        title: args.title,
        subtaskSetting: args.subtaskSetting,
        layout: args.layout,
        filters: args.filters as Record<string, unknown> | null | undefined,
      });
      return ctx.db.savedView.findFirstOrThrow({ ...query, where: { id: args.id, ...myViewsWhere(userId) } });
    },
  }),
  deleteSavedView: t.field({
    type: DeletedSavedView,
    description: 'Deletes one of the viewer’s saved views; answers its id (there is no object left to return).',
    args: { id: t.arg.int({ required: true, description: 'View id.' }) },
    resolve: async (_root, args, ctx) => {
      await deleteView(ctx.db, viewerOf(ctx).userId, args.id);
      return { id: args.id };
    },
  }),
}));
