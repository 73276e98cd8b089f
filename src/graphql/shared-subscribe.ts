import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
  TypeInfo,
  BREAK,
  createSourceEventStream,
  execute,
  getNamedType,
  getOperationAST,
  isCompositeType,
  print,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * graphql-js's `subscribe`, except that one event is executed once per
 * distinct operation: subscribers that sent the same document, operation name
 * and variables share the result instead of each running the selection set
 * again. A project dashboard with 200 open tabs then costs one execution per
 * event, not 200.
 *
 * The rule that keeps it sound: leaf fields of subscription payload types
 * (`id`, `cursor`, `event`, `data`, …) resolve from the event alone, the same
 * for every viewer; fields that return objects (`TaskEvent.task`,
 * `BoardEvent.section`, …) read the database under the viewer's visibility
 * (access.ts), so they differ per viewer. A document that selects any object
 * field below the root field is therefore shared only among subscribers of
 * the same user; one that selects leaves only is shared by all. Who may
 * receive an event at all is decided before execution, by the subscription
 * field's `subscribe` (access check and event filter per subscriber). A new
 * leaf field that depends on the viewer would break the rule: make it an
 * object field, or key the share by viewer for it.
 *
 * Each result carries the event's resume cursor as `extensions.cursor` when
 * the event has one (the SSE `id:` line is written from it).
 */
export async function sharedSubscribe(
  args: ExecutionArgs,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return source;
  const key = operationKey(args);
  return mapAsyncIterator(source, (payload) => executeShared(payload, key, args));
}

/** The id of the viewer in a GraphQL context, if any (tasksvc's context has `viewer.userId`). */
function viewerKey(contextValue: unknown): number | null {
  const viewer = (contextValue as { viewer?: { userId?: number } | null } | null)?.viewer;
  return viewer?.userId ?? null;
}

/** The envelop/yoga plugin running subscriptions through {@link sharedSubscribe} (SSE over yoga). */
export function sharedSubscriptionPlugin(): Plugin {
  return {
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(sharedSubscribe as never);
    },
  };
}

/** Results of one event per operation key; an entry goes with its event object. */
const sharedResults = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();

function executeShared(payload: unknown, key: string, args: ExecutionArgs): Promise<ExecutionResult> {
  const run = async () => withCursor(await execute({ ...args, rootValue: payload }), payload);
  // Every subscriber of a pub/sub topic receives the same event object; other payloads run alone.
  if (typeof payload !== 'object' || payload === null) return run();
  let byKey = sharedResults.get(payload);
  if (!byKey) sharedResults.set(payload, (byKey = new Map()));
  let result = byKey.get(key);
  if (!result) byKey.set(key, (result = run()));
  return result;
}

/** The result with the event's cursor in `extensions.cursor` (events without one pass unchanged). */
function withCursor(result: ExecutionResult, payload: unknown): ExecutionResult {
  const cursor = (payload as { cursor?: unknown } | null)?.cursor;
  if (typeof cursor !== 'string') return result;
  return { ...result, extensions: { ...result.extensions, cursor } };
}

/** What makes two subscriptions' executions of one event identical (see the rule above). */
function operationKey(args: ExecutionArgs): string {
  const operation = getOperationAST(args.document, args.operationName);
  const viewer = selectsObjectFields(args.schema, args.document) ? viewerKey(args.contextValue) : null;
  return JSON.stringify([print(args.document), operation?.name?.value ?? null, args.variableValues ?? null, viewer]);
}

/** Whether a subscription document selects a field of object type below its root field. */
function selectsObjectFields(schema: GraphQLSchema, document: DocumentNode): boolean {
  const typeInfo = new TypeInfo(schema);
  const root = schema.getSubscriptionType();
  let found = false;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const parent = typeInfo.getParentType();
        const type = typeInfo.getType();
        if (parent && parent !== root && type && isCompositeType(getNamedType(type))) {
          found = true;
          return BREAK;
        }
        return undefined;
      },
    }),
  );
  return found;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}

/**
 * Maps an async iterable, forwarding `return` to the source at once: an
 * unsubscribe must end the source even while it waits for the next event
 * (an async generator would only see it after that event).
 */
function mapAsyncIterator<T, U>(iterable: AsyncIterable<T>, fn: (value: T) => Promise<U>): AsyncIterableIterator<U> {
  const iterator = iterable[Symbol.asyncIterator]();
  const mapResult = async (result: IteratorResult<T>): Promise<IteratorResult<U>> => {
    if (result.done) return { value: undefined, done: true };
    try {
      return { value: await fn(result.value), done: false };
    } catch (error) {
      await iterator.return?.().catch(() => undefined);
      throw error;
    }
  };
  return {
    next: () => iterator.next().then(mapResult),
    return: () =>
      iterator.return ? iterator.return().then(mapResult) : Promise.resolve({ value: undefined, done: true }),
    throw: (error?: unknown) => (iterator.throw ? iterator.throw(error).then(mapResult) : Promise.reject(error)),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
