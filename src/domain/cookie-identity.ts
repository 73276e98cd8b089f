import { IDENTITY_COOKIE, SESSION_COOKIE, parseCookies, parseIdentityCookie } from '../auth/cookies.ts';
import type { Viewer } from '../auth/viewer.ts';
import type { Db } from '../db/client.ts';
import { UnauthenticatedError } from '../errors.ts';
import { type SessionUser, checkSession, sessionError } from './session.ts';

/** What a request's cookies prove. */
export type CookieIdentity =
  | { kind: 'none' }
  | { kind: 'session'; viewer: Viewer; user: SessionUser; expiresAt: Date }
  | {
      kind: 'rejected';
      error: UnauthenticatedError;
      /** true when only `svc_session` was wrong (no `nookies_user` sent). */ sessionOnly: boolean;
    };

/**
 * Spec 5.3 on a request's `Cookie` header (used only when the request has
 * no `Authorization` header):
 * - `nookies_user` present: it must be well-formed and backed by a valid
 *   `svc_session` of the same user id, else rejected (unsigned, forged,
 *   tampered, expired, revoked or mismatched);
 * - `svc_session` present: valid → the session's user (`via: 'session'`),
 *   else rejected;
 * - neither: no identity.
 */
export async function identifyByCookies(
  db: Db,
  secret: Buffer | null,
  cookieHeader: string | undefined,
): Promise<CookieIdentity> {
  const cookies = parseCookies(cookieHeader);
  const identity = cookies.get(IDENTITY_COOKIE);
  const token = cookies.get(SESSION_COOKIE);
  if (identity === undefined && token === undefined) return { kind: 'none' };
  if (identity !== undefined) {
    const claimedId = parseIdentityCookie(identity);
    if (claimedId === null) {
      return {
        kind: 'rejected',
        sessionOnly: false,
        error: new UnauthenticatedError('The nookies_user cookie is malformed.', IDENTITY_COOKIE, 'malformed_identity'),
      };
    }
    if (!token) {
      return {
        kind: 'rejected',
        sessionOnly: false,
        error: new UnauthenticatedError(
          'The nookies_user cookie is not backed by a signed session (svc_session).',
          IDENTITY_COOKIE,
          'unsigned_identity',
        ),
      };
    }
    const check = await checkSession(db, secret, token);
    if (!check.ok) return { kind: 'rejected', sessionOnly: false, error: sessionError(check.reason) };
    if (check.user.id !== claimedId) {
      return {
        kind: 'rejected',
        sessionOnly: false,
        error: new UnauthenticatedError(
          'nookies_user and svc_session name different users.',
          IDENTITY_COOKIE,
          'session_mismatch',
        ),
      };
    }
    return sessionIdentity(check);
  }
  const check = await checkSession(db, secret, token!);
  if (!check.ok) return { kind: 'rejected', sessionOnly: true, error: sessionError(check.reason) };
  return sessionIdentity(check);
}

function sessionIdentity(check: {
  user: SessionUser;
  expiresAt: Date;
  sessionId: number;
  apiKeyId: number | null;
}): CookieIdentity {
  return {
    kind: 'session',
    user: check.user,
    expiresAt: check.expiresAt,
    viewer: {
      userId: check.user.id,
      apiKeyId: null,
      agentId: null,
      via: 'session',
      sessionId: check.sessionId,
      sessionKeyId: check.apiKeyId,
    },
  };
}

