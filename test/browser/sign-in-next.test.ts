// After signing in, the web app follows `next` only to its own origin: a
// real sign-in in Chromium with a `next` that the browser's URL parser turns
// into another host (a backslash, a tab, an encoded backslash pair) lands on
// the boards of this service, and no request leaves for the other host (the
// test browser aborts and reports any). A same-origin `next` is followed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { TEST_PASSWORD, givePassword } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let person: Awaited<ReturnType<typeof makeUserWithKey>>;

beforeAll(async () => {
  server = await createTestServer({ env: { SESSION_SECRET: 'sign-in-next-e2e-session-secret-0123456789' } });
  person = await makeUserWithKey(server.db, 'Nia');
  await givePassword(server.db, person.user);
  browser = await launchBrowser({ allow: [server.url] });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Signs in on /sign-in?next=<query> in a fresh page; answers the page once it has left the sign-in screen. */
async function signInWithNext(query: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}/sign-in?next=${query}`);
  await page.getByLabel('Email').fill(person.user.email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => new URL(page.url()).pathname !== '/sign-in', UI_WAIT).toBe(true);
  return page;
}

describe('the sign-in screen’s next', () => {
  it.each(['/%5Cevil.test/x', '/%09/evil.test/x', '/%5C%5Cevil.test/x', '%2F%2Fevil.test', '/%0A/evil.test'])(
    'next=%s stays on this origin (the boards), nothing sent elsewhere',
    async (next) => {
      const page = await signInWithNext(next);
      await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
      expect(new URL(page.url()).origin).toBe(new URL(server.url).origin);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(browser.blocked).toEqual([]);
      await page.context().close();
    },
  );

  it('a same-origin next is followed', async () => {
    const page = await signInWithNext('%2Finbox');
    await expect.poll(() => new URL(page.url()).pathname, UI_WAIT).toBe('/inbox');
    expect(browser.blocked).toEqual([]);
    await page.context().close();
  });
});
