// Property: random JSON bodies, query strings and path parameters thrown at
// every route (all route tables, the session routes and GraphQL) never
// produce a 5xx, and a refused request never changes the database.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes } from '../../src/http/app.ts';
import { MCP_ENDPOINT } from '../../src/mcp/http-endpoint.ts';
import { createTestServer } from '../support/app.ts';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';
import { isolatedDatabaseEnv, snapshotDb } from '../support/db-snapshot.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);

interface Target {
  method: string;
  /** Hono path with its prefix. */
  fullPath: string;
  queryKeys: string[];
  bodyKeys: string[];
}

/** Routes a caller owning nothing may legitimately succeed on, writing rows (the caller's own drafts and sessions, sign-out everywhere). */
const MAY_WRITE = new Set([
  'POST /api/auth/session',
  'POST /api/v1/drafts',
  'PATCH /api/v1/drafts/:id',
  'DELETE /api/v1/drafts/:id',
  'DELETE /api/auth/session',
]);

function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const js = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
    };
    return Object.keys(js.properties ?? {});
  } catch {
    return [];
  }
}

const TARGETS: Target[] = [
  ...allRoutes().map((r) => ({
    method: r.def.method,
    fullPath: r.fullPath,
    queryKeys: keysOf(r.def.query),
    bodyKeys: keysOf(r.def.body),
  })),
  { method: 'POST', fullPath: '/api/auth/session', queryKeys: [], bodyKeys: [] },
  { method: 'DELETE', fullPath: '/api/auth/session', queryKeys: ['all'], bodyKeys: [] },
  { method: 'GET', fullPath: '/api/session/verify', queryKeys: [], bodyKeys: [] },
  { method: 'POST', fullPath: '/graphql', queryKeys: [], bodyKeys: ['query', 'variables', 'operationName'] },
  {
    method: 'GET',
    fullPath: '/graphql',
    queryKeys: ['query', 'variables', 'extensions', 'operationName'],
    bodyKeys: [],
  },
  { method: 'POST', fullPath: MCP_ENDPOINT, queryKeys: [], bodyKeys: ['jsonrpc', 'id', 'method', 'params'] },
];

const scalar = fc.oneof(
  fc.integer({ min: -3, max: 40 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e308',
    '99999999999999999999',
    'true',
    'null',
    '',
    ' ',
    'Normal',
    'me',
    '%',
    '_',
    '\u0000',
    'x'.repeat(600),
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
);

const pathParam = fc.oneof(
  fc.integer({ min: 0, max: 30 }).map(String),
  scalar.map((s) => encodeURIComponent(s) || '1'),
);

function queryString(keys: string[]) {
  const key = keys.length
    ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 }))
    : fc.string({ maxLength: 8 });
  const structured = fc
    .array(fc.tuple(key, scalar), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs).toString());
  // Raw text too: broken percent-escapes, bare `&` and `=`.
  const raw = fc.string({ maxLength: 40 }).map((s) => s.replace(/[#\s]/g, ''));
  return fc.oneof(structured, raw, fc.constantFrom('%', '%E0%A4%A', 'a=%zz', '&&==', 'limit=1&limit=2'));
}

function jsonBody(keys: string[]) {
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    scalar,
    fc.integer(),
    fc.array(fc.integer({ min: -2, max: 30 }), { maxLength: 4 }),
  );
  const key = keys.length
    ? fc.oneof(fc.constantFrom(...keys, 'mentionedBy'), fc.string({ maxLength: 8 }))
    : fc.string({ maxLength: 8 });
  const shaped = fc.dictionary(key, value, { maxKeys: 6 }).map((o) => JSON.stringify(o));
  return fc.oneof(
    shaped,
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
    fc.string({ maxLength: 40 }),
    fc.constant(''),
  );
}

let t: Awaited<ReturnType<typeof createTestServer>>;
let dropDb: () => Promise<void> = async () => undefined;
let fuzzKey: string;

beforeAll(async () => {
  const isolated = await isolatedDatabaseEnv();
  dropDb = isolated.drop;
  t = await createTestServer({
    env: {
      ...isolated.env,
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_ANON_PER_MINUTE: '0',
      ADMIN_PASSWORD: 'fuzz-admin-password',
    },
  });
  // Another tenant's data under small ids, so random ids hit real rows of someone else.
  const owner = await makeUserWithKey(t.db, 'Owner');
  const team = await makeTeam(t.db, [owner.user.id]);
  const project = await makeProject(t.db, { memberIds: [owner.user.id], teamId: team.id, sections: ['Todo', 'Done'] });
  for (let i = 0; i < 3; i++) {
    await t.fetch('/api/v1/tasks', {
      method: 'POST',
      key: owner.key,
      json: { project_id: project.id, title: `Task ${i}` },
    });
  }
  await t.fetch('/api/mcp/comments', { method: 'POST', key: owner.key, json: { task_id: 1, text: 'hello' } });
  await t.fetch('/api/v1/drafts', { method: 'POST', key: owner.key, json: { project_id: project.id, title: 'draft' } });
  // The fuzzing caller belongs to nothing.
  fuzzKey = (await makeUserWithKey(t.db, 'Fuzzer')).key;
});
afterAll(async () => {
  await t?.close();
  await dropDb();
});

describe('random input at every route: no 5xx, no change when refused', () => {
  it('covers every route table', () => {
    expect(TARGETS.length).toBeGreaterThan(20);
  });

  it.each(TARGETS.map((r) => [`${r.method} ${r.fullPath}`, r] as const))(
    '%s',
    { timeout: 300_000 },
    async (name, target) => {
      const mayWrite = MAY_WRITE.has(name);
      const before = await snapshotDb(t);
      let wrote = false;
      const paramNames = [...target.fullPath.matchAll(/:(\w+)(\{[^}]*\})?/g)].map((m) => m[1]);
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathParam, { minLength: paramNames.length, maxLength: paramNames.length }),
          queryString(target.queryKeys),
          jsonBody(target.bodyKeys),
          fc.boolean(),
          async (params, qs, body, asJson) => {
            let i = 0;
            const path = target.fullPath.replace(/:\w+(\{[^}]*\})?/g, () => params[i++]);
            const url = `${path}${qs ? `?${qs}` : ''}`;
            const hasBody = target.method !== 'GET';
            const snapshot = mayWrite ? await snapshotDb(t) : null;
            const res = await t.fetch(url, {
              method: target.method,
              key: fuzzKey,
              headers: hasBody && asJson ? { 'content-type': 'application/json' } : {},
              body: hasBody ? body : undefined,
            });
            const text = await res.text();
            expect(res.status, `${target.method} ${url} ${body} → ${text.slice(0, 300)}`).toBeLessThan(500);
            if (
              res.status >= 400 &&
              res.headers.get('content-type')?.includes('json') &&
              (path.startsWith('/api/') || res.status === 401)
            ) {
              const parsed = JSON.parse(text);
              expect(parsed, `${url} → ${text.slice(0, 200)}`).toMatchObject({
                success: false,
                error: expect.any(String),
                details: expect.any(Object),
              });
            }
            if (snapshot) {
              if (res.status >= 400) expect(await snapshotDb(t), `${url} ${body}`).toEqual(snapshot);
              else wrote = true;
            }
          },
        ),
        { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
      );
      if (!wrote) expect(await snapshotDb(t), `${name} changed the database`).toEqual(before);
    },
  );
});
