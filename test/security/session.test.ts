import { describe, expect, it } from 'vitest';
import { parseIdentityCookie, parseCookies, isLocalHost } from '../../src/auth/cookies.ts';
import { readSessionToken, signSession } from '../../src/auth/session.ts';
import { revokeApiKey } from '../../src/domain/api-key.ts';
import { revokeSessions } from '../../src/domain/session.ts';
import { setPassword } from '../../src/domain/user.ts';
import { createTestApp, useTestServer } from '../support/app.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { cookieHeader, expect401, startSession, OWN_BUCKETS } from './session-helpers.ts';

const SECRET = 'test-session-secret-0123456789abcdef';
const t = useTestServer({ env: { SESSION_SECRET: SECRET, ...OWN_BUCKETS } });

const now = () => Math.floor(Date.now() / 1000);
const sign = (userId: number, sessionVersion: number, exp: number, secret = SECRET) =>
  signSession(Buffer.from(secret), { userId, sessionVersion, exp });

/** Paths the cookie rule is checked on: tool, REST, auth, GraphQL and public ones. */
const RULE_PATHS: [string, string][] = [
  ['GET', '/api/mcp/user/context'],
  ['GET', '/api/v1/user/context'],
  ['DELETE', '/api/auth/session'],
  ['POST', '/api/auth/session'],
  ['GET', '/api/session/verify'],
  ['GET', '/api/openapi.json'],
  ['GET', '/api/users/search?q=a'],
];

describe('POST /api/auth/session', () => {
  it('needs credentials: none → 401, unknown key → 401', async () => {
    await expect401(await t.fetch('/api/auth/session', { method: 'POST' }));
    await expect401(await t.fetch('/api/auth/session', { method: 'POST', key: 'tsk_nope' }), { code: 'invalid_key' });
  });

  it('with a key sets svc_session (HttpOnly, SameSite=Lax, not Secure on 127.0.0.1) and nookies_user', async () => {
    const { user, key } = await makeUserWithKey(t.db, 'Sam');
    const s = await startSession(t, key);
    expect(s.body).toEqual({
      success: true,
      user: { id: user.id, email: user.email, displayName: user.displayName },
      expiresAt: expect.any(String),
    });
    const expires = new Date(s.body.expiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    const [session, identity] = s.setCookies;
    expect(session).toMatch(/^svc_session=v1\.[\w-]+\.[\w-]+; Path=\/; Max-Age=604800; SameSite=Lax; HttpOnly$/);
    expect(identity).toBe(
      `nookies_user=${encodeURIComponent(JSON.stringify({ id: user.id }))}; Path=/; Max-Age=604800; SameSite=Lax`,
    );
    expect(readSessionToken(Buffer.from(SECRET), s.token)).toMatchObject({
      ok: true,
      claims: { userId: user.id, sessionVersion: 0 },
    });
  });

  it('cookies are Secure when the host is not local', async () => {
    const other = await createTestApp({ env: { SESSION_SECRET: SECRET } });
    try {
      const { key } = await makeUserWithKey(other.db);
      const res = await other.fetch('http://tasks.example.com/api/auth/session', { method: 'POST', key });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toHaveLength(2);
      for (const c of res.headers.getSetCookie()) expect(c).toMatch(/; Secure$/);
      const onLocalhost = await other.fetch('http://localhost:3000/api/auth/session', { method: 'POST', key });
      expect(onLocalhost.headers.getSetCookie()).toHaveLength(2);
      for (const c of onLocalhost.headers.getSetCookie()) expect(c).not.toMatch(/Secure/);
    } finally {
      await other.close();
    }
  });

  it('a session cannot mint another session (API key required)', async () => {
    const { key } = await makeUserWithKey(t.db);
    const s = await startSession(t, key);
    await expect401(await t.fetch('/api/auth/session', { method: 'POST', headers: { cookie: s.cookie, origin: t.url } }), {
      code: 'key_required',
    });
  });
});

describe('a signed session authenticates without a key', () => {
  it('on tool, REST and GraphQL routes as its user', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const s = await startSession(t, key);
    const ctx = await t.fetch('/api/mcp/user/context', { headers: { cookie: s.cookie } });
    expect(ctx.status).toBe(200);
    expect((await ctx.json()).id).toBe(user.id);
    // svc_session alone (no nookies_user) is enough too.
    const only = await t.fetch('/api/v1/user/context', { headers: { cookie: cookieHeader({ session: s.token }) } });
    expect(only.status).toBe(200);
    const gql = await t.fetch('/graphql', {
      method: 'POST',
      headers: { cookie: s.cookie, origin: t.url },
      json: { query: '{ me { id } }' },
    });
    expect(await gql.json()).toEqual({ data: { me: { id: user.id } } });
  });

  it('ends when the key that started it is revoked (a leaked key cannot outlive its revocation as a session)', async () => {
    const { keyId, key } = await makeUserWithKey(t.db);
    const other = await makeUserWithKey(t.db);
    const s = await startSession(t, key);
    const bystander = await startSession(t, other.key);
    expect((await t.fetch('/api/mcp/user/context', { headers: { cookie: s.cookie } })).status).toBe(200);
    await revokeApiKey(t.db, keyId);
    await expect401(await t.fetch('/api/mcp/user/context', { headers: { cookie: s.cookie } }), {
      code: 'revoked_session',
    });
    expect((await t.fetch('/api/mcp/user/context', { headers: { cookie: bystander.cookie } })).status).toBe(200);
  });
});

describe('the nookies_user rule (spec 5.3)', () => {
  it.each(RULE_PATHS)(
    '%s %s: nookies_user without svc_session → 401 and both cookies cleared',
    async (method, path) => {
      const { user } = await makeUserWithKey(t.db);
      const res = await t.fetch(path, { method, headers: { cookie: cookieHeader({ identity: user.id }) } });
      await expect401(res, { field: 'nookies_user', code: 'unsigned_identity' });
      expect(res.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(['svc_session=', 'nookies_user=']);
    },
  );

  it.each(RULE_PATHS)('%s %s: forged, tampered, expired, revoked or mismatched cookies → 401', async (method, path) => {
    const a = await makeUserWithKey(t.db, 'A');
    const b = await makeUserWithKey(t.db, 'B');
    const sa = await startSession(t, a.key);
    const sb = await startSession(t, b.key);
    const [head, payload, sig] = sa.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ uid: b.user.id, sv: 0, exp: now() + 3600 })).toString(
      'base64url',
    );
    const cases: [string, string, string][] = [
      ['malformed identity', cookieHeader({ identity: 'not-json', session: sa.token }), 'malformed_identity'],
      [
        'identity without id',
        cookieHeader({ identity: encodeURIComponent('{"user":1}'), session: sa.token }),
        'malformed_identity',
      ],
      ['unsigned session', cookieHeader({ identity: a.user.id, session: `${head}.${payload}` }), 'invalid_session'],
      [
        'plain JSON session',
        cookieHeader({ identity: a.user.id, session: encodeURIComponent(`{"id":${a.user.id}}`) }),
        'invalid_session',
      ],
      [
        'tampered payload',
        cookieHeader({ identity: b.user.id, session: `${head}.${forgedPayload}.${sig}` }),
        'invalid_session',
      ],
      [
        'tampered signature',
        // The first character changed: every bit of it is signature (the last one's low bits are
        // padding, so replacing the end by "AA" left a signature ending in A–D unchanged, 1 in 1,024).
        cookieHeader({ identity: a.user.id, session: `${head}.${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}` }),
        'invalid_session',
      ],
      [
        'other secret',
        cookieHeader({ identity: a.user.id, session: sign(a.user.id, 0, now() + 60, 'another-secret-0123456789') }),
        'invalid_session',
      ],
      ['expired', cookieHeader({ identity: a.user.id, session: sign(a.user.id, 0, now() - 1) }), 'expired_session'],
      [
        'stale version',
        cookieHeader({ identity: a.user.id, session: sign(a.user.id, 7, now() + 60) }),
        'revoked_session',
      ],
      ['unknown user', cookieHeader({ identity: 987654, session: sign(987654, 0, now() + 60) }), 'revoked_session'],
      ['mismatched ids', cookieHeader({ identity: a.user.id, session: sb.token }), 'session_mismatch'],
    ];
    for (const [name, cookie, code] of cases) {
      const res = await t.fetch(path, { method, headers: { cookie } });
      expect(res.status, name).toBe(401);
      expect((await res.json()).details.code, name).toBe(code);
    }
  });

  it('a valid svc_session with a matching nookies_user passes; one that went stale after DELETE ?all=true does not', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const s = await startSession(t, key);
    expect((await t.fetch('/api/mcp/user/context', { headers: { cookie: s.cookie } })).status).toBe(200);
    const out = await t.fetch('/api/auth/session?all=true', { method: 'DELETE', headers: { cookie: s.cookie, origin: t.url } });
    expect(out.status).toBe(200);
    expect(await out.json()).toMatchObject({ success: true, revoked_all: true });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(1);
    await expect401(await t.fetch('/api/mcp/user/context', { headers: { cookie: s.cookie } }), {
      code: 'revoked_session',
    });
    // A new session works again.
    const again = await startSession(t, key);
    expect((await t.fetch('/api/mcp/user/context', { headers: { cookie: again.cookie } })).status).toBe(200);
  });

  it('Bearer-key requests ignore cookies: a valid key with forged cookies passes, a bad key with a valid session does not', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const s = await startSession(t, key);
    const forged = await t.fetch('/api/mcp/user/context', {
      key,
      headers: { cookie: cookieHeader({ identity: user.id + 1 }) },
    });
    expect(forged.status).toBe(200);
    expect((await forged.json()).id).toBe(user.id);
    await expect401(await t.fetch('/api/mcp/user/context', { key: 'tsk_wrong', headers: { cookie: s.cookie } }), {
      code: 'invalid_key',
    });
  });

  it('GraphQL answers a forged identity with a 401 GraphQL error', async () => {
    const { user } = await makeUserWithKey(t.db);
    const res = await t.fetch('/graphql', {
      method: 'POST',
      headers: { cookie: cookieHeader({ identity: user.id }) },
      json: { query: '{ me { id } }' },
    });
    expect(res.status).toBe(401);
    expect((await res.json()).errors[0].extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      field: 'nookies_user',
      detail: 'unsigned_identity',
    });
  });
});

describe('DELETE /api/auth/session', () => {
  it('needs credentials, clears both cookies, validates ?all', async () => {
    await expect401(await t.fetch('/api/auth/session', { method: 'DELETE' }));
    const { key } = await makeUserWithKey(t.db);
    const s = await startSession(t, key);
    const bad = await t.fetch('/api/auth/session?all=maybe', { method: 'DELETE', headers: { cookie: s.cookie, origin: t.url } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).details).toEqual({ field: 'all', code: 'invalid_value' });
    const res = await t.fetch('/api/auth/session', { method: 'DELETE', headers: { cookie: s.cookie, origin: t.url } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, revoked_all: false });
    const cleared = res.headers.getSetCookie();
    expect(cleared).toHaveLength(2);
    for (const c of cleared)
      expect(c).toMatch(/^(svc_session|nookies_user)=; Path=\/; Max-Age=0; SameSite=Lax; Expires=Thu, 01 Jan 1970/);
  });
});

describe('GET /api/session/verify', () => {
  it('reports missing, valid and invalid sessions', async () => {
    const missing = await t.fetch('/api/session/verify');
    expect(missing.status).toBe(200);
    expect(await missing.json()).toEqual({
      success: true,
      valid: false,
      user: null,
      expiresAt: null,
      reason: 'missing',
    });

    const { user, key } = await makeUserWithKey(t.db);
    const s = await startSession(t, key);
    const ok = await t.fetch('/api/session/verify', { headers: { cookie: s.cookie } });
    expect(await ok.json()).toEqual({
      success: true,
      valid: true,
      user: { id: user.id, email: user.email, displayName: user.displayName },
      expiresAt: s.body.expiresAt,
      reason: null,
    });

    const expired = await t.fetch('/api/session/verify', {
      headers: { cookie: cookieHeader({ session: sign(user.id, 0, now() - 5) }) },
    });
    expect(await expired.json()).toMatchObject({ valid: false, user: null, reason: 'expired' });
    expect(expired.headers.getSetCookie()).toHaveLength(2);
    const tampered = await t.fetch('/api/session/verify', {
      headers: { cookie: cookieHeader({ session: `${s.token}x` }) },
    });
    expect(await tampered.json()).toMatchObject({ valid: false, reason: 'bad_signature' });
  });

  it('with a forged nookies_user → 401 (spec 5.3)', async () => {
    const { user } = await makeUserWithKey(t.db);
    await expect401(
      await t.fetch('/api/session/verify', {
        headers: { cookie: cookieHeader({ identity: user.id, session: 'v1.x.y' }) },
      }),
    );
  });
});

describe('without SESSION_SECRET', () => {
  // On disk the secret is kept in the data directory (test/cli/session-secret.test.ts); in memory it is per
  // process (production refuses that: test/runtime/config.test.ts).
  it('development, data directory in memory: a per-process secret is used: sessions work', async () => {
    const dev = await createTestApp({ env: { NODE_ENV: 'development', SESSION_SECRET: '' } });
    try {
      const { user, key } = await makeUserWithKey(dev.db);
      const s = await startSession(dev, key);
      const res = await dev.fetch('/api/mcp/user/context', { headers: { cookie: s.cookie } });
      expect((await res.json()).id).toBe(user.id);
      // Signed with the configured secret of another server: refused.
      await expect401(
        await dev.fetch('/api/mcp/user/context', {
          headers: { cookie: cookieHeader({ session: sign(user.id, 0, now() + 60) }) },
        }),
      );
    } finally {
      await dev.close();
    }
  });
});

describe('signing in with the cookies of an ended session', () => {
  it('a revoked or forged session in the browser does not refuse the sign-in that replaces it', async () => {
    const { user, key } = await makeUserWithKey(t.db, 'Returning');
    await setPassword(t.db, user.email, 'a password long enough');
    const old = await startSession(t, key);
    await revokeSessions(t.db, user.id);
    // The old cookies still refuse everything else (and are cleared)…
    await expect401(await t.fetch('/api/mcp/user/context', { headers: { cookie: old.cookie } }), { code: 'revoked_session' });
    // …but signing in with them goes through: new cookies, which work.
    for (const cookie of [old.cookie, cookieHeader({ identity: user.id, session: 'v1.forged.cookie' })]) {
      const res = await t.fetch('/api/auth/login', {
        method: 'POST',
        headers: { cookie, origin: t.url },
        json: { email: user.email, password: 'a password long enough' },
      });
      expect(res.status).toBe(200);
      const fresh = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      expect((await (await t.fetch('/api/mcp/user/context', { headers: { cookie: fresh } })).json()).id).toBe(user.id);
    }
    // A wrong password with them is still the sign-in's own 401.
    const wrong = await t.fetch('/api/auth/login', {
      method: 'POST',
      headers: { cookie: old.cookie, origin: t.url },
      json: { email: user.email, password: 'not the password' },
    });
    expect((await wrong.json()).details.code).toBe('invalid_credentials');
  });
});

describe('cookie and token parsing', () => {
  it('reads cookies and identity values strictly', () => {
    expect(parseCookies('a=1; svc_session=x.y.z; a=2')).toEqual(
      new Map([
        ['a', '1'],
        ['svc_session', 'x.y.z'],
      ]),
    );
    expect(parseIdentityCookie(encodeURIComponent('{"id":5}'))).toBe(5);
    expect(parseIdentityCookie('{"id":"7"}')).toBe(7);
    for (const bad of ['{"id":0}', '{"id":-1}', '{"id":1.5}', '{"id":"x"}', '[5]', '5', '%E0%A4%A', '{"id":1e400}']) {
      expect(parseIdentityCookie(bad), bad).toBeNull();
    }
    expect([
      isLocalHost('localhost:3000'),
      isLocalHost('127.0.0.1'),
      isLocalHost('[::1]:80'),
      isLocalHost('localhost.evil.com'),
    ]).toEqual([true, true, true, false]);
  });

  it('refuses tokens of the wrong shape, signature length or expiry', () => {
    const secret = Buffer.from(SECRET);
    const good = sign(3, 0, now() + 60);
    expect(readSessionToken(secret, good)).toMatchObject({ ok: true });
    expect(readSessionToken(secret, good.slice(0, -1))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(readSessionToken(secret, `v2${good.slice(2)}`)).toEqual({ ok: false, reason: 'malformed' });
    expect(readSessionToken(secret, sign(3, 0, now()))).toEqual({ ok: false, reason: 'expired' });
    expect(readSessionToken(secret, 'x'.repeat(2000))).toEqual({ ok: false, reason: 'malformed' });
  });
});
