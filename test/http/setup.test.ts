// POST /api/auth/setup: the first run's setup link makes the first owner
// (an account with a password and a team it owns) and signs them in; it is
// open only while no account has a password, so it works once, even when
// two uses race. Each test file gets a database of its own (no other file's
// users with passwords), and each test its own app on it in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupToken } from '../../src/domain/first-owner.ts';
import { type TestApp, createTestApp } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeUser } from '../support/factories.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';

const PASSWORD = 'the first owner password';
const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

let isolated: IsolatedDatabase;
let t: TestApp;
let token: string;

beforeAll(async () => {
  isolated = await isolatedDatabase('setup_route');
  t = await createTestApp({
    env: { ...isolated.env, SESSION_SECRET: 'setup-route-test-secret-0123456789', TRUST_PROXY: 'true' },
  });
  token = setupToken(t.services.sessionKey.current);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await isolated?.drop();
});

function use(body: unknown, headers: Record<string, string> = {}) {
  return t.fetch('/api/auth/setup', {
    method: 'POST',
    headers: { 'x-forwarded-for': freshIp(), ...headers },
    json: body,
  });
}

const owner = (over: Record<string, unknown> = {}) => ({
  token,
  email: 'first@owner.test',
  displayName: 'Fay First',
  password: PASSWORD,
  ...over,
});

describe('POST /api/auth/setup', () => {
  it('400 for a malformed body, naming the field; an unknown field is refused', async () => {
    await expectError(await use(owner({ token: undefined })), 400, 'token');
    await expectError(await use(owner({ email: 'not an email' })), 400, 'email');
    await expectError(await use(owner({ displayName: '  ' })), 400, 'displayName');
    await expectError(await use(owner({ password: 'short' })), 400, 'password');
    await expectError(await use(owner({ teamTitle: 'x'.repeat(201) })), 400, 'teamTitle');
    await expectError(await use(owner({ role: 'admin' })), 400, 'role', 'unknown_field');
  });

  it('a wrong token is one invalid_link; a foreign Origin is 403 csrf; nothing is made', async () => {
    await expectError(await use(owner({ token: `${token.slice(0, -1)}x` })), 400, 'token', 'invalid_link');
    await expectError(await use(owner({ token: 'setup_' })), 400, 'token', 'invalid_link');
    await expectError(await use(owner(), { origin: 'https://evil.example' }), 403, 'origin', 'csrf');
    expect(await t.db.user.count({ where: { email: 'first@owner.test' } })).toBe(0);
  });

  it('a password-less account made by the CLI keeps the link open but its email cannot be taken over (409)', async () => {
    const bare = await makeUser(t.db, 'Bare');
    await expectError(await use(owner({ email: bare.email })), 409, 'email', 'duplicate');
    expect((await t.db.user.findUniqueOrThrow({ where: { id: bare.id } })).passwordHash).toBeNull();
  });

  it('two racing uses: exactly one owner, signed in with the login cookies, owning its team; then the link is closed', async () => {
    const [a, b] = await Promise.all([use(owner({ teamTitle: 'Acme' })), use(owner({ email: 'second@owner.test' }))]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const other = a.status === 200 ? b : a;
    await expectError(other, 400, 'token', 'invalid_link');
    const body = await ok[0]!.json();
    expect(body).toEqual({
      success: true,
      user: { id: expect.any(Number), email: expect.any(String), displayName: 'Fay First' },
      expiresAt: expect.any(String),
    });
    expect(
      ok[0]!.headers
        .getSetCookie()
        .map((c) => c.split('=')[0])
        .sort(),
    ).toEqual(['nookies_user', 'svc_session']);
    const membership = await t.db.teamMember.findMany({ where: { userId: body.user.id }, include: { team: true } });
    expect(membership).toEqual([
      expect.objectContaining({
        role: 'owner',
        team: expect.objectContaining({ title: expect.stringMatching(/^(Acme|Fay First's team)$/) }),
      }),
    ]);
    await expectError(await use(owner({ email: 'third@owner.test' })), 400, 'token', 'invalid_link');
    const login = await t.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'x-forwarded-for': freshIp() },
      json: { email: body.user.email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
  });
});
