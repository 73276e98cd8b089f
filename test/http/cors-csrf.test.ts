import { describe, expect, it } from 'vitest';
import { setPassword } from '../../src/domain/user.ts';
import { useTestApp } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeUserWithKey } from '../support/factories.ts';

const LISTED = 'https://dashboard.example';
const FOREIGN = 'https://evil.example';
const OWN = 'http://localhost';
const t = useTestApp({ env: { SESSION_SECRET: 'cors-csrf-test-secret-0123456789', CORS_ORIGINS: `${LISTED},https://other.example` } });

async function signedIn() {
  const { user, key } = await makeUserWithKey(t.db);
  await setPassword(t.db, user.email, 'a long enough password');
  const res = await t.fetch('/api/auth/login', { method: 'POST', json: { email: user.email, password: 'a long enough password' } });
  expect(res.status).toBe(200);
  return { user, key, cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

const preflight = (origin: string, path = '/graphql') =>
  t.fetch(path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

describe('CORS', () => {
  it('a listed origin: the preflight is answered without credentials, with credentials allowed', async () => {
    for (const path of ['/graphql', '/api/v1/drafts', '/api/auth/login']) {
      const res = await preflight(LISTED, path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toContain('content-type');
    }
  });

  it('an unknown origin gets no CORS headers (preflight or request)', async () => {
    const res = await preflight(FOREIGN);
    expect(res.status).toBe(204);
    expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    const { key } = await makeUserWithKey(t.db);
    const get = await t.fetch('/api/v1/user/context', { key, headers: { origin: FOREIGN } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a credentialed request from a listed origin is answered with its CORS headers', async () => {
    const s = await signedIn();
    const res = await t.fetch('/graphql', { method: 'POST', headers: { cookie: s.cookie, origin: LISTED }, json: { query: '{ me { id } }' } });
    expect(await res.json()).toEqual({ data: { me: { id: s.user.id } } });
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toContain('Origin');
  });
});

describe('CSRF: cookie-authenticated unsafe requests', () => {
  it('from a foreign origin or without an origin are refused (403, nothing written); own and listed pass', async () => {
    const s = await signedIn();
    const mutation = { query: 'mutation { createDraft { id } }' };
    const count = () => t.db.taskDraft.count({ where: { userId: s.user.id } });
    const cases: [string, Record<string, string>, number][] = [
      ['foreign Origin', { origin: FOREIGN }, 403],
      ['no Origin nor Referer', {}, 403],
      ['null Origin', { origin: 'null' }, 403],
      ['foreign Referer', { referer: `${FOREIGN}/page` }, 403],
    ];
    for (const [name, headers, status] of cases) {
      const res = await t.fetch('/graphql', { method: 'POST', headers: { cookie: s.cookie, ...headers }, json: mutation });
      expect(res.status, name).toBe(status);
      expect((await res.json()).errors[0].extensions, name).toMatchObject({ code: 'FORBIDDEN', field: 'origin', detail: 'csrf' });
    }
    expect(await count()).toBe(0);
    const rest = await t.fetch('/api/v1/drafts', { method: 'POST', headers: { cookie: s.cookie, origin: FOREIGN }, json: {} });
    await expectError(rest, 403, 'origin', 'csrf');
    const logout = await t.fetch('/api/auth/logout', { method: 'POST', headers: { cookie: s.cookie, origin: FOREIGN } });
    expect(logout.status).toBe(403);
    expect(await count()).toBe(0);

    for (const headers of [{ origin: OWN }, { origin: LISTED }, { referer: `${OWN}/board/1` }] as Record<string, string>[]) {
      const res = await t.fetch('/graphql', { method: 'POST', headers: { cookie: s.cookie, ...headers }, json: mutation });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    expect(await count()).toBe(3);
  });

  it('a cookie GET from a foreign origin is refused; without an Origin (a link) it passes', async () => {
    const s = await signedIn();
    const foreign = await t.fetch('/api/v1/user/context', { headers: { cookie: s.cookie, origin: FOREIGN } });
    await expectError(foreign, 403, 'origin', 'csrf');
    expect((await t.fetch('/api/v1/user/context', { headers: { cookie: s.cookie } })).status).toBe(200);
  });

  it('Bearer requests are unaffected by Origin', async () => {
    const { key } = await makeUserWithKey(t.db);
    const res = await t.fetch('/graphql', {
      method: 'POST',
      key,
      headers: { origin: FOREIGN },
      json: { query: 'mutation { createDraft { id } }' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.createDraft.id).toEqual(expect.any(Number));
  });
});
