import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed sessions (`svc_session`): `v1.<payload>.<signature>`, where
 * payload is base64url JSON `{uid, sv, exp, sid}` (user id, the user's
 * `sessionVersion` when signed, expiry in Unix seconds, the `Session` row)
 * and signature is base64url HMAC-SHA256 of `v1.<payload>` with the session
 * secret. The signature spares a database read for forged cookies; the row
 * (src/domain/session.ts) makes each session listable and revocable, and
 * bumping `User.sessionVersion` still revokes every session of that user at
 * once (`POST /api/resetUser`, `DELETE /api/auth/session?all=true`).
 */
export interface SessionClaims {
  userId: number;
  sessionVersion: number;
  /** Expiry, Unix seconds. */
  exp: number;
  /** The `Session` row; a token without one is never accepted by checkSession. */
  sessionId?: number;
}

const VERSION = 'v1';

/** Why a token was refused; `expired` and `revoked` are only known after the signature checked out. */
export type SessionFailure = 'malformed' | 'bad_signature' | 'expired' | 'revoked';

function sign(secret: Buffer, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

/** Signs claims into a cookie value. */
export function signSession(secret: Buffer, claims: SessionClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ uid: claims.userId, sv: claims.sessionVersion, exp: claims.exp, sid: claims.sessionId }),
  ).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${sign(secret, signed).toString('base64url')}`;
}

/**
 * Checks a token's format, signature (constant time) and expiry. The
 * session version is compared by the caller, who reads it from the database.
 */
export function readSessionToken(
  secret: Buffer,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): { ok: true; claims: SessionClaims } | { ok: false; reason: SessionFailure } {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2] || token.length > 1024) {
    return { ok: false, reason: 'malformed' };
  }
  const presented = Buffer.from(parts[2], 'base64url');
  const expected = sign(secret, `${parts[0]}.${parts[1]}`);
  // timingSafeEqual needs equal lengths; a wrong length is a wrong signature either way.
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const { uid, sv, exp, sid } = (raw ?? {}) as Record<string, unknown>;
  if (!Number.isSafeInteger(uid) || !Number.isSafeInteger(sv) || !Number.isSafeInteger(exp) || (uid as number) <= 0) {
    return { ok: false, reason: 'malformed' };
  }
  if (sid !== undefined && !(Number.isSafeInteger(sid) && (sid as number) > 0)) return { ok: false, reason: 'malformed' };
  if ((exp as number) <= nowSeconds) return { ok: false, reason: 'expired' };
  const claims: SessionClaims = { userId: uid as number, sessionVersion: sv as number, exp: exp as number };
  if (sid !== undefined) claims.sessionId = sid as number;
  return { ok: true, claims };
}
