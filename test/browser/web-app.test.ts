// The web app end to end, in Debian's Chromium against a real server: a
// person signs in with a password, opens a board, creates a task, moves it (mouse and
// keyboard), sees another person's REST change arrive live, manages API keys
// from the command menu and signs out. Each screen is saved as a screenshot
// under test-artifacts/screenshots/ (git-ignored).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/domain/api-key.ts';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { gql } from '../support/graphql.ts';
import { documentedFetch } from '../support/openapi-responses.ts';
import { givePassword, signInPage } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let grace: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;
let sideBoard: Awaited<ReturnType<typeof makeBoard>>;

/** The server's view of a task, through GraphQL as `ada`. */
async function serverTask(ticketNumber: string) {
  const res = await gql(
    server,
    ada.key,
    'query($ref: TaskRefInput!) { task(ref: $ref) { id title sectionId section { title } } }',
    {
      ref: { projectId: board.project.id, ticketNumber },
    },
  );
  return res.data!.task as { id: number; title: string; sectionId: number; section: { title: string } };
}

const column = (title: string) => page.getByRole('region', { name: title, exact: true });
const card = (ticket: string) => page.locator('li.card', { has: page.getByText(ticket, { exact: true }) });

beforeAll(async () => {
  // Trusted documents only, as a production deployment would: every document the app sends must be in its manifest.
  server = await createTestServer({ env: { SESSION_SECRET: 'web-app-e2e-session-secret-0123456789', GRAPHQL_SESSION_DOCUMENTS: 'trusted' } });
  ada = await makeUserWithKey(server.db, 'Ada');
  await givePassword(server.db, ada.user);
  grace = await makeUserWithKey(server.db, 'Grace');
  board = await makeBoard(
    server.db,
    ada.user.id,
    {
      title: 'Launch',
      labels: [{ name: 'bug', color: '#e03131' }],
      tasks: [
        { title: 'Write the announcement', sectionTitle: 'Todo', labelNames: ['bug'] },
        { title: 'Book the venue', sectionTitle: 'Doing' },
      ],
    },
    [grace.user.id],
  );
  sideBoard = await makeBoard(server.db, ada.user.id, { title: 'Side project' });
  browser = await launchBrowser({ allow: [server.url] });
  // Frames late, input on time: a starved renderer, so that code which
  // waits for "the next frame" meets the keys a busy machine delivers first.
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, lateFrames: 50 });
});

// What the page showed when a step failed; then back to the board, so that
// the next steps report their own result rather than an open dialog's.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await browser.screenshot(page, `web-app-failed-${ctx.task.name}`).catch(() => undefined);
  await page.goto(`${server.url}/boards/${board.project.id}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the web app in Chromium', () => {
  it('signs in with email and password (a wrong password is refused) and lists the boards with their task counts', async () => {
    await page.goto(`${server.url}/`);
    // Not signed in: the app sends the visitor to the sign-in screen.
    await page.getByRole('button', { name: 'Sign in' }).waitFor(UI_WAIT);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByLabel('Email').fill(ada.user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor(UI_WAIT);
    await browser.screenshot(page, 'web-app-sign-in-refused');
    await signInPage(page, server, ada.user);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), UI_WAIT).toBe('Boards');
    const tile = page.getByRole('link', { name: /Launch/ });
    await tile.waitFor(UI_WAIT);
    expect(await tile.textContent()).toContain('2 tasks');
    await browser.screenshot(page, 'web-app-boards');
  });

  it('opens a board: sections are columns named by their titles, with the cards', async () => {
    await page.getByRole('link', { name: /Launch/ }).click();
    await column('Todo').getByText('Write the announcement').waitFor(UI_WAIT);
    expect(await column('Doing').getByText('Book the venue').count()).toBe(1);
    expect(await column('Done').locator('li.card').count()).toBe(0);
    await browser.screenshot(page, 'web-app-board');
  });

  it('creates a task inline in a column', async () => {
    await column('Todo').getByRole('button', { name: 'Add task to Todo' }).click();
    await page.getByLabel('New task title in Todo').fill('Order the cake');
    await page.keyboard.press('Enter');
    await column('Todo').getByText('Order the cake').waitFor(UI_WAIT);
    const task = await serverTask(await ticketOf('Order the cake'));
    expect(task).toMatchObject({ title: 'Order the cake', section: { title: 'Todo' } });
  });

  it('drags the card to another column; the server has it there', async () => {
    const ticket = await ticketOf('Order the cake');
    await card(ticket).dragTo(column('Done').locator('ol.cards'));
    await column('Done').getByText('Order the cake').waitFor(UI_WAIT);
    await expect.poll(async () => (await serverTask(ticket)).section.title, UI_WAIT).toBe('Done');
  });

  it('moves a card with the keyboard (Alt+Arrow) as well', async () => {
    const ticket = await ticketOf('Book the venue');
    await page.locator(`[data-card-link]`, { hasText: 'Book the venue' }).focus();
    await page.keyboard.press('Alt+ArrowRight');
    await column('Done').getByText('Book the venue').waitFor(UI_WAIT);
    await expect.poll(async () => (await serverTask(ticket)).section.title, UI_WAIT).toBe('Done');
    // Focus stays on the moved card, so moving on works.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Book the venue');
  });

  it('the task panel: description edited as markdown, a label added, a comment mentioning a teammate', async () => {
    const ticket = await ticketOf('Book the venue');
    await page.locator('[data-card-link]', { hasText: 'Book the venue' }).click();
    const panel = page.getByRole('dialog', { name: new RegExp(ticket) });
    await panel.waitFor(UI_WAIT);
    await panel.getByRole('button', { name: 'Edit description' }).click();
    await panel.getByLabel('Description (markdown)').fill('Needs **120 seats**.');
    await panel.getByRole('button', { name: 'Save description' }).click();
    await panel.locator('.rendered strong', { hasText: '120 seats' }).waitFor(UI_WAIT);

    await panel.getByRole('combobox', { name: 'Add label' }).selectOption({ label: 'bug' });
    await panel.getByRole('button', { name: 'Remove label bug' }).waitFor(UI_WAIT);

    const box = panel.getByRole('combobox', { name: 'Add a comment' });
    await box.fill('Thanks ');
    await box.pressSequentially('@Gra');
    await panel
      .getByRole('listbox', { name: 'People to mention' })
      .getByRole('option', { name: grace.user.displayName })
      .waitFor(UI_WAIT);
    await page.keyboard.press('Enter');
    // Typed on at a fast typist's pace: the page's late frames (lateFrames) fall in the middle.
    await box.pressSequentially('for the list', { delay: 25 });
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    // The words typed after picking the mention stay in order (a failure shows the comment as posted).
    await expect
      .poll(() => panel.locator('.comment').allTextContents(), UI_WAIT)
      .toEqual([expect.stringContaining(`@${grace.user.displayName} for the list`)]);
    await browser.screenshot(page, 'web-app-task-panel');

    const labels = await gql(server, ada.key, 'query($ref: TaskRefInput!) { task(ref: $ref) { labels { name } } }', {
      ref: { projectId: board.project.id, ticketNumber: ticket },
    });
    expect(labels.data!.task.labels).toEqual([{ name: 'bug' }]);
    const comments = await gql(
      server,
      ada.key,
      'query($ref: TaskRefInput!) { comments(ref: $ref) { items { text mentions { userId } } } }',
      {
        ref: { projectId: board.project.id, ticketNumber: ticket },
      },
    );
    expect(comments.data!.comments.items).toEqual([
      {
        text: expect.stringContaining(`@${grace.user.displayName} for the list`),
        mentions: [{ userId: grace.user.id }],
      },
    ]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', ...UI_WAIT });
    expect(new URL(page.url()).pathname).toBe(`/boards/${board.project.id}`);
  });

  it('the inbox shows the unread count and archives', async () => {
    // Grace changes a task Ada created (so watches): Ada hears of it.
    const ticket = await ticketOf('Write the');
    const res = await server.fetch(`/api/v1/tasks/${(await serverTask(ticket)).id}`, {
      method: 'PATCH',
      key: grace.key,
      json: { priority: 'high' },
    });
    expect(res.status).toBe(200);
    await page.getByRole('link', { name: /^Inbox/ }).click();
    // Grouped by task: the task's group holds its entries.
    const item = page.getByRole('listitem', { name: new RegExp(ticket) }).locator('li.inbox-entry');
    await item.first().waitFor(UI_WAIT);
    await expect.poll(() => page.getByRole('link', { name: /^Inbox\W+1 unread$/ }).count(), UI_WAIT).toBe(1);
    await browser.screenshot(page, 'web-app-inbox');
    const before = await item.count();
    await item
      .first()
      .getByRole('button', { name: `Archive ${ticket} notification` })
      .click();
    await expect.poll(() => item.count(), UI_WAIT).toBe(before - 1);
    await page.getByRole('link', { name: 'Boards', exact: true }).click();
  });

  it('Ctrl+K → "REST API" → "Create key" shows the key once; it works until revoked', async () => {
    await page.keyboard.press('Control+k');
    const menu = page.getByRole('dialog', { name: 'Command menu' });
    await menu.waitFor(UI_WAIT);
    await browser.screenshot(page, 'web-app-command-menu');
    await menu.getByRole('option', { name: 'REST API' }).click();
    const dialog = page.getByRole('dialog', { name: 'API keys' });
    await dialog.waitFor(UI_WAIT);
    await dialog.getByLabel('Label').fill('e2e script');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = dialog.getByRole('textbox', { name: 'New API key' });
    await shown.waitFor(UI_WAIT);
    const key = await shown.inputValue();
    expect(key.length).toBeGreaterThan(20);
    await browser.screenshot(page, 'web-app-api-keys');

    const asKey = () => documentedFetch(`${server.url}/api/mcp/user/context`, { headers: { authorization: `Bearer ${key}` } });
    expect((await asKey()).status).toBe(200);

    // Shown once: hidden, then the list has its prefix only.
    await dialog.getByRole('button', { name: 'Done, hide the key' }).click();
    expect(await dialog.getByRole('textbox', { name: 'New API key' }).count()).toBe(0);
    expect(await dialog.textContent()).not.toContain(key);

    const revoke = dialog.getByRole('button', { name: 'Revoke key "e2e script"' });
    await revoke.click();
    await revoke.waitFor({ state: 'detached', ...UI_WAIT });
    expect((await asKey()).status).toBe(401);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...UI_WAIT });
  });

  it('"Create task" away from a board asks for the board, starting on the one opened last', async () => {
    const openCreateTask = async () => {
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog', { name: 'Command menu' }).getByRole('option', { name: 'Create task' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create task' });
      await dialog.waitFor();
      return dialog;
    };
    const boardIds = async (dialog: ReturnType<typeof page.getByRole>) => {
      const select = dialog.getByRole('combobox', { name: 'Board' });
      await expect.poll(() => select.locator('option').count(), UI_WAIT).toBe(2);
      return select.locator('option').evaluateAll((options) => options.map((o) => Number((o as HTMLOptionElement).value)));
    };
    await page.goto(`${server.url}/inbox`);
    // The menu's shortcut is the app's: wait until the app has drawn the page.
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor(UI_WAIT);
    // Open the board that is not first in the list, so that starting on it is the memory, not the default.
    const [first, second] = await boardIds(await openCreateTask());
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/boards/${second}`);
    await column('Todo').waitFor();
    await page.getByRole('link', { name: 'Inbox', exact: false }).click();
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();

    const dialog = await openCreateTask();
    await boardIds(dialog);
    const select = dialog.getByRole('combobox', { name: 'Board' });
    expect(Number(await select.inputValue())).toBe(second);
    await browser.screenshot(page, 'web-app-create-task');
    await select.selectOption(String(first));
    // The column list follows the board; it starts on the first column, and Doing is picked.
    const columnSelect = dialog.getByRole('combobox', { name: 'Column' });
    await expect.poll(() => columnSelect.locator('option').allTextContents(), UI_WAIT).toEqual(['Todo', 'Doing', 'Done']);
    expect(await columnSelect.locator('option:checked').textContent()).toBe('Todo');
    await columnSelect.selectOption({ label: 'Doing' });
    await dialog.getByLabel('Title').fill('Made from the inbox');
    await page.keyboard.press('Enter');
    // The new task's panel opens on its board.
    const panel = page.getByRole('dialog', { name: /Made from the inbox/ });
    await panel.waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/boards/${first}/tasks/`));
    const ticket = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const res = await gql(server, ada.key, 'query($ref: TaskRefInput!) { task(ref: $ref) { title section { title } } }', {
      ref: { projectId: first, ticketNumber: ticket },
    });
    expect(res.data!.task).toEqual({ title: 'Made from the inbox', section: { title: 'Doing' } });
    expect([board.project.id, sideBoard.project.id]).toContain(first);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('API keys: at the 10-key limit the form gives way to the rule; an 11th is refused with its message', async () => {
    // Linus holds 9 active keys (one from the factory) and opens the dialog in his own browser context.
    const linus = await makeUserWithKey(server.db, 'Linus');
    await givePassword(server.db, linus.user);
    for (let i = 2; i <= 9; i++) await createApiKey(server.db, linus.user.id, { label: `script ${i}` });
    const own = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await signInPage(own, server, linus.user);
      await own.keyboard.press('Control+k');
      await own.getByRole('dialog', { name: 'Command menu' }).getByRole('option', { name: 'REST API' }).click();
      const dialog = own.getByRole('dialog', { name: 'API keys' });
      const rows = dialog.getByRole('button', { name: /^Revoke key/ });
      await expect.poll(() => rows.count(), UI_WAIT).toBe(9);

      // Meanwhile a 10th key is made elsewhere (another tab, a script): the 11th asked for here is refused.
      await createApiKey(server.db, linus.user.id, { label: 'made elsewhere' });
      await dialog.getByLabel('Label').fill('the eleventh');
      await dialog.getByRole('button', { name: 'Create key' }).click();
      await expect
        .poll(() => dialog.getByRole('alert').textContent(), UI_WAIT)
        .toBe('A user can hold at most 10 active API keys; revoke one first.');
      // The list catches up: ten keys, and the rule in place of the form.
      await expect.poll(() => rows.count(), UI_WAIT).toBe(10);
      expect(await dialog.getByRole('note').textContent()).toContain('You have 10 active keys');
      expect(await dialog.getByRole('button', { name: 'Create key' }).count()).toBe(0);
      expect(await server.db.apiKey.count({ where: { userId: linus.user.id, revokedAt: null } })).toBe(10);
      await browser.screenshot(own, 'web-app-api-keys-limit');

      // Revoking one brings the form back.
      await dialog.getByRole('button', { name: 'Revoke key "made elsewhere"' }).click();
      await dialog.getByRole('button', { name: 'Create key' }).waitFor();
      expect(await dialog.getByRole('note').count()).toBe(0);
    } finally {
      await own.context().close();
    }
  });

  it('signs out: back at the sign-in screen, and the session no longer works', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor(UI_WAIT);
    await browser.screenshot(page, 'web-app-sign-in');
    const me = await page.evaluate(
      async () =>
        (
          await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"query":"{ me { id } }"}',
          })
        ).status,
    );
    expect(me).toBe(401);
  });
});

/** The ticket number on the card titled `title`. */
async function ticketOf(title: string): Promise<string> {
  const link = page.locator('[data-card-link]', { hasText: title });
  await link.waitFor(UI_WAIT);
  return (await link.locator('.card-ticket').textContent())!;
}
