import { z } from 'zod';
import { MAX_INT, STATUSES } from '../../../domain/fields.ts';
import { MAX_OFFSET, PAGE_LIMITS } from '../../../domain/page.ts';
import { PROJECT_SEARCH_MAX } from '../../../domain/project.ts';
import { qsId, qsInt } from '../../query-params.ts';
import { PROJECT_SORT, SORT_ORDER, STATUS } from '../../../graphql/enum-names.ts';

/** Query string of the project lists (tool and REST; spec 4.1, 4.2). */
export const projectListQuery = z.object({
  status: z
    .enum(STATUSES, { message: 'must be Normal, Archive or Deleted' })
    .default('Normal')
    .describe('Only projects with this status (default `Normal`).'),
  search: z
    .string()
    .max(PROJECT_SEARCH_MAX)
    .optional()
    .describe(`Case-insensitive text in the title or description (up to ${PROJECT_SEARCH_MAX} characters).`),
  // Spec 8: the page is "capped at 100": a larger limit is clamped here, not refused.
  limit: qsInt(1, MAX_INT)
    .transform((n) => Math.min(n, PAGE_LIMITS.maxLimit))
    .default(PAGE_LIMITS.defaultLimit)
    .describe(`Page size, default ${PAGE_LIMITS.defaultLimit}; values above ${PAGE_LIMITS.maxLimit} are clamped to ${PAGE_LIMITS.maxLimit}.`),
  offset: qsInt(0, MAX_OFFSET).default(0).describe(`Projects to skip (default 0, at most ${MAX_OFFSET}).`),
  sort_by: z
    .enum(['title', 'createdAt', 'updatedAt'], { message: 'must be title, createdAt or updatedAt' })
    .default('title')
    .describe('Sort key (default `title`).'),
  sort_order: z.enum(['asc', 'desc'], { message: 'must be asc or desc' }).default('asc').describe('Sort direction (default `asc`).'),
});

/** GraphQL variables of a project list query. */
export function projectListVariables(q: z.output<typeof projectListQuery>) {
  return {
    status: STATUS.name(q.status),
    search: q.search ?? null,
    limit: q.limit,
    offset: q.offset,
    sortBy: PROJECT_SORT.name(q.sort_by),
    sortOrder: SORT_ORDER.name(q.sort_order),
  };
}

/** Path of the routes under one project (board). */
export const projectIdParams = z.object({ projectId: qsId().describe('Project (board) id.') });
