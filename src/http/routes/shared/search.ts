import { z } from 'zod';
import { SEARCH_LIMITS } from '../../../search/search-tasks.ts';
import { assignedToParam, priorityParam, sectionParam, statusParam } from './task-filter.ts';
import { qsBool, qsId, qsInt } from '../../query-params.ts';
import { graphql } from '../../gql/index.ts';
import { PRIORITY, STATUS } from '../../../graphql/enum-names.ts';

// Task search (spec 4.1 `tasksvc_search_tasks`), the tool route and its REST twin.

/** Query parameters of `GET /tasks/search` (tool and REST). */
export const searchQueryParams = z.object({
  query: z
    .string({ message: 'query is required' })
    .max(SEARCH_LIMITS.queryMax, `must be at most ${SEARCH_LIMITS.queryMax} characters`)
    .describe(`Search text, required, 1 to ${SEARCH_LIMITS.queryMax} characters.`),
  board_id: qsId().optional().describe('Alias of `project_id`.'),
  project_id: qsId().optional().describe('Only tasks of this project.'),
  section: sectionParam(),
  assigned_to: assignedToParam(),
  priority: priorityParam(),
  has_due_date: qsBool().optional().describe('`true`: with a due date; `false`: without.'),
  status: statusParam(),
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
    priority: PRIORITY.name(q.priority),
    hasDueDate: q.has_due_date,
    status: STATUS.name(q.status),
    limit: q.limit ?? SEARCH_LIMITS.defaultLimit,
  };
}

/** The search document: the tool and REST routes run the same one. */
export const SEARCH_DOCUMENT = graphql(`
  query SearchTasks(
    $query: String!
    $projectId: Int
    $boardId: Int
    $section: String
    $assignedTo: String
    $priority: Priority
    $hasDueDate: Boolean
    $status: Status
    $limit: Int
  ) {
    searchTasks(
      query: $query
      projectId: $projectId
      boardId: $boardId
      section: $section
      assignedTo: $assignedTo
      priority: $priority
      hasDueDate: $hasDueDate
      status: $status
      limit: $limit
    ) {
      total
      items { ...SearchHitFields }
    }
  }
`);

/** How the search works, for both routes' descriptions. */
export const SEARCH_DESCRIPTION =
  'Full-text, typo-tolerant search over the tasks of your projects: title words match with one typo from 4 letters ' +
  'and two from 8, the last word also as a prefix, description text by English stem. Every word must match; when no ' +
  'task has them all, tasks with some of them come back ranked lower. A ticket number (`ABC-12`) finds that task ' +
  'first (score 1). Filters combine with AND; `status` defaults to Normal; `board_id` is an alias of `project_id`.';
