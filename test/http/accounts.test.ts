import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/auth/password.ts';
import { ACCOUNT_DELAYS } from '../../src/domain/login-throttle.ts';
import { setPassword } from '../../src/domain/user.ts';
import { useTestApp } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeUser, makeUserWithKey } from '../support/factories.ts';

// Client IPs come from X-Forwarded-For here, so each test has an address of its own.
const t = useTestApp({ env: { SESSION_SECRET: 'accounts-test-secret-0123456789', TRUST_PROXY: 'true' } });
const ORIGIN = 'http://localhost';
const PASSWORD = 'correct horse battery staple';

const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

async function userWithPassword(name = 'Person') {
  const user = await makeUser(t.db, name);
  await setPassword(t.db, user.email, PASSWORD);
  return user;
}

function login(body: unknown, ip = freshIp(), headers: Record<string, string> = {}) {
  return t.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip, ...headers },
    json: body,
  });
}

/** The `Cookie` header a browser sends back after a response that set cookies. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function gql(cookie: string, query: string, variables: Record<string, unknown> = {}) {
  return t.fetch('/graphql', { method: 'POST', headers: { cookie, origin: ORIGIN }, json: { query, variables } });
}

describe('passwords', () => {
  it('are stored as self-describing scrypt strings and verified in constant time', async () => {
    const stored = await hashPassword('secret-1');
    expect(stored).toMatch(/^scrypt\$16384\$8\$5\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('secret-1')).not.toBe(stored); // salted
    expect(await verifyPassword('secret-1', stored)).toBe(true);
    expect(await verifyPassword('secret-2', stored)).toBe(false);
    expect(await verifyPassword('secret-1', null)).toBe(false);
    expect(await verifyPassword('secret-1', 'scrypt$1048577$8$5$abc$def')).toBe(false);
  });
});

describe('POST /api/auth/login', () => {
  it('400 for a malformed body, before any password work', async () => {
    await expectError(await login({ email: 'a@b.c' }), 400, 'password');
    await expectError(await login({ email: 'a@b.c', password: 'x'.repeat(1025) }), 400, 'password');
    await expectError(await login({ password: 'x' }), 400, 'email');
    const notJson = await t.fetch('/api/auth/login', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    await expectError(notJson, 400, 'body', 'invalid_json');
  });

  it('a wrong password and an unknown email get the identical 401 (with WWW-Authenticate)', async () => {
    const user = await userWithPassword();
    const wrong = await login({ email: user.email, password: 'not the password' });
    const unknown = await login({ email: `nobody-${randomUUID()}@test.local`, password: 'not the password' });
    const noPassword = await makeUser(t.db);
    const passwordless = await login({ email: noPassword.email, password: 'anything at all' });
    const bodies = [];
    for (const res of [wrong, unknown, passwordless]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="tasksvc"');
      expect(res.headers.getSetCookie()).toEqual([]);
      bodies.push(await res.json());
    }
    expect(bodies[0]).toEqual({
      success: false,
      error: 'UNAUTHENTICATED',
      message: 'Wrong email or password.',
      details: { field: 'credentials', code: 'invalid_credentials' },
    });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('an unknown email costs a password hash like a wrong password (same timing class)', async () => {
    const user = await userWithPassword();
    const time = async (email: string) => {
      const started = performance.now();
      await login({ email, password: 'not the password' });
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await time(user.email));
      unknown.push(await time(`nobody-${randomUUID()}@test.local`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1];
    // A ratio within one run, with a wide margin: without the dummy hash it is below 0.1.
    expect(median(unknown) / median(wrong)).toBeGreaterThan(0.33);
  });

  it('signs in: 200 {success, user}, the spec 5.3 cookies, and the session works', async () => {
    const user = await userWithPassword();
    const res = await login({ email: user.email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      success: true,
      user: { id: user.id, email: user.email, displayName: user.displayName },
      expiresAt: expect.any(String),
    });
    const [session, identity] = res.headers.getSetCookie();
    expect(session).toMatch(/^svc_session=v1\.[\w-]+\.[\w-]+; Path=\/; Max-Age=604800; SameSite=Lax; HttpOnly$/);
    expect(identity).toMatch(/^nookies_user=[^;]+; Path=\/; Max-Age=604800; SameSite=Lax$/);
    const me = await gql(cookiesOf(res), '{ me { id } }');
    expect(await me.json()).toEqual({ data: { me: { id: user.id } } });
  });

  it('cookies are Secure when the host is not local', async () => {
    const user = await userWithPassword();
    const res = await t.fetch('http://tasks.example.com/api/auth/login', {
      method: 'POST',
      headers: { 'x-forwarded-for': freshIp() },
      json: { email: user.email, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    for (const c of res.headers.getSetCookie()) expect(c).toMatch(/; Secure$/);
  });

  it('a foreign Origin cannot sign a visitor in (login CSRF)', async () => {
    const user = await userWithPassword();
    const res = await login({ email: user.email, password: PASSWORD }, freshIp(), { origin: 'https://evil.example' });
    await expectError(res, 403, 'origin', 'csrf');
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe('throttling', () => {
  it('failures close the account from that address with growing delays, for unknown emails alike; success clears the count', async () => {
    // Failures up to a delay of a minute (earlier delays are moved into the past rather than
    // waited for), so that a slow machine cannot outlast the delay before the next attempt.
    const failures = ACCOUNT_DELAYS.findIndex((d) => d >= 60);
    const user = await userWithPassword();
    const ghost = `ghost-${randomUUID()}@test.local`;
    const from = freshIp();
    for (const email of [user.email, ghost]) {
      for (let i = 0; i < failures; i++) {
        expect((await login({ email, password: 'wrong password' }, from)).status).toBe(401);
        if (i < failures - 1) {
          await t.db.loginThrottle.update({ where: { key: `pair:${email}|${from}` }, data: { lockedUntil: new Date(0) } });
        }
      }
      // Closed now: even the right password waits (and the answer does not say whether the account exists).
      const closed = await login({ email, password: PASSWORD }, from);
      const body = await expectError(closed, 429, null, 'login_throttled');
      expect(body.error).toBe('RATE_LIMITED');
      expect(Number(closed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // The delay passes (moved into the past here rather than waited for).
    await t.db.loginThrottle.update({ where: { key: `pair:${user.email}|${from}` }, data: { lockedUntil: new Date(0) } });
    expect((await login({ email: user.email, password: PASSWORD }, from)).status).toBe(200);
    expect(await t.db.loginThrottle.findUnique({ where: { key: `pair:${user.email}|${from}` } })).toBeNull();
    // The next failure is the first again: no delay.
    expect((await login({ email: user.email, password: 'wrong password' }, from)).status).toBe(401);
    expect((await login({ email: user.email, password: PASSWORD }, from)).status).toBe(200);
  });

  it('delays grow with each failure in a row', async () => {
    const email = `grow-${randomUUID()}@test.local`;
    const from = freshIp();
    const key = `pair:${email}|${from}`;
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await login({ email, password: 'wrong password' }, from);
      expect(res.status).toBe(401);
      const row = await t.db.loginThrottle.findUniqueOrThrow({ where: { key } });
      delays.push(Math.max(0, Math.round((row.lockedUntil.getTime() - row.updatedAt.getTime()) / 1000)));
      await t.db.loginThrottle.update({ where: { key }, data: { lockedUntil: new Date(0) } });
    }
    expect(delays).toEqual(ACCOUNT_DELAYS.slice(1, 9));
  });
});

describe('sessions', () => {
  it('logout ends the session: its cookie is refused afterwards', async () => {
    const user = await userWithPassword();
    const cookie = cookiesOf(await login({ email: user.email, password: PASSWORD }));
    const out = await t.fetch('/api/auth/logout', { method: 'POST', headers: { cookie, origin: ORIGIN } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(['svc_session=', 'nookies_user=']);
    const after = await gql(cookie, '{ me { id } }');
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toBe('Bearer realm="tasksvc"');
    await expectError(await t.fetch('/api/auth/logout', { method: 'POST' }), 401, 'authorization');
  });

  it('are listed, revoked one by one, and signed out everywhere else', async () => {
    const user = await userWithPassword();
    const laptop = cookiesOf(await login({ email: user.email, password: PASSWORD }, freshIp(), { 'user-agent': 'Laptop' }));
    const phone = cookiesOf(await login({ email: user.email, password: PASSWORD }, freshIp(), { 'user-agent': 'Phone' }));
    const tablet = cookiesOf(await login({ email: user.email, password: PASSWORD }, freshIp(), { 'user-agent': 'Tablet' }));
    const list = (await (await gql(laptop, '{ sessions { id method userAgent current } }')).json()).data.sessions;
    expect(list.map((s: any) => [s.userAgent, s.method, s.current])).toEqual([
      ['Tablet', 'PASSWORD', false],
      ['Phone', 'PASSWORD', false],
      ['Laptop', 'PASSWORD', true],
    ]);
    const phoneId = list[1].id;
    expect(await (await gql(laptop, 'mutation($id: Int!) { revokeSession(id: $id) }', { id: phoneId })).json()).toEqual({
      data: { revokeSession: true },
    });
    expect((await gql(phone, '{ me { id } }')).status).toBe(401);
    expect((await gql(tablet, '{ me { id } }')).status).toBe(200);

    // Another user's session id is NOT_FOUND.
    const other = await userWithPassword();
    const otherCookie = cookiesOf(await login({ email: other.email, password: PASSWORD }));
    const foreign = await (await gql(otherCookie, 'mutation($id: Int!) { revokeSession(id: $id) }', { id: list[0].id })).json();
    expect(foreign.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await gql(tablet, '{ me { id } }')).status).toBe(200);

    expect(await (await gql(laptop, 'mutation { revokeOtherSessions }')).json()).toEqual({ data: { revokeOtherSessions: 1 } });
    expect((await gql(tablet, '{ me { id } }')).status).toBe(401);
    expect((await gql(laptop, '{ me { id } }')).status).toBe(200);
  });

  it('changePassword needs the current password and ends the other sessions', async () => {
    const user = await userWithPassword();
    const here = cookiesOf(await login({ email: user.email, password: PASSWORD }));
    const there = cookiesOf(await login({ email: user.email, password: PASSWORD }));
    const change = 'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }';
    const wrong = await (await gql(here, change, { c: 'not it', n: 'a new password' })).json();
    expect(wrong.errors[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'currentPassword', detail: 'wrong_password' });
    const short = await (await gql(here, change, { c: PASSWORD, n: 'short' })).json();
    expect(short.errors[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'newPassword' });
    expect(await (await gql(here, change, { c: PASSWORD, n: 'a new password' })).json()).toEqual({
      data: { changePassword: true },
    });
    expect((await gql(there, '{ me { id } }')).status).toBe(401);
    expect((await gql(here, '{ me { id } }')).status).toBe(200);
    expect((await login({ email: user.email, password: PASSWORD })).status).toBe(401);
    expect((await login({ email: user.email, password: 'a new password' })).status).toBe(200);
  });

  it('updateMe renames the viewer only (session or key); a bad name is VALIDATION on displayName', async () => {
    const user = await userWithPassword('Old Name');
    const neighbour = await makeUserWithKey(t.db, 'Neighbour');
    const here = cookiesOf(await login({ email: user.email, password: PASSWORD }));
    const rename = 'mutation($n: String!) { updateMe(displayName: $n) { id displayName } }';
    expect(await (await gql(here, rename, { n: ' New Name ' })).json()).toEqual({
      data: { updateMe: { id: user.id, displayName: 'New Name' } },
    });
    const long = await (await gql(here, rename, { n: 'x'.repeat(201) })).json();
    expect(long.errors[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'displayName' });
    const byKey = await t.fetch('/graphql', { method: 'POST', key: neighbour.key, json: { query: rename, variables: { n: 'Keyed' } } });
    expect((await byKey.json()).data.updateMe).toEqual({ id: neighbour.user.id, displayName: 'Keyed' });
    expect((await t.db.user.findUniqueOrThrow({ where: { id: user.id } })).displayName).toBe('New Name');
    const anonymous = await t.fetch('/graphql', { method: 'POST', json: { query: rename, variables: { n: 'Nobody' } } });
    expect(anonymous.status).toBe(401);
  });

  it('an API key cannot list sessions; a session made from a key may not manage them (403)', async () => {
    const { key } = await makeUserWithKey(t.db);
    const byKey = await t.fetch('/graphql', { method: 'POST', key, json: { query: '{ sessions { id } }' } });
    expect((await byKey.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const made = await t.fetch('/api/auth/session', { method: 'POST', key });
    const keySession = await (await gql(cookiesOf(made), '{ sessions { id } }')).json();
    expect(keySession.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', detail: 'key_session' });
  });
});

describe('WWW-Authenticate', () => {
  it('is on every 401: REST, tool routes, GraphQL and /mcp', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/user/context'],
      ['GET', '/api/mcp/user/context'],
      ['POST', '/graphql'],
      ['POST', '/mcp'],
    ]) {
      const res = await t.fetch(path, { method, ...(method === 'POST' ? { json: {} } : {}) });
      expect(res.status, path).toBe(401);
      expect(res.headers.get('www-authenticate'), path).toBe('Bearer realm="tasksvc"');
    }
  });
});
