import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type GraphQLFieldResolver,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { addMocksToSchema, createMockStore, type IMockStore } from '@graphql-tools/mock';
import { AppError, type ErrorCode, HTTP_STATUS } from '../errors.ts';
import { decodeGlobalId, encodeGlobalId, type RowIdKind } from '../graphql/global-id.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { type MockValues, mockValues } from './values.ts';

/** The committed SDL the mock serves: what clients are built against. */
export const COMMITTED_SDL = join(PROJECT_ROOT, 'schema.graphql');

/** What one request asks of the mock: the seed, and a normal, empty or failing answer. */
export interface MockRequest {
  seed: number;
  scenario: 'normal' | 'empty' | 'error';
  /** The error code of the `error` scenario (the service's codes). */
  errorCode: ErrorCode;
}

/** The executable schema of an SDL file, without resolvers (the mocks give every value). */
export function schemaFromSdl(file = COMMITTED_SDL): GraphQLSchema {
  return makeExecutableSchema({ typeDefs: readFileSync(file, 'utf8') });
}

/** Node types of the SDL and how their row ids are written (a String or ID `id` without a `number` is a UUID). */
function nodeKinds(schema: GraphQLSchema): Map<string, RowIdKind> {
  const kinds = new Map<string, RowIdKind>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === 'Node')) continue;
    const id = type.getFields().id;
    const textual = id && ['String', 'ID'].includes(getNamedType(id.type).name);
    kinds.set(type.name, textual && !type.getFields().number ? 'uuid' : 'int');
  }
  return kinds;
}

/** A 32-bit FNV-1a hash: the seed of one object's values. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * How many rows a screen's list of `typeName` shows for a seed (3 to 6): a
 * root list (`sections`) and a page's `items`. The same in every request
 * of the seed, so a task's `sectionId` names a column the board query listed.
 */
function listLength(seed: number, typeName: string): number {
  return 3 + (hash(`${seed}:list:${typeName}`) % 4);
}

/**
 * The ids the running root field's arguments name (`projectId`, also inside
 * `filter`/`input`/`ref`) and its `status`: the objects of its answer carry
 * them, as the service's would (a board's tasks are that board's open tasks).
 */
type RequestScope = { args: Record<string, unknown> };

/** The scalar arguments of a root field, with those one input object deep. */
function flatArgs(args: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const value of Object.values(args)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, value);
  }
  for (const [name, value] of Object.entries(args)) if (typeof value !== 'object') out[name] = value;
  return out;
}

/** The object type an `…Id` field points at (`sectionId` → `Section`), if the schema has it. */
function referencedType(schema: GraphQLSchema, field: string): string | null {
  const m = /^(\w+)Id$/.exec(field);
  if (!m || m[1] === 'parent') return m ? 'Task' : null;
  const name = m[1][0].toUpperCase() + m[1].slice(1);
  return isObjectType(schema.getType(name)) ? name : null;
}

/**
 * Values of an object's scalar fields chosen by field name (a task's
 * `title`, a user's `email`, `…At` dates); the rest come from the scalar
 * mocks. Seeded by the request's seed, the type and the row id, so an
 * object is the same wherever it appears: `node(id:)` refetches the task a
 * list showed. A Node's `globalId` is the one the service would give it.
 * References hold: an `…Id` is one the arguments named or a row a list of
 * that type shows, a `parentId` mostly null, a `status` the one asked for
 * (else `NORMAL`), a page's `total` its items, an assignee's `id` its
 * user's number or its agent's UUID.
 */
function objectValues(
  schema: GraphQLSchema,
  typeName: string,
  seed: number,
  kinds: Map<string, RowIdKind>,
  scope: RequestScope,
) {
  const type = schema.getType(typeName);
  const fields = isObjectType(type) ? Object.entries(type.getFields()) : [];
  return (rowId: number): Record<string, unknown> => {
    const v = mockValues(hash(`${seed}:${typeName}:${rowId}`));
    const args = flatArgs(scope.args);
    const values: Record<string, unknown> = {};
    for (const [name, field] of fields) {
      const nullable = getNullableType(field.type);
      if (name === 'items' && isListType(nullable) && isObjectType(getNamedType(field.type))) {
        const length = listLength(seed, getNamedType(field.type).name);
        values.items = new Array(length).fill(undefined);
        if (fields.some(([f]) => f === 'total')) values.total = length;
        continue;
      }
      if (name === 'status' && isEnumType(nullable) && nullable.getValue('NORMAL')) {
        values.status = typeof args.status === 'string' ? args.status : 'NORMAL';
        continue;
      }
      const scalar = nullable;
      if (!isScalarType(scalar)) continue;
      const text = scalar.name === 'String';
      const target = scalar.name === 'Int' ? referencedType(schema, name) : null;
      if (name === 'total' && 'items' in values) continue;
      if (target && typeof args[name] === 'number') values[name] = args[name];
      else if (name === 'parentId') values.parentId = v.random() < 0.25 ? v.int(1, listLength(seed, 'Task')) : null;
      else if (target) values[name] = v.int(1, listLength(seed, target));
      else if (name === 'id') values.id = text || scalar.name === 'ID' ? v.uuid() : rowId;
      else if (name === 'number' && typeName === 'Team') values.number = rowId;
      else if (name === 'ticketNumber') values.ticketNumber = `${v.prefix()}-${rowId}`;
      else if (name === 'ticketPrefix') values.ticketPrefix = v.prefix();
      else if (name === 'uniqueIndex') values.uniqueIndex = rowId;
      else if (name === 'title' && text) {
        values.title =
          typeName === 'Project'
            ? v.board()
            : typeName === 'Section'
              ? v.sectionAt(rowId)
              : typeName === 'Team'
                ? `${v.board()} team`
                : v.title();
      } else if ((name === 'description' || name === 'text' || name === 'html') && text) values[name] = v.html();
      else if (name === 'displayName') values.displayName = typeName === 'Agent' ? `${v.board()} bot` : v.name();
      else if (name === 'email') values.email = v.email();
      else if (name === 'name' && text) values.name = v.label();
      else if (name === 'color') values.color = v.color();
      else if (name === 'message' || name === 'label') values[name] = v.sentence();
      else if (/url$/i.test(name) && text) values[name] = 'https://hooks.example.com/in';
      else if (/(At|Date)$/.test(name) && scalar.name === 'DateTime') values[name] = v.date();
      else if (/(^total|Count$)/.test(name) && scalar.name === 'Int') values[name] = v.int(2, 40);
    }
    if (typeName === 'Assignee') {
      // Its `id` is the user's number as a string or the agent's UUID, as its `kind` says.
      const user = v.random() < 0.75;
      values.kind = user ? 'USER' : 'AGENT';
      values.userId = user ? v.int(1, listLength(seed, 'User')) : null;
      values.agentId = user ? null : v.uuid();
      values.id = user ? String(values.userId) : values.agentId;
    }
    if (kinds.has(typeName))
      values.globalId = encodeGlobalId(typeName, kinds.get(typeName) === 'uuid' ? (values.id as string) : rowId);
    return values;
  };
}

/** The values of each object type by row id, for one request's seed. */
type ObjectValues = Map<string, (rowId: number) => Record<string, unknown>>;

/** The mocks of one request: every scalar and enum seeded, each object type's rows numbered 1, 2, … in the order they appear. */
function mocksFor(schema: GraphQLSchema, v: MockValues, objects: ObjectValues) {
  const ids = new Map<string, number>();
  const mocks: Record<string, unknown> = {
    Int: () => v.int(1, 20),
    Float: () => Math.round(v.random() * 10_000) / 100,
    Boolean: () => v.random() > 0.5,
    String: () => v.sentence(),
    ID: () => v.uuid(),
    DateTime: () => v.date(),
    JSON: () => ({}),
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isEnumType(type)) {
      const names = type.getValues().map((e) => e.value as string);
      mocks[type.name] = () => v.pick(names);
    } else if (objects.has(type.name)) {
      mocks[type.name] = () => {
        const rowId = (ids.get(type.name) ?? 0) + 1;
        ids.set(type.name, rowId);
        return objects.get(type.name)!(rowId);
      };
    }
  }
  return mocks;
}

/**
 * `node` and `nodes` answer the object the id names, with the values that
 * row has everywhere in this seed. A string that is not a global id is
 * VALIDATION naming the argument, as on the service.
 */
function nodeResolvers(store: IMockStore, kinds: Map<string, RowIdKind>, objects: ObjectValues) {
  const load = (raw: string, field: string) => {
    const { typename, id } = decodeGlobalId(raw, kinds, field);
    // A UUID-keyed type's values depend on a row number: the one hashed from its UUID.
    const values = objects.get(typename)!(typeof id === 'number' ? id : hash(id));
    return store.get(typename, { ...values, ...(typeof id === 'string' ? { id } : {}), globalId: raw });
  };
  return {
    Query: {
      node: (_root: unknown, args: { id: string }) => load(args.id, 'id'),
      nodes: (_root: unknown, args: { ids: string[] }) => args.ids.map((id) => load(id, 'ids')),
    },
  };
}

/** Replaces resolvers of the mocked schema for the empty and error scenarios. */
function applyScenario(schema: GraphQLSchema, request: MockRequest): void {
  if (request.scenario === 'normal') return;
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const root = type === schema.getQueryType() || type === schema.getMutationType();
    for (const field of Object.values(type.getFields())) {
      const inner = field.resolve;
      let resolve: GraphQLFieldResolver<unknown, unknown> | undefined;
      if (request.scenario === 'error') {
        if (!root) continue;
        resolve = () => {
          throw new AppError(
            request.errorCode,
            `Mock ${request.errorCode} error (x-mock-scenario: error).`,
            null,
            request.errorCode.toLowerCase(),
            {
              http: { status: HTTP_STATUS[request.errorCode] },
            },
          );
        };
      } else {
        const nullable = getNullableType(field.type);
        const scalar = getNamedType(field.type);
        if (isListType(nullable)) resolve = () => [];
        else if (/(^total|Count$)/.test(field.name) && scalar.name === 'Int') resolve = () => 0;
        else if (field.name === 'hasMore' || field.name === 'hasNextPage' || field.name === 'hasPreviousPage')
          resolve = () => false;
        // `connectedAgent` and `node` answer null; a lookup by id (`project(id:)`, `task(ref:)`) answers its
        // object, with empty lists: the empty state of something that exists, not a missing one.
        else if (!isNonNullType(field.type) && root && (isInterfaceType(nullable) || (isObjectType(nullable) && !field.args.length)))
          resolve = () => null;
        else continue;
      }
      field.resolve = resolve ?? inner;
    }
  }
}

/**
 * The schema answering one request: `base` with seeded realistic mocks
 * (a fresh store per request, so the same seed and query give the same
 * answer), then the empty or error scenario.
 */
export function mockedSchema(base: GraphQLSchema, request: MockRequest): GraphQLSchema {
  const kinds = nodeKinds(base);
  const scope: RequestScope = { args: {} };
  const objects: ObjectValues = new Map();
  for (const type of Object.values(base.getTypeMap())) {
    if (
      isObjectType(type) &&
      !type.name.startsWith('__') &&
      ![base.getQueryType(), base.getMutationType(), base.getSubscriptionType()].includes(type)
    ) {
      objects.set(type.name, objectValues(base, type.name, request.seed, kinds, scope));
    }
  }
  const store = createMockStore({
    schema: base,
    mocks: mocksFor(base, mockValues(request.seed), objects) as never,
  });
  const schema = addMocksToSchema({ schema: base, store, resolvers: (s) => nodeResolvers(s, kinds, objects) as never });
  // Each root field's arguments are the scope of the objects its answer
  // makes (mock resolvers are synchronous: a root field's whole answer is
  // built before the next root field runs). A root list of objects (a
  // board's `sections`) holds rows 1 to its list length, the rows other
  // objects' `…Id` fields point at.
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const element = getNamedType(field.type);
      const rows =
        isListType(getNullableType(field.type)) && isObjectType(element) ? objects.get(element.name) : undefined;
      const inner = field.resolve;
      if (!inner) continue;
      field.resolve = (source, args, context, info) => {
        scope.args = args as Record<string, unknown>;
        if (rows)
          return Array.from({ length: listLength(request.seed, element.name) }, (_, i) =>
            store.get(element.name, rows(i + 1)),
          );
        return inner(source, args, context, info);
      };
    }
  }
  applyScenario(schema, request);
  return schema;
}
