// Security headers on every answer the service gives, whichever route made
// it: nosniff and a same-origin Referrer-Policy everywhere, and on every HTML
// page a CSP that forbids framing (frame-ancestors 'none', X-Frame-Options).
// The API reference at /docs allows its own stylesheet by hash, nothing inline else.
import { createHash } from 'node:crypto';
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
  it('/docs: the strict policy, its one stylesheet allowed by hash, no inline script or style otherwise', async () => {
    const res = await t.fetch('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = expectPagePolicy(res);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("script-src 'self'");
    const html = await res.text();
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]).digest('base64');
    expect(csp).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(html).not.toMatch(/<script|style="/);
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
