// The task panel's history and subtasks, the list view and saved views with
// their subtask setting, in Chromium: each live (another person's change
// appears without a reload), by role and name, and at phone width.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { unnamedControls } from '../support/accessibility-tree.ts';
import { givePassword, signInPage } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let grace: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;
const pages: Page[] = [];
const section = (title: string) => board.sections.find((s) => s.title === title)!.id;
type Made = Awaited<ReturnType<typeof createTask>>;
let launch: Made;
let venue: Made;
let busy: Made;

async function signedInPage(width = 1280, height = 900, phone = false) {
  const page = await browser.newPage({ viewport: { width, height }, lateFrames: 30, isMobile: phone, hasTouch: phone });
  pages.push(page);
  await signInPage(page, server, ada.user);
  return page;
}
const boardUrl = (query = '') => `${server.url}/boards/${board.project.id}${query}`;
const taskUrl = (ticket: string) => `${server.url}/boards/${board.project.id}/tasks/${ticket}`;
const panelOf = (page: Page, ticket: string) => page.getByRole('dialog', { name: new RegExp(ticket) });
const ticketOf = (t: Made) => `${board.project.ticketPrefix}-${t.uniqueIndex}`;
const rowTitles = (page: Page) => page.locator('.task-table tbody tr .title-cell > a').allInnerTexts();

beforeAll(async () => {
  server = await createTestServer({
    env: { SESSION_SECRET: 'views-e2e-session-secret-0123456789abcdef', EVENT_DISPATCHER: 'true' },
  });
  ada = await makeUserWithKey(server.db, 'Ada');
  grace = await makeUserWithKey(server.db, 'Grace');
  await givePassword(server.db, ada.user);
  board = await makeBoard(server.db, ada.user.id, { title: 'Offsite' }, [grace.user.id]);
  const make = (title: string, more: Record<string, unknown> = {}) =>
    createTask(server.db, ada.user.id, { projectId: board.project.id, sectionId: section('Todo'), title, ...more });
  launch = await make('Plan the launch', { priority: 'high' });
  venue = await make('Book the venue', { parentId: launch.id, priority: 'high' });
  await make('Choose the menu', { parentId: launch.id, priority: 'low', sectionId: section('Doing') });
  const label = await server.db.label.create({ data: { projectId: board.project.id, name: 'logistics' } });
  await make('Write the agenda', { priority: 'medium', dueDate: '2026-03-01T00:00:00.000Z', labelIds: [label.id] });
  busy = await make('Busy task');
  for (let i = 1; i <= 22; i++)
    await updateTask(server.db, ada.user.id, { taskId: busy.id }, { title: `Busy task ${i}` });
  browser = await launchBrowser({ allow: [server.url] });
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    for (const [i, page] of pages.entries())
      await browser.screenshot(page, `views-failed-${ctx.task.name}-${i}`).catch(() => undefined);
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const LONG = { timeout: 150_000 };

describe('the task panel', LONG, () => {
  it('shows the history, newest first, a page at a time, and another person’s change arrives live', async () => {
    const page = await signedInPage();
    const ticket = ticketOf(busy);
    await page.goto(taskUrl(ticket));
    const activity = panelOf(page, ticket).getByRole('region', { name: /^Activity/ });
    const entries = activity.getByRole('listitem');
    await expect.poll(() => entries.count(), UI_WAIT).toBe(20);
    expect(await entries.first().innerText()).toContain(
      `${ada.user.displayName} renamed it from “Busy task 21” to “Busy task 22”`,
    );
    await activity.getByRole('button', { name: 'Show older activity (3 more)' }).click();
    await expect.poll(() => entries.count(), UI_WAIT).toBe(23);
    expect(await entries.last().innerText()).toContain('created the task');
    expect(await activity.getByRole('button', { name: /Show older activity/ }).count()).toBe(0);

    // Grace moves it through REST: the entry appears at the top without a reload.
    const res = await server.fetch(`/api/v1/tasks/${busy.id}`, {
      method: 'PATCH',
      key: grace.key,
      json: { section_id: section('Done'), priority: 'urgent' },
    });
    expect(res.status).toBe(200);
    await expect
      .poll(() => entries.first().innerText(), UI_WAIT)
      .toContain(`${grace.user.displayName} set priority to Urgent, moved it from Todo to Done`);
    expect(await entries.count()).toBe(24);
  });

  it('shows subtasks and adds one; another person’s new subtask arrives live; a subtask names its parent', async () => {
    const page = await signedInPage();
    const ticket = ticketOf(launch);
    await page.goto(taskUrl(ticket));
    const panel = panelOf(page, ticket);
    const subtasks = panel.getByRole('region', { name: /^Subtasks/ });
    await expect
      .poll(() => subtasks.getByRole('listitem').allInnerTexts(), UI_WAIT)
      .toEqual([expect.stringContaining('Book the venue'), expect.stringContaining('Choose the menu')]);
    expect(await unnamedControls(page)).toEqual([]);
    await subtasks.getByRole('textbox', { name: 'New subtask' }).fill('Send the invitations');
    await subtasks.getByRole('button', { name: 'Add subtask' }).click();
    await subtasks.getByRole('link', { name: /Send the invitations/ }).waitFor(UI_WAIT);
    const made = await server.db.task.findFirstOrThrow({ where: { title: 'Send the invitations' } });
    expect(made).toMatchObject({ parentId: launch.id, sectionId: launch.sectionId, projectId: board.project.id });

    const res = await server.fetch('/api/mcp/tasks/create', {
      method: 'POST',
      key: grace.key,
      json: { project_id: board.project.id, title: 'Hire a photographer' },
    });
    const created = (await res.json()) as { id: number };
    await server.fetch(`/api/v1/tasks/${created.id}`, {
      method: 'PATCH',
      key: grace.key,
      json: { parent_id: launch.id },
    });
    await subtasks.getByRole('link', { name: /Hire a photographer/ }).waitFor(UI_WAIT);
    expect(await subtasks.getByRole('heading').innerText()).toContain('(0 of 4 closed)');

    await subtasks.getByRole('link', { name: /Book the venue/ }).click();
    const child = panelOf(page, ticketOf(venue));
    await child.getByText(`Subtask of ${ticket} Plan the launch`).waitFor(UI_WAIT);
    await child.getByRole('link', { name: `${ticket} Plan the launch` }).click();
    await panelOf(page, ticket)
      .getByRole('region', { name: /^Subtasks/ })
      .waitFor(UI_WAIT);
  });
});

describe('the list view and saved views', LONG, () => {
  it('sorts and filters a table of the board’s tasks, saves it as a view with its subtask setting, and restores it', async () => {
    const page = await signedInPage();
    await page.goto(boardUrl());
    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'List' }).click();
    const table = page.getByRole('region', { name: 'Tasks of Offsite as a list' }).getByRole('table');
    await table.waitFor(UI_WAIT);
    expect(new URL(page.url()).search).toBe('?layout=list');

    expect(await unnamedControls(page)).toEqual([]);
    // Sorted from the keyboard: the header's button.
    await table.getByRole('button', { name: 'Priority' }).focus();
    await page.keyboard.press('Enter');
    expect(await table.getByRole('columnheader', { name: 'Priority' }).getAttribute('aria-sort')).toBe('ascending');
    await expect
      .poll(() => rowTitles(page), UI_WAIT)
      .toEqual(expect.arrayContaining(['Plan the launch', 'Book the venue']));
    const sorted = await rowTitles(page);
    expect(sorted.indexOf('Write the agenda')).toBeLessThan(sorted.indexOf('Choose the menu'));

    // High priority only, subtasks under their parent.
    await page.getByRole('search', { name: 'Filter tasks' }).getByLabel('Priority').selectOption('high');
    await page.locator('.view-bar').getByLabel('Subtasks').selectOption('PARENT');
    await expect.poll(() => rowTitles(page), UI_WAIT).toEqual(['Plan the launch', 'Book the venue']);
    expect(await table.locator('tr.subtask-row').innerText()).toContain('Book the venue');

    // The dialog takes focus (its name field), Escape closes it and gives focus back.
    await page.getByRole('button', { name: 'Save view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor(UI_WAIT);
    expect(await unnamedControls(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...UI_WAIT });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save view…');
    await page.keyboard.press('Enter');
    await expect
      .poll(
        () =>
          page.evaluate(() => document.activeElement?.getAttribute('aria-invalid') ?? document.activeElement?.tagName),
        UI_WAIT,
      )
      .toBe('INPUT');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Urgent-ish');
    expect(await dialog.getByLabel('Subtasks').inputValue()).toBe('PARENT');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'hidden', ...UI_WAIT });
    const view = await server.db.savedView.findFirstOrThrow({ where: { creatorId: ada.user.id, title: 'Urgent-ish' } });
    expect(view).toMatchObject({ subtaskSetting: 'Parent', layout: 'list', projectId: board.project.id });
    expect(view.filters).toEqual({ priority: 'high', sortBy: 'priority', sortOrder: 'asc' });
    expect(new URL(page.url()).search).toBe(`?view=${view.id}&layout=list`);

    // Live: Grace's new high-priority task joins the list.
    const res = await server.fetch('/api/mcp/tasks/create', {
      method: 'POST',
      key: grace.key,
      json: { project_id: board.project.id, title: 'Print the badges', priority: 'high' },
    });
    expect(res.status).toBe(200);
    await expect.poll(() => rowTitles(page), UI_WAIT).toContain('Print the badges');

    // A reload (or the link) shows the view as saved.
    await page.reload();
    await expect
      .poll(() => rowTitles(page), UI_WAIT)
      .toEqual(['Plan the launch', 'Book the venue', 'Print the badges']);
    expect(await page.locator('.view-bar').getByLabel('View').inputValue()).toBe(String(view.id));
    expect(await page.locator('.view-bar').getByLabel('Subtasks').inputValue()).toBe('PARENT');

    // Changed: "Update view" stores it.
    await page.locator('.view-bar').getByLabel('Subtasks').selectOption('CARD');
    await page.getByRole('button', { name: 'Update view' }).click();
    await expect
      .poll(
        async () => (await server.db.savedView.findUniqueOrThrow({ where: { id: view.id } })).subtaskSetting,
        UI_WAIT,
      )
      .toBe('Card');
    await expect.poll(() => rowTitles(page), UI_WAIT).toEqual(['Plan the launch', 'Print the badges']);
    expect(await table.getByRole('list', { name: `Subtasks of ${ticketOf(launch)}` }).innerText()).toContain(
      'Book the venue',
    );
  });

  it('the board honours the setting: None hides subtask cards, Card lists them on the parent, Parent names the parent', async () => {
    const page = await signedInPage();
    await page.goto(boardUrl());
    const todo = page.getByRole('region', { name: 'Todo' });
    await todo.getByText('Book the venue').waitFor(UI_WAIT);
    const subtaskSetting = page.locator('.view-bar').getByLabel('Subtasks');
    expect(await subtaskSetting.inputValue()).toBe('FLATTENED');

    await subtaskSetting.selectOption('NONE');
    await todo.getByText('Book the venue').waitFor({ state: 'hidden', ...UI_WAIT });
    expect(await page.getByRole('region', { name: 'Doing' }).getByText('Choose the menu').count()).toBe(0);

    await subtaskSetting.selectOption('CARD');
    const onCard = todo.getByRole('list', { name: `Subtasks of ${ticketOf(launch)}` });
    await expect.poll(() => onCard.innerText(), UI_WAIT).toContain('Choose the menu');
    expect(await todo.locator('.card-link', { hasText: 'Book the venue' }).count()).toBe(0);

    await subtaskSetting.selectOption('PARENT');
    const card = todo.locator('li.card', { hasText: 'Book the venue' });
    await expect.poll(() => card.innerText(), UI_WAIT).toContain(`Subtask of ${ticketOf(launch)}`);
  });

  it('fits a phone (390 px): the list scrolls inside its region, the page does not', async () => {
    const page = await signedInPage(390, 844, true);
    await page.goto(boardUrl('?layout=list'));
    await page.getByRole('table').waitFor(UI_WAIT);
    // Labels and subtasks under their parent carry visually hidden text in far columns: it must not widen the page.
    await page.locator('.view-bar').getByLabel('Subtasks').selectOption('PARENT');
    await page.locator('tr.subtask-row').first().waitFor(UI_WAIT);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    // A phone widens its layout viewport to fit content that overflows: it stays the screen's.
    expect(widths).toEqual({ page: 390, viewport: 390 });
    await browser.screenshot(page, 'list-view-phone');
  });
});
