import type { MiddlewareHandler } from 'hono';

/** What a page needs beyond the strict default policy. */
export interface PagePolicyOptions {
  /** The page starts Web Workers from this origin (`worker-src 'self'`). */
  workers?: boolean;
  /** The page's scripts set element styles at run time (`style-src` allows `'unsafe-inline'`). */
  inlineStyles?: boolean;
  /** Fonts may be `data:` URLs (an icon font bundled into a stylesheet). */
  dataFonts?: boolean;
  /** `<style>` elements carrying this nonce are allowed (`'nonce-…'`): a page whose scripts add stylesheets. */
  styleNonce?: string;
  /**
   * The page's scripts write `style` attributes (`style-src-attr 'unsafe-inline'`): attributes
   * only, which cannot load anything or start a script; `<style>` elements stay under `style-src`.
   */
  styleAttributes?: boolean;
}

/**
 * The Content-Security-Policy of a page this service serves: scripts, styles
 * and connections from this origin only (no CDN, no inline script),
 * WebSockets to this same host for subscriptions, images from this origin or
 * `data:` URLs, never framed. `options` loosen it where a page needs more.
 */
export function contentSecurityPolicy(requestUrl: string, options: PagePolicyOptions = {}): string {
  const url = new URL(requestUrl);
  const ws = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    ...(options.workers ? ["worker-src 'self'"] : []),
    options.inlineStyles
      ? "style-src 'self' 'unsafe-inline'"
      : [
          "style-src 'self'",
          ...(options.styleNonce ? [`'nonce-${options.styleNonce}'`] : []),
        ].join(' '),
    ...(options.styleAttributes && !options.inlineStyles ? ["style-src-attr 'unsafe-inline'"] : []),
    "img-src 'self' data:",
    ...(options.dataFonts ? ["font-src 'self' data:"] : []),
    `connect-src 'self' ${ws}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every answer, whatever route made it: `nosniff`, a
 * same-origin `Referrer-Policy`, and for every HTML page the strict policy
 * above with `X-Frame-Options: DENY` (legacy browsers' frame-ancestors). A
 * page that needs a looser policy (GraphiQL, /docs) sets its own, which is
 * kept (the `/docs` page's has a per-answer style nonce); the rest is filled in here, so no page goes out without it.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('x-content-type-options')) headers.set('X-Content-Type-Options', 'nosniff');
    if (!headers.has('referrer-policy')) headers.set('Referrer-Policy', 'same-origin');
    if (headers.get('content-type')?.toLowerCase().startsWith('text/html')) {
      if (!headers.has('content-security-policy')) headers.set('Content-Security-Policy', contentSecurityPolicy(c.req.url));
      if (!headers.has('x-frame-options')) headers.set('X-Frame-Options', 'DENY');
    }
  };
}
