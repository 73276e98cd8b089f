// Every route of every route table (allRoutes(): tool, REST and /api), the
// session routes and GraphQL answer 401 with the error body to every kind of
// missing or bad credential. Routes added later are covered automatically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSession } from '../../src/auth/session.ts';
import { revokeApiKey } from '../../src/domain/api-key.ts';
import { allRoutes } from '../../src/http/app.ts';
import { MCP_ENDPOINT } from '../../src/mcp/http-endpoint.ts';
import { createTestServer } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { isolatedDatabaseEnv, snapshotDb } from '../support/db-snapshot.ts';
import { cookieHeader, startSession } from './session-helpers.ts';

const SECRET = 'all-routes-secret-0123456789abcdef';
let t: Awaited<ReturnType<typeof createTestServer>>;
let isolated: Awaited<ReturnType<typeof isolatedDatabaseEnv>>;
const credentials: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  // Its own database: the before/after snapshots must not see other files' writes.
  isolated = await isolatedDatabaseEnv();
  // Limits off: this file sends hundreds of unauthenticated requests from one address.
  t = await createTestServer({
    env: {
      ...isolated.env,
      SESSION_SECRET: SECRET,
      ADMIN_PASSWORD: 'admin-password',
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_ANON_PER_MINUTE: '0',
    },
  });
  const a = await makeUserWithKey(t.db, 'A');
  const b = await makeUserWithKey(t.db, 'B');
  const revoked = await makeUserWithKey(t.db, 'Revoked');
  await revokeApiKey(t.db, revoked.keyId);
  const sessionB = await startSession(t, b.key);
  const [head, payload] = sessionB.token.split('.');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const otherSecret = signSession(Buffer.from('some-other-secret-0123456789'), {
    userId: a.user.id,
    sessionVersion: 0,
    exp,
  });
  Object.assign(credentials, {
    'no credentials': {},
    'malformed Authorization': { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    'unknown key': { authorization: 'Bearer tsk_this-key-does-not-exist' },
    'revoked key': { authorization: `Bearer ${revoked.key}` },
    'forged nookies_user': { cookie: cookieHeader({ identity: a.user.id }) },
    'unsigned svc_session': { cookie: cookieHeader({ identity: b.user.id, session: `${head}.${payload}` }) },
    'unsigned svc_session alone': { cookie: cookieHeader({ session: `${head}.${payload}` }) },
    'svc_session of another secret': { cookie: cookieHeader({ identity: a.user.id, session: otherSecret }) },
    'mismatched svc_session': { cookie: cookieHeader({ identity: a.user.id, session: sessionB.token }) },
  });
});
afterAll(async () => {
  await t?.close();
  await isolated?.drop();
});

/** Path with every parameter filled with a number (auth is checked before parameters are parsed). */
function concretePath(fullPath: string): string {
  return fullPath.replace(/:\w+(\{[^}]*\})?/g, '1');
}

const ROUTES: [string, string][] = [
  ...allRoutes().map((r) => [r.def.method, concretePath(r.fullPath)] as [string, string]),
  // The session routes are plain handlers (they set cookies).
  ['POST', '/api/auth/session'],
  ['DELETE', '/api/auth/session'],
  ['POST', '/api/auth/logout'],
  // The MCP Streamable HTTP endpoint.
  ['POST', MCP_ENDPOINT],
];
/** Public: answers without credentials, but presented bad credentials are still refused. */
const PUBLIC: [string, string][] = [
  ['GET', '/api/session/verify'],
  ['GET', '/api/openapi.json'],
  ['GET', '/docs'],
  ['POST', '/api/auth/login'],
];

async function call(method: string, path: string, headers: Record<string, string>) {
  const withBody = method !== 'GET' && method !== 'DELETE';
  return t.fetch(path, { method, headers, ...(withBody ? { json: {} } : {}) });
}

describe('every route refuses missing and bad credentials with 401 and the error body', () => {
  it('the route tables are not empty and include the /api table', () => {
    expect(ROUTES.length).toBeGreaterThan(10);
    expect(ROUTES).toContainEqual(['POST', '/api/resetUser']);
    expect(ROUTES).toContainEqual(['GET', '/api/users/search']);
  });

  it.each(ROUTES)('%s %s', async (method, path) => {
    const before = await snapshotDb(t);
    for (const [name, headers] of Object.entries(credentials)) {
      const res = await call(method, path, headers);
      expect(res.status, `${name}`).toBe(401);
      const body = await res.json();
      expect(body, name).toEqual({
        success: false,
        error: 'UNAUTHENTICATED',
        message: expect.any(String),
        details: { field: expect.any(String), code: expect.any(String) },
      });
    }
    expect(await snapshotDb(t)).toEqual(before);
  });

  it.each(PUBLIC)('public %s %s: bad credentials are still refused', async (method, path) => {
    for (const [name, headers] of Object.entries(credentials)) {
      if (name === 'no credentials') continue;
      // verify reports a bad svc_session sent alone itself (200, valid: false).
      if (path === '/api/session/verify' && name === 'unsigned svc_session alone') continue;
      // Signing in replaces the cookies the browser holds: refused cookies do not refuse it
      // (test/security/session.test.ts); a refused key still does.
      if (path === '/api/auth/login' && 'cookie' in headers) continue;
      const res = await call(method, path, headers);
      expect(res.status, name).toBe(401);
      expect((await res.json()).error, name).toBe('UNAUTHENTICATED');
    }
  });
});

describe('GraphQL over HTTP refuses missing and bad credentials with 401', () => {
  const requests: [string, string, unknown][] = [
    ['POST query', '/graphql', { query: '{ me { id email } }' }],
    ['POST mutation', '/graphql', { query: 'mutation { createApiKey(label: "x") { key } }' }],
    ['GET query', `/graphql?query=${encodeURIComponent('{ me { id } }')}`, undefined],
  ];
  it.each(requests)('%s', async (_name, path, json) => {
    const before = await snapshotDb(t);
    for (const [name, headers] of Object.entries(credentials)) {
      const res = await t.fetch(path, {
        method: json ? 'POST' : 'GET',
        headers: { accept: 'application/json', ...headers },
        json,
      });
      expect(res.status, name).toBe(401);
      const body = await res.json();
      expect(body.data, name).toBeUndefined();
      expect(body.errors[0], name).toMatchObject({
        message: expect.any(String),
        extensions: { code: 'UNAUTHENTICATED' },
      });
    }
    expect(await snapshotDb(t)).toEqual(before);
  });
});
