import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { requireProject, visibleProjectIds as projectIdsOf } from '../domain/access.ts';
import { parseInput } from '../domain/validate.ts';
import { ValidationError } from '../errors.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { SearchFilters, SearchHit, SearchHitTask, SearchIndex } from './search-index.ts';
import { idField, statusField } from '../domain/fields.ts';
import { sectionTitle } from '../domain/section.ts';
import { assignedToField, assignedToWhom, priorityField } from '../domain/task/fields.ts';

/**
 * Spec 4.1 / 8: `query` at most 200 characters; `limit` default 10, max 50.
 * `offset` (GraphQL only: the spec's routes have none) pages through the
 * ranked hits, at most 1,000 in (the engines rank a bounded set anyway).
 */
export const SEARCH_LIMITS = { queryMax: 200, defaultLimit: 10, maxLimit: 50, maxOffset: 1000 } as const;


/** Input of a task search (spec 4.1 `tasksvc_search_tasks`, camelCased). */
export const searchTasksInput = z.object({
  query: z
    .string()
    .max(SEARCH_LIMITS.queryMax, `must be at most ${SEARCH_LIMITS.queryMax} characters`)
    .transform((q) => q.trim())
    .pipe(z.string().min(1, 'must not be empty')),
  projectId: idField().nullish(),
  /** Alias of `projectId` (a board is a project). */
  boardId: idField().nullish(),
  section: sectionTitle().nullish(),
  assignedTo: assignedToField().nullish(),
  priority: priorityField().nullish(),
  hasDueDate: z.boolean().nullish(),
  status: statusField().nullish(),
  limit: z.number().int().min(1).max(SEARCH_LIMITS.maxLimit).nullish(),
  offset: z.number().int().min(0).max(SEARCH_LIMITS.maxOffset).nullish(),
});
export type SearchTasksInput = z.input<typeof searchTasksInput>;

/** A hit with what a result list shows (spec 4.1), read from the database. */
export interface SearchTaskHit extends SearchHitTask {
  taskId: number;
  score: number;
}

/** Ranked hits, the total matching, and the filter that loads the hit tasks. */
export interface SearchTasksResult {
  hits: SearchTaskHit[];
  total: number;
  /**
   * Whether hits follow this page (at `offset + limit`). Not `total` compared
   * with the page: an engine ranks a bounded set of candidates, so past it
   * there may be matches counted in `total` that no page reaches.
   */
  hasMore: boolean;
  /** Prisma filter of the hit tasks, with the visibility and status rules repeated. */
  taskWhere: Prisma.TaskWhereInput;
}

/**
 * Searches the tasks of the caller's projects. Choices where the spec is
 * silent: `status` defaults to Normal; `section` is a section title
 * (case-insensitive); `assignedTo` is `me`, `unassigned` (no user and no
 * agent) or a user id; `projectId`/`boardId` of a project the caller is not
 * a member of is NOT_FOUND, both given and different is VALIDATION. Tasks of
 * projects of any status are searched, as in the task list.
 */
export async function searchTasks(
  db: Db,
  index: SearchIndex,
  userId: number,
  input: SearchTasksInput,
): Promise<SearchTasksResult> {
  const args = parseInput(searchTasksInput, input);
  if (args.projectId != null && args.boardId != null && args.projectId !== args.boardId) {
    throw new ValidationError(
      'boardId',
      'board_id is an alias of project_id; give one, or the same value.',
      'conflicting_alias',
    );
  }
  const projectId = args.projectId ?? args.boardId ?? null;
  let visibleProjectIds: number[];
  if (projectId != null) {
    await requireProject(db, userId, projectId, args.projectId != null ? 'projectId' : 'boardId');
    visibleProjectIds = [projectId];
  } else {
    visibleProjectIds = await projectIdsOf(db, userId);
  }
  const limit = args.limit ?? SEARCH_LIMITS.defaultLimit;
  const offset = args.offset ?? 0;
  const filters: SearchFilters = {
    visibleProjectIds,
    projectId: projectId ?? undefined,
    section: args.section ?? undefined,
    assignedTo: args.assignedTo == null ? undefined : assignedToWhom(args.assignedTo, userId),
    priority: args.priority ?? undefined,
    hasDueDate: args.hasDueDate ?? undefined,
    status: args.status ?? 'Normal',
    // The hits before the page, the page, and one more that tells whether another page has any.
    limit: offset + limit + 1,
  };
  const found = visibleProjectIds.length ? await index.search(args.query, filters) : { hits: [], total: 0 };
  const pageHits = found.hits.slice(offset, offset + limit);
  // The PostgreSQL engine reads the listed fields with the match; others are read here.
  const hits = pageHits.every((h) => h.task)
    ? pageHits.map((h) => ({ taskId: h.taskId, score: h.score, ...h.task! }))
    : await loadHits(db, pageHits, visibleProjectIds, filters.status ?? 'Normal');
  return {
    hits,
    total: found.total,
    hasMore: found.hits.length > offset + limit,
    taskWhere: { id: { in: hits.map((h) => h.taskId) }, status: filters.status, projectId: { in: visibleProjectIds } },
  };
}

/**
 * The listed fields of the hits, in one statement. It repeats the
 * visibility and status rules, so that a stale external index (Meilisearch
 * between an update and its re-index) can never show a task the caller may
 * not see; such hits are dropped.
 */
async function loadHits(
  db: Db,
  hits: SearchHit[],
  visibleProjectIds: number[],
  status: string,
): Promise<SearchTaskHit[]> {
  if (hits.length === 0) return [];
  const rows = await db.$queryRaw<Omit<SearchTaskHit, 'score'>[]>`
    SELECT t.id AS "taskId", p."ticketPrefix" || '-' || t."uniqueIndex" AS "ticketNumber", t.title,
           s.title AS section, t.priority::text AS priority, t."projectId"
    FROM "Task" t
    JOIN "Project" p ON p.id = t."projectId"
    JOIN "Section" s ON s.id = t."sectionId"
    WHERE t.id = ANY(${hits.map((h) => h.taskId)}::int[])
      AND t."projectId" = ANY(${visibleProjectIds}::int[])
      AND t.status = ${status}::"Status"`;
  const byId = new Map(rows.map((r) => [r.taskId, r]));
  return hits.flatMap((h) => {
    const row = byId.get(h.taskId);
    return row ? [{ ...row, score: h.score }] : [];
  });
}
