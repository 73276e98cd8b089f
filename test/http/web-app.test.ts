import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/http/env.ts';
import { mountWebApp } from '../../src/http/web-app.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp();

const html = (path: string, init: RequestInit = {}) =>
  t.fetch(path, { ...init, headers: { accept: 'text/html,application/xhtml+xml', ...(init.headers as object) } });

/** The app's entry script, from the page. */
async function entryScript(): Promise<string> {
  const page = await (await t.fetch('/')).text();
  const src = /<script type="module" src="(\/assets\/[^"]+\.js)"><\/script>/.exec(page)?.[1];
  if (!src) throw new Error(`no entry script in ${page}`);
  return src;
}

describe('the web app at /', () => {
  it('GET / answers the page to any client, revalidated on each load, with a strict CSP', async () => {
    const res = await t.fetch('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.text();
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toMatch(/https?:\/\//); // no CDN: every asset is the service's own
    expect((await t.fetch('/', { method: 'HEAD' })).status).toBe(200);
  });

  it('client routes get the page on a browser navigation (reload), the API keeps its own answers', async () => {
    for (const path of [
      '/boards',
      '/boards/12',
      '/boards/12/tasks/ABC-3',
      '/inbox',
      '/sign-in?next=%2Finbox',
      '/invite/tok',
    ]) {
      const res = await html(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('<div id="root"></div>');
    }
    // Not a navigation: the usual 401 of an unknown, unauthenticated path.
    expect((await t.fetch('/boards/12', { headers: { accept: 'application/json' } })).status).toBe(401);
    // Service paths never turn into the page.
    expect((await html('/api/v1/projects')).status).toBe(401);
    expect((await html('/api/mcp/user/context')).headers.get('content-type')).toMatch(/json/);
    expect((await html('/healthz')).headers.get('content-type')).toMatch(/json/);
    const graphiql = await html('/graphql');
    expect(graphiql.status).toBe(200);
    expect(await graphiql.text()).toContain('<title>tasksvc GraphiQL</title>');
    expect(await (await html('/docs')).text()).toContain('reference');
    const gql = await t.fetch('/graphql', { method: 'POST', json: { query: '{ me { id } }' } });
    expect(gql.status).toBe(401);
  });

  it('assets are immutable, precompressed when the client accepts it, and missing ones are 404', async () => {
    const src = await entryScript();
    const plain = await t.fetch(src);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/javascript/);
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const code = Buffer.from(await plain.arrayBuffer());
    const gz = await t.fetch(src, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(code)).toBe(true);

    const missing = await t.fetch('/assets/nope-123.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
    expect((await t.fetch('/assets/..%2f..%2fpackage.json')).status).toBe(404);
    expect((await t.fetch('/favicon.svg')).headers.get('content-type')).toMatch(/svg/);
  });

  it('without a build, navigations get a 503 page saying how to build', async () => {
    const app = new Hono<AppEnv>();
    mountWebApp(app, '/nonexistent/web');
    const res = await app.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
