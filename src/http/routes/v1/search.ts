import { z } from 'zod';
import { route } from '../../route.ts';
import { searchHit, searchHitSchema } from '../../presenters/search-hit.ts';
import { SEARCH_DESCRIPTION, SEARCH_DOCUMENT, searchQueryParams, searchVariables } from '../shared/search.ts';

/** GET /api/v1/tasks/search: the tool search with the REST envelope. */
export const searchTasksRoute = route({
  method: 'GET',
  path: '/tasks/search',
  operationId: 'searchTasks',
  tag: 'tasks',
  summary: 'Search tasks (full-text, typo-tolerant).',
  description: `${SEARCH_DESCRIPTION} Same parameters and hits as the tool route \`tasksvc_search_tasks\`.`,
  document: SEARCH_DOCUMENT,
  query: searchQueryParams,
  response: z.object({ success: z.literal(true), tasks: z.array(searchHitSchema), total: z.number() }),
  toVariables: ({ query }) => searchVariables(query),
  toBody: (data) => ({ success: true, tasks: data.searchTasks.items.map(searchHit), total: data.searchTasks.total }),
});

export const searchRoutes = [searchTasksRoute];
