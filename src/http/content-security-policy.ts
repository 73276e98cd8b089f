/** What a page needs beyond the strict default policy. */
export interface PagePolicyOptions {
  /** The page starts Web Workers from this origin (`worker-src 'self'`). */
  workers?: boolean;
  /** The page's scripts set element styles at run time (`style-src` allows `'unsafe-inline'`). */
  inlineStyles?: boolean;
  /** Fonts may be `data:` URLs (an icon font bundled into a stylesheet). */
  dataFonts?: boolean;
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
    options.inlineStyles ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data:",
    ...(options.dataFonts ? ["font-src 'self' data:"] : []),
    `connect-src 'self' ${ws}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
