// The web app end to end, in Debian's Chromium against a real server: a
// person signs in, opens a board, creates a task, moves it (mouse and
// keyboard), sees another person's REST change arrive live, manages API keys
// from the command menu and signs out. Each screen is saved as a screenshot
// under test-artifacts/screenshots/ (git-ignored).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { gql } from '../support/graphql.ts';
import { signInPage } from './sign-in.ts';

/** UI waits are generous (a busy 2-core machine); they wait for a state, never time a step. */
const UI_WAIT = { timeout: 20_000 };

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let grace: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;

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
  server = await createTestServer({ env: { SESSION_SECRET: 'web-app-e2e-session-secret-0123456789' } });
  ada = await makeUserWithKey(server.db, 'Ada');
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
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

// What the page showed when a step failed.
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `web-app-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the web app in Chromium', () => {
  it('signs in and lists the boards with their task counts', async () => {
    await signInPage(page, server, ada);
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

    const asKey = () => fetch(`${server.url}/api/mcp/user/context`, { headers: { authorization: `Bearer ${key}` } });
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
