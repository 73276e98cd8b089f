import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityCookieValue } from '../../src/auth/cookies.ts';
import { createApiKey } from '../../src/domain/api-key.ts';
import { identifyByCookies } from '../../src/domain/cookie-identity.ts';
import { createSession } from '../../src/domain/session.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeUser } from '../support/factories.ts';

const db = useTestDb();
useBystander(db);

const secret = randomBytes(32);
const cookies = (c: { identity?: string; token?: string }) =>
  [c.identity !== undefined && `nookies_user=${c.identity}`, c.token !== undefined && `svc_session=${c.token}`, 'theme=dark']
    .filter(Boolean)
    .join('; ');

/** What a refusal names: [sessionOnly, code, field, detail]. */
async function refusal(header: string) {
  const r = await identifyByCookies(db, secret, header);
  if (r.kind !== 'rejected') return r.kind;
  return [r.sessionOnly, r.error.code, r.error.field, r.error.detail];
}

describe('identifyByCookies', () => {
  it('no identity cookies: no identity', async () => {
    expect(await identifyByCookies(db, secret, undefined)).toEqual({ kind: 'none' });
    expect(await identifyByCookies(db, secret, 'theme=dark')).toEqual({ kind: 'none' });
  });

  it('a valid session, with or without a matching nookies_user, is that session\'s user', async () => {
    const user = await makeUser(db);
    const { id: apiKeyId } = await createApiKey(db, user.id);
    const s = await createSession(db, secret, user.id, 3600, { method: 'key', apiKeyId });
    const expected = {
      kind: 'session',
      user: s.user,
      expiresAt: s.expiresAt,
      viewer: { userId: user.id, apiKeyId: null, agentId: null, via: 'session', sessionId: s.sessionId, sessionKeyId: apiKeyId },
    };
    expect(await identifyByCookies(db, secret, cookies({ token: s.token }))).toEqual(expected);
    expect(await identifyByCookies(db, secret, cookies({ token: s.token, identity: identityCookieValue(user.id) }))).toEqual(expected);
  });

  it('a nookies_user that is malformed, unsigned or names another user is refused on nookies_user', async () => {
    const user = await makeUser(db);
    const other = await makeUser(db);
    const s = await createSession(db, secret, user.id, 3600, { method: 'password' });
    expect(await refusal(cookies({ identity: 'garbage', token: s.token }))).toEqual([false, 'UNAUTHENTICATED', 'nookies_user', 'malformed_identity']);
    expect(await refusal(cookies({ identity: identityCookieValue(user.id) }))).toEqual([false, 'UNAUTHENTICATED', 'nookies_user', 'unsigned_identity']);
    expect(await refusal(cookies({ identity: identityCookieValue(user.id), token: '' }))).toEqual([false, 'UNAUTHENTICATED', 'nookies_user', 'unsigned_identity']);
    expect(await refusal(cookies({ identity: identityCookieValue(other.id), token: s.token }))).toEqual([false, 'UNAUTHENTICATED', 'nookies_user', 'session_mismatch']);
  });

  it('a bad svc_session is refused on svc_session; sessionOnly when no nookies_user came with it', async () => {
    const user = await makeUser(db);
    const s = await createSession(db, secret, user.id, 3600, { method: 'password' });
    await db.session.update({ where: { id: s.sessionId }, data: { revokedAt: new Date() } });
    expect(await refusal(cookies({ token: s.token }))).toEqual([true, 'UNAUTHENTICATED', 'svc_session', 'revoked_session']);
    expect(await refusal(cookies({ token: s.token, identity: identityCookieValue(user.id) }))).toEqual([false, 'UNAUTHENTICATED', 'svc_session', 'revoked_session']);
    expect(await refusal(cookies({ token: 'v1.bad' }))).toEqual([true, 'UNAUTHENTICATED', 'svc_session', 'invalid_session']);
  });
});
