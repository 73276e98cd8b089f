import { z } from 'zod';
import { searchHit, searchHitSchema } from '../../presenters/search-hit.ts';
import { route } from '../../route.ts';
import { SEARCH_DESCRIPTION, SEARCH_DOCUMENT, searchQueryParams, searchVariables } from '../shared/search.ts';

/** tasksvc_search_tasks: GET /tasks/search. */
export const searchTasksRoute = route({
  method: 'GET',
  path: '/tasks/search',
  operationId: 'tasksvc_search_tasks',
  tag: 'tools',
  summary: 'Search tasks (full-text, typo-tolerant).',
  description: SEARCH_DESCRIPTION,
  document: SEARCH_DOCUMENT,
  query: searchQueryParams,
  response: z.object({ tasks: z.array(searchHitSchema), total: z.number() }),
  toVariables: ({ query }) => searchVariables(query),
  toBody: (data) => ({ tasks: data.searchTasks.items.map(searchHit), total: data.searchTasks.total }),
});

export const searchRoutes = [searchTasksRoute];
