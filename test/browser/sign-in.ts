import type { Page } from 'playwright-core';
import type { Db } from '../../src/db/client.ts';
import { setPassword } from '../../src/domain/user.ts';

const PASSWORD = 'browser-test-password';

/**
 * Signs `user` in on `page` as a person does (`POST /api/auth/login` with a
 * password, set here) and opens the app; the cookies are handed to the
 * browser, so the page starts signed in. A person's own session (not one made
 * from a key) may also manage keys and sessions.
 */
export async function signInPage(
  page: Page,
  server: { url: string; db: Db; fetch: (path: string, init?: any) => Promise<Response> },
  user: { user: { email: string } },
) {
  await setPassword(server.db, user.user.email, PASSWORD);
  const res = await server.fetch('/api/auth/login', { method: 'POST', json: { email: user.user.email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  const host = new URL(server.url).hostname;
  await page.context().addCookies(
    res.headers.getSetCookie().map((cookie) => {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: host, path: '/' };
    }),
  );
  await page.goto(`${server.url}/`);
}
