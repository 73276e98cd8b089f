// The account screen in Chromium: the display name changed (the top bar
// follows), the password changed (a wrong current one and differing new ones
// refused), the sessions listed with one signed out, all the others signed
// out (another browser lands on the sign-in screen), the API keys dialog
// opened from here, and "Sign out everywhere". Each checked on the server.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.ts';
import { createTestServer } from '../support/app.ts';
import { unnamedControls } from '../support/accessibility-tree.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeUser } from '../support/factories.ts';
import { TEST_PASSWORD, givePassword, signInPage } from './sign-in.ts';

const NEW_PASSWORD = 'a brand new passphrase';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let other: Page;
let ada: Awaited<ReturnType<typeof makeUser>>;

const activeSessions = () =>
  server.db.session.count({ where: { userId: ada.id, revokedAt: null, expiresAt: { gt: new Date() } } });
const sessionRows = () => page.getByRole('table', { name: 'Active sessions' }).getByRole('row');

beforeAll(async () => {
  server = await createTestServer({ env: { SESSION_SECRET: 'account-e2e-session-secret-0123456789' } });
  ada = await makeUser(server.db, 'Ada');
  await givePassword(server.db, ada);
  browser = await launchBrowser({ allow: [server.url] });
  other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInPage(other, server, ada);
  // A third session, from a script (no browser).
  const login = await server.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'user-agent': 'deploy-script/1.0' },
    json: { email: ada.email, password: TEST_PASSWORD },
  });
  expect(login.status).toBe(200);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInPage(page, server, ada);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `account-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the account screen in Chromium', () => {
  it('changes the display name; the top bar follows', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor(UI_WAIT);
    await page.getByText('This session').waitFor(UI_WAIT);
    // Every control has a name in the accessibility tree; one h1.
    expect(await unnamedControls(page)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);
    await page.getByLabel('Display name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect
      .poll(async () => (await server.db.user.findUniqueOrThrow({ where: { id: ada.id } })).displayName, UI_WAIT)
      .toBe('Ada Lovelace');
    await page.locator('.topbar').getByText('Ada Lovelace').waitFor(UI_WAIT);
  });

  it('lists the sessions (this one marked) and signs one out', async () => {
    await expect.poll(() => sessionRows().count(), UI_WAIT).toBe(4); // header + 3
    await page.getByText('This session').waitFor(UI_WAIT);
    const script = page.getByRole('button', { name: /^Sign out deploy-script\/1\.0/ });
    await script.click();
    await expect.poll(activeSessions, UI_WAIT).toBe(2);
    await expect.poll(() => sessionRows().count(), UI_WAIT).toBe(3);
  });

  it('changes the password after refusing a wrong current one and differing new ones; other sessions end', async () => {
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current password').fill('not my password');
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repeat new password').fill(`${NEW_PASSWORD}!`);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => form.getByRole('alert').textContent(), UI_WAIT).toBe('The two new passwords differ.');
    await form.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => form.getByRole('alert').textContent(), UI_WAIT).toBe('The current password is wrong.');
    await form.getByLabel('Current password').fill(TEST_PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password changed. Your other sessions were signed out.').waitFor(UI_WAIT);
    const { passwordHash } = await server.db.user.findUniqueOrThrow({ where: { id: ada.id } });
    expect(await verifyPassword(NEW_PASSWORD, passwordHash)).toBe(true);
    await expect.poll(activeSessions, UI_WAIT).toBe(1);
    await expect.poll(() => sessionRows().count(), UI_WAIT).toBe(2);
    // The other browser's session ended: its live socket is closed for it, or its next request
    // answered 401; either takes it to the sign-in screen (a reload may be cut short by that).
    await other.reload().catch(() => undefined);
    await other.getByText('Your session ended — sign in again.').waitFor(UI_WAIT);
  });

  it('signs out all other sessions', async () => {
    await signInPageWith(other, NEW_PASSWORD);
    await expect.poll(activeSessions, UI_WAIT).toBe(2);
    await page.reload();
    await expect.poll(() => sessionRows().count(), UI_WAIT).toBe(3);
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect.poll(activeSessions, UI_WAIT).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Sign out all other sessions' }).isDisabled(), UI_WAIT).toBe(true);
  });

  it('opens the API keys dialog; Escape closes it and focus returns', async () => {
    const open = page.getByRole('button', { name: 'Manage API keys' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'API keys' });
    await dialog.getByRole('button', { name: 'Create key' }).waitFor(UI_WAIT);
    await browser.screenshot(page, 'account-keys-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...UI_WAIT });
    await expect.poll(() => open.evaluate((b) => b === document.activeElement), UI_WAIT).toBe(true);
  });

  it('fits a phone (390 px); "Sign out everywhere" ends this session too', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor(UI_WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await browser.screenshot(page, 'account-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await browser.screenshot(page, 'account-1280');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor(UI_WAIT);
    await expect.poll(activeSessions, UI_WAIT).toBe(0);
  });
});

/** Signs in on `p` with a given password (the helper knows only the test password). */
async function signInPageWith(p: Page, password: string) {
  await p.goto(`${server.url}/sign-in`);
  await p.getByLabel('Email').fill(ada.email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
}
