import { z } from 'zod';
import { NAME_LIMITS, idField } from './fields.ts';
import { SESSION_COOKIE } from '../auth/cookies.ts';
import { type SessionFailure, readSessionToken, signSession } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { inTransaction } from './task/transaction.ts';
import { AppError, NotFoundError, UnauthenticatedError, ValidationError } from '../errors.ts';
import { parseInput } from './validate.ts';
import { lastUseThrottle } from './last-use.ts';

/** The user a session belongs to, as `/api/session/verify` shows it. */
export interface SessionUser {
  id: number;
  email: string;
  displayName: string;
}

const USER_SELECT = { id: true, email: true, displayName: true, sessionVersion: true } as const;

/** How a session started. */
export type SessionMethod = 'password' | 'key' | 'invite';

/** Where a sign-in came from, kept on the row for the person's session list. */
export interface SessionOrigin {
  userAgent?: string | null;
  ip?: string | null;
}

/** A started session: the cookie value and the row it names. */
export interface StartedSession {
  token: string;
  sessionId: number;
  expiresAt: Date;
  user: SessionUser;
}

/**
 * Starts a session for a user: writes its `Session` row (with the API key
 * it was made from, if any) and signs `{userId, sessionVersion, exp, sid}`.
 */
export async function createSession(
  db: Db,
  secret: Buffer | null,
  userId: number,
  ttlSeconds: number,
  opts: { method: SessionMethod; apiKeyId?: number | null } & SessionOrigin,
): Promise<StartedSession> {
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
  const row = await db.session.create({
    data: {
      userId: user.id,
      apiKeyId: opts.apiKeyId ?? null,
      method: opts.method,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
      ip: opts.ip?.slice(0, 100) ?? null,
      expiresAt: new Date(exp * 1000),
    },
    select: { id: true },
  });
  const token = signSession(secret, { userId: user.id, sessionVersion: user.sessionVersion, exp, sessionId: row.id });
  return {
    token,
    sessionId: row.id,
    expiresAt: new Date(exp * 1000),
    user: { id: user.id, email: user.email, displayName: user.displayName },
  };
}

/** A checked session: valid with its user and expiry, or the reason it is not. */
export type SessionCheck =
  | { ok: true; user: SessionUser; expiresAt: Date; sessionId: number; apiKeyId: number | null }
  | { ok: false; reason: SessionRefusal };

// Writing lastSeenAt on every request would double the writes; once a minute per session is enough.
const seenDue = lastUseThrottle(60_000);

/**
 * Checks a `svc_session` value: signature and expiry (./auth/session.ts),
 * then its row: present, not revoked, of the same user, and, when made from
 * an API key, that key still active; and the user's session version still
 * matching (a bumped version, see {@link revokeSessions}, revokes it).
 */
export async function checkSession(db: Db, secret: Buffer | null, token: string): Promise<SessionCheck> {
  if (!secret) return { ok: false, reason: 'disabled' };
  const read = readSessionToken(secret, token);
  if (!read.ok) return read;
  const { sessionId, userId, sessionVersion } = read.claims;
  if (sessionId === undefined) return { ok: false, reason: 'revoked' };
  const row = await db.session.findUnique({
    where: { id: sessionId },
    select: {
      userId: true,
      revokedAt: true,
      expiresAt: true,
      apiKeyId: true,
      apiKey: { select: { revokedAt: true } },
      user: { select: USER_SELECT },
    },
  });
  const now = Date.now();
  if (
    !row ||
    row.userId !== userId ||
    row.revokedAt ||
    row.user.sessionVersion !== sessionVersion ||
    (row.apiKey && row.apiKey.revokedAt)
  ) {
    return { ok: false, reason: 'revoked' };
  }
  if (row.expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  if (seenDue(db, sessionId, now)) {
    await db.session.updateMany({ where: { id: sessionId }, data: { lastSeenAt: new Date(now) } });
  }
  const { user } = row;
  return {
    ok: true,
    user: { id: user.id, email: user.email, displayName: user.displayName },
    expiresAt: new Date(read.claims.exp * 1000),
    sessionId,
    apiKeyId: row.apiKeyId,
  };
}

/** Why a presented session is refused. */
export type SessionRefusal = SessionFailure | 'disabled';

/** Each refusal's message and `details.code`. */
export const SESSION_ERRORS: Record<SessionRefusal, [string, string]> = {
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

/**
 * Ends every signed session of a user at once (API keys are untouched):
 * marks the rows revoked and bumps the session version.
 */
export async function revokeSessions(db: Db, userId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
    await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  });
}

/**
 * Ends every session of every user (the session secret was rotated): a
 * cookie of a running instance that has not yet read the new secret is
 * refused by its row; answers how many ended.
 */
export async function revokeAllSessions(db: Db): Promise<number> {
  const res = await db.session.updateMany({ where: { revokedAt: null }, data: { revokedAt: new Date() } });
  return res.count;
}

/** Prisma query part: a user's sessions that can still be used, newest first (at most 200). */
export function activeSessionsOf(userId: number) {
  return {
    where: { userId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { id: 'desc' as const },
    take: 200,
  };
}

/** Ends one session of a user; another user's (or an unknown) id is NOT_FOUND. */
export async function revokeSession(db: Db, userId: number, sessionId: number): Promise<void> {
  const res = await db.session.updateMany({
    where: { id: sessionId, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (res.count === 0) {
    const exists = await db.session.findFirst({ where: { id: sessionId, userId }, select: { id: true } });
    if (!exists) throw new NotFoundError('Session', 'id');
  }
}

/** Ends every session of a user except `keepId` (sign out everywhere else); answers how many ended. */
export async function revokeOtherSessions(db: Db, userId: number, keepId: number | null): Promise<number> {
  const res = await db.session.updateMany({
    where: { userId, revokedAt: null, ...(keepId != null ? { id: { not: keepId } } : {}) },
    data: { revokedAt: new Date() },
  });
  return res.count;
}

const resetUserInput = z
  .object({
    email: z.string().trim().toLowerCase().min(1).max(NAME_LIMITS.emailMax).optional(),
    userId: idField().optional(),
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
    await tx.session.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: new Date() } });
    await tx.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    return { userId: user.id, revokedKeys: keys.count };
  });
}
