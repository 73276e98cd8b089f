import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
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
