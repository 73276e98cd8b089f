import type { Page } from 'playwright-core';

/**
 * Signs `user` in on `page` and opens the app. For now through a session made
 * from the user's key (`POST /api/auth/session`), its cookies handed to the
 * browser; the page then starts signed in.
 */
export async function signInPage(
  page: Page,
  server: { url: string; fetch: (path: string, init?: any) => Promise<Response> },
  user: { key: string },
) {
  const res = await server.fetch('/api/auth/session', { method: 'POST', key: user.key });
  if (res.status !== 200) throw new Error(`session: ${res.status} ${await res.text()}`);
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
