import type { Context, MiddlewareHandler } from 'hono';
import { clearedSessionCookies, requestHost } from '../auth/cookies.ts';
import type { SessionKey } from '../auth/session-secret.ts';
import type { Viewer } from '../auth/viewer.ts';
import { authenticateBearer } from '../domain/api-key.ts';
import { identifyByCookies } from '../domain/cookie-identity.ts';
import type { Db } from '../db/client.ts';
import { ForbiddenError, UnauthenticatedError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { AppEnv } from './env.ts';
import { type ErrorBody, toErrorResponse } from './error-body.ts';
import { type OriginPolicy, refererOrigin } from './origin.ts';
import { type RateDecision, type RateLimiter, rateLimitHeaders, rateLimitedBody } from './rate-limit.ts';

/** `GET /api/session/verify` reports on the presented session itself, valid or not. */
export const SESSION_VERIFY_PATH = '/api/session/verify';

/** Paths anyone may call: probes, the GraphiQL page, the API reference and session verification. */
export function isPublicPath(method: string, path: string, accept: string | undefined): boolean {
  // /metrics exists only with METRICS_ENABLED and checks METRICS_TOKEN itself.
  if (path === '/healthz' || path === '/readyz' || (method === 'GET' && path === '/metrics')) return true;
  if (method === 'GET' && (path === '/api/openapi.json' || path === '/docs' || path === SESSION_VERIFY_PATH))
    return true;
  // The GraphiQL page itself is static; every operation it sends is authenticated.
  if (method === 'GET' && path === '/graphql' && (accept ?? '').includes('text/html')) return true;
  // Signing in, accepting an invite and using a set-password or setup link are how a caller gets credentials.
  if (method === 'POST' && (path === LOGIN_PATH || path === INVITE_ACCEPT_PATH || path === SET_PASSWORD_PATH || path === SETUP_PATH)) return true;
  return false;
}

/** `POST /api/auth/login`: email and password → session cookies. */
export const LOGIN_PATH = '/api/auth/login';
/** `POST /api/auth/invite/accept`: an invite token → a (new) user signed in. */
export const INVITE_ACCEPT_PATH = '/api/auth/invite/accept';
/** `POST /api/auth/set-password`: an operator's set-password link → a password, signed in. */
export const SET_PASSWORD_PATH = '/api/auth/set-password';
/** `POST /api/auth/setup`: the first run's setup link → the first owner, signed in. */
export const SETUP_PATH = '/api/auth/setup';

/** The credentials a request or a WebSocket upgrade presents. */
export interface PresentedCredentials {
  /** `Authorization` header (or graphql-ws connection param). */
  authorization?: string | null;
  /** `Cookie` header; leave it out where cookies must not count (a foreign Origin). */
  cookie?: string | null;
}

/** Who is calling, or why not. */
export interface CallerIdentity {
  viewer: Viewer | null;
  /** Why the presented credentials were refused (an UnauthenticatedError), or null. */
  failure: unknown;
  /** The refusal came from cookies (they are then cleared); `sessionOnly` when only `svc_session` was sent. */
  cookieFailure: false | { sessionOnly: boolean };
}

/**
 * The one rule for who a caller is, used by HTTP requests (including SSE)
 * and graphql-ws upgrades alike:
 *
 * 1. `Authorization` present (non-empty): the Bearer key alone decides.
 *    Valid → the key's user (`via: 'key'`) and cookies are ignored entirely
 *    (spec 5.3: Bearer-key requests are unaffected); invalid → refused
 *    whatever the cookies.
 * 2. Otherwise the cookies (spec 5.3, src/domain/cookie-identity.ts): a
 *    `nookies_user` must be backed by a valid `svc_session` of the same id,
 *    else refused (unsigned, forged, tampered, expired, revoked,
 *    mismatched); a valid `svc_session` is its user (`via: 'session'`).
 * 3. Neither: no viewer, no failure (the caller decides whether that is allowed).
 */
export async function identifyCaller(
  db: Db,
  sessionKey: SessionKey,
  creds: PresentedCredentials,
): Promise<CallerIdentity> {
  try {
    if (creds.authorization?.trim()) {
      return { viewer: await authenticateBearer(db, creds.authorization), failure: null, cookieFailure: false };
    }
    const identity = await identifyByCookies(db, sessionKey.current, creds.cookie ?? undefined);
    if (identity.kind === 'session') return { viewer: identity.viewer, failure: null, cookieFailure: false };
    if (identity.kind === 'rejected') {
      return { viewer: null, failure: identity.error, cookieFailure: { sessionOnly: identity.sessionOnly } };
    }
    return { viewer: null, failure: null, cookieFailure: false };
  } catch (err) {
    return { viewer: null, failure: err, cookieFailure: false };
  }
}

/** Methods that change something: a cookie-authenticated one must come from an allowed origin. */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF: a request authenticated by cookie (the browser attaches it to
 * requests any page makes) is refused when it carries a foreign `Origin`,
 * and, for unsafe methods, unless its `Origin` (or, without one, its
 * `Referer`) is the service's own or listed in CORS_ORIGINS. Bearer
 * requests never reach this check: a page cannot make a browser send a key.
 */
export function csrfRefusal(
  req: { method: string; url: string; header(name: string): string | undefined },
  policy: OriginPolicy,
): ForbiddenError | null {
  const host = requestHost(req);
  const origin = req.header('origin');
  if (origin !== undefined && origin !== 'null' && policy.allows(origin, host)) return null;
  if (origin === undefined && !UNSAFE_METHODS.has(req.method)) return null;
  const referer = origin === undefined ? refererOrigin(req.header('referer')) : null;
  if (referer && policy.allows(referer, host)) return null;
  return new ForbiddenError(
    origin === undefined
      ? `A ${req.method} authenticated by cookie must say where it comes from (Origin); send it from this service's pages or an origin in CORS_ORIGINS, or use an API key.`
      : `Origin ${origin} may not act with this session's cookies (not this service and not in CORS_ORIGINS).`,
    'origin',
    'csrf',
  );
}

/** Options of {@link authMiddleware}. */
export interface AuthOptions {
  /** Routes marked `public` (they authorise the request themselves, e.g. by admin password). */
  publicRoutes?: { method: string; fullPath: string }[];
  /** Rate limits; none when absent. */
  limiter?: RateLimiter | null;
  /** Origins allowed to act with cookies (CSRF). */
  origins: OriginPolicy;
}

/** `/projects/:projectId{[0-9]+}/x` → a RegExp matching that route's paths. */
function routePattern(fullPath: string): RegExp {
  const source = fullPath
    .split(/(:\w+(?:\{[^}]*\})?)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * Authentication and rate limiting of every request (after the probes):
 * the caller is {@link identifyCaller}; a refused credential is a 401 on
 * every path, public ones included, except that `GET /api/session/verify`
 * answers a bad `svc_session` sent without `nookies_user` itself
 * (`valid: false`), and that refused cookies do not refuse signing in
 * (`POST /api/auth/login`, accepting an invite), which replaces them; a 401
 * caused by cookies also clears both cookies. No
 * credentials: 401 (the spec 7.1 body; GraphQL errors on /graphql), except
 * on public paths and `public` routes. A cookie-authenticated request must
 * pass {@link csrfRefusal} (403).
 *
 * Rate limits are spent before the 401 is sent: a valid caller from its
 * key's (or session user's) bucket, anyone else from its IP's bucket.
 */
export function authMiddleware(services: Services, opts: AuthOptions): MiddlewareHandler<AppEnv> {
  const db = services.database.prisma;
  const publicRoutes = (opts.publicRoutes ?? []).map((r) => ({ method: r.method, pattern: routePattern(r.fullPath) }));
  return async (c, next) => {
    const path = c.req.path;
    const isPublic =
      isPublicPath(c.req.method, path, c.req.header('accept')) ||
      publicRoutes.some((r) => r.method === c.req.method && r.pattern.test(path));

    const caller = await identifyCaller(db, services.sessionKey, {
      authorization: c.req.header('authorization'),
      cookie: c.req.header('cookie'),
    });
    const { viewer } = caller;
    let failure = caller.failure;
    if (caller.cookieFailure && path === SESSION_VERIFY_PATH && caller.cookieFailure.sessionOnly) failure = null;
    // Signing in replaces the session the browser holds: a revoked or expired one (its cookies are still
    // there after a socket was closed for it) must not refuse the very request that starts a new one.
    const replacesSession = c.req.method === 'POST' && (path === LOGIN_PATH || path === INVITE_ACCEPT_PATH);
    if (caller.cookieFailure && replacesSession) failure = null;
    if (!failure && !viewer && !isPublic) failure = new UnauthenticatedError();
    if (!failure && viewer?.via === 'session') failure = csrfRefusal(c.req, opts.origins);

    const decision = opts.limiter ? await opts.limiter.spend(opts.limiter.bucketFor(c, failure ? null : viewer)) : null;
    if (decision && !decision.allowed) {
      const headers = rateLimitHeaders(decision);
      return path === '/graphql'
        ? c.json(graphqlErrors(rateLimitedBody(decision)), 429, headers)
        : c.json(rateLimitedBody(decision), 429, headers);
    }
    if (failure) {
      const { status, body } = toErrorResponse(failure, c.get('logger'));
      const res = path === '/graphql' ? c.json(graphqlErrors(body), status as 401) : c.json(body, status as 401);
      const clear = caller.cookieFailure && caller.failure === failure;
      return withHeaders(res, decision, clear ? clearedSessionCookies(requestHost(c.req)) : []);
    }
    c.set('viewer', viewer);
    await next();
    applyRateHeaders(c, decision);
  };
}

function graphqlErrors(body: Pick<ErrorBody, 'message' | 'details'> & { error: string }) {
  return {
    errors: [
      { message: body.message, extensions: { code: body.error, field: body.details.field, detail: body.details.code } },
    ],
  };
}

function withHeaders(res: Response, decision: RateDecision | null, cookies: string[]): Response {
  if (decision) for (const [k, v] of Object.entries(rateLimitHeaders(decision))) res.headers.set(k, v);
  for (const cookie of cookies) res.headers.append('set-cookie', cookie);
  return res;
}

function applyRateHeaders(c: Context<AppEnv>, decision: RateDecision | null) {
  if (!decision) return;
  for (const [k, v] of Object.entries(rateLimitHeaders(decision))) c.header(k, v);
}
