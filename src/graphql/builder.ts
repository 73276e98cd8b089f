import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { parseIsoDate } from '../domain/iso-date.ts';
import { AppError, UnauthenticatedError } from '../errors.ts';
import type PrismaTypes from '../generated/pothos-types.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import { CONNECTION_LIMITS } from './connection-args.ts';
import type { GraphQLContext } from './context.ts';
import { encodeGlobalId } from './global-id.ts';

/** Query limits: deep or wide queries are refused before they run. */
export const QUERY_LIMITS = { depth: 10, breadth: 200, complexity: 5000 };

/** The Pothos builder: plugins and scalars only; types live in ./types. */
export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  AuthScopes: { authenticated: boolean };
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [ScopeAuthPlugin, ComplexityPlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: async (ctx) => ({ authenticated: ctx.viewer !== null }),
    unauthorizedError: () => new UnauthenticatedError(),
  },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
    limit: QUERY_LIMITS,
    complexityError: (kind, result) => {
      const k = String(kind).toLowerCase() as 'depth' | 'breadth' | 'complexity';
      const max = { depth: result.maxDepth, breadth: result.maxBreadth, complexity: result.maxComplexity }[k];
      return new AppError('VALIDATION', `Query ${k} ${result[k]} exceeds the limit of ${max}.`, 'query', `${k}_limit`);
    },
  },
  prisma: {
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    // A resolver that forgets to spread `query` into Prisma loses its selections: say so.
    onUnusedQuery: 'warn',
  },
  relay: {
    // Global object identification is additive: `id` keeps each type's own id (numbers the REST and
    // tool facades and the spec use), and the Node interface's id field is `globalId` (Relay's
    // compiler: `nodeInterfaceIdField: "globalId"`).
    idFieldName: 'globalId',
    idFieldOptions: {
      description:
        'Global object id (Relay): opaque, unique across every type, the argument of `node` and `nodes`. ' +
        'The key of a normalised cache (Relay, Apollo Client, urql Graphcache).',
    },
    encodeGlobalID: (typename, id) => encodeGlobalId(typename, id),
    nodeTypeOptions: {
      description: 'An object with its own identity, refetchable by `globalId` through `node` and `nodes` (Relay).',
    },
    // `node` and `nodes` are defined in ./types/node.ts: they apply the visibility rule and budgets.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    clientMutationId: 'omit',
    cursorType: 'String',
    // Descriptions of the parts every connection shares (the schema documents every field).
    firstArgOptions: {
      description: `Page forward: this many items, 1 to ${CONNECTION_LIMITS.maxSize} (default ${CONNECTION_LIMITS.defaultSize} when neither first nor last is given). Not with last or before.`,
    },
    lastArgOptions: {
      description: `Page backward: this many items, 1 to ${CONNECTION_LIMITS.maxSize}, ending before \`before\` (or at the end of the list). Not with first or after.`,
    },
    afterArgOptions: {
      description: 'Items after this cursor (an `endCursor` or edge `cursor` of this field, same arguments).',
    },
    beforeArgOptions: {
      description: 'Items before this cursor (a `startCursor` or edge `cursor` of this field, same arguments).',
    },
    pageInfoTypeOptions: { description: 'Where a connection page sits in the whole list (Relay).' },
    pageInfoFieldOptions: { description: 'Cursors and neighbours of this page.' },
    hasNextPageFieldOptions: {
      description: 'More items follow this page. Paging backward with `before`, always true.',
    },
    hasPreviousPageFieldOptions: {
      description: 'Items precede this page. Paging forward with `after`, always true.',
    },
    startCursorFieldOptions: { description: 'Cursor of the first edge; null when the page is empty.' },
    endCursorFieldOptions: { description: 'Cursor of the last edge; null when the page is empty.' },
    cursorFieldOptions: { description: 'Opaque position of this item, for `after`/`before`.' },
  },
});

builder.scalarType('DateTime', {
  description: 'An ISO 8601 timestamp, always in UTC (e.g. `2026-01-31T12:00:00.000Z`).',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  // Strict (../domain/iso-date.ts): `2020-02-30` is refused, not read as March 1; years 1–9999 only.
  parseValue: (value) => {
    const date = typeof value === 'string' ? parseIsoDate(value) : null;
    if (!date) {
      throw new AppError('VALIDATION', 'Expected an ISO 8601 date or datetime string in years 1–9999.', null, 'invalid_date');
    }
    return date;
  },
});

builder.scalarType('JSON', {
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

// Every root field requires an authenticated caller unless it says otherwise.
builder.queryType({ authScopes: { authenticated: true }, description: 'Read operations.' });
builder.mutationType({
  authScopes: { authenticated: true },
  description:
    'Write operations. Each answers the object it changed, with your selection, which is all a client needs to ' +
    'update its cache; a payload type answers where that is not enough: what else changed (`placeTask`), what ' +
    'was made with it (`createBoard`, `createWebhookSubscription` and its secret), or what is gone (`delete…`).',
});
