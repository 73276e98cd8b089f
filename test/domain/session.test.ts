import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSession } from '../../src/auth/session.ts';
import { createApiKey, revokeApiKey } from '../../src/domain/api-key.ts';
import {
  activeSessionsOf,
  checkSession,
  createSession,
  resetUser,
  revokeOtherSessions,
  revokeSession,
  revokeSessions,
  sessionError,
} from '../../src/domain/session.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeUser } from '../support/factories.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

const secret = randomBytes(32);
const HOUR = 3600;
const start = (userId: number, opts: Partial<Parameters<typeof createSession>[4]> = {}) =>
  createSession(db, secret, userId, HOUR, { method: 'password', ...opts });
const revokedAt = async (id: number) => (await db.session.findUniqueOrThrow({ where: { id } })).revokedAt;
const reason = async (token: string) => {
  const r = await checkSession(db, secret, token);
  return r.ok ? 'ok' : r.reason;
};

describe('createSession and checkSession', () => {
  it('writes the row (method, key, truncated origin, expiry) and the token checks out as that session', async () => {
    const user = await makeUser(db);
    const { id: apiKeyId } = await createApiKey(db, user.id);
    const before = Math.floor(Date.now() / 1000);
    const s = await start(user.id, { method: 'key', apiKeyId, userAgent: 'u'.repeat(301), ip: '1'.repeat(101) });
    const after = Math.floor(Date.now() / 1000);
    expect(s.user).toEqual({ id: user.id, email: user.email, displayName: user.displayName });
    expect(s.expiresAt.getTime() / 1000).toBeGreaterThanOrEqual(before + HOUR);
    expect(s.expiresAt.getTime() / 1000).toBeLessThanOrEqual(after + HOUR);
    const row = await db.session.findUniqueOrThrow({ where: { id: s.sessionId } });
    expect([row.userId, row.apiKeyId, row.method, row.userAgent, row.ip, row.expiresAt, row.revokedAt]).toEqual([
      user.id,
      apiKeyId,
      'key',
      'u'.repeat(300),
      '1'.repeat(100),
      s.expiresAt,
      null,
    ]);
    expect(await checkSession(db, secret, s.token)).toEqual({
      ok: true,
      user: s.user,
      expiresAt: s.expiresAt,
      sessionId: s.sessionId,
      apiKeyId,
    });
    const plain = await start(user.id);
    const plainRow = await db.session.findUniqueOrThrow({ where: { id: plain.sessionId } });
    expect([plainRow.apiKeyId, plainRow.userAgent, plainRow.ip, plainRow.method]).toEqual([null, null, null, 'password']);
    expect(await checkSession(db, secret, plain.token)).toMatchObject({ ok: true, apiKeyId: null });
  });

  it('without a secret sessions are disabled; an unknown user cannot start one', async () => {
    const user = await makeUser(db);
    await expectAppError(createSession(db, null, user.id, HOUR, { method: 'password' }), 'NOT_FOUND', null, 'sessions_disabled');
    await expectAppError(start(2147483000), 'UNAUTHENTICATED', 'authorization', 'invalid_key');
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    const s = await start(user.id);
    expect(await checkSession(db, null, s.token)).toEqual({ ok: false, reason: 'disabled' });
  });

  it('refuses a malformed, badly signed or row-less token', async () => {
    const user = await makeUser(db);
    const s = await start(user.id);
    expect(await reason('v1.x')).toBe('malformed');
    expect(await reason(s.token.slice(0, -2))).toBe('bad_signature');
    expect(await reason(signSession(randomBytes(32), { userId: user.id, sessionVersion: 0, exp: 9999999999, sessionId: s.sessionId }))).toBe('bad_signature');
    // Validly signed but naming no session row, or a row that does not exist.
    expect(await reason(signSession(secret, { userId: user.id, sessionVersion: 0, exp: 9999999999 }))).toBe('revoked');
    expect(await reason(signSession(secret, { userId: user.id, sessionVersion: 0, exp: 9999999999, sessionId: 2147483000 }))).toBe('revoked');
  });

  it("refuses another user's row, a revoked row, an old session version and a revoked key; an expired row is expired", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const { version } = { version: (await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion };
    const theirs = await start(other.id);
    const forged = signSession(secret, { userId: user.id, sessionVersion: version, exp: 9999999999, sessionId: theirs.sessionId });
    expect(await reason(forged)).toBe('revoked');
    expect(await reason(theirs.token)).toBe('ok');

    const revoked = await start(user.id);
    await db.session.update({ where: { id: revoked.sessionId }, data: { revokedAt: new Date() } });
    expect(await reason(revoked.token)).toBe('revoked');

    const stale = signSession(secret, { userId: user.id, sessionVersion: version + 1, exp: 9999999999, sessionId: (await start(user.id)).sessionId });
    expect(await reason(stale)).toBe('revoked');

    const { id: keyId } = await createApiKey(db, user.id);
    const fromKey = await start(user.id, { method: 'key', apiKeyId: keyId });
    expect(await reason(fromKey.token)).toBe('ok');
    await revokeApiKey(db, keyId);
    expect(await reason(fromKey.token)).toBe('revoked');

    const expiring = await start(user.id);
    await db.session.update({ where: { id: expiring.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await reason(expiring.token)).toBe('expired');
  });

  it('stamps lastSeenAt on first use, then at most once a minute', async () => {
    const user = await makeUser(db);
    const s = await start(user.id);
    const lastSeenAt = async () => (await db.session.findUniqueOrThrow({ where: { id: s.sessionId } })).lastSeenAt;
    const longAgo = new Date(0);
    await db.session.update({ where: { id: s.sessionId }, data: { lastSeenAt: longAgo } });
    const before = Date.now();
    await checkSession(db, secret, s.token);
    expect((await lastSeenAt()).getTime()).toBeGreaterThanOrEqual(before);
    await db.session.update({ where: { id: s.sessionId }, data: { lastSeenAt: longAgo } });
    await checkSession(db, secret, s.token);
    expect(await lastSeenAt()).toEqual(longAgo);
  });

  it('each refusal is a 401 on the svc_session cookie with its own detail code', () => {
    const codes = (['malformed', 'bad_signature', 'expired', 'revoked', 'disabled'] as const).map((r) => {
      const e = sessionError(r);
      return [e.code, e.field, e.detail];
    });
    expect(codes).toEqual([
      ['UNAUTHENTICATED', 'svc_session', 'invalid_session'],
      ['UNAUTHENTICATED', 'svc_session', 'invalid_session'],
      ['UNAUTHENTICATED', 'svc_session', 'expired_session'],
      ['UNAUTHENTICATED', 'svc_session', 'revoked_session'],
      ['UNAUTHENTICATED', 'svc_session', 'sessions_disabled'],
    ]);
    // Each tells the person what happened, in its own words.
    const messages = (['malformed', 'bad_signature', 'expired', 'revoked', 'disabled'] as const).map((r) => sessionError(r).message);
    expect(messages.map((m) => /^The |^Signed /.test(m))).toEqual([true, true, true, true, true]);
    expect(new Set(messages).size).toBe(5);
  });
});

describe('revoking sessions', () => {
  it("revokeSessions ends every session of the user and bumps the version; other users' stay", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const [a, b, theirs] = [await start(user.id), await start(user.id), await start(other.id)];
    const versionOf = async (id: number) => (await db.user.findUniqueOrThrow({ where: { id } })).sessionVersion;
    const [v, vOther] = [await versionOf(user.id), await versionOf(other.id)];
    await revokeSessions(db, user.id);
    expect([await versionOf(user.id), await versionOf(other.id)]).toEqual([v + 1, vOther]);
    expect(await revokedAt(a.sessionId)).toBeInstanceOf(Date);
    expect(await revokedAt(b.sessionId)).toBeInstanceOf(Date);
    expect([await reason(a.token), await reason(theirs.token)]).toEqual(['revoked', 'ok']);
  });

  it('activeSessionsOf lists the live sessions of the user, newest first, at most 200', async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const [a, revoked, expired, b] = [await start(user.id), await start(user.id), await start(user.id), await start(user.id)];
    await start(other.id);
    await revokeSession(db, user.id, revoked.sessionId);
    await db.session.update({ where: { id: expired.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const q = activeSessionsOf(user.id);
    expect(q.take).toBe(200);
    expect((await db.session.findMany(q)).map((s) => s.id)).toEqual([b.sessionId, a.sessionId]);
  });

  it("revokeSession ends one's own session once; another user's or an unknown id is NOT_FOUND", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const [mine, keep, theirs] = [await start(user.id), await start(user.id), await start(other.id)];
    await expectAppError(revokeSession(db, user.id, theirs.sessionId), 'NOT_FOUND', 'id');
    await expectAppError(revokeSession(db, user.id, 2147483000), 'NOT_FOUND', 'id');
    expect(await revokedAt(theirs.sessionId)).toBeNull();
    await revokeSession(db, user.id, mine.sessionId);
    const first = await revokedAt(mine.sessionId);
    expect(first).toBeInstanceOf(Date);
    await revokeSession(db, user.id, mine.sessionId);
    expect(await revokedAt(mine.sessionId)).toEqual(first);
    expect(await revokedAt(keep.sessionId)).toBeNull();
  });

  it('revokeOtherSessions keeps the given one (or none) and counts what it ended', async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const [keep, a, b, theirs] = [await start(user.id), await start(user.id), await start(user.id), await start(other.id)];
    await revokeSession(db, user.id, b.sessionId);
    expect(await revokeOtherSessions(db, user.id, keep.sessionId)).toBe(1);
    expect([await revokedAt(keep.sessionId), await revokedAt(theirs.sessionId)]).toEqual([null, null]);
    expect(await revokedAt(a.sessionId)).toBeInstanceOf(Date);
    expect(await revokeOtherSessions(db, user.id, null)).toBe(1);
    expect(await revokedAt(keep.sessionId)).toBeInstanceOf(Date);
    expect(await revokedAt(theirs.sessionId)).toBeNull();
  });
});

describe('resetUser', () => {
  it("revokes the user's active keys and sessions and bumps the version; another user's stay", async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const [k1, k2, old] = [await createApiKey(db, user.id), await createApiKey(db, user.id), await createApiKey(db, user.id)];
    await revokeApiKey(db, old.id);
    const oldRevokedAt = (await db.apiKey.findUniqueOrThrow({ where: { id: old.id } })).revokedAt;
    const theirKey = await createApiKey(db, other.id);
    const [s, theirs] = [await start(user.id), await start(other.id)];
    const v = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion;
    expect(await resetUser(db, { email: `  ${user.email.toUpperCase()} ` })).toEqual({ userId: user.id, revokedKeys: 2 });
    const keys = await db.apiKey.findMany({ where: { id: { in: [k1.id, k2.id, old.id, theirKey.id] } }, orderBy: { id: 'asc' } });
    expect(keys.map((k) => k.revokedAt === null)).toEqual([false, false, false, true]);
    expect(keys[2].revokedAt).toEqual(oldRevokedAt);
    expect([await reason(s.token), await reason(theirs.token)]).toEqual(['revoked', 'ok']);
    expect(await revokedAt(s.sessionId)).toBeInstanceOf(Date);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).sessionVersion).toBe(v + 1);
    expect(await resetUser(db, { userId: user.id })).toEqual({ userId: user.id, revokedKeys: 0 });
  });

  it('names the user by exactly one of email or userId; an unknown one is NOT_FOUND on that field', async () => {
    const user = await makeUser(db);
    await expectAppError(resetUser(db, {}), 'VALIDATION', 'email', 'exactly_one');
    await expectAppError(resetUser(db, { email: user.email, userId: user.id }), 'VALIDATION', 'email', 'exactly_one');
    await expectAppError(resetUser(db, { email: 'nobody@test.local' }), 'NOT_FOUND', 'email');
    await expectAppError(resetUser(db, { userId: 2147483000 }), 'NOT_FOUND', 'userId');
    await expectAppError(resetUser(db, { userId: 0 }), 'VALIDATION', 'userId');
    await expectAppError(resetUser(db, { email: 'x'.repeat(400) }), 'VALIDATION', 'email');
  });
});
