import { z } from 'zod';

// Offset paging, the one rule every offset-paged list follows (tasks,
// comments, inbox, drafts, projects, webhook deliveries). Connections page
// by cursor with the same sizes (src/graphql/connection-args.ts).

/** Page sizes of a list: `limit` 1 to `maxLimit`, `defaultLimit` when absent. */
export interface PageLimits {
  readonly defaultLimit: number;
  readonly maxLimit: number;
}

/** Page sizes of every list (spec 8: lists are "capped at 100"; the spec leaves the default open: 50). */
export const PAGE_LIMITS: PageLimits = { defaultLimit: 50, maxLimit: 100 };

/** Largest `offset`: deeper than this a list is read by cursor (the `…Connection` fields) or narrowed by a filter. */
export const MAX_OFFSET = 1_000_000;

/** The zod fields `limit` and `offset` of a list input; absent or null takes the default. */
export function pageFields(limits: PageLimits = PAGE_LIMITS) {
  return {
    limit: z
      .number()
      .int()
      .min(1)
      .max(limits.maxLimit)
      .nullish()
      .transform((v) => v ?? limits.defaultLimit),
    offset: z
      .number()
      .int()
      .min(0)
      .max(MAX_OFFSET)
      .nullish()
      .transform((v) => v ?? 0),
  };
}

/** The Prisma `take`/`skip` of a page, with the `limit`/`offset` a page answers with. */
export interface PageWindow {
  take: number;
  skip: number;
  limit: number;
  offset: number;
}

/** The window of a parsed `limit`/`offset`. */
export function pageWindow(page: { limit: number; offset: number }): PageWindow {
  return { take: page.limit, skip: page.offset, limit: page.limit, offset: page.offset };
}

/** A list's Prisma filter and order with its page: what a `…ListQuery` function returns. */
export type OffsetQuery<Where, OrderBy> = { where: Where; orderBy: OrderBy } & PageWindow;
