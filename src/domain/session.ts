import { z } from 'zod';
import { IDENTITY_COOKIE, SESSION_COOKIE, parseCookies, parseIdentityCookie } from '../auth/cookies.ts';
import { type SessionFailure, readSessionToken, signSession } from '../auth/session.ts';
import type { Viewer } from '../auth/viewer.ts';
import type { Db } from '../db/client.ts';
import { AppError, NotFoundError, UnauthenticatedError, ValidationError } from '../errors.ts';
import { parseInput } from './validate.ts';

/** The user a session belongs to, as `/api/session/verify` shows it. */
export interface SessionUser {
  id: number;
  email: string;
  displayName: string;
}

const USER_SELECT = { id: true, email: true, displayName: true, sessionVersion: true } as const;

/**
 * Starts a session for a user: signs `{userId, sessionVersion, exp}` with
 * the secret. Nothing is written; the token is the session.
 */
export async function createSession(
  db: Db,
  secret: Buffer | null,
  userId: number,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date; user: SessionUser }> {
  if (!secret) {
    throw new AppError(
      'NOT_FOUND',
      'Signed sessions are disabled on this server: SESSION_SECRET is not set.',
      null,
      'sessions_disabled',
    );
  }
  const user = await db.user.findUnique({ where: { id: userId }, select: USER_SELECT });
  if (!user) throw new UnauthenticatedError('The key owner no longer exists.', 'authorization', 'invalid_key');
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const token = signSession(secret, { userId: user.id, sessionVersion: user.sessionVersion, exp });
  return {
    token,
    expiresAt: new Date(exp * 1000),
    user: { id: user.id, email: user.email, displayName: user.displayName },
  };
}

/** A checked session: valid with its user and expiry, or the reason it is not. */
export type SessionCheck = { ok: true; user: SessionUser; expiresAt: Date } | { ok: false; reason: SessionRefusal };

/**
 * Checks a `svc_session` value: signature and expiry (./auth/session.ts),
 * then that the user still exists and the session version still matches
 * (a bumped version, see {@link revokeSessions}, revokes it).
 */
export async function checkSession(db: Db, secret: Buffer | null, token: string): Promise<SessionCheck> {
  if (!secret) return { ok: false, reason: 'disabled' };
  const read = readSessionToken(secret, token);
  if (!read.ok) return read;
  const user = await db.user.findUnique({ where: { id: read.claims.userId }, select: USER_SELECT });
  if (!user || user.sessionVersion !== read.claims.sessionVersion) return { ok: false, reason: 'revoked' };
  return {
    ok: true,
    user: { id: user.id, email: user.email, displayName: user.displayName },
    expiresAt: new Date(read.claims.exp * 1000),
  };
}

/** Why a presented session is refused. */
export type SessionRefusal = SessionFailure | 'disabled';

const SESSION_ERRORS: Record<SessionRefusal, [string, string]> = {
  malformed: ['The svc_session cookie is malformed.', 'invalid_session'],
  bad_signature: ['The svc_session cookie has an invalid signature.', 'invalid_session'],
  expired: ['The session has expired; sign in again.', 'expired_session'],
  revoked: ['The session has been revoked; sign in again.', 'revoked_session'],
  disabled: ['Signed sessions are disabled on this server (SESSION_SECRET is not set).', 'sessions_disabled'],
};

/** The 401 for a refused session. */
export function sessionError(reason: SessionRefusal): UnauthenticatedError {
  const [message, code] = SESSION_ERRORS[reason];
  return new UnauthenticatedError(message, SESSION_COOKIE, code);
}

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
    return sessionIdentity(check.user, check.expiresAt);
  }
  const check = await checkSession(db, secret, token!);
  if (!check.ok) return { kind: 'rejected', sessionOnly: true, error: sessionError(check.reason) };
  return sessionIdentity(check.user, check.expiresAt);
}

function sessionIdentity(user: SessionUser, expiresAt: Date): CookieIdentity {
  return {
    kind: 'session',
    user,
    expiresAt,
    viewer: { userId: user.id, apiKeyId: null, agentId: null, via: 'session' },
  };
}

/** Ends every signed session of a user at once (API keys are untouched). */
export async function revokeSessions(db: Db, userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

const resetUserInput = z
  .object({
    email: z.string().trim().toLowerCase().min(1).max(320).optional(),
    userId: z.number().int().positive().max(2147483647).optional(),
  })
  .strict();

/**
 * Admin reset (spec 4.7): revokes every active API key of the user and
 * every signed session (bumps the session version), in one transaction.
 * The user is named by exactly one of `email` or `userId`.
 */
export async function resetUser(
  db: Db,
  input: z.input<typeof resetUserInput>,
): Promise<{ userId: number; revokedKeys: number }> {
  const data = parseInput(resetUserInput, input);
  if ((data.email === undefined) === (data.userId === undefined)) {
    throw new ValidationError('email', 'Give exactly one of email or user_id.', 'exactly_one');
  }
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: data.email !== undefined ? { email: data.email } : { id: data.userId },
      select: { id: true },
    });
    if (!user) throw new NotFoundError('User', data.email !== undefined ? 'email' : 'userId');
    const keys = await tx.apiKey.updateMany({
      where: { userId: user.id, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    await tx.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    return { userId: user.id, revokedKeys: keys.count };
  });
}
