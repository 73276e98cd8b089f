import { createSection, deleteSection, listSections, SECTION_FIELD_DESCRIPTIONS as D, sectionListQuery, updateSection } from '../../domain/section.ts';
import { COUNTED_TASKS_WHERE } from '../../domain/task/list.ts';
import { builder } from '../builder.ts';
import { connectionType } from '../connection.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';

/** A board column. */
export const SectionType = builder.prismaNode('Section', {
  id: { field: 'id' },
  description: 'A board column; tasks sit in exactly one section.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric section id.' }),
    title: t.exposeString('title', { description: D.title }),
    projectId: t.exposeInt('projectId', { description: 'Project (board) of the section.' }),
    ranking: t.exposeString('ranking', { description: D.ranking }),
    visible: t.exposeBoolean('visible', { description: D.visible }),
    deleted: t.boolean({
      description: D.deleted,
      select: { deletedAt: true },
      resolve: (s) => s.deletedAt !== null,
    }),
    taskCount: t.relationCount('tasks', {
      description: D.taskCount,
      where: COUNTED_TASKS_WHERE,
    }),
  }),
});

export const SectionConnection = connectionType('Section', SectionType, 'sections');

/** Result of deleting a section. */
const DeleteSectionPayload = builder
  .objectRef<{ sectionId: number; targetId: number; movedTaskCount: number }>('DeleteSectionPayload')
  .implement({
    description: 'A deleted section and where its tasks went.',
    fields: (t) => ({
      deletedSectionId: t.exposeInt('sectionId', { description: 'The section that was deleted.' }),
      movedTaskCount: t.exposeInt('movedTaskCount', { description: 'Tasks moved out of it.' }),
      movedToSection: t.prismaField({
        type: 'Section',
        description: 'The first remaining section (a visible one when there is one), which received the tasks.',
        resolve: (query, parent, _args, ctx) => ctx.db.section.findUniqueOrThrow({ ...query, where: { id: parent.targetId } }),
      }),
    }),
  });

builder.queryField('sections', (t) =>
  t.prismaField({
    type: ['Section'],
    description:
      'Sections of a board in board order, all at once (a board has few); `sectionsConnection` pages them. Deleted ' +
      'sections never; hidden ones with `includeHidden`.',
    args: {
      projectId: t.arg.int({ required: true, description: 'Project (board).' }),
      includeHidden: t.arg.boolean({ defaultValue: false, description: 'Also list hidden sections.' }),
    },
    resolve: (query, _root, args, ctx) =>
      listSections(ctx.db, viewerOf(ctx).userId, { projectId: args.projectId, includeHidden: args.includeHidden }, query),
  }),
);

builder.queryField('sectionsConnection', (t) =>
  t.connection(
    {
      type: SectionType,
      description: '`sections` as a Relay connection: same board order and rules, paged by cursor.',
      args: {
        projectId: t.arg.int({ required: true, description: 'Project (board).' }),
        includeHidden: t.arg.boolean({ defaultValue: false, description: 'Also list hidden sections.' }),
      },
      resolve: (_root, args, ctx, info) =>
        resolvePrismaConnection({
          ctx,
          info,
          args,
          model: 'Section',
          list: () =>
            sectionListQuery(ctx.db, viewerOf(ctx).userId, {
              projectId: args.projectId,
              includeHidden: args.includeHidden,
            }),
          findMany: (q) => ctx.db.section.findMany(q),
          count: (where) => ctx.db.section.count({ where }),
        }),
    },
    SectionConnection,
  ),
);

const CreateSectionInput = builder.inputType('CreateSectionInput', {
  description: 'A new section of a board.',
  fields: (t) => ({
    projectId: t.int({ required: true, description: 'Project (board) to add it to.' }),
    title: t.string({ required: true, description: D.title }),
    afterSectionId: t.int({ description: D.afterSectionId }),
  }),
});

const UpdateSectionInput = builder.inputType('UpdateSectionInput', {
  description: 'Changes to a section; give at least one of `title`, `moveAfterSectionId`, `visible`.',
  fields: (t) => ({
    sectionId: t.int({ required: true, description: 'Section to change.' }),
    projectId: t.int({ description: 'When given, the section must belong to this project (else NOT_FOUND).' }),
    title: t.string({ description: D.title }),
    moveAfterSectionId: t.int({ description: D.moveAfterSectionId }),
    visible: t.boolean({ description: D.visible }),
  }),
});

builder.mutationFields((t) => ({
  createSection: t.prismaField({
    type: 'Section',
    description: 'Adds a section after `afterSectionId`, or at the end. Only the new row is written (fractional ranking).',
    args: { input: t.arg({ type: CreateSectionInput, required: true, description: 'The section.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      const s = await createSection(ctx.db, viewerOf(ctx).userId, input);
      return ctx.db.section.findUniqueOrThrow({ ...query, where: { id: s.id } });
    },
  }),
  updateSection: t.prismaField({
    type: 'Section',
    description: 'Renames, moves, hides or shows a section.',
    args: { input: t.arg({ type: UpdateSectionInput, required: true, description: 'The changes.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      const s = await updateSection(ctx.db, viewerOf(ctx).userId, {
        sectionId: input.sectionId,
        projectId: input.projectId,
        title: input.title ?? undefined,
        // null is meaningful (move to the first place); absent means "do not move".
        moveAfterSectionId: 'moveAfterSectionId' in input ? input.moveAfterSectionId : undefined,
        visible: input.visible ?? undefined,
      });
      return ctx.db.section.findUniqueOrThrow({ ...query, where: { id: s.id } });
    },
  }),
  deleteSection: t.field({
    type: DeleteSectionPayload,
    description:
      'Deletes a section; its tasks move to the first remaining section. The last section of a board cannot be ' +
      'deleted (CONFLICT). Each moved task gets a `task.updated` event.',
    args: {
      sectionId: t.arg.int({ required: true, description: 'Section to delete.' }),
      projectId: t.arg.int({ description: 'When given, the section must belong to this project (else NOT_FOUND).' }),
    },
    resolve: async (_root, args, ctx) => {
      const r = await deleteSection(ctx.db, viewerOf(ctx).userId, { sectionId: args.sectionId, projectId: args.projectId });
      return { sectionId: r.section.id, targetId: r.target.id, movedTaskCount: r.movedTaskCount };
    },
  }),
}));
