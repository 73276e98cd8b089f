import { inVisibleProject, myDraftsWhere, visibleProjectsWhere } from '../../domain/access.ts';
import {
  createDraft,
  deleteDraft,
  DRAFT_PAGE,
  draftListQuery,
  MAX_DRAFT_DESCRIPTION,
  MAX_DRAFT_TITLE,
  publishDraft,
  updateDraft,
} from '../../domain/draft.ts';
import { builder } from '../builder.ts';
import { ContentTypeEnum } from './content-type.ts';
import { connectionType } from '../connection.ts';
import { loadPage, pageArgs, pageType } from '../page.ts';
import { resolvePrismaConnection } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';
import { PriorityEnum } from './task.ts';
import { printedLimit } from '../../domain/fields.ts';

/** An unpublished task of the viewer. */
export const TaskDraftType = builder.prismaNode('TaskDraft', {
  id: { field: 'id' },
  description:
    'A task draft: an unpublished task that only its author sees. Every field may be empty while drafting; ' +
    'publishing needs a project and a title and turns the draft into a task.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric draft id.' }),
    projectId: t.exposeInt('projectId', { nullable: true, description: 'Project the task will be created in, once chosen.' }),
    sectionId: t.exposeInt('sectionId', { nullable: true, description: 'Section of that project; none → Backlog on publish.' }),
    title: t.exposeString('title', { description: `Title so far (may be empty; at most ${MAX_DRAFT_TITLE} characters).` }),
    description: t.exposeString('description', { description: 'Sanitised HTML description.' }),
    priority: t.expose('priority', { type: PriorityEnum, nullable: true, description: 'Priority; null when none.' }),
    dueDate: t.expose('dueDate', { type: 'DateTime', nullable: true, description: 'Due date; null when none.' }),
    project: t.prismaField({
      type: 'Project',
      nullable: true,
      description: 'The project, once chosen; null while none is, or once the viewer is no longer a member of it.',
      resolve: (query, draft, _args, ctx) =>
        draft.projectId === null
          ? null
          : ctx.db.project.findFirst({ ...query, where: { id: draft.projectId, ...visibleProjectsWhere(viewerOf(ctx).userId) } }),
    }),
    section: t.prismaField({
      type: 'Section',
      nullable: true,
      description: 'The section, once chosen; null while none is, or once the viewer is no longer a member of its project.',
      resolve: (query, draft, _args, ctx) =>
        draft.sectionId === null
          ? null
          : ctx.db.section.findFirst({
              ...query,
              where: { id: draft.sectionId, ...inVisibleProject(viewerOf(ctx).userId) },
            }),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Creation time.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last edit.' }),
  }),
});

export const TaskDraftPage = pageType('TaskDraft', TaskDraftType, 'task drafts');
export const TaskDraftConnection = connectionType('TaskDraft', TaskDraftType, 'task drafts');

builder.queryFields((t) => ({
  drafts: t.field({
    type: TaskDraftPage,
    description: 'The viewer’s task drafts, most recently edited first.',
    args: {
      ...pageArgs(t.arg, 'drafts', DRAFT_PAGE),
    },
    resolve: (_root, args, ctx, info) =>
      loadPage(ctx.db.taskDraft, draftListQuery(viewerOf(ctx).userId, { limit: args.limit, offset: args.offset }), ctx, info),
  }),
  draftsConnection: t.connection(
    {
      type: TaskDraftType,
      description:
        'The viewer’s `drafts` as a Relay connection: most recently edited first (updatedAt desc, then id desc), ' +
        'paged by cursor.',
      resolve: (_root, args, ctx, info) =>
        resolvePrismaConnection({
          ctx,
          info,
          args,
          model: 'TaskDraft',
          list: () => draftListQuery(viewerOf(ctx).userId, {}),
          findMany: (q) => ctx.db.taskDraft.findMany(q),
          count: (where) => ctx.db.taskDraft.count({ where }),
        }),
    },
    TaskDraftConnection,
  ),
  draft: t.prismaField({
    type: 'TaskDraft',
    nullable: true,
    description: 'One of the viewer’s drafts; null for an unknown id and for another user’s draft alike.',
    args: { id: t.arg.int({ required: true, description: 'Draft id.' }) },
    resolve: (query, _root, args, ctx) =>
      ctx.db.taskDraft.findFirst({ ...query, where: { id: args.id, ...myDraftsWhere(viewerOf(ctx).userId) } }),
  }),
}));

const draftFieldArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  projectId: t.arg.int({ description: 'Project of the future task (one of yours); null clears it.' }),
  sectionId: t.arg.int({ description: 'Section of that project; null clears it.' }),
  title: t.arg.string({ description: `Title, at most ${MAX_DRAFT_TITLE} characters.` }),
  description: t.arg.string({ description: `Description: HTML, or markdown with \`contentType: MARKDOWN\`; at most ${printedLimit(MAX_DRAFT_DESCRIPTION)} characters.` }),
  contentType: t.arg({ type: ContentTypeEnum, description: '`HTML` (default) or `MARKDOWN`, for `description`.' }),
  priority: t.arg({ type: PriorityEnum, description: 'Priority; null clears it.' }),
  dueDate: t.arg({ type: 'DateTime', description: 'Due date (ISO 8601); null clears it.' }),
});

/** What `deleteDraft` answers. */
const DeletedDraft = builder.objectRef<{ id: number }>('DeletedDraft').implement({
  description: 'A task draft deleted for good.',
  fields: (t) => ({ id: t.exposeInt('id', { description: 'Id the draft had.' }) }),
});

builder.mutationFields((t) => ({
  createDraft: t.prismaField({
    type: 'TaskDraft',
    description: 'Starts a task draft. Every field is optional; a project must be yours and a section one of that project.',
    args: draftFieldArgs(t),
    resolve: async (query, _root, args, ctx) => {
      const draft = await createDraft(ctx.db, viewerOf(ctx).userId, args);
      return ctx.db.taskDraft.findUniqueOrThrow({ ...query, where: { id: draft.id } });
    },
  }),
  updateDraft: t.prismaField({
    type: 'TaskDraft',
    description:
      'Changes the fields given; omitted fields stay, null clears project, section, priority and due date. Choosing ' +
      'another project drops a section of the old one.',
    args: { id: t.arg.int({ required: true, description: 'Draft id.' }), ...draftFieldArgs(t) },
    resolve: async (query, _root, { id, ...args }, ctx) => {
      const userId = viewerOf(ctx).userId;
      await updateDraft(ctx.db, userId, id, args);
      return ctx.db.taskDraft.findFirstOrThrow({ ...query, where: { id, ...myDraftsWhere(userId) } });
    },
  }),
  deleteDraft: t.field({
    type: DeletedDraft,
    description: 'Deletes one of the viewer’s drafts; answers its id (there is no object left to return).',
    args: { id: t.arg.int({ required: true, description: 'Draft id.' }) },
    resolve: async (_root, args, ctx) => {
      await deleteDraft(ctx.db, viewerOf(ctx).userId, args.id);
      return { id: args.id };
    },
  }),
  publishDraft: t.prismaField({
    type: 'Task',
    description:
      'Publishes a draft: creates the task (ordinary task creation rules, no section → Backlog, `task.created` ' +
      'event) and deletes the draft in one transaction. Needs a project and a non-empty title; a failed publish ' +
      'keeps the draft unchanged.',
    args: { id: t.arg.int({ required: true, description: 'Draft id.' }) },
    resolve: async (query, _root, args, ctx) => {
      const task = await publishDraft(ctx.db, viewerOf(ctx).userId, args.id);
      return ctx.db.task.findUniqueOrThrow({ ...query, where: { id: task.id } });
    },
  }),
}));
