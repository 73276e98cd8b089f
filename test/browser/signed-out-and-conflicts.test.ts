// Nobody loses their work in Chromium: a session that ends (here: the cookie
// is gone) sends the person to the sign-in screen saying so, and back to the
// task they were on with their unsaved comment and description; two people
// editing one description: the second save is refused and shown as a
// conflict with both texts, and a title being typed is not replaced by
// another person's rename.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { revokeSessions } from '../../src/domain/session.ts';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { TEST_PASSWORD, givePassword, signInPage } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let grace: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;
const pages: Page[] = [];

/** The URL of a task of the board (its panel open). */
const taskUrl = (ticket: string) => `${server.url}/boards/${board.project.id}/tasks/${ticket}`;
const ticketOf = (title: string) => board.tasks.find((t) => t.title === title)!.ticketNumber;
const panelOf = (page: Page, ticket: string) => page.getByRole('dialog', { name: new RegExp(ticket) });
const dbTask = (ticket: string) =>
  server.db.task.findFirstOrThrow({ where: { projectId: board.project.id, uniqueIndex: Number(ticket.split('-')[1]) } });

async function signedInPage(person: { user: { email: string } }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, lateFrames: 30 });
  pages.push(page);
  await signInPage(page, server, person.user);
  return page;
}

beforeAll(async () => {
  server = await createTestServer({
    env: { SESSION_SECRET: 'signed-out-e2e-session-secret-0123456789', EVENT_DISPATCHER: 'true' },
  });
  ada = await makeUserWithKey(server.db, 'Ada');
  grace = await makeUserWithKey(server.db, 'Grace');
  await givePassword(server.db, ada.user);
  await givePassword(server.db, grace.user);
  board = await makeBoard(
    server.db,
    ada.user.id,
    {
      title: 'Drafts and conflicts',
      tasks: [
        { title: 'Write the launch post', sectionTitle: 'Todo' },
        { title: 'Plan the offsite', sectionTitle: 'Todo' },
        { title: 'Name the release', sectionTitle: 'Todo' },
      ],
    },
    [grace.user.id],
  );
  browser = await launchBrowser({ allow: [server.url] });
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [i, page] of pages.entries()) await browser.screenshot(page, `signed-out-failed-${ctx.task.name}-${i}`).catch(() => undefined);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Many steps each, on a machine other tests share: a bound above vitest's default 60 s.
const LONG = { timeout: 150_000 };

describe('a session that ends while the person works', LONG, () => {
  it('sends them to sign in ("Your session ended"), then back to the task with their unsaved comment and description', async () => {
    const ticket = ticketOf('Write the launch post');
    const page = await signedInPage(ada);
    await page.goto(taskUrl(ticket));
    const panel = panelOf(page, ticket);
    await panel.waitFor(UI_WAIT);
    await panel.getByRole('button', { name: 'Edit description' }).click();
    await panel.getByLabel('Description (markdown)').fill('Opening line, **half** written');
    const box = panel.getByRole('combobox', { name: 'Add a comment' });
    await box.fill('A comment I have not sent yet');

    // Escape closes the panel; the drafts stay (reopening shows them).
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden', ...UI_WAIT });
    await page.goto(taskUrl(ticket));
    await expect.poll(() => panel.getByRole('combobox', { name: 'Add a comment' }).inputValue(), UI_WAIT).toBe('A comment I have not sent yet');
    expect(await panel.getByLabel('Description (markdown)').inputValue()).toBe('Opening line, **half** written');

    // The session ends (cookie gone: expired, cleared, revoked look the same to the page); the next request is a 401.
    await page.context().clearCookies();
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Your session ended — sign in again.' }).waitFor(UI_WAIT);
    const signIn = new URL(page.url());
    expect(signIn.pathname).toBe('/sign-in');
    expect(signIn.searchParams.get('next')).toBe(`/boards/${board.project.id}/tasks/${ticket}`);
    // Not the message for API users.
    expect(await page.getByText('Authorization: Bearer').count()).toBe(0);

    await page.getByLabel('Email').fill(ada.user.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await panel.waitFor(UI_WAIT);
    expect(new URL(page.url()).pathname).toBe(`/boards/${board.project.id}/tasks/${ticket}`);
    await expect.poll(() => panel.getByRole('combobox', { name: 'Add a comment' }).inputValue(), UI_WAIT).toBe('A comment I have not sent yet');
    expect(await panel.getByLabel('Description (markdown)').inputValue()).toBe('Opening line, **half** written');

    // Saved: the drafts are gone (a reload shows empty editors).
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    await panel.locator('.comment', { hasText: 'A comment I have not sent yet' }).waitFor(UI_WAIT);
    await panel.getByRole('button', { name: 'Save description' }).click();
    await panel.locator('.rendered strong', { hasText: 'half' }).waitFor(UI_WAIT);
    await page.reload();
    await panel.getByRole('button', { name: 'Edit description' }).waitFor(UI_WAIT);
    expect(await panel.getByRole('combobox', { name: 'Add a comment' }).inputValue()).toBe('');
    expect((await dbTask(ticket)).description).toBe('<p>Opening line, <strong>half</strong> written</p>');
  });
});

describe('a session revoked while the board is open', LONG, () => {
  it('the socket closed for its credentials (4401) takes the person to sign in, with no click, and back to the board', async () => {
    const page = await signedInPage(grace);
    await page.goto(`${server.url}/boards/${board.project.id}`);
    await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor(UI_WAIT);
    // "Sign out everywhere" elsewhere (or an admin's reset): the open socket's re-check closes it.
    await revokeSessions(server.db, grace.user.id);
    await page.getByRole('status').filter({ hasText: 'Your session ended — sign in again.' }).waitFor(UI_WAIT);
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/boards/${board.project.id}`);
    await page.getByLabel('Email').fill(grace.user.email);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor(UI_WAIT);
    expect(new URL(page.url()).pathname).toBe(`/boards/${board.project.id}`);
  });
});

describe('two people editing one task', LONG, () => {
  it('the second description save is refused and shown as a conflict with both texts; the person chooses', async () => {
    const ticket = ticketOf('Plan the offsite');
    const adaPage = await signedInPage(ada);
    const gracePage = await signedInPage(grace);
    const adaPanel = panelOf(adaPage, ticket);
    const gracePanel = panelOf(gracePage, ticket);
    for (const [page, panel] of [[adaPage, adaPanel], [gracePage, gracePanel]] as const) {
      await page.goto(taskUrl(ticket));
      await panel.getByRole('button', { name: 'Edit description' }).click();
    }
    await adaPanel.getByLabel('Description (markdown)').fill('Ada: the lake house');
    await adaPanel.getByRole('button', { name: 'Save description' }).click();
    await adaPanel.locator('.rendered', { hasText: 'Ada: the lake house' }).waitFor(UI_WAIT);

    await gracePanel.getByLabel('Description (markdown)').fill('Grace: the mountain hut');
    await gracePanel.getByRole('button', { name: 'Save description' }).click();
    const conflict = gracePanel.getByRole('alert').filter({ hasText: `Changed by ${ada.user.displayName} while you were editing` });
    await conflict.waitFor(UI_WAIT);
    await expect.poll(() => conflict.locator('figure').allInnerTexts(), UI_WAIT).toEqual([
      expect.stringContaining('Ada: the lake house'),
      expect.stringContaining('Grace: the mountain hut'),
    ]);
    await browser.screenshot(gracePage, 'description-conflict');
    // Refused: Ada's text is what the server holds.
    expect((await dbTask(ticket)).description).toBe('<p>Ada: the lake house</p>');

    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await gracePanel.locator('.rendered', { hasText: 'Grace: the mountain hut' }).waitFor(UI_WAIT);
    await expect.poll(async () => (await dbTask(ticket)).description, UI_WAIT).toBe('<p>Grace: the mountain hut</p>');
  });

  it('a title being typed is not replaced by another person’s rename: both are shown', async () => {
    const ticket = ticketOf('Name the release');
    const gracePage = await signedInPage(grace);
    await gracePage.goto(taskUrl(ticket));
    const title = panelOf(gracePage, ticket).getByRole('textbox', { name: 'Title' });
    await title.click();
    await title.press('End');
    await title.pressSequentially(' — Aurora', { delay: 20 });

    // Ada renames the task meanwhile (REST); the event reaches Grace's open panel.
    const res = await server.fetch(`/api/v1/tasks/${(await dbTask(ticket)).id}`, { method: 'PATCH', key: ada.key, json: { title: 'Release 2.0' } });
    expect(res.status).toBe(200);
    const conflict = gracePage.getByRole('alert').filter({ hasText: `Changed by ${ada.user.displayName} while you were editing` });
    await conflict.waitFor(UI_WAIT);
    expect(await conflict.innerText()).toContain('“Release 2.0”');
    expect(await title.inputValue()).toBe('Name the release — Aurora');
    expect(await gracePage.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Title');

    await conflict.getByRole('button', { name: 'Use theirs' }).click();
    expect(await title.inputValue()).toBe('Release 2.0');
    expect((await dbTask(ticket)).title).toBe('Release 2.0');
  });
});
