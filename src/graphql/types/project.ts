import { visibleProjectsWhere } from '../../domain/access.ts';
import { inIdOrder, projectListPage, updateProjectStatus } from '../../domain/project.ts';
import { SECTION_ORDER } from '../../domain/section.ts';
import { NotFoundError } from '../../errors.ts';
import { builder } from '../builder.ts';
import { itemsQuery, pageType } from '../page.ts';
import { viewerOf } from '../viewer.ts';

export const StatusEnum = builder.enumType('Status', {
  description: 'Lifecycle of projects and tasks.',
  values: { Normal: { description: 'Active.' }, Archive: { description: 'Archived, hidden from default lists.' }, Deleted: { description: 'Deleted (soft).' } } as const,
});

export const ProjectSortEnum = builder.enumType('ProjectSort', {
  description: 'Sort key of project lists.',
  values: ['title', 'createdAt', 'updatedAt'] as const,
});

export const SortOrderEnum = builder.enumType('SortOrder', {
  description: 'Sort direction.',
  values: { asc: { description: 'Ascending (oldest, A first).' }, desc: { description: 'Descending.' } } as const,
});

/** A project, shown as one board. */
export const ProjectType = builder.prismaObject('Project', {
  description: 'A project, shown as one board with sections (columns).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric project id.' }),
    title: t.exposeString('title', { description: 'Board title.' }),
    description: t.exposeString('description', { description: 'Free-text description.' }),
    status: t.expose('status', { type: StatusEnum, description: 'Normal, Archive or Deleted.' }),
    ticketPrefix: t.exposeString('ticketPrefix', { description: 'Prefix of ticket numbers (`ABC` in `ABC-12`).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Creation time.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the project record.' }),
    team: t.relation('team', { nullable: true, description: 'Owning team, if any.' }),
    memberCount: t.relationCount('members', { description: 'Number of members.' }),
    taskCount: t.relationCount('tasks', {
      description: 'Number of tasks that are not Deleted (Normal and Archive count).',
      where: { status: { not: 'Deleted' } },
    }),
    members: t.relation('members', {
      description: 'Members of the board, in the order they joined. Only members see the board.',
      query: { orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }] },
    }),
    labels: t.relation('labels', { description: 'Labels of the board, by name.', query: { orderBy: { name: 'asc' } } }),
    sections: t.relation('sections', {
      description: 'Sections in board order. Hidden ones only with `includeHidden`; deleted ones never.',
      args: { includeHidden: t.arg.boolean({ defaultValue: false, description: 'Include hidden sections.' }) },
      query: (args) => ({
        where: { deletedAt: null, ...(args.includeHidden ? {} : { visible: true }) },
        orderBy: SECTION_ORDER,
      }),
    }),
  }),
});

/** A page of projects with the total count (offset pagination). */
export const ProjectPage = pageType('Project', ProjectType, 'projects');

builder.queryField('projects', (t) =>
  t.field({
    type: ProjectPage,
    description:
      'Projects the viewer is a member of, filtered, sorted and paged. `limit` above 100 is an error here; ' +
      'the REST and tool routes clamp it to 100 instead.',
    args: {
      status: t.arg({ type: StatusEnum, defaultValue: 'Normal', description: 'Only projects with this status.' }),
      search: t.arg.string({ description: 'Case-insensitive text in title or description.' }),
      sortBy: t.arg({ type: ProjectSortEnum, defaultValue: 'title', description: 'Sort key.' }),
      sortOrder: t.arg({ type: SortOrderEnum, defaultValue: 'asc', description: 'Sort direction.' }),
      limit: t.arg.int({ defaultValue: 50, description: 'Page size, 1 to 100.' }),
      offset: t.arg.int({ defaultValue: 0, description: 'Items to skip.' }),
    },
    resolve: async (_root, args, ctx, info) => {
      const page = await projectListPage(ctx.db, viewerOf(ctx).userId, {
        status: args.status ?? undefined,
        search: args.search ?? undefined,
        sortBy: args.sortBy ?? undefined,
        sortOrder: args.sortOrder ?? undefined,
        limit: args.limit ?? undefined,
        offset: args.offset ?? undefined,
      });
      const rows = page.ids.length ? await ctx.db.project.findMany({ ...itemsQuery(ctx, info), where: { id: { in: page.ids } } }) : [];
      const items = inIdOrder(rows as { id: number }[], page.ids);
      return { items, total: page.total, limit: page.limit, offset: page.offset };
    },
  }),
);

builder.queryField('project', (t) =>
  t.prismaField({
    type: 'Project',
    description: 'One project the viewer is a member of; NOT_FOUND for any other id (whoever owns it).',
    args: { id: t.arg.int({ required: true, description: 'Numeric project id.' }) },
    resolve: async (query, _root, args, ctx) => {
      const project = await ctx.db.project.findFirst({ ...query, where: { id: args.id, ...visibleProjectsWhere(viewerOf(ctx).userId) } });
      if (!project) throw new NotFoundError(`Project ${args.id}`, 'id');
      return project;
    },
  }),
);

builder.mutationField('updateProjectStatus', (t) =>
  t.prismaField({
    type: 'Project',
    description:
      'Sets a project status: `Normal`, `Archive` or `Deleted` (soft; can be restored). Any member may do it. ' +
      'Lists show one status at a time (default Normal).',
    args: {
      projectId: t.arg.int({ required: true, description: 'Project to change.' }),
      status: t.arg({ type: StatusEnum, required: true, description: 'New status.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const project = await updateProjectStatus(ctx.db, viewerOf(ctx).userId, { projectId: args.projectId, status: args.status });
      return ctx.db.project.findUniqueOrThrow({ ...query, where: { id: project.id } });
    },
  }),
);
