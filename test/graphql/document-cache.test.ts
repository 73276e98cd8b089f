// The cache of callers' GraphQL documents (/graphql, graphql-ws): a document
// is parsed and validated once, the cache's estimated memory never passes its
// bound however many distinct documents arrive, the least recently used goes
// first, and nothing a request fails on (budget, syntax) is kept.
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS } from '../../src/graphql/document-budget.ts';
import { DocumentCache, documentBytes } from '../../src/graphql/document-cache.ts';
import { schema } from '../../src/graphql/schema.ts';
import { createApp } from '../../src/http/app.ts';
import { useTestServer } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';

const doc = (i: number) => `query Q${i} { me { id displayName } }`;

describe('DocumentCache', () => {
  it('parses a source once and answers the same document object after', () => {
    const cache = new DocumentCache(schema);
    const first = cache.parse(doc(1));
    expect(cache.parse(doc(1))).toBe(first);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(documentBytes(doc(1), first));
  });

  it('validates a document once (the same result object), errors included', () => {
    const cache = new DocumentCache(schema);
    const bad = cache.parse('{ me { noSuchField } }');
    const errors = cache.validate(bad);
    expect(errors).toHaveLength(1);
    expect(cache.validate(bad)).toBe(errors);
    expect(cache.validate(cache.parse(doc(2)))).toEqual([]);
  });

  it('never holds more than its bound; the least recently used goes first', () => {
    const one = documentBytes(doc(0), parse(doc(0)));
    // Room for exactly three documents of this size (their numbers have one digit).
    const cache = new DocumentCache(schema, one * 3 + one / 2);
    for (const i of [1, 2, 3]) cache.parse(doc(i));
    cache.parse(doc(1)); // 1 is now the most recent: 2 goes next
    cache.parse(doc(4));
    expect(cache.size).toBe(3);
    expect(cache.get(doc(2))).toBeUndefined();
    expect(cache.get(doc(1))).toBeDefined();
    expect(cache.get(doc(3))).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    for (let i = 10; i < 1000; i++) cache.parse(doc(i));
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
  });

  it('a document larger than the whole bound is parsed but not kept', () => {
    const cache = new DocumentCache(schema, 1000);
    expect(cache.parse(doc(1)).kind).toBe('Document');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('keeps nothing a request fails on: budget refusals and syntax errors', () => {
    const cache = new DocumentCache(schema);
    const tooMany = `{ ${Array.from({ length: DOCUMENT_LIMITS.fields + 1 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    expect(() => cache.parse(tooMany)).toThrow(/more than 500 fields/);
    expect(() => cache.parse('{ me { ')).toThrow(/Syntax Error/);
    expect(cache.size).toBe(0);
  });

  it('estimates a document at the token budget in megabytes, an ordinary one in tens of kilobytes', () => {
    const atBudget = `{ ${Array.from({ length: 2400 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    expect(documentBytes(atBudget, parse(atBudget))).toBeGreaterThan(2_000_000);
    expect(documentBytes(doc(1), parse(doc(1)))).toBeLessThan(20_000);
  });
});

describe('the /graphql document cache under distinct documents', () => {
  const t = useTestServer({ env: { RATE_LIMIT_PER_MINUTE: '0' } });

  it('200 distinct valid documents leave the cache within its bound, and a cached document still answers', async () => {
    const { key } = await makeUserWithKey(t.db);
    const { app, documents } = createApp(t.services);
    const post = (query: string) =>
      app.request('/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
    // ~1,200 tokens each (~540 KB parsed): 200 of them would be ~110 MB if all were kept.
    const big = (i: number) => `query Big${i} { ${Array.from({ length: 400 }, (_, k) => `f${k}: __typename`).join(' ')} }`;
    for (let i = 0; i < 200; i++) {
      const res = await post(big(i));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect(documents.bytes).toBeLessThanOrEqual(documents.maxBytes);
    expect(documents.size).toBeLessThan(40);
    const again = await post(doc(1));
    expect(await again.json()).toEqual({ data: { me: { id: expect.any(Number), displayName: expect.any(String) } } });
    expect(documents.get(doc(1))).toBeDefined();
  }, 120_000);
});
