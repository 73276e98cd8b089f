import { join } from 'node:path';
import type { Context, Hono, HonoRequest } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { PROJECT_ROOT } from '../project-root.ts';
import { contentSecurityPolicy } from './content-security-policy.ts';
import type { AppEnv } from './env.ts';
import { routeNotFound } from './error-body.ts';

/** Where `npm run build` writes the web app (scripts/build-web.mjs). */
export const WEB_APP_DIR = join(PROJECT_ROOT, 'dist', 'web');

/** Paths that belong to the API, probes and reference pages: never answered with the app. */
const SERVICE_PATHS = /^\/(?:api|graphql|mcp|docs|healthz|readyz|assets)(?:\/|$)/;

/**
 * Whether a request is a browser navigation to one of the app's own pages
 * (`/`, `/boards/3`, `/inbox`, …): a GET for HTML outside the service's paths.
 * `/` is the app for any client, so `curl /` gets the page too.
 */
export function isAppNavigation(req: HonoRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.path === '/') return true;
  return !SERVICE_PATHS.test(req.path) && (req.header('accept') ?? '').includes('text/html');
}

/**
 * Serves the web app built into `dir` (default {@link WEB_APP_DIR}), before
 * authentication: the page and its assets are public, and everything the page
 * reads comes through `/graphql` and `/api/auth/*` with the session cookie.
 *
 * - `/assets/*`: content-hashed files, cached for a year (`immutable`); the
 *   build's `.br`/`.gz` siblings are sent when the client accepts them.
 * - `/favicon.svg`: cached for a day.
 * - App navigations ({@link isAppNavigation}): `index.html`, revalidated on
 *   every load (`no-cache`) so a new build is picked up at once, with a strict
 *   Content-Security-Policy. Client routes therefore survive a reload.
 *
 * Files are read per request, so a rebuild under a running server is served
 * as soon as it is swapped in. When the app was never built, navigations get
 * a 503 page saying how to build it.
 */
export function mountWebApp(app: Hono<AppEnv>, dir: string = WEB_APP_DIR) {
  /** Serves `path` (or the request path) from `dir` with `headers`; null when there is no such file. */
  const file = (headers: Record<string, string>, path?: string) => {
    const serve = serveStatic({ root: dir, path, precompressed: true });
    return async (c: Context<AppEnv>) => {
      const res = await serve(c, async () => undefined);
      if (!res) return null;
      res.headers.set('x-content-type-options', 'nosniff');
      for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
      return res;
    };
  };
  const asset = file({ 'cache-control': 'public, max-age=31536000, immutable' });
  const favicon = file({ 'cache-control': 'public, max-age=86400' }, 'favicon.svg');
  const page = file(
    { 'cache-control': 'no-cache', 'referrer-policy': 'same-origin', 'x-frame-options': 'DENY' },
    'index.html',
  );

  app.get('/assets/*', async (c) => (await asset(c)) ?? routeNotFound(c));
  app.get('/favicon.svg', async (c) => (await favicon(c)) ?? routeNotFound(c));
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (!isAppNavigation(c.req)) return next();
    const res = await page(c);
    if (res) {
      res.headers.set('content-security-policy', contentSecurityPolicy(c.req.url));
      return res;
    }
    return c.html(
      '<!doctype html><title>tasksvc</title><p>The web app is not built: run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>',
      503,
      { 'cache-control': 'no-store' },
    );
  });
}
