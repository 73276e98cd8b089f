// A GraphQL document's cost is bounded before validation and execution: size,
// tokens, nesting, fields (aliases and __typename included) and list depth.
// Over any budget: 400 with a VALIDATION error naming `query`, never a 5xx or
// a stack, with /healthz answering meanwhile; the same on graphql-ws.
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS, sourceNesting } from '../../src/graphql/document-budget.ts';
import { maskUnexpectedErrors } from '../../src/graphql/mask-errors.ts';
import { createLogger } from '../../src/logger.ts';
import { GraphQLError } from 'graphql';
import { useTestServer } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { healthzBudgetMs, probeWhile } from '../support/responsiveness.ts';
import { RawGraphqlWs } from '../support/raw-graphql-ws.ts';
import { OWN_BUCKETS } from '../security/session-helpers.ts';

// Development mode, the default NODE_ENV: no stack may reach a client in it either.
const t = useTestServer({ env: { ...OWN_BUCKETS, NODE_ENV: 'development' } });

const aliases = (n: number, field = '__typename') => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
const duplicates = (n: number) => `{ ${'a: me { id } '.repeat(n)}}`;
const nestedSelection = (n: number) => `{ me ${'{ id '.repeat(n)}${'}'.repeat(n)} }`;
const listLiteral = (n: number) => `{ projects(search: ${'['.repeat(n)}"x"${']'.repeat(n)}) { total } }`;
const variables = (n: number) => `query(${Array.from({ length: n }, (_, i) => `$v${i}: Int`).join(' ')}) { me { id } }`;
const bytes = (n: number) => {
  const base = '{ me { id } } #';
  return base + 'x'.repeat(n - base.length);
};

async function graphql(key: string, query: string) {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const text = await res.text();
  expect(text, 'no stack trace').not.toMatch(/\bat .+:\d+:\d+|stack/);
  return { status: res.status, body: JSON.parse(text) };
}

function expectRefused(answer: { status: number; body: any }, detail: string) {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
  expect(answer.body.data ?? null).toBeNull();
  expect(answer.body.errors).toEqual([
    expect.objectContaining({ extensions: { code: 'VALIDATION', field: 'query', detail } }),
  ]);
}

describe('GraphQL document budgets over HTTP', () => {
  it('fields (aliases and __typename count): at the limit it runs, one over → too_many_fields', async () => {
    const { key } = await makeUserWithKey(t.db);
    const at = await graphql(key, aliases(DOCUMENT_LIMITS.fields));
    expect(at.status).toBe(200);
    expect(Object.keys(at.body.data)).toHaveLength(DOCUMENT_LIMITS.fields);
    expectRefused(await graphql(key, aliases(DOCUMENT_LIMITS.fields + 1)), 'too_many_fields');
    expectRefused(await graphql(key, duplicates(DOCUMENT_LIMITS.fields)), 'too_many_fields');
  });

  it('tokens, size, nesting and list depth: one over each limit → 400 naming query', async () => {
    const { key } = await makeUserWithKey(t.db);
    // 4 tokens a variable + 9 around them.
    const perVariable = 4;
    const underTokens = Math.floor((DOCUMENT_LIMITS.tokens - 9) / perVariable);
    expect((await graphql(key, variables(underTokens))).body.errors?.[0]?.extensions?.detail).not.toBe('too_many_tokens');
    expectRefused(await graphql(key, variables(underTokens + 1)), 'too_many_tokens');
    expect((await graphql(key, bytes(DOCUMENT_LIMITS.bytes))).status).toBe(200);
    expectRefused(await graphql(key, bytes(DOCUMENT_LIMITS.bytes + 1)), 'too_large');
    // `{ me` opens 1 level: the selection of n levels nests n + 1.
    expect((await graphql(key, nestedSelection(DOCUMENT_LIMITS.nesting - 1))).body.errors[0].extensions.detail).not.toBe('too_deep');
    expectRefused(await graphql(key, nestedSelection(DOCUMENT_LIMITS.nesting)), 'too_deep');
    expect((await graphql(key, listLiteral(DOCUMENT_LIMITS.listDepth))).body.errors[0].extensions.detail).not.toBe('list_too_deep');
    expectRefused(await graphql(key, listLiteral(DOCUMENT_LIMITS.listDepth + 1)), 'list_too_deep');
  });

  it('hostile documents (10,000 duplicate aliases, 50,000 __typename, 16,000 levels, deep lists) answer 400 while /healthz answers', async () => {
    const { key } = await makeUserWithKey(t.db);
    const hostile: [string, string][] = [
      [duplicates(10_000), 'too_many_tokens'],
      [aliases(50_000), 'too_large'],
      [`{${'a{'.repeat(16_000)}b${'}'.repeat(16_000)}}`, 'too_deep'],
      [listLiteral(5000), 'too_deep'],
      [`query { me { id } } ${'fragment F on User { id } '.repeat(3000)}`, 'too_many_tokens'],
    ];
    for (const [query, detail] of hostile) {
      const probe = await probeWhile(t.url, () => graphql(key, query));
      expectRefused(probe.result, detail);
      expect(probe.slowestProbeMs, detail).toBeLessThan(healthzBudgetMs());
    }
  });

  it('the source scan skips strings, block strings and comments', () => {
    expect(sourceNesting('{ a(s: "{{{{", t: """ [[[ \\""" ((( """) # {{{{\n { b } }', 5)).toBe(2);
    expect(sourceNesting('{ a { b { c } } }', 1)).toBe(2);
  });
});

describe('GraphQL document budgets over graphql-ws', () => {
  it('an over-budget operation is refused with the same error; the socket stays usable', async () => {
    const { key } = await makeUserWithKey(t.db);
    const ws = new RawGraphqlWs(t.url);
    try {
      await ws.init({ authorization: `Bearer ${key}` });
      ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: aliases(DOCUMENT_LIMITS.fields + 1) } }));
      expect(await ws.next()).toMatchObject({
        message: { type: 'error', id: '1', payload: [{ extensions: { code: 'VALIDATION', field: 'query', detail: 'too_many_fields' } }] },
      });
      ws.send(JSON.stringify({ id: '2', type: 'subscribe', payload: { query: `{${'a{'.repeat(16_000)}b${'}'.repeat(16_000)}}` } }));
      expect(await ws.next()).toMatchObject({ message: { type: 'error', id: '2', payload: [{ extensions: { detail: 'too_deep' } }] } });
      ws.send(JSON.stringify({ id: '3', type: 'subscribe', payload: { query: '{ me { id } }' } }));
      expect(await ws.next()).toMatchObject({ message: { type: 'next', id: '3', payload: { data: { me: { id: expect.anything() } } } } });
    } finally {
      ws.close();
    }
  });

  it('unexpected errors of socket operations are masked like on HTTP', () => {
    const logger = createLogger({ LOG_LEVEL: 'silent' });
    const crash = new GraphQLError('boom at db.ts:1:2', { originalError: new TypeError('boom') });
    const intended = new GraphQLError('Task not found', { extensions: { code: 'NOT_FOUND' } });
    const masked = maskUnexpectedErrors({ data: null, errors: [crash, intended] }, logger);
    expect(masked.errors?.map((e) => e.message)).toEqual(['Unexpected error.', 'Task not found']);
    expect(masked.errors?.[0].extensions).toEqual({ code: 'INTERNAL' });
  });
});
