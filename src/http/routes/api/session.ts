import type { Context, Hono } from 'hono';
import {
  SESSION_COOKIE,
  clearedSessionCookies,
  parseCookies,
  requestHost,
  sessionCookies,
} from '../../../auth/cookies.ts';
import { checkSession, createSession, revokeSessions } from '../../../domain/session.ts';
import { UnauthenticatedError, ValidationError } from '../../../errors.ts';
import type { Services } from '../../../services.ts';
import type { AppEnv } from '../../env.ts';
import { toErrorResponse } from '../../error-body.ts';
import { SESSION_VERIFY_PATH } from '../../auth-middleware.ts';

/**
 * The session routes (spec 4.7, 5.3). Plain Hono handlers, not GraphQL
 * route definitions, because they read and set cookies, which the route
 * facade (one GraphQL operation → one JSON body) deliberately cannot do.
 * The rules themselves are in src/domain/session.ts.
 *
 * - `POST /api/auth/session` (Bearer key required; a session cannot mint
 *   another): sets `svc_session` (HttpOnly) and `nookies_user`, both
 *   SameSite=Lax, Path=/, Max-Age = SESSION_TTL_HOURS, Secure unless the
 *   request's host is localhost/127.0.0.1/::1. Answers
 *   `{success, user: {id, email, displayName}, expiresAt}`.
 * - `DELETE /api/auth/session` (key or session): clears both cookies; with
 *   `?all=true` also revokes every session of the caller everywhere.
 * - `GET /api/session/verify` (no credentials needed): reports on the
 *   presented `svc_session`: `{success, valid, user | null, expiresAt | null,
 *   reason}` where reason is null when valid, else `missing`, `malformed`,
 *   `bad_signature`, `expired`, `revoked` or `disabled`. A `nookies_user`
 *   not backed by a valid matching session is still a 401 (spec 5.3).
 */
export function mountSessionRoutes(app: Hono<AppEnv>, services: Services, secret: Buffer | null) {
  const db = services.database.prisma;
  const ttlSeconds = services.config.SESSION_TTL_HOURS * 3600;

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
      const session = await createSession(db, secret, viewer.userId, ttlSeconds);
      for (const cookie of sessionCookies(session.token, session.user.id, ttlSeconds, requestHost(c.req))) {
        c.header('set-cookie', cookie, { append: true });
      }
      return { success: true, user: session.user, expiresAt: session.expiresAt.toISOString() };
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
      const check = await checkSession(db, secret, token);
      if (!check.ok) {
        for (const cookie of clearedSessionCookies(requestHost(c.req)))
          c.header('set-cookie', cookie, { append: true });
        return { success: true, valid: false, user: null, expiresAt: null, reason: check.reason };
      }
      return { success: true, valid: true, user: check.user, expiresAt: check.expiresAt.toISOString(), reason: null };
    }),
  );
}

/** Runs a handler: its object as JSON (never cached), or its error as the spec 7.1 body. */
async function answer(c: Context<AppEnv>, run: () => Promise<object>) {
  c.header('cache-control', 'no-store');
  try {
    return c.json(await run());
  } catch (err) {
    const { status, body } = toErrorResponse(err, c.get('logger'));
    return c.json(body, status as 400);
  }
}
