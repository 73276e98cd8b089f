// The board is live: an open board in Chromium follows what another person
// does through REST and the tool routes, without a reload; the open task
// panel follows its task's comments; and when the server goes away (the
// listener restarts) changes made meanwhile arrive when the socket is back,
// by resuming after the last event's cursor, not by reloading the board.
// The 1 s goal is measured by `npm run bench:web` (live lag), never timed here:
// the waits below only guard against hangs on a busy machine.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.ts';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { gql } from '../support/graphql.ts';
import { givePassword, signInPage } from './sign-in.ts';


let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let grace: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;
let sections: Record<string, number>;
/** Board task loads (`BoardTasks` queries) the page has sent. */
let boardLoads = 0;

const column = (title: string) => page.getByRole('region', { name: title, exact: true });

/** Grace's request, as REST or tool-route JSON (throws on anything but 2xx). */
async function asGrace(method: string, path: string, json?: unknown) {
  const res = await server.fetch(path, { method, key: grace.key, json });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

beforeAll(async () => {
  server = await createTestServer({
    // Trusted documents only: the board's queries and its graphql-ws subscription go by document id.
    env: { SESSION_SECRET: 'live-board-e2e-session-secret-0123456789', EVENT_DISPATCHER: 'true', GRAPHQL_SESSION_DOCUMENTS: 'trusted' },
  });
  ada = await makeUserWithKey(server.db, 'Ada');
  await givePassword(server.db, ada.user);
  grace = await makeUserWithKey(server.db, 'Grace');
  board = await makeBoard(
    server.db,
    ada.user.id,
    { title: 'Live launch', tasks: [{ title: 'Print the posters', sectionTitle: 'Todo' }] },
    [grace.user.id],
  );
  const res = await gql(server, ada.key, 'query($id: Int!) { sections(projectId: $id) { id title } }', {
    id: board.project.id,
  });
  sections = Object.fromEntries(res.data!.sections.map((s: { id: number; title: string }) => [s.title, s.id]));
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('request', (req) => {
    if (req.url().includes('/graphql') && `${req.url()} ${req.postData() ?? ''}`.includes('BoardTasks')) boardLoads++;
  });

  await signInPage(page, server, ada.user);
  await page.goto(`${server.url}/boards/${board.project.id}`);
  await column('Todo').getByText('Print the posters').waitFor(UI_WAIT);
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor(UI_WAIT);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `live-board-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a live board in Chromium', () => {
  it("shows another person's REST and tool-route changes without a reload", async () => {
    const loads = boardLoads;
    const { task: created } = await asGrace('POST', '/api/v1/tasks', {
      project_id: board.project.id,
      section_id: sections.Doing,
      title: 'Hire the caterer',
      priority: 'high',
    });
    const card = column('Doing').locator('li.card', { hasText: 'Hire the caterer' });
    await card.waitFor(UI_WAIT);
    expect(await card.textContent()).toContain('High');

    const taskId = created.id as number;
    await asGrace('POST', '/api/mcp/tasks/update', { task_id: taskId, title: 'Hire the best caterer' });
    await column('Doing').getByText('Hire the best caterer').waitFor(UI_WAIT);

    await asGrace('POST', `/api/v1/tasks/${taskId}/move`, {
      target_project_id: board.project.id,
      target_section_id: sections.Done,
    });
    await column('Done').getByText('Hire the best caterer').waitFor(UI_WAIT);
    expect(await column('Doing').getByText('Hire the best caterer').count()).toBe(0);

    await asGrace('DELETE', `/api/v1/tasks/${taskId}`);
    await column('Done')
      .getByText('Hire the best caterer')
      .waitFor({ state: 'detached', ...UI_WAIT });
    // Applied from the events themselves: the board was never reloaded.
    expect(boardLoads).toBe(loads);
    await browser.screenshot(page, 'live-board-after-rest-changes');
  });

  it("the open task panel shows another person's comment as it is made", async () => {
    const link = page.locator('[data-card-link]', { hasText: 'Print the posters' });
    const ticket = (await link.locator('.card-ticket').textContent())!;
    await link.click();
    const panel = page.getByRole('dialog', { name: new RegExp(ticket) });
    await panel.waitFor(UI_WAIT);
    await asGrace('POST', '/api/v1/comments', {
      project_id: board.project.id,
      ticket_number: ticket,
      text: 'The printer opens at *nine*.',
      content_type: 'markdown',
    });
    await panel.locator('.comment', { hasText: 'The printer opens at' }).waitFor(UI_WAIT);
    expect(await panel.locator('.comment em').textContent()).toBe('nine');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', ...UI_WAIT });
  });

  it('catches up after a server restart: changes made while it was down arrive by resuming the events', async () => {
    // An event first, so that the page holds a cursor to resume after.
    const posters = column('Todo').locator('li.card', { hasText: 'Print the posters' });
    const { tasks } = await asGrace('GET', `/api/v1/tasks?project_id=${board.project.id}`);
    const postersId = (tasks as { id: number; title: string }[]).find((t) => t.title === 'Print the posters')!.id;
    await asGrace('PATCH', `/api/v1/tasks/${postersId}`, { priority: 'low' });
    await posters.getByText('Low').waitFor(UI_WAIT);

    const loads = boardLoads;
    await server.restartListener(async () => {
      await page.getByRole('status').filter({ hasText: 'Reconnecting' }).waitFor(UI_WAIT);
      // Meanwhile another instance of the service (same database) takes a change.
      const { app } = createApp(server.services);
      const res = await app.request('/api/v1/tasks', {
        method: 'POST',
        headers: { authorization: `Bearer ${grace.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          project_id: board.project.id,
          section_id: sections.Todo,
          title: 'Made while it was down',
        }),
      });
      expect(res.status).toBe(201);
    });
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor(UI_WAIT);
    await column('Todo').getByText('Made while it was down').waitFor(UI_WAIT);
    // Resumed after the last cursor: no full reload of the board's tasks.
    expect(boardLoads).toBe(loads);
    await browser.screenshot(page, 'live-board-after-restart');
  });
});
