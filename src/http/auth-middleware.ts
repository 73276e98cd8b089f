import type { Context, MiddlewareHandler } from 'hono';
import { clearedSessionCookies, requestHost } from '../auth/cookies.ts';
import type { Viewer } from '../auth/viewer.ts';
import { authenticateBearer } from '../domain/api-key.ts';
import { identifyByCookies } from '../domain/session.ts';
import { UnauthenticatedError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { AppEnv } from './env.ts';
import { type ErrorBody, toErrorResponse } from './error-body.ts';
import { type RateDecision, type RateLimiter, rateLimitHeaders, rateLimitedBody } from './rate-limit.ts';

/** `GET /api/session/verify` reports on the presented session itself, valid or not. */
export const SESSION_VERIFY_PATH = '/api/session/verify';

/** Paths anyone may call: probes, the GraphiQL page, the API reference and session verification. */
export function isPublicPath(method: string, path: string, accept: string | undefined): boolean {
  if (path === '/healthz' || path === '/readyz') return true;
  if (method === 'GET' && (path === '/api/openapi.json' || path === '/docs' || path === SESSION_VERIFY_PATH))
    return true;
  // The GraphiQL page itself is static; every operation it sends is authenticated.
  if (method === 'GET' && path === '/graphql' && (accept ?? '').includes('text/html')) return true;
  return false;
}

/** Options of {@link authMiddleware}. */
export interface AuthOptions {
  /** HMAC key of `svc_session`; null when sessions are disabled (every session cookie is then refused). */
  sessionSecret: Buffer | null;
  /** Routes marked `public` (they authorise the request themselves, e.g. by admin password). */
  publicRoutes?: { method: string; fullPath: string }[];
  /** Rate limits; none when absent. */
  limiter?: RateLimiter | null;
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
 *
 * 1. `Authorization` header present (non-empty): the Bearer key alone
 *    decides. Valid → the key's user (`via: 'key'`) and cookies are ignored
 *    entirely (spec 5.3: Bearer-key requests are unaffected); invalid → 401
 *    whatever the cookies.
 * 2. Otherwise the cookies (spec 5.3, src/domain/session.ts): a
 *    `nookies_user` must be backed by a valid `svc_session` of the same id,
 *    else 401 (unsigned, forged, tampered, expired, revoked, mismatched); a
 *    valid `svc_session` authenticates as its user (`via: 'session'`); an
 *    invalid one alone is also 401. This holds on every path, public ones
 *    included, except that `GET /api/session/verify` answers a bad
 *    `svc_session` sent without `nookies_user` itself (`valid: false`).
 *    A 401 caused by cookies also clears both cookies.
 * 3. No credentials: 401 (the spec 7.1 body; GraphQL errors on /graphql),
 *    except on public paths and `public` routes.
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

    let viewer: Viewer | null = null;
    let failure: unknown = null;
    let cookieFailure = false;
    const authorization = c.req.header('authorization');
    try {
      if (authorization?.trim()) {
        viewer = await authenticateBearer(db, authorization);
      } else {
        const identity = await identifyByCookies(db, opts.sessionSecret, c.req.header('cookie'));
        if (identity.kind === 'session') viewer = identity.viewer;
        else if (identity.kind === 'rejected' && !(path === SESSION_VERIFY_PATH && identity.sessionOnly)) {
          failure = identity.error;
          cookieFailure = true;
        }
      }
    } catch (err) {
      failure = err;
    }
    if (!failure && !viewer && !isPublic) failure = new UnauthenticatedError();

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
      return withHeaders(res, decision, cookieFailure ? clearedSessionCookies(requestHost(c.req)) : []);
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
