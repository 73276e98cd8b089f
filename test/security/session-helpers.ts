import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { identityCookieValue } from '../../src/auth/cookies.ts';
import type { TestApp } from '../support/app.ts';

/** Starts a signed session with an API key; answers the `Cookie` header a browser would send back. */
export async function startSession(
  t: TestApp,
  key: string,
): Promise<{ cookie: string; setCookies: string[]; token: string; body: any }> {
  const res = await t.fetch('/api/auth/session', { method: 'POST', key });
  expect(res.status).toBe(200);
  const setCookies = res.headers.getSetCookie();
  const pairs = setCookies.map((c) => c.split(';')[0]);
  const token = pairs.find((p) => p.startsWith('svc_session='))!.slice('svc_session='.length);
  return { cookie: pairs.join('; '), setCookies, token, body: await res.json() };
}

/** A `Cookie` header from parts (a number for `nookies_user` is encoded as the service does). */
export function cookieHeader(parts: { session?: string; identity?: number | string }): string {
  const out: string[] = [];
  if (parts.session !== undefined) out.push(`svc_session=${parts.session}`);
  if (parts.identity !== undefined) {
    out.push(
      `nookies_user=${typeof parts.identity === 'number' ? identityCookieValue(parts.identity) : parts.identity}`,
    );
  }
  return out.join('; ');
}

/** Asserts a 401 with the spec 7.1 error body; kept here for the session tests' imports. */
export { expect401 } from '../support/errors.ts';

/**
 * Env giving a test app rate-limit buckets of its own in Redis, so a file that
 * sends many 401s does not drain the shared bucket of 127.0.0.1 for others.
 */
export const OWN_BUCKETS = { REDIS_PREFIX: `test:${randomUUID()}:` };
