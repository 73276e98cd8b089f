import { queryFromInfo } from '@pothos/plugin-prisma';
import type { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';
import type { Task } from '../../generated/prisma/client.ts';
import { searchIndexOf } from '../../search/create-search-index.ts';
import { SEARCH_LIMITS, type SearchTaskHit, searchTasks } from '../../search/search-tasks.ts';
import { printedLimit } from '../../domain/fields.ts';
import { builder } from '../builder.ts';
import { viewerOf } from '../viewer.ts';
import { StatusEnum } from './project.ts';
import { PriorityEnum, TaskType } from './task.ts';

// The engine comes from `ctx.services.search` when the services carry one,
// else it is built from the services' config and database on first use and
// cached per services object (see `searchIndexOf`).

interface SearchResultShape extends SearchTaskHit {
  /** Loaded only when the query selects `task`. */
  task: Task | null;
}

/** One ranked hit of a task search. */
export const SearchResultType = builder.objectRef<SearchResultShape>('SearchResult').implement({
  description:
    'A task found by `searchTasks` with its relevance. The listed fields come with the hit; `task` loads the full ' +
    'task (all hits in one query) when selected.',
  fields: (t) => ({
    id: t.int({ description: 'Task id.', resolve: (r) => r.taskId }),
    ticketNumber: t.exposeString('ticketNumber', { description: 'Ticket number (`ABC-12`).' }),
    title: t.exposeString('title', { description: 'Task title.' }),
    section: t.exposeString('section', { description: 'Title of the section (column) the task is in.' }),
    priority: t.field({
      type: PriorityEnum,
      nullable: true,
      description: 'Priority; null when none.',
      resolve: (r) => r.priority,
    }),
    projectId: t.exposeInt('projectId', { description: 'Project (board) of the task.' }),
    score: t.exposeFloat('score', {
      description:
        'Relevance from 0 to 1, higher is better. An exact ticket number scores 1; a title equal to the query ' +
        'scores 1; typos, prefixes and description-only matches score lower. Comparable within one search only.',
    }),
    task: t.field({ type: TaskType, description: 'The full task.', resolve: (r) => r.task! }),
  }),
});

/** The hits of a task search and how many tasks matched. */
export const SearchResultsType = builder
  .objectRef<{ items: SearchResultShape[]; total: number; hasMore: boolean }>('SearchResults')
  .implement({
    description: 'Search hits, best first, and the number of tasks matching.',
    fields: (t) => ({
      items: t.field({
        type: [SearchResultType],
        description: 'Hits, best first, at most `limit`.',
        resolve: (r) => r.items,
      }),
      total: t.exposeInt('total', {
        description:
          'Tasks matching the query and filters. When no task has every word, the tasks having some of them; ' +
          'the Meilisearch engine counts at most 10,000.',
      }),
      hasMore: t.exposeBoolean('hasMore', {
        description:
          'Whether another page (`offset` + `limit`) has hits. Ask this, not `total`, whether to offer "load more": ' +
          'the engines rank a bounded set of the best candidates, so `total` may count matches no page reaches ' +
          '(say so, e.g. "refine the search").',
      }),
    }),
  });

/** Whether the query selects `items { task }` under this field (fragments included). */
function selectsTask(info: GraphQLResolveInfo): boolean {
  const fragments = info.fragments as Record<string, FragmentDefinitionNode>;
  const has = (set: SelectionSetNode | undefined, path: string[]): boolean =>
    !!set &&
    set.selections.some((s) => {
      if (s.kind === 'FragmentSpread') return has(fragments[s.name.value]?.selectionSet, path);
      if (s.kind === 'InlineFragment') return has(s.selectionSet, path);
      if (s.name.value !== path[0]) return false;
      return path.length === 1 || has((s as FieldNode).selectionSet, path.slice(1));
    });
  return info.fieldNodes.some((node) => has(node.selectionSet, ['items', 'task']));
}

builder.queryField('searchTasks', (t) =>
  t.field({
    type: SearchResultsType,
    description:
      'Full-text, typo-tolerant search over the tasks of your projects (as the `tasksvc_search_tasks` tool). Matches ' +
      'title words with one typo from 4 letters and two from 8 (swapped letters count as one), the last word also ' +
      'as a prefix, and description text by English stem. Every word must match; when no task has them all, tasks ' +
      'with some of them are returned, ranked lower. A ticket number (`ABC-12`) finds that task first. Filters ' +
      'combine with AND; `status` defaults to `NORMAL`.',
    args: {
      query: t.arg.string({
        required: true,
        description: `Search text, 1 to ${SEARCH_LIMITS.queryMax} characters (trimmed).`,
      }),
      projectId: t.arg.int({ description: 'Only tasks of this project (NOT_FOUND when you are not a member).' }),
      boardId: t.arg.int({ description: 'Alias of `projectId`.' }),
      section: t.arg.string({ description: 'Only tasks in a section with this title (case-insensitive).' }),
      assignedTo: t.arg.string({ description: '`me`, `unassigned` (no user or agent), or a user id.' }),
      priority: t.arg({ type: PriorityEnum, description: 'Only this priority.' }),
      hasDueDate: t.arg.boolean({ description: 'With (true) or without (false) a due date.' }),
      status: t.arg({ type: StatusEnum, description: 'Only this status (default `NORMAL`).' }),
      limit: t.arg.int({
        defaultValue: SEARCH_LIMITS.defaultLimit,
        description: `Hits to return, 1 to ${SEARCH_LIMITS.maxLimit} (default ${SEARCH_LIMITS.defaultLimit}).`,
      }),
      offset: t.arg.int({
        defaultValue: 0,
        description:
          `Hits to skip, 0 to ${printedLimit(SEARCH_LIMITS.maxOffset)}: the next page starts at \`offset\` + \`limit\` ` +
          "(see `hasMore`). Not on the REST and tool routes, which answer the first page only.",
      }),
    },
    resolve: async (_root, args, ctx, info) => {
      const result = await searchTasks(ctx.db, searchIndexOf(ctx.services), viewerOf(ctx).userId, {
        query: args.query,
        projectId: args.projectId,
        boardId: args.boardId,
        section: args.section,
        assignedTo: args.assignedTo,
        priority: args.priority,
        hasDueDate: args.hasDueDate,
        status: args.status,
        limit: args.limit,
        offset: args.offset,
      });
      const wantTask = result.hits.length > 0 && selectsTask(info);
      const tasks = new Map<number, Task>();
      if (wantTask) {
        // One query for every hit, with the selection the client asked for (no N+1).
        const planned = queryFromInfo({ context: ctx, info, path: ['items', 'task'] }) as {
          select?: Record<string, unknown>;
        };
        const selection = planned.select ? { select: { ...planned.select, id: true } } : planned;
        for (const task of (await ctx.db.task.findMany({ ...selection, where: result.taskWhere })) as Task[])
          tasks.set(task.id, task);
      }
      // A task gone between the search and this load is left out rather than shown half.
      const items = result.hits.flatMap((h) => {
        const task = tasks.get(h.taskId) ?? null;
        return wantTask && !task ? [] : [{ ...h, task }];
      });
      return { items, total: result.total, hasMore: result.hasMore };
    },
  }),
);
