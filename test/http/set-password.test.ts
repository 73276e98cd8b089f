import { describe, expect, it } from 'vitest';
import { createPasswordLink } from '../../src/domain/password-link.ts';
import { useTestApp } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeUser } from '../support/factories.ts';

// Client IPs come from X-Forwarded-For, so each test has an address of its own.
const t = useTestApp({ env: { SESSION_SECRET: 'set-password-test-secret-0123456789', TRUST_PROXY: 'true' } });
const PASSWORD = 'my very own password';
const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

function use(body: unknown, headers: Record<string, string> = {}) {
  return t.fetch('/api/auth/set-password', { method: 'POST', headers: { 'x-forwarded-for': freshIp(), ...headers }, json: body });
}

describe('POST /api/auth/set-password', () => {
  it('400 for a malformed body, naming the field', async () => {
    await expectError(await use({ password: PASSWORD }), 400, 'token');
    await expectError(await use({ token: 'pwl_x' }), 400, 'password');
    await expectError(await use({ token: 'pwl_x', password: 'short' }), 400, 'password');
    await expectError(await use({ token: 'pwl_x', password: PASSWORD, extra: 1 }), 400, 'extra', 'unknown_field');
    await expectError(await use({ token: 'pwl_unknown', password: PASSWORD }), 400, 'token', 'invalid_link');
  });

  it('a foreign Origin is 403 csrf and the link stays usable', async () => {
    const bare = await makeUser(t.db, 'Bare');
    const { token } = await createPasswordLink(t.db, bare.email);
    await expectError(await use({ token, password: PASSWORD }, { origin: 'https://evil.example' }), 403, 'origin', 'csrf');
    expect((await use({ token, password: PASSWORD })).status).toBe(200);
  });

  it('sets the password, signs in with the login cookies, works once; the password signs in later', async () => {
    const bare = await makeUser(t.db, 'Bare');
    const { token } = await createPasswordLink(t.db, bare.email);
    const res = await use({ token, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      user: { id: bare.id, email: bare.email, displayName: bare.displayName },
      expiresAt: expect.any(String),
    });
    expect(res.headers.getSetCookie().map((c) => c.split('=')[0]).sort()).toEqual(['nookies_user', 'svc_session']);
    const again = await use({ token, password: 'a second password' });
    expect(again.headers.getSetCookie()).toEqual([]);
    await expectError(again, 400, 'token', 'invalid_link');
    const login = await t.fetch('/api/auth/login', { method: 'POST', headers: { 'x-forwarded-for': freshIp() }, json: { email: bare.email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });
});
