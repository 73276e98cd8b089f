import { z } from 'zod';
import { MAX_INT, STATUSES } from '../../../domain/fields.ts';
import { qsId, qsInt } from '../../query-params.ts';

/** Largest page of a project list; bigger `limit`s are clamped to it (spec 8: "capped at 100"). */
export const PROJECT_LIST_MAX = 100;

/** Query string of the project lists (tool and REST; spec 4.1, 4.2). */
export const projectListQuery = z.object({
  status: z
    .enum(STATUSES, { message: 'must be Normal, Archive or Deleted' })
    .default('Normal')
    .describe('Only projects with this status (default `Normal`).'),
  search: z.string().max(200).optional().describe('Case-insensitive text in the title or description (up to 200 characters).'),
  limit: qsInt(1, MAX_INT)
    .transform((n) => Math.min(n, PROJECT_LIST_MAX))
    .default(50)
    .describe('Page size, default 50; values above 100 are clamped to 100.'),
  offset: qsInt(0, MAX_INT).default(0).describe('Projects to skip (default 0).'),
  sort_by: z
    .enum(['title', 'createdAt', 'updatedAt'], { message: 'must be title, createdAt or updatedAt' })
    .default('title')
    .describe('Sort key (default `title`).'),
  sort_order: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).default('asc').describe('Sort direction (default `asc`).'),
});

/** GraphQL variables of a project list query. */
export function projectListVariables(q: z.output<typeof projectListQuery>) {
  return { status: q.status, search: q.search ?? null, limit: q.limit, offset: q.offset, sortBy: q.sort_by, sortOrder: q.sort_order };
}

/** Path of the routes under one project (board). */
export const projectIdParams = z.object({ projectId: qsId().describe('Project (board) id.') });
