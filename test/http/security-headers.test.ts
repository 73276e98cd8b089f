// Security headers on every answer the service gives, whichever route made
// it: nosniff and a same-origin Referrer-Policy everywhere, and on every HTML
// page a CSP that forbids framing (frame-ancestors 'none', X-Frame-Options).
// The API reference at /docs (Scalar) allows stylesheets by a per-answer nonce, no inline script.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';

const t = useTestApp();

function expectCommon(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
}

function expectPagePolicy(res: Response) {
  expectCommon(res);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  return csp;
}

describe('security headers', () => {
  it('/docs: the strict policy, styles only by a nonce of its own answer, scripts only from files', async () => {
    const res = await t.fetch('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = expectPagePolicy(res);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("script-src 'self';");
    const html = await res.text();
    // Scalar's injected stylesheets read the nonce from this meta element.
    const nonce = /<meta property="csp-nonce" content="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}';`);
    // Scalar's components write style attributes: allowed as attributes only, never as <style> elements.
    expect(csp).toContain("style-src-attr 'unsafe-inline';");
    expect(csp.replace("style-src-attr 'unsafe-inline';", '')).not.toContain('unsafe-inline');
    // No inline script or style: each <script> loads a file, and nothing carries the nonce itself.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => /src="([^"]+)"/.exec(m[1])?.[1])).toEqual([
      expect.stringMatching(/^\/docs\/assets\/[0-9a-f]{16}\/boot\.js$/),
      expect.stringMatching(/^\/docs\/assets\/[0-9a-f]{16}\/scalar\.js$/),
      expect.stringMatching(/^\/docs\/assets\/[0-9a-f]{16}\/start\.js$/),
    ]);
    expect(scripts.every((m) => m[2] === '')).toBe(true);
    expect(html).not.toMatch(/<style|style="|nonce="/);
    // A fresh nonce per answer: one seen in a page is no use for another.
    const again = (await t.fetch('/docs')).headers.get('content-security-policy');
    expect(again).not.toContain(nonce);
  });

  it("/docs' files: JavaScript with nosniff, cached by build id; another id is 404", async () => {
    const html = await (await t.fetch('/docs')).text();
    const src = /src="(\/docs\/assets\/[0-9a-f]{16})\/scalar\.js"/.exec(html)![1];
    for (const file of ['boot.js', 'scalar.js', 'start.js']) {
      const res = await t.fetch(`${src}/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expectCommon(res);
    }
    expect(await (await t.fetch(`${src}/start.js`)).text()).toContain("Scalar.createApiReference('#reference'");
    expect((await t.fetch('/docs/assets/0000000000000000/scalar.js')).status).toBe(404);
    expect((await t.fetch(`${src}/other.js`)).status).toBe(404);
  });

  it('the web app page, GraphiQL and a 404 page path keep a frame-forbidding policy', async () => {
    for (const path of ['/', '/boards/1', '/sign-in']) {
      const res = await t.fetch(path, { headers: { accept: 'text/html' } });
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectPagePolicy(res);
    }
    const graphiql = await t.fetch('/graphql', { headers: { accept: 'text/html' } });
    expect(graphiql.headers.get('content-type')).toMatch(/^text\/html/);
    expectPagePolicy(graphiql);
  });

  it('JSON answers (success, 401, 404, 405) carry nosniff and the referrer policy', async () => {
    for (const [path, init] of [
      ['/healthz', {}],
      ['/api/openapi.json', {}],
      ['/graphql', { method: 'POST', json: { query: '{ __typename }' } }],
      ['/api/v1/no-such-route', {}],
      ['/api/openapi.json', { method: 'DELETE' }],
    ] as const) {
      const res = await t.fetch(path, init);
      expect(res.headers.get('content-type'), path).toMatch(/json/);
      expectCommon(res);
    }
  });
});
