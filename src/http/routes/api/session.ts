import type { Context, Hono } from 'hono';
import {
  SESSION_COOKIE,
  clearedSessionCookies,
  parseCookies,
  requestHost,
  sessionCookies,
} from '../../../auth/cookies.ts';
import { verifyLogin } from '../../../domain/login.ts';
import { LoginThrottledError } from '../../../domain/login-throttle.ts';
import {
  type SessionMethod,
  checkSession,
  createSession,
  revokeSession,
  revokeSessions,
} from '../../../domain/session.ts';
import { ForbiddenError, UnauthenticatedError, ValidationError } from '../../../errors.ts';
import type { Services } from '../../../services.ts';
import type { AppEnv } from '../../env.ts';
import { toErrorResponse } from '../../error-body.ts';
import { LOGIN_PATH, SESSION_VERIFY_PATH } from '../../auth-middleware.ts';
import type { OriginPolicy } from '../../origin.ts';
import { clientIp } from '../../rate-limit.ts';

/**
 * The session routes (spec 4.7, 5.3). Plain Hono handlers, not GraphQL
 * route definitions, because they read and set cookies, which the route
 * facade (one GraphQL operation → one JSON body) deliberately cannot do.
 * The rules themselves are in src/domain/session.ts.
 *
 * - `POST /api/auth/login` `{email, password}` (public): a person signs in.
 *   Sets the cookies below and answers `{success, user, expiresAt}`; a wrong
 *   email and a wrong password get one identical 401
 *   (`invalid_credentials`); failed attempts slow down the account and the
 *   IP (429 `login_throttled` with `Retry-After`, src/domain/login-throttle.ts).
 * - `POST /api/auth/session` (Bearer key required; a session cannot mint
 *   another): the same cookies for the key's user, for the CLI and tools.
 *   Such a session ends when its key is revoked and cannot manage keys.
 *   Cookies: `svc_session` (HttpOnly) and `nookies_user`, both
 *   SameSite=Lax, Path=/, Max-Age = SESSION_TTL_HOURS, Secure unless the
 *   request's host is localhost/127.0.0.1/::1.
 * - `POST /api/auth/logout` and `DELETE /api/auth/session` (key or session):
 *   end the current session and clear both cookies; `DELETE` with
 *   `?all=true` also revokes every session of the caller everywhere.
 * - `GET /api/session/verify` (no credentials needed): reports on the
 *   presented `svc_session`: `{success, valid, user | null, expiresAt | null,
 *   reason}` where reason is null when valid, else `missing`, `malformed`,
 *   `bad_signature`, `expired`, `revoked` or `disabled`. A `nookies_user`
 *   not backed by a valid matching session is still a 401 (spec 5.3).
 */
export function mountSessionRoutes(
  app: Hono<AppEnv>,
  services: Services,
  origins: OriginPolicy,
): { startSession: StartSession } {
  const db = services.database.prisma;
  const ttlSeconds = services.config.SESSION_TTL_HOURS * 3600;

  /** Starts a session for `userId` and sets its cookies on `c`. */
  const startSession: StartSession = async (c, userId, method, apiKeyId) => {
    const session = await createSession(db, services.sessionKey.current, userId, ttlSeconds, {
      method,
      apiKeyId,
      userAgent: c.req.header('user-agent') ?? null,
      ip: clientIp(c, services.config.TRUST_PROXY),
    });
    for (const cookie of sessionCookies(session.token, session.user.id, ttlSeconds, requestHost(c.req))) {
      c.header('set-cookie', cookie, { append: true });
    }
    return { success: true, user: session.user, expiresAt: session.expiresAt.toISOString() };
  };

  app.post(LOGIN_PATH, async (c) =>
    answer(c, async () => {
      refuseForeignSignIn(c, origins);
      const body = await readJson(c);
      const user = await verifyLogin(db, body, clientIp(c, services.config.TRUST_PROXY));
      return startSession(c, user.id, 'password', null);
    }),
  );

  const logout = (c: Context<AppEnv>) =>
    answer(c, async () => {
      const viewer = c.get('viewer');
      if (!viewer) throw new UnauthenticatedError();
      if (viewer.sessionId != null) await revokeSession(db, viewer.userId, viewer.sessionId);
      for (const cookie of clearedSessionCookies(requestHost(c.req))) c.header('set-cookie', cookie, { append: true });
      return { success: true, message: 'Signed out.' };
    });
  app.post('/api/auth/logout', logout);

  app.post('/api/auth/session', async (c) =>
    answer(c, async () => {
      const viewer = c.get('viewer');
      if (viewer?.via !== 'key') {
        throw new UnauthenticatedError(
          'Start a session with an API key: Authorization: Bearer <API key>.',
          'authorization',
          'key_required',
        );
      }
      return startSession(c, viewer.userId, 'key', viewer.apiKeyId);
    }),
  );

  app.delete('/api/auth/session', async (c) =>
    answer(c, async () => {
      const viewer = c.get('viewer');
      if (!viewer) throw new UnauthenticatedError();
      const all = c.req.query('all');
      if (all !== undefined && !['true', 'false', '1', '0'].includes(all)) {
        throw new ValidationError('all', 'all: must be true or false', 'invalid_value');
      }
      const everywhere = all === 'true' || all === '1';
      if (everywhere) await revokeSessions(db, viewer.userId);
      else if (viewer.sessionId != null) await revokeSession(db, viewer.userId, viewer.sessionId);
      for (const cookie of clearedSessionCookies(requestHost(c.req))) c.header('set-cookie', cookie, { append: true });
      return {
        success: true,
        revoked_all: everywhere,
        message: everywhere
          ? 'Signed out: every session of this user is revoked.'
          : 'Signed out: session cookies cleared.',
      };
    }),
  );

  app.get(SESSION_VERIFY_PATH, async (c) =>
    answer(c, async () => {
      const token = parseCookies(c.req.header('cookie')).get(SESSION_COOKIE);
      if (token === undefined) return { success: true, valid: false, user: null, expiresAt: null, reason: 'missing' };
      const check = await checkSession(db, services.sessionKey.current, token);
      if (!check.ok) {
        for (const cookie of clearedSessionCookies(requestHost(c.req)))
          c.header('set-cookie', cookie, { append: true });
        return { success: true, valid: false, user: null, expiresAt: null, reason: check.reason };
      }
      return { success: true, valid: true, user: check.user, expiresAt: check.expiresAt.toISOString(), reason: null };
    }),
  );
  return { startSession };
}

/** Starts a session for a user and sets its cookies on the response; answers the sign-in body `{success, user, expiresAt}`. */
export type StartSession = (
  c: Context<AppEnv>,
  userId: number,
  method: SessionMethod,
  apiKeyId: number | null,
) => Promise<{ success: true; user: { id: number; email: string; displayName: string }; expiresAt: string }>;

/**
 * Login CSRF: a foreign page must not sign a visitor in to someone else's
 * account. A sign-in request with an `Origin` that is neither the service's
 * nor listed is FORBIDDEN `csrf`.
 */
export function refuseForeignSignIn(c: Context<AppEnv>, origins: OriginPolicy): void {
  const origin = c.req.header('origin');
  if (origin !== undefined && !origins.allows(origin, requestHost(c.req))) {
    throw new ForbiddenError(`Origin ${origin} may not sign in here (not this service and not in CORS_ORIGINS).`, 'origin', 'csrf');
  }
}

/** The JSON body of a request; anything else is a VALIDATION error on `body`. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationError('body', 'body: expected a JSON object', 'invalid_json');
  }
}

/** Runs a handler: its object as JSON (never cached), or its error as the spec 7.1 body. */
export async function answer(c: Context<AppEnv>, run: () => Promise<object>) {
  c.header('cache-control', 'no-store');
  try {
    return c.json(await run());
  } catch (err) {
    const { status, body } = toErrorResponse(err, c.get('logger'));
    if (err instanceof LoginThrottledError) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(body, status as 400);
  }
}
