// Accessibility of the web app, checked in Chromium's own accessibility tree
// (the one screen readers read, through the DevTools protocol): every
// control on every screen has a role and a name, landmarks and headings
// are there, dialogs take focus, keep it inside and give it back, the app
// works from the keyboard alone, and it stays readable at phone width
// (390 px, screenshots under test-artifacts/screenshots/).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { accessibilityTree, unnamedControls } from '../support/accessibility-tree.ts';
import { givePassword, signInPage } from './sign-in.ts';


/** Role counts of the tree, for the landmark checks. */
async function roles(page: Page): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const n of await accessibilityTree(page))
    counts.set(n.role?.value ?? '', (counts.get(n.role?.value ?? '') ?? 0) + 1);
  return counts;
}

/** What has focus: its accessible-ish description (tag, name, inside which dialog). */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? null,
      label: el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 80) ?? null,
      inDialog: el?.closest('dialog[open]')?.getAttribute('aria-labelledby') ?? null,
    };
  });
}

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;

beforeAll(async () => {
  server = await createTestServer({ env: { SESSION_SECRET: 'a11y-e2e-session-secret-0123456789abcd' } });
  ada = await makeUserWithKey(server.db, 'Ada');
  await givePassword(server.db, ada.user);
  const grace = await makeUserWithKey(server.db, 'Grace');
  board = await makeBoard(
    server.db,
    ada.user.id,
    {
      title: 'Accessible launch',
      labels: [{ name: 'bug', color: '#e03131' }],
      tasks: [
        { title: 'Write the announcement', sectionTitle: 'Todo', labelNames: ['bug'], priority: 1 },
        { title: 'Book the venue', sectionTitle: 'Doing' },
      ],
    },
    [grace.user.id],
  );
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, lateFrames: 50 });
  await signInPage(page, server, ada.user);
  await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `a11y-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('accessibility in Chromium', () => {
  it('every control on every screen has a role and a name; landmarks and one h1 per screen', async () => {
    const screens: Record<string, string[]> = {};
    const check = async (name: string) => {
      screens[name] = await unnamedControls(page);
    };

    await check('boards');
    const counts = await roles(page);
    expect(counts.get('main')).toBe(1);
    expect(counts.get('banner')).toBe(1);
    expect(counts.get('navigation')).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

    await page.getByRole('link', { name: /Accessible launch/ }).click();
    await page.getByRole('region', { name: 'Todo', exact: true }).getByText('Write the announcement').waitFor(UI_WAIT);
    await check('board');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('search', { name: 'Filter tasks' }).count()).toBe(1);

    await page.locator('[data-card-link]', { hasText: 'Write the announcement' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Edit description' }).waitFor(UI_WAIT);
    await check('task panel');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Command menu' }).click();
    await page.getByRole('dialog', { name: 'Command menu' }).waitFor(UI_WAIT);
    await check('command menu');
    await page.getByRole('option', { name: 'REST API' }).click();
    await page.getByRole('dialog', { name: 'API keys' }).getByRole('button', { name: 'Create key' }).waitFor(UI_WAIT);
    await check('API keys');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: /^Inbox/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor(UI_WAIT);
    await check('inbox');

    const anonymous = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await anonymous.goto(`${server.url}/sign-in`);
    await anonymous.getByRole('button', { name: 'Sign in' }).waitFor(UI_WAIT);
    screens['sign in'] = await unnamedControls(anonymous);
    expect(await anonymous.getByLabel('Email').count()).toBe(1);
    expect(await anonymous.getByLabel('Password').count()).toBe(1);
    await anonymous.goto(`${server.url}/invite#token=abc`);
    await anonymous.getByRole('button', { name: 'Accept invite' }).waitFor(UI_WAIT);
    screens.invite = await unnamedControls(anonymous);
    await anonymous.context().close();

    expect(screens).toEqual({
      boards: [],
      board: [],
      'task panel': [],
      'command menu': [],
      'API keys': [],
      inbox: [],
      'sign in': [],
      invite: [],
    });
  });

  it('dialogs take focus, keep Tab inside, close with Escape and give focus back', async () => {
    await page.goto(`${server.url}/boards/${board.project.id}`);
    await page.getByRole('region', { name: 'Todo', exact: true }).getByText('Write the announcement').waitFor(UI_WAIT);

    // The command menu from its button, with the keyboard.
    await page.getByRole('button', { name: 'Command menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Command menu' }).waitFor(UI_WAIT);
    expect(await focused(page)).toMatchObject({ tag: 'input', label: 'Type a command or search tasks' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Command menu' }).waitFor({ state: 'detached', ...UI_WAIT });
    expect(await focused(page)).toMatchObject({ tag: 'button', label: expect.stringContaining('Command menu') });

    // The task panel from a card, with the keyboard; Tab cycles within it.
    const cardLink = page.locator('[data-card-link]', { hasText: 'Write the announcement' });
    await cardLink.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: /Write the announcement/ });
    await panel.getByRole('button', { name: 'Edit description' }).waitFor(UI_WAIT);
    expect((await focused(page)).inDialog).not.toBeNull();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const where = await focused(page);
      // Never behind the modal (Chromium may pass through its own UI for one stop).
      if (where.tag !== 'body')
        expect(where.inDialog, `Tab ${i + 1} left the dialog: ${JSON.stringify(where)}`).not.toBeNull();
    }
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', ...UI_WAIT });
    expect(await focused(page)).toMatchObject({ tag: 'a', label: expect.stringContaining('Write the announcement') });
  });

  it('works from the keyboard alone: command menu to a board, create a task, move it, open the inbox', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Accessible');
    await page.getByRole('option', { name: 'Go to board Accessible launch' }).waitFor(UI_WAIT);
    await page.keyboard.press('Enter');
    const todo = page.getByRole('region', { name: 'Todo', exact: true });
    await todo.getByText('Write the announcement').waitFor(UI_WAIT);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('Create task');
    await page.keyboard.press('Enter');
    await page.getByLabel('New task title in Todo').waitFor(UI_WAIT);
    expect(await focused(page)).toMatchObject({ tag: 'input' });
    await page.keyboard.type('Typed without a mouse');
    await page.keyboard.press('Enter');
    await todo.getByText('Typed without a mouse').waitFor(UI_WAIT);
    await page.keyboard.press('Escape');

    await page.locator('[data-card-link]', { hasText: 'Typed without a mouse' }).focus();
    await page.keyboard.press('Alt+ArrowRight');
    await page.getByRole('region', { name: 'Doing', exact: true }).getByText('Typed without a mouse').waitFor(UI_WAIT);

    await page.keyboard.press('Control+k');
    await page.keyboard.type('Inbox');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor(UI_WAIT);
    // Focus moved to the new screen's heading, so a screen reader announces it.
    expect(await focused(page)).toMatchObject({ tag: 'h1', label: 'Inbox' });
  });

  it('is readable at phone width (390 px): no sideways page scroll, controls reachable', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInPage(phone, server, ada.user);
    const overflow = () =>
      phone.evaluate(() => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth);

    await phone.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await browser.screenshot(phone, 'phone-boards');

    await phone.goto(`${server.url}/boards/${board.project.id}`);
    await phone.getByRole('region', { name: 'Todo', exact: true }).getByText('Write the announcement').waitFor(UI_WAIT);
    expect(await overflow()).toBeLessThanOrEqual(0);
    for (const name of ['Command menu', 'Sign out'])
      expect(await phone.getByRole('button', { name }).isVisible(), name).toBe(true);
    await browser.screenshot(phone, 'phone-board');

    await phone.locator('[data-card-link]', { hasText: 'Write the announcement' }).click();
    const panel = phone.getByRole('dialog', { name: /Write the announcement/ });
    await panel.getByRole('button', { name: 'Edit description' }).waitFor(UI_WAIT);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await browser.screenshot(phone, 'phone-task-panel');
    await phone.context().close();
  });
});
