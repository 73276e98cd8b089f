import {
  type ExecutionArgs,
  type ExecutionResult,
  createSourceEventStream,
  execute,
  getOperationAST,
  print,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * graphql-js's `subscribe`, except that one event is executed once per
 * distinct operation: subscribers that sent the same document, operation name
 * and variables share the result instead of each running the selection set
 * again. A project dashboard with 200 open tabs then costs one execution per
 * event, not 200.
 *
 * Sound because subscription payload types resolve from the event alone (the
 * `TaskEvent` fields expose the event's own values and carry no per-viewer
 * rule): who may receive an event is decided before execution, by the
 * subscription field's `subscribe` (access check and event filter per
 * subscriber). A payload type whose fields depend on the viewer must not be
 * added without keying the share by viewer.
 */
export async function sharedSubscribe(
  args: ExecutionArgs,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const source = await createSourceEventStream(args);
  if (!isAsyncIterable(source)) return source;
  const key = operationKey(args);
  return mapAsyncIterator(source, (payload) => executeShared(payload, key, args));
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
  const run = async () => execute({ ...args, rootValue: payload }) as ExecutionResult | Promise<ExecutionResult>;
  // Every subscriber of a pub/sub topic receives the same event object; other payloads run alone.
  if (typeof payload !== 'object' || payload === null) return run();
  let byKey = sharedResults.get(payload);
  if (!byKey) sharedResults.set(payload, (byKey = new Map()));
  let result = byKey.get(key);
  if (!result) byKey.set(key, (result = run()));
  return result;
}

/** What makes two subscriptions' executions of one event identical. */
function operationKey(args: ExecutionArgs): string {
  const operation = getOperationAST(args.document, args.operationName);
  return JSON.stringify([print(args.document), operation?.name?.value ?? null, args.variableValues ?? null]);
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
