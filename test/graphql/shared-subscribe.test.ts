import { GraphQLInt, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, type ExecutionResult } from 'graphql';
import { createPubSub } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { sharedSubscribe } from '../../src/graphql/shared-subscribe.ts';

// A schema of its own: the test counts how often the payload's fields run.
function counterSchema() {
  const pubsub = createPubSub<{ tick: [payload: { n: number }] }>();
  const runs = { n: 0 };
  const Tick = new GraphQLObjectType({
    name: 'Tick',
    fields: {
      n: { type: GraphQLInt },
      label: {
        type: GraphQLString,
        args: { prefix: { type: GraphQLString } },
        resolve: (tick: { n: number }, args: { prefix?: string }) => {
          runs.n++;
          return `${args.prefix ?? ''}${tick.n}`;
        },
      },
    },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt, resolve: () => 1 } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: { ticks: { type: Tick, subscribe: () => pubsub.subscribe('tick'), resolve: (t: unknown) => t } },
    }),
  });
  return { schema, pubsub, runs };
}

const DOC = 'subscription S($prefix: String) { ticks { n label(prefix: $prefix) } }';

async function open(schema: GraphQLSchema, document: string, variableValues?: Record<string, unknown>) {
  const it = await sharedSubscribe({ schema, document: parse(document), variableValues, contextValue: {} });
  if (!(Symbol.asyncIterator in it)) throw new Error(`not a stream: ${JSON.stringify(it)}`);
  return it as AsyncIterableIterator<ExecutionResult>;
}

describe('sharedSubscribe', () => {
  it('runs an event once per distinct operation and variables, and every subscriber gets its own selection', async () => {
    const { schema, pubsub, runs } = counterSchema();
    const same = await Promise.all([open(schema, DOC), open(schema, DOC), open(schema, `  ${DOC}  `)]);
    const other = await open(schema, DOC, { prefix: '#' });
    const smaller = await open(schema, 'subscription { ticks { n } }');
    const nexts = [...same, other, smaller].map((it) => it.next());
    pubsub.publish('tick', { n: 7 });
    const results = (await Promise.all(nexts)).map((r) => r.value);
    for (const r of results.slice(0, 3)) expect(r).toEqual({ data: { ticks: { n: 7, label: '7' } } });
    expect(results[3]).toEqual({ data: { ticks: { n: 7, label: '#7' } } });
    expect(results[4]).toEqual({ data: { ticks: { n: 7 } } });
    // Three identical subscriptions (the same document after printing) share one run; the variant runs once more.
    expect(runs.n).toBe(2);

    // A second event is a new object: it runs again, once per operation.
    const again = [...same, other].map((it) => it.next());
    pubsub.publish('tick', { n: 8 });
    expect((await Promise.all(again)).map((r) => r.value.data.ticks.label)).toEqual(['8', '8', '8', '#8']);
    expect(runs.n).toBe(4);
    for (const it of [...same, other, smaller]) await it.return!();
  });

  it('an unsubscribe ends the stream while it waits for an event', async () => {
    const { schema } = counterSchema();
    const it = await open(schema, DOC);
    const pending = it.next();
    await expect(it.return!()).resolves.toEqual({ value: undefined, done: true });
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
  });

  it('returns the errors of a subscription that cannot start, as graphql-js does', async () => {
    const { schema } = counterSchema();
    const result = await sharedSubscribe({ schema, document: parse('subscription { nope }'), contextValue: {} });
    expect(Symbol.asyncIterator in result).toBe(false);
    expect((result as ExecutionResult).errors?.[0].message).toContain('nope');
  });
});
