import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import { MAX_OFFSET, PAGE_LIMITS, type OffsetQuery, type PageLimits } from '../domain/page.ts';
import { builder } from './builder.ts';
import type { GraphQLContext } from './context.ts';

/** An offset page: the items, the total without paging, and the paging used. */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/**
 * Declares a `<Name>Page` object type for an offset-paged list of `itemType`.
 * The routes need `total` + offset paging; GraphQL clients get the same shape.
 */
export function pageType<T>(name: string, itemType: Parameters<typeof builder.objectRef>[0] | object, what: string) {
  return builder.objectRef<Page<T>>(`${name}Page`).implement({
    description: `A page of ${what} and the total matching.`,
    fields: (t) => ({
      items: t.field({
        type: [itemType as never],
        description: `The ${what} of this page.`,
        resolve: (page) => page.items as never,
      }),
      total: t.exposeInt('total', { description: `${what[0].toUpperCase()}${what.slice(1)} matching, without paging.` }),
      limit: t.exposeInt('limit', { description: 'Page size applied.' }),
      offset: t.exposeInt('offset', { description: 'Items skipped.' }),
    }),
  });
}

/**
 * The Prisma `select`/`include` that Pothos plans for the `items` of a page
 * field, so nested relations load in the same query (no N+1).
 */
export function itemsQuery(ctx: GraphQLContext, info: GraphQLResolveInfo) {
  return queryFromInfo({ context: ctx, info, path: ['items'] });
}

/** What `t.arg` is inside a field definition. */
type ArgBuilder = Parameters<Parameters<typeof builder.queryFields>[0]>[0]['arg'];

/** The `limit` and `offset` arguments of a page field, described from the domain's page sizes. */
export function pageArgs(arg: ArgBuilder, what: string, limits: PageLimits = PAGE_LIMITS) {
  return {
    limit: arg.int({
      defaultValue: limits.defaultLimit,
      description: `Page size, 1 to ${limits.maxLimit} (default ${limits.defaultLimit}).`,
    }),
    offset: arg.int({ defaultValue: 0, description: `${what[0].toUpperCase()}${what.slice(1)} to skip, 0 to ${MAX_OFFSET}.` }),
  };
}

/** A Prisma model delegate as far as a page needs it. */
interface PagedModel<Where, OrderBy> {
  findMany(args: { where?: Where; orderBy?: OrderBy; take?: number; skip?: number }): PromiseLike<unknown[]>;
  count(args: { where?: Where }): PromiseLike<number>;
}

/**
 * Loads one offset page of a domain list query: its rows with the selection
 * Pothos plans for `items`, and the total. `count` replaces the plain count
 * where the domain counts differently (the task list's deferred project check).
 */
export async function loadPage<Where, OrderBy>(
  model: PagedModel<Where, OrderBy>,
  q: OffsetQuery<Where, OrderBy>,
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
  count: () => PromiseLike<number> = () => model.count({ where: q.where }),
): Promise<Page<unknown>> {
  const [items, total] = await Promise.all([
    model.findMany({ ...itemsQuery(ctx, info), where: q.where, orderBy: q.orderBy, take: q.take, skip: q.skip }),
    count(),
  ]);
  return { items, total, limit: q.limit, offset: q.offset };
}
