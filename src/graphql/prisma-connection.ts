import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import { type ConnectionArgs, type ConnectionSizes, readConnectionArgs } from './connection-args.ts';
import { type ConnectionResult, connectionFromRows, cursorFor } from './connection.ts';
import type { GraphQLContext } from './context.ts';
import { decodeCursor, type SortKey } from './cursor.ts';
import { keysetWhere, readOrder, sortKeysOf } from './keyset.ts';

/** Where a list's rows come from: the same filter and order as its offset page (from src/domain). */
export interface ListQuery<Where, Order> {
  where: Where;
  orderBy: Order | Order[];
}

/** What `findMany` receives: Pothos's selection for `edges.node`, the window's filter and order, the size. */
export type ConnectionFindArgs<Where, Order> = ReturnType<typeof queryFromInfo> & {
  where: Where;
  orderBy: Order[];
  take: number;
};

/**
 * Pothos's Prisma selection for the `edges.node` of a connection field, plus
 * the sort columns: the cursor is made of them, whatever the client selected.
 */
export function edgeNodeQuery(
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
  model: string,
  keys: SortKey[],
): ReturnType<typeof queryFromInfo> {
  return queryFromInfo({
    context: ctx,
    info,
    typeName: model,
    paths: [['edges', 'node']],
    select: Object.fromEntries(keys.map((k) => [k.field, true])),
  });
}

/**
 * Resolves a connection over a Prisma model with keyset paging. The
 * arguments are checked first (VALIDATION before any query), then `list`
 * gives the filter and order the offset page uses, so access rules stay in
 * one place. Nested relations load with the rows in bounded queries,
 * because Pothos's selection of `edges.node` goes into `findMany`.
 *
 * Not `t.prismaConnection`: it checks `first`/`last`/cursors itself before
 * any code of ours runs, with errors that carry no code or field, and its
 * `id` cursor makes Prisma read the cursor row's sort values again, from a
 * row the viewer may no longer see (or that is gone, which ends the list).
 */
export async function resolvePrismaConnection<Row extends object, Where, Order>(opts: {
  ctx: GraphQLContext;
  info: GraphQLResolveInfo;
  args: ConnectionArgs;
  /** Prisma model name, also the GraphQL type of the nodes. */
  model: string;
  list: () => ListQuery<Where, Order> | Promise<ListQuery<Where, Order>>;
  findMany: (args: ConnectionFindArgs<Where, Order>) => Promise<Row[]>;
  count: (where: Where) => Promise<number>;
  /** Page sizes other than every connection's (1–100, 50). */
  sizes?: ConnectionSizes;
}): Promise<ConnectionResult<Row>> {
  const window = readConnectionArgs(opts.args, opts.sizes);
  const q = await opts.list();
  const keys = sortKeysOf(q.orderBy as object | object[]);
  const values = window.cursor ? decodeCursor(opts.model, keys, window.cursor) : null;
  const where = (values ? { AND: [q.where, keysetWhere(keys, values, window.backward)] } : q.where) as Where;
  const query = edgeNodeQuery(opts.ctx, opts.info, opts.model, keys);
  const rows = await opts.findMany({
    ...query,
    where,
    orderBy: readOrder(keys, window.backward) as Order[],
    take: window.size + 1,
  });
  return connectionFromRows(rows, window, cursorFor(opts.model, keys), () => opts.count(q.where));
}
