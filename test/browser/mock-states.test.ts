// The states the real service rarely shows, in Chromium, with the web app's
// GraphQL answered by `tasksvc mock` (test/support/mock-graphql.ts): the app,
// the sign-in and the live socket are the real service's. Nothing yet (no
// boards, a board without tasks, a board without columns) says what to do;
// a board whose load fails says so with a retry that works; a board full of
// seeded data renders the mock's answer, the same on every load.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { type MockedGraphql, mockGraphql } from '../support/mock-graphql.ts';
import { givePassword, signInPage } from './sign-in.ts';

const SEED = 36;

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let graphql: MockedGraphql;
let boardPath: string;

/** The mock's own answer to one of the app's documents (what the page must show). */
async function mockAnswer(operation: string, variables: Record<string, unknown>) {
  const res = await fetch(`${graphql.mock.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ documentId: graphql.documentId(operation), variables }),
  });
  const body = (await res.json()) as { data: any; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** What a person reads on the board: the title, then each column's heading and cards (ticket, title). */
async function boardAsSeen() {
  await page.getByRole('heading', { level: 1 }).waitFor(UI_WAIT);
  await page.locator('.columns[aria-busy="false"]').waitFor(UI_WAIT);
  return page.evaluate(() => ({
    title: document.querySelector('h1')!.textContent,
    columns: [...document.querySelectorAll('section.column')].map((c) => ({
      title: c.querySelector('h2')!.textContent,
      cards: [...c.querySelectorAll('li.card')].map((card) => card.textContent),
    })),
  }));
}

beforeAll(async () => {
  server = await createTestServer({
    env: { SESSION_SECRET: 'mock-states-e2e-session-secret-0123456789', GRAPHQL_SESSION_DOCUMENTS: 'trusted' },
  });
  const ada = await makeUserWithKey(server.db, 'Ada');
  await givePassword(server.db, ada.user);
  // A real board the live socket subscribes to (quiet): what the page shows of it comes from the mock.
  const board = await makeBoard(server.db, ada.user.id, {
    title: 'The real board',
    tasks: [{ title: 'A real task', sectionTitle: 'Todo' }],
  });
  boardPath = `/boards/${board.project.id}`;
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, lateFrames: 50 });
  await signInPage(page, server, ada.user);
  graphql = await mockGraphql(page, { seed: SEED });
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `mock-states-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await graphql?.close();
  await server?.close();
});

describe('states the service rarely shows, against tasksvc mock', () => {
  it('nothing yet: the boards screen, a board without tasks and one without columns say what to do', async () => {
    graphql.answer({}, { scenario: 'empty' });
    await page.goto(server.url);
    await page.getByText('No boards yet. Create one for your team.').waitFor(UI_WAIT);
    expect(await page.locator('.board-list a').count()).toBe(0);
    expect(await page.getByText('The real board').count()).toBe(0);
    await page.getByRole('button', { name: 'New board' }).click();
    await page.getByText('You are not on a team yet: a team owner can invite you').waitFor(UI_WAIT);
    await browser.screenshot(page, 'mock-states-no-boards');

    // Columns (seeded), no tasks.
    graphql.answer({ BoardTasks: { scenario: 'empty' } });
    await page.goto(server.url + boardPath);
    const empty = page.getByText('No tasks yet. Add the first one with “+ Add task” in a column.');
    await empty.waitFor(UI_WAIT);
    const columns = page.locator('section.column');
    expect(await columns.count()).toBeGreaterThan(0);
    expect(await page.locator('li.card').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Add task to / }).count()).toBe(await columns.count());
    expect(await page.locator('.board-summary').textContent()).toContain('0 tasks');
    expect(await page.locator('.board-summary').textContent()).not.toContain('loading');
    await browser.screenshot(page, 'mock-states-board-without-tasks');

    // No visible columns either (every section hidden): where to add one.
    graphql.answer({}, { scenario: 'empty' });
    await page.goto(server.url + boardPath);
    await page.getByText('This board has no columns to show.').waitFor(UI_WAIT);
    const settings = page.locator('.empty-board').getByRole('link', { name: 'Board settings' });
    expect(await settings.getAttribute('href')).toBe(`${boardPath}/settings`);
    expect(await empty.count()).toBe(0);
    expect(graphql.answered).toContain('Board:empty');
  });

  it('a board whose query fails: an error state with a retry that loads the board', async () => {
    graphql.answer({ Board: { scenario: 'error' }, BoardTasks: { scenario: 'error' } });
    await page.goto(server.url + boardPath);
    await page.getByRole('heading', { level: 1, name: 'The board could not be loaded' }).waitFor(UI_WAIT);
    expect(await page.getByRole('alert').filter({ hasText: 'Mock INTERNAL error' }).count()).toBe(1);
    const retry = page.getByRole('button', { name: 'Try again' });
    expect(await retry.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to your boards' }).getAttribute('href')).toBe('/');
    // The person's shell stays: a failed board is not a failed app.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await browser.screenshot(page, 'mock-states-board-failed');

    // The service is back: "Try again" shows the board and its tasks.
    graphql.answer({});
    await retry.click();
    const seen = await boardAsSeen();
    expect(seen.columns.flatMap((c) => c.cards).length).toBeGreaterThan(0);
    expect(await page.getByText('The board could not be loaded').count()).toBe(0);

    // Someone else's board (NOT_FOUND): no retry, the way back.
    graphql.answer({ Board: { scenario: 'error', errorCode: 'NOT_FOUND' } });
    await page.goto(server.url + boardPath);
    await page.getByRole('heading', { level: 1, name: 'Board not found' }).waitFor(UI_WAIT);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Go to your boards' }).count()).toBe(1);

    // Columns load but the tasks do not: said, with a retry, never an endless "loading".
    graphql.answer({ BoardTasks: { scenario: 'error' } });
    await page.goto(server.url + boardPath);
    const alert = page.getByRole('alert').filter({ hasText: 'The tasks could not be loaded' });
    await alert.waitFor(UI_WAIT);
    expect(await page.locator('.board-summary').textContent()).not.toContain('loading');
    graphql.answer({});
    await alert.getByRole('button', { name: 'Try again' }).click();
    await alert.waitFor({ state: 'detached', ...UI_WAIT });
    expect((await boardAsSeen()).columns.flatMap((c) => c.cards).length).toBeGreaterThan(0);
  });

  it('a board full of seeded data: the mock answer rendered, the same on every load', async () => {
    graphql.answer({});
    const projectId = Number(boardPath.split('/').pop());
    const board = await mockAnswer('Board', { projectId });
    const { tasks } = await mockAnswer('BoardTasks', { projectId, offset: 0 });
    await page.goto(server.url + boardPath);
    const first = await boardAsSeen();
    expect(first.title).toBe(board.project.title);
    expect(first.columns.map((c) => c.title)).toEqual(board.sections.map((s: { title: string }) => s.title));
    // Every seeded task is a card in its column, with its ticket and title.
    for (const [i, section] of board.sections.entries()) {
      const inColumn = tasks.items.filter((t: { sectionId: number }) => t.sectionId === section.id);
      expect(first.columns[i].cards).toHaveLength(inColumn.length);
      for (const task of inColumn)
        expect(first.columns[i].cards.some((c) => c!.includes(task.ticketNumber) && c!.includes(task.title))).toBe(
          true,
        );
    }
    expect(tasks.items.length).toBeGreaterThan(2);
    expect(first.columns.flatMap((c) => c.cards)).toHaveLength(tasks.items.length);
    expect(await page.locator('.board-summary').textContent()).toContain(`${tasks.items.length} tasks`);
    await browser.screenshot(page, 'mock-states-seeded-board');

    await page.reload();
    expect(await boardAsSeen()).toEqual(first);
  });
});
