import type { ConnectionWindow } from './connection-args.ts';
import { builder } from './builder.ts';
import { encodeCursor, type SortKey } from './cursor.ts';

/** What a connection resolver returns: Relay's edges and page info, plus the total on demand. */
export interface ConnectionResult<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  /** Counted only when the query selects `totalCount`. */
  totalCount: () => Promise<number>;
}

/**
 * Declares `<Name>Connection` and `<Name>Edge` for a cursor-paged list of
 * `itemType`: the Relay sibling of `pageType`'s `<Name>Page`. `what` names
 * the items (plural), `one` a single one.
 */
export function connectionType(
  name: string,
  itemType: Parameters<typeof builder.objectRef>[0] | object,
  what: string,
  one = what.replace(/s$/, ''),
) {
  return builder.connectionObject(
    {
      type: itemType as never,
      name: `${name}Connection`,
      description: `A Relay page of ${what}: edges with cursors, page info and the total matching.`,
      edgesField: { description: `The ${what} of this page, each with its cursor.` },
      fields: (t) => ({
        totalCount: t.int({
          description: `${what[0].toUpperCase()}${what.slice(1)} matching, without paging (same as the offset page's \`total\`).`,
          // The connection shape Pothos types knows only edges and pageInfo; ours also carries the count.
          resolve: (c) => (c as unknown as ConnectionResult<unknown>).totalCount(),
        }),
      }),
    },
    {
      name: `${name}Edge`,
      description: `One of the ${what} and its cursor.`,
      nodeField: { description: `The ${one}.` },
    },
  );
}

/**
 * Edges and page info from rows read with one extra row (`size + 1`) in
 * read order: the extra row only tells that another page exists. A
 * backward read runs in reverse order and is turned back here. As in
 * Pothos, the side the cursor came from reports `true` without checking.
 */
export function connectionFromRows<T extends object>(
  rows: T[],
  window: ConnectionWindow,
  cursorOf: (row: T) => string,
  totalCount: () => Promise<number>,
  /** Whether there are rows beyond this page, when the caller knows better than `rows` (read in two steps). */
  more = rows.length > window.size,
): ConnectionResult<T> {
  const page = rows.slice(0, window.size);
  if (window.backward) page.reverse();
  const edges = page.map((node) => ({ cursor: cursorOf(node), node }));
  let counted: Promise<number> | null = null;
  return {
    edges,
    pageInfo: {
      hasNextPage: window.backward ? window.cursor !== null : more,
      hasPreviousPage: window.backward ? more : window.cursor !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: () => (counted ??= totalCount()),
  };
}

/** The cursor function of a list sorted by `keys` over rows of `model`. */
export function cursorFor(model: string, keys: SortKey[]) {
  return (row: object) => encodeCursor(model, keys, row as Record<string, unknown>);
}
