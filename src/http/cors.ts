import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';
import type { OriginPolicy } from './origin.ts';

const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOW_HEADERS = 'authorization, content-type, idempotency-key, if-none-match, last-event-id, x-request-id';
const EXPOSE_HEADERS =
  'etag, link, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset, x-request-id, www-authenticate';

/**
 * CORS for the origins of CORS_ORIGINS (exact matches): their requests get
 * `Access-Control-Allow-Origin: <origin>` with credentials (cookies) allowed;
 * any other origin gets no CORS header at all, so browsers keep its pages
 * from reading answers. Preflights (`OPTIONS` with
 * `Access-Control-Request-Method`) are answered here, before authentication
 * (browsers never send credentials on them): 204, with the allowances only
 * for a listed origin. The service's own pages are same-origin and need none.
 */
export function cors(origins: OriginPolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const listed = origin !== undefined && origins.listed(origin);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const headers: Record<string, string> = { vary: 'Origin' };
      if (listed) {
        Object.assign(headers, {
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          'access-control-allow-methods': ALLOW_METHODS,
          'access-control-allow-headers': ALLOW_HEADERS,
          'access-control-max-age': '600',
        });
      }
      return c.body(null, 204, headers);
    }
    await next();
    // Some answers (streams, fetched responses) have immutable headers: copy those first.
    try {
      c.res.headers.append('vary', 'Origin');
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.append('vary', 'Origin');
    }
    if (listed) {
      c.res.headers.set('access-control-allow-origin', origin);
      c.res.headers.set('access-control-allow-credentials', 'true');
      c.res.headers.set('access-control-expose-headers', EXPOSE_HEADERS);
    }
  };
}
