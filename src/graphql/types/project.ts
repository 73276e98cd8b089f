import { PROJECT_FIELD_DESCRIPTIONS as D } from '../../domain/board-manifest.ts';
import { visibleProjectsWhere } from '../../domain/access.ts';
import {
  countProjectList,
  inIdOrder,
  projectListPage,
  projectListWindow,
  updateProjectStatus,
} from '../../domain/project.ts';
import { SECTION_ORDER, shownSectionsWhere } from '../../domain/section.ts';
import { COUNTED_TASKS_WHERE } from '../../domain/task/list.ts';
import type { Project } from '../../generated/prisma/client.ts';
import { builder } from '../builder.ts';
import { enumValues, PROJECT_SORT, SORT_ORDER, STATUS } from '../enum-names.ts';
import { readConnectionArgs } from '../connection-args.ts';
import { connectionFromRows, connectionType, cursorFor } from '../connection.ts';
import { decodeCursor, type SortKey } from '../cursor.ts';
import { PAGE_LIMITS } from '../../domain/page.ts';
import { itemsQuery, pageArgs, pageType } from '../page.ts';
import { edgeNodeQuery } from '../prisma-connection.ts';
import { viewerOf } from '../viewer.ts';

export const StatusEnum = builder.enumType('Status', {
  description: 'Lifecycle of projects and tasks.',
  values: enumValues(STATUS, { Normal: 'Active.', Archive: 'Archived, hidden from default lists.', Deleted: 'Deleted (soft).' }),
});

export const ProjectSortEnum = builder.enumType('ProjectSort', {
  description: 'Sort key of project lists.',
  values: enumValues(PROJECT_SORT, {
    title: 'Title, case-insensitively.',
    createdAt: 'Creation time.',
    updatedAt: 'Last change to the project record.',
  }),
});

export const SortOrderEnum = builder.enumType('SortOrder', {
  description: 'Sort direction.',
  values: enumValues(SORT_ORDER, { asc: 'Ascending (oldest, A first).', desc: 'Descending.' }),
});

/** GraphQL's spelling of the statuses, after the shared text. */
const statusNames = '`NORMAL`, `ARCHIVE` or `DELETED`.';

/** A project, shown as one board. */
export const ProjectType = builder.prismaNode('Project', {
  id: { field: 'id' },
  description: 'A project, shown as one board with sections (columns).',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric project id.' }),
    title: t.exposeString('title', { description: D.title }),
    description: t.exposeString('description', { description: D.description }),
    status: t.expose('status', { type: StatusEnum, description: `${D.status} ${statusNames}` }),
    ticketPrefix: t.exposeString('ticketPrefix', { description: D.ticketPrefix }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Creation time.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'Last change to the project record.' }),
    team: t.relation('team', { nullable: true, description: 'Owning team, if any.' }),
    memberCount: t.relationCount('members', { description: D.memberCount }),
    taskCount: t.relationCount('tasks', {
      description: D.taskCount,
      where: COUNTED_TASKS_WHERE,
    }),
    members: t.relation('members', {
      description: 'Members of the board, in the order they joined. Only members see the board.',
      query: { orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }] },
    }),
    labels: t.relation('labels', { description: 'Labels of the board, by name.', query: { orderBy: { name: 'asc' } } }),
    sections: t.relation('sections', {
      description: 'Sections in board order. Hidden ones only with `includeHidden`; deleted ones never.',
      args: { includeHidden: t.arg.boolean({ defaultValue: false, description: 'Include hidden sections.' }) },
      query: (args) => ({ where: shownSectionsWhere(args.includeHidden ?? false), orderBy: SECTION_ORDER }),
    }),
  }),
});

/** A page of projects with the total count (offset pagination). */
export const ProjectPage = pageType('Project', ProjectType, 'projects');

/** The same list as `ProjectPage`, cursor-paged. */
export const ProjectConnection = connectionType('Project', ProjectType, 'projects');

/** Filter and order of both project list fields. */
const projectListArgs = (t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) => ({
  status: t.arg({ type: StatusEnum, defaultValue: 'Normal', description: 'Only projects with this status.' }),
  search: t.arg.string({ description: 'Case-insensitive text in title or description.' }),
  sortBy: t.arg({ type: ProjectSortEnum, defaultValue: 'title', description: 'Sort key.' }),
  sortOrder: t.arg({ type: SortOrderEnum, defaultValue: 'asc', description: 'Sort direction.' }),
});

builder.queryField('projects', (t) =>
  t.field({
    type: ProjectPage,
    description:
      `Projects the viewer is a member of, filtered, sorted and paged. \`limit\` above ${PAGE_LIMITS.maxLimit} is an error here; ` +
      `the REST and tool routes clamp it to ${PAGE_LIMITS.maxLimit} instead.`,
    args: {
      ...projectListArgs(t),
      ...pageArgs(t.arg, 'projects'),
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

builder.queryField('projectsConnection', (t) =>
  t.connection(
    {
      type: ProjectType,
      description:
        'The `projects` list as a Relay connection: same filters, sort (titles case-insensitively, ties by id) and ' +
        'membership rule, paged by cursor. A cursor belongs to one `sortBy`/`sortOrder`; under another it is a ' +
        'VALIDATION error.',
      args: projectListArgs(t),
      resolve: async (_root, args, ctx, info) => {
        const window = readConnectionArgs(args);
        const { userId } = viewerOf(ctx);
        const input = {
          status: args.status ?? undefined,
          search: args.search ?? undefined,
          sortBy: args.sortBy ?? 'title',
          sortOrder: args.sortOrder ?? 'asc',
        };
        const keys: SortKey[] = [
          { field: input.sortBy, dir: input.sortOrder },
          { field: 'id', dir: 'asc' },
        ];
        const position = window.cursor ? decodeCursor('Project', keys, window.cursor) : null;
        const ids = await projectListWindow(ctx.db, userId, input, {
          after: position ? { value: position[0] as string | Date, id: position[1] as number } : null,
          backward: window.backward,
          take: window.size + 1,
        });
        // Whether a next page exists is decided by the window read, not by the rows read after it:
        // a project deleted in between must not turn the look-ahead row into part of the page.
        const pageIds = ids.slice(0, window.size);
        const rows = pageIds.length
          ? await ctx.db.project.findMany({ ...edgeNodeQuery(ctx, info, 'Project', keys), where: { id: { in: pageIds } } })
          : [];
        return connectionFromRows(
          inIdOrder(rows as Project[], pageIds),
          window,
          cursorFor('Project', keys),
          () => countProjectList(ctx.db, userId, input),
          ids.length > window.size,
        );
      },
    },
    ProjectConnection,
  ),
);

builder.queryField('project', (t) =>
  t.prismaField({
    type: 'Project',
    nullable: true,
    description: 'One project the viewer is a member of; null for any other id (unknown, or whoever owns it: alike).',
    args: { id: t.arg.int({ required: true, description: 'Numeric project id.' }) },
    resolve: (query, _root, args, ctx) =>
      ctx.db.project.findFirst({ ...query, where: { id: args.id, ...visibleProjectsWhere(viewerOf(ctx).userId) } }),
  }),
);

builder.mutationField('updateProjectStatus', (t) =>
  t.prismaField({
    type: 'Project',
    description:
      'Sets a project status: `NORMAL`, `ARCHIVE` or `DELETED` (soft; can be restored). Any member may do it. ' +
      'Lists show one status at a time (default `NORMAL`).',
    args: {
      projectId: t.arg.int({ required: true, description: 'Project to change.' }),
      status: t.arg({ type: StatusEnum, required: true, description: `${D.status} ${statusNames}` }),
    },
    resolve: async (query, _root, args, ctx) => {
      const project = await updateProjectStatus(ctx.db, viewerOf(ctx).userId, { projectId: args.projectId, status: args.status });
      return ctx.db.project.findUniqueOrThrow({ ...query, where: { id: project.id } });
    },
  }),
);
