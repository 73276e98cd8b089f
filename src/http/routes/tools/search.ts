import { z } from 'zod';
import { PRIORITIES, STATUSES } from '../../../domain/task/fields.ts';
import { SEARCH_LIMITS } from '../../../search/search-tasks.ts';
import { qsBool, qsId, qsInt } from '../../query-params.ts';
import { route } from '../../route.ts';

// Task search (spec 4.1 `tasksvc_search_tasks`), shared with the REST route.

/** Query parameters of `GET /tasks/search` (tool and REST). */
export const searchQueryParams = z.object({
  query: z
    .string({ message: 'query is required' })
    .max(SEARCH_LIMITS.queryMax, `must be at most ${SEARCH_LIMITS.queryMax} characters`)
    .describe(`Search text, required, 1 to ${SEARCH_LIMITS.queryMax} characters.`),
  board_id: qsId().optional().describe('Alias of `project_id`.'),
  project_id: qsId().optional().describe('Only tasks of this project.'),
  section: z.string().trim().min(1).max(200).optional().describe('Section name (case-insensitive).'),
  assigned_to: z
    .string()
    .regex(/^(me|unassigned|[1-9]\d{0,9})$/i, 'must be me, unassigned or a user id')
    .optional()
    .describe('`me`, `unassigned`, or a user id.'),
  priority: z.enum(PRIORITIES).optional().describe('`urgent`, `high`, `medium` or `low`.'),
  has_due_date: qsBool().optional().describe('`true`: with a due date; `false`: without.'),
  status: z.enum(STATUSES).optional().describe('`Normal` (default), `Archive` or `Deleted`.'),
  limit: qsInt(1, SEARCH_LIMITS.maxLimit)
    .optional()
    .describe(`Hits to return, 1 to ${SEARCH_LIMITS.maxLimit} (default ${SEARCH_LIMITS.defaultLimit}).`),
});
export type SearchQueryParams = z.output<typeof searchQueryParams>;

/** The GraphQL variables of a search request. */
export function searchVariables(q: SearchQueryParams) {
  return {
    query: q.query,
    projectId: q.project_id,
    boardId: q.board_id,
    section: q.section,
    assignedTo: q.assigned_to?.toLowerCase(),
    priority: q.priority,
    hasDueDate: q.has_due_date,
    status: q.status,
    limit: q.limit ?? SEARCH_LIMITS.defaultLimit,
  };
}

/** The search document (tool and REST). */
export const SEARCH_DOCUMENT = (name: string) => /* GraphQL */ `
  query ${name}(
    $query: String!, $projectId: Int, $boardId: Int, $section: String, $assignedTo: String,
    $priority: Priority, $hasDueDate: Boolean, $status: Status, $limit: Int
  ) {
    searchTasks(
      query: $query, projectId: $projectId, boardId: $boardId, section: $section, assignedTo: $assignedTo,
      priority: $priority, hasDueDate: $hasDueDate, status: $status, limit: $limit
    ) {
      total
      items { id ticketNumber title section priority score }
    }
  }
`;

/** What the search document returns. */
export interface SearchData {
  searchTasks: {
    total: number;
    items: {
      id: number;
      ticketNumber: string;
      title: string;
      section: string;
      priority: string | null;
      score: number;
    }[];
  };
}

/** Spec 4.1 search hit: `{id, ticket_number, title, section, priority, score}`. */
export function searchHits(data: SearchData) {
  return data.searchTasks.items.map((hit) => ({
    id: hit.id,
    ticket_number: hit.ticketNumber,
    title: hit.title,
    section: hit.section,
    priority: hit.priority,
    score: hit.score,
  }));
}

/** Schema of one hit (OpenAPI). */
export const searchHitSchema = z.object({
  id: z.number(),
  ticket_number: z.string(),
  title: z.string(),
  section: z.string().describe('Section name.'),
  priority: z.enum(PRIORITIES).nullable(),
  score: z.number().min(0).max(1).describe('Relevance from 0 to 1, higher is better.'),
});

/** How the search works, for both routes' descriptions. */
export const SEARCH_DESCRIPTION =
  'Full-text, typo-tolerant search over the tasks of your projects: title words match with one typo from 4 letters ' +
  'and two from 8, the last word also as a prefix, description text by English stem. Every word must match; when no ' +
  'task has them all, tasks with some of them come back ranked lower. A ticket number (`ABC-12`) finds that task ' +
  'first (score 1). Filters combine with AND; `status` defaults to Normal; `board_id` is an alias of `project_id`.';

/** tasksvc_search_tasks: GET /tasks/search. */
export const searchTasksRoute = route({
  method: 'GET',
  path: '/tasks/search',
  operationId: 'tasksvc_search_tasks',
  tag: 'tools',
  summary: 'Search tasks (full-text, typo-tolerant).',
  description: SEARCH_DESCRIPTION,
  document: SEARCH_DOCUMENT('ToolSearchTasks'),
  query: searchQueryParams,
  response: z.object({ tasks: z.array(searchHitSchema), total: z.number() }),
  toVariables: ({ query }) => searchVariables(query),
  toBody: (data: SearchData) => ({ tasks: searchHits(data), total: data.searchTasks.total }),
});

export const searchRoutes = [searchTasksRoute];
