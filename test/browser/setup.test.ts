// The first run's setup link in Chromium against a real server with no
// account yet: the setup screen makes the owner (email, name, team,
// password twice), signs them in and lands on the boards, where "New board"
// offers their team and makes a board. The used link then shows the
// server's refusal.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupLinkPath, setupToken } from '../../src/domain/first-owner.ts';
import { type TestServer, createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';
import { TEST_PASSWORD } from './sign-in.ts';

let isolated: IsolatedDatabase;
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let link: string;

beforeAll(async () => {
  // A database with no account that has a password (on PostgreSQL, one of this file's own).
  isolated = await isolatedDatabase('setup_browser');
  server = await createTestServer({ env: { ...isolated.env, SESSION_SECRET: 'setup-e2e-session-secret-0123456789' } });
  link = server.url + setupLinkPath(setupToken(server.services.sessionKey.current));
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `setup-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await isolated?.drop();
});

describe('the setup screen in Chromium', () => {
  it('makes the owner, signs in, and the owner creates a board for their team', async () => {
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Set up tasksvc' }).waitFor(UI_WAIT);
    await page.getByLabel('Email').fill('olu@first.test');
    await page.getByLabel('Your name').fill('Olu Owner');
    await page.getByLabel('Team name').fill('Olu Co');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Repeat password').fill(`${TEST_PASSWORD}!`);
    await page.getByRole('button', { name: 'Create owner account' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), UI_WAIT).toBe('The two passwords differ.');
    await page.getByLabel('Repeat password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create owner account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    const user = await server.db.user.findUniqueOrThrow({
      where: { email: 'olu@first.test' },
      include: { teams: { include: { team: true } } },
    });
    expect(user.teams).toEqual([
      expect.objectContaining({ role: 'owner', team: expect.objectContaining({ title: 'Olu Co' }) }),
    ]);

    await page.getByRole('button', { name: 'New board' }).click();
    const form = page.getByRole('form', { name: 'New board' });
    await form.getByLabel('Title').fill('Launch');
    await expect.poll(() => form.getByLabel('Team').locator('option').allTextContents(), UI_WAIT).toEqual(['Olu Co']);
    await form.getByRole('button', { name: 'Create board' }).click();
    await page.getByRole('heading', { level: 1, name: 'Launch' }).waitFor(UI_WAIT);
  });

  it('the used link shows the refusal', async () => {
    const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await other.goto(link);
    await other.getByLabel('Email').fill('late@first.test');
    await other.getByLabel('Your name').fill('Late');
    await other.getByLabel('Team name').fill('Late Co');
    await other.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await other.getByLabel('Repeat password').fill(TEST_PASSWORD);
    await other.getByRole('button', { name: 'Create owner account' }).click();
    await expect.poll(() => other.getByRole('alert').textContent(), UI_WAIT).toContain('invalid or was already used');
    expect(await server.db.user.count({ where: { email: 'late@first.test' } })).toBe(0);
  });
});
