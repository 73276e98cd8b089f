import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/domain/api-key.ts';
import { createTeamInvite } from '../../src/domain/team-invite.ts';
import { IP_BURST } from '../../src/domain/login-throttle.ts';
import { setPassword } from '../../src/domain/user.ts';
import { useTestApp } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeBoard, makeUser } from '../support/factories.ts';

// Client IPs come from X-Forwarded-For, so each test has an address of its own.
const t = useTestApp({ env: { SESSION_SECRET: 'invite-test-secret-0123456789abc', TRUST_PROXY: 'true' } });
const ORIGIN = 'http://localhost';
const PASSWORD = 'correct horse battery staple';
const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

function accept(body: unknown, ip = freshIp(), headers: Record<string, string> = {}) {
  return t.fetch('/api/auth/invite/accept', { method: 'POST', headers: { 'x-forwarded-for': ip, ...headers }, json: body });
}

async function invite(email = `guest-${Math.random().toString(36).slice(2, 10)}@test.local`) {
  const owner = await makeUser(t.db, 'Owner');
  const board = await makeBoard(t.db, owner.id);
  const { token } = await createTeamInvite(t.db, owner.id, { teamId: board.team.id, email });
  return { board, email, token };
}

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('POST /api/auth/invite/accept', () => {
  it('400 for a malformed body, naming the field', async () => {
    await expectError(await accept({ displayName: 'X', password: PASSWORD }), 400, 'token');
    await expectError(await accept({ token: 'inv_x', displayName: 'X' }), 400, 'password');
    await expectError(await accept({ token: 'inv_x', displayName: 'X', password: 'x'.repeat(1025) }), 400, 'password');
    await expectError(await accept({ token: 'inv_x', password: PASSWORD, extra: 1 }), 400, 'extra', 'unknown_field');
    const notJson = await t.fetch('/api/auth/invite/accept', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    await expectError(notJson, 400, 'body', 'invalid_json');
  });

  it('wrong, reused and expired tokens: one identical 400 naming token, no cookies', async () => {
    const { token, board } = await invite();
    const wrong = await accept({ token: `${token}x`, displayName: 'Guest', password: PASSWORD });
    const ok = await accept({ token, displayName: 'Guest', password: PASSWORD });
    expect(ok.status).toBe(200);
    const reused = await accept({ token, displayName: 'Guest', password: PASSWORD });
    const late = await invite();
    await t.db.teamInvite.updateMany({ where: { email: late.email }, data: { expiresAt: new Date(Date.now() - 1) } });
    const expired = await accept({ token: late.token, displayName: 'Guest', password: PASSWORD });
    const bodies = [];
    for (const res of [wrong, reused, expired]) {
      expect(res.headers.getSetCookie()).toEqual([]);
      bodies.push(await expectError(res, 400, 'token', 'invalid_invite'));
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(await t.db.teamMember.count({ where: { teamId: board.team.id } })).toBe(2);
  });

  it('a foreign Origin is refused (403 csrf) and the invite stays usable', async () => {
    const { token } = await invite();
    await expectError(await accept({ token, displayName: 'G', password: PASSWORD }, freshIp(), { origin: 'https://evil.example' }), 403, 'origin', 'csrf');
    expect((await accept({ token, displayName: 'G', password: PASSWORD }, freshIp(), { origin: ORIGIN })).status).toBe(200);
  });

  it('success: the account is made and signed in with the login cookies; the session works and lists the boards', async () => {
    const { token, email, board } = await invite();
    const res = await accept({ token, displayName: 'New Person', password: PASSWORD });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ success: true, user: { id: expect.any(Number), email, displayName: 'New Person' }, expiresAt: expect.any(String) });
    const names = res.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(names.sort()).toEqual(['nookies_user', 'svc_session']);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('svc_session='))).toMatch(/HttpOnly/i);
    const me = await t.fetch('/graphql', {
      method: 'POST',
      headers: { cookie: cookiesOf(res), origin: ORIGIN },
      json: { query: '{ sessions { method current } projects { items { id } } }' },
    });
    const data = (await me.json()).data;
    expect(data.sessions).toEqual([{ method: 'INVITE', current: true }]);
    expect(data.projects.items).toEqual([{ id: board.project.id }]);
    // The password works for a later sign-in.
    expect((await t.fetch('/api/auth/login', { method: 'POST', headers: { 'x-forwarded-for': freshIp() }, json: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('an existing account must give its own password (400 invalid_credentials, invite kept)', async () => {
    const existing = await makeUser(t.db, 'Known');
    await setPassword(t.db, existing.email, PASSWORD);
    const { token } = await invite(existing.email);
    await expectError(await accept({ token, displayName: 'X', password: 'not the password' }), 400, 'password', 'invalid_credentials');
    const res = await accept({ token, displayName: 'X', password: PASSWORD });
    expect((await res.json()).user).toEqual({ id: existing.id, email: existing.email, displayName: existing.displayName });
  });

  it('no account, a wrong password and a password-less account: one identical answer, no cookies, nothing set', async () => {
    const withPassword = await makeUser(t.db, 'Has');
    await setPassword(t.db, withPassword.email, PASSWORD);
    const without = await makeUser(t.db, 'Hasnt');
    const bodies = [];
    for (const email of [undefined, withPassword.email, without.email]) {
      const res = await accept({ token: (await invite(email)).token, password: 'owner-chosen password' });
      expect(res.headers.getSetCookie()).toEqual([]);
      bodies.push(await expectError(res, 400, 'password', 'invalid_credentials'));
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: without.id } })).passwordHash).toBeNull();
  });

  it('signed in as the invited account (a password session), no password is needed; another person’s or a key-made session is not proof', async () => {
    const known = await makeUser(t.db, 'Known');
    await setPassword(t.db, known.email, PASSWORD);
    const { token, board } = await invite(known.email);
    const owner = (await t.db.teamMember.findFirstOrThrow({ where: { teamId: board.team.id, role: 'owner' } })).userId;
    const ownerUser = await t.db.user.findUniqueOrThrow({ where: { id: owner } });
    await setPassword(t.db, ownerUser.email, PASSWORD);
    const signIn = async (email: string) =>
      cookiesOf(await t.fetch('/api/auth/login', { method: 'POST', headers: { 'x-forwarded-for': freshIp() }, json: { email, password: PASSWORD } }));
    // The inviting owner's own session: refused, as without a session.
    await expectError(await accept({ token }, freshIp(), { cookie: await signIn(ownerUser.email), origin: ORIGIN }), 400, 'password', 'invalid_credentials');
    // A session made from the invited account's API key: refused too.
    const { key } = await createApiKey(t.db, known.id);
    const keySession = cookiesOf(await t.fetch('/api/auth/session', { method: 'POST', headers: { authorization: `Bearer ${key}` } }));
    await expectError(await accept({ token }, freshIp(), { cookie: keySession, origin: ORIGIN }), 400, 'password', 'invalid_credentials');
    expect(await t.db.teamMember.count({ where: { teamId: board.team.id, userId: known.id } })).toBe(0);
    const res = await accept({ token }, freshIp(), { cookie: await signIn(known.email), origin: ORIGIN });
    expect(res.status).toBe(200);
    expect((await res.json()).user.id).toBe(known.id);
    expect(await t.db.teamMember.count({ where: { teamId: board.team.id, userId: known.id } })).toBe(1);
  });

  it('two invites of one new email accepted at once: one makes the account, the other is 409 (never 500) and stays usable', async () => {
    const email = `racer-${Math.random().toString(36).slice(2, 10)}@test.local`;
    const first = await invite(email);
    const second = await invite(email);
    const answers = await Promise.all(
      [first, second].map(({ token }) => accept({ token, displayName: 'Racer', password: PASSWORD })),
    );
    const statuses = answers.map((res) => res.status).sort();
    // Both checks for an account run before either insert (the password hash between them takes a while).
    expect(statuses).toEqual([200, 409]);
    const lost = answers.find((res) => res.status === 409)!;
    await expectError(lost, 409, 'token', 'account_exists');
    expect(await t.db.user.count({ where: { email } })).toBe(1);
    // The losing invite was not used up: accepted again, it signs in to the account the other made.
    const again = await accept({ token: (answers[0] === lost ? first : second).token, password: PASSWORD });
    expect(again.status).toBe(200);
    const user = await t.db.user.findUniqueOrThrow({ where: { email } });
    const teams = await t.db.teamMember.findMany({ where: { userId: user.id }, select: { teamId: true } });
    expect(teams.map((m) => m.teamId).sort()).toEqual([first.board.team.id, second.board.team.id].sort());
  });

  it('guessing from one IP is throttled like sign-in (429 with Retry-After)', async () => {
    const ip = freshIp();
    let res = await accept({ token: 'inv_guess', password: 'x' }, ip);
    for (let i = 0; i <= IP_BURST && res.status !== 429; i++) res = await accept({ token: `inv_guess${i}`, password: 'x' }, ip);
    await expectError(res, 429, null, 'login_throttled');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
