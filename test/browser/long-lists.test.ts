// Lists that say what they hold, in Chromium: a task with 105 comments shows
// its newest with "Load earlier comments", and a new comment always appears;
// a board search with 101 matches says "Showing 50 of 101" and loads more;
// the inbox pages with "Load more"; a mention arrives in the inbox (badge and
// list) while it is open, through the live events, not a poll.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { givePassword, signInPage } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let grace: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;

const THREAD = 'A long discussion';
const MINUTE = 60_000;

/** Grace's request, as REST or tool-route JSON (throws on anything but 2xx). */
async function asGrace(method: string, path: string, json?: unknown) {
  const res = await server.fetch(path, { method, key: grace.key, json });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

const ticketOf = (title: string) => board.tasks.find((t) => t.title === title)!.ticketNumber;
const taskIdOf = (title: string) => board.tasks.find((t) => t.title === title)!.id;

beforeAll(async () => {
  server = await createTestServer({
    env: { SESSION_SECRET: 'long-lists-e2e-session-secret-0123456789', EVENT_DISPATCHER: 'true' },
  });
  ada = await makeUserWithKey(server.db, 'Ada');
  await givePassword(server.db, ada.user);
  grace = await makeUserWithKey(server.db, 'Grace');
  board = await makeBoard(
    server.db,
    ada.user.id,
    {
      title: 'Long lists',
      tasks: [
        { title: THREAD, sectionTitle: 'Todo' },
        ...Array.from({ length: 101 }, (_, i) => ({ title: `Invoice reminder ${i + 1}`, sectionTitle: 'Doing' })),
      ],
    },
    [grace.user.id],
  );
  // 105 comments, a minute apart, the last an hour ago.
  const start = Date.now() - 106 * MINUTE - 60 * MINUTE;
  await server.db.comment.createMany({
    data: Array.from({ length: 105 }, (_, i) => ({
      taskId: taskIdOf(THREAD),
      authorId: grace.user.id,
      text: `<p>Comment number ${i + 1}.</p>`,
      createdAt: new Date(start + i * MINUTE),
    })),
  });
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, lateFrames: 50 });
  await signInPage(page, server, ada.user);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `long-lists-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('long lists in Chromium', () => {
  it('105 comments: the newest are shown, "Load earlier comments" reaches the first, a new one appears', async () => {
    await page.goto(`${server.url}/boards/${board.project.id}/tasks/${ticketOf(THREAD)}`);
    const panel = page.getByRole('dialog');
    const comment = (n: number) => panel.locator('.comment', { hasText: `Comment number ${n}.` });
    await comment(105).waitFor(UI_WAIT);
    expect(await panel.locator('#comments-title').textContent()).toContain('(105)');
    expect(await comment(56).count()).toBe(1);
    expect(await comment(55).count()).toBe(0);
    // Oldest first, the newest last (next to the comment box).
    expect(await panel.locator('.comment').last().textContent()).toContain('Comment number 105.');

    const earlier = panel.getByRole('button', { name: /Load earlier comments/ });
    expect(await earlier.textContent()).toContain('55 more');
    await earlier.click();
    await comment(6).waitFor(UI_WAIT);
    expect(await earlier.textContent()).toContain('5 more');
    await earlier.click();
    await comment(1).waitFor(UI_WAIT);
    await earlier.waitFor({ state: 'detached', ...UI_WAIT });
    expect(await panel.locator('.comment').count()).toBe(105);
    await browser.screenshot(page, 'long-lists-comments-all');

    // One posted here and one by Grace through REST: both shown, counted 107.
    await panel.getByLabel('Add a comment').fill('Posted from the panel');
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    await panel.locator('.comment', { hasText: 'Posted from the panel' }).waitFor(UI_WAIT);
    await asGrace('POST', '/api/v1/comments', {
      project_id: board.project.id,
      ticket_number: ticketOf(THREAD),
      text: 'Posted by Grace',
    });
    await panel.locator('.comment', { hasText: 'Posted by Grace' }).waitFor(UI_WAIT);
    await expect.poll(() => panel.locator('#comments-title').textContent(), UI_WAIT).toContain('(107)');
    expect(await panel.locator('.comment').count()).toBe(107);
    expect(await panel.locator('.comment').last().textContent()).toContain('Posted by Grace');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', ...UI_WAIT });
  });

  it('a search with 101 matches says "Showing 50 of 101" and loads the rest with "Load more"', async () => {
    await page.goto(`${server.url}/boards/${board.project.id}`);
    const cards = page.locator('li.card');
    await page.locator('li.card', { hasText: THREAD }).waitFor(UI_WAIT);
    await page.getByLabel('Search tasks').fill('invoice');
    const summary = page.locator('.search-summary');
    await summary.filter({ hasText: 'Showing 50 of 101 matches' }).waitFor(UI_WAIT);
    await expect.poll(() => cards.count(), UI_WAIT).toBe(50);
    await browser.screenshot(page, 'long-lists-search-50-of-101');
    await summary.getByRole('button', { name: 'Load more' }).click();
    await summary.filter({ hasText: 'Showing 100 of 101 matches' }).waitFor(UI_WAIT);
    await expect.poll(() => cards.count(), UI_WAIT).toBe(100);
    await summary.getByRole('button', { name: 'Load more' }).click();
    await summary.filter({ hasText: /^101 matches$/ }).waitFor(UI_WAIT);
    expect(await summary.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await expect.poll(() => cards.count(), UI_WAIT).toBe(101);
    expect(await page.locator('li.card', { hasText: THREAD }).count()).toBe(0);
    // Another search starts from its first page again.
    await page.getByLabel('Search tasks').fill('discussion');
    await summary.filter({ hasText: /^1 match$/ }).waitFor(UI_WAIT);
    await expect.poll(() => cards.count(), UI_WAIT).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cards.count(), UI_WAIT).toBe(102);
  });

  it('the inbox pages with "Load more", grouped by task, and a mention arrives live (badge and list)', async () => {
    // 120 read entries about two tasks, newest about the invoices.
    const invoice = taskIdOf('Invoice reminder 1');
    const start = Date.now() - 200 * MINUTE;
    await server.db.notification.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        userId: ada.user.id,
        type: 'task_updated',
        taskId: i < 60 ? taskIdOf(THREAD) : invoice,
        actorId: grace.user.id,
        message: `Old news ${i + 1}`,
        read: true,
        createdAt: new Date(start + i * MINUTE),
      })),
    });
    await page.getByRole('link', { name: /^Inbox/ }).click();
    const entries = page.locator('li.inbox-entry');
    const more = page.getByRole('button', { name: 'Load more' });
    await page.locator('.load-more', { hasText: 'Showing 50 of 120' }).waitFor(UI_WAIT);
    expect(await entries.count()).toBe(50);
    await more.click();
    await page.locator('.load-more', { hasText: 'Showing 100 of 120' }).waitFor(UI_WAIT);
    await more.click();
    await more.waitFor({ state: 'detached', ...UI_WAIT });
    expect(await entries.count()).toBe(120);
    // Grouped by task: one group each, the entries under it.
    expect(await page.locator('li.inbox-group').count()).toBe(2);
    expect(
      await page
        .getByRole('listitem', { name: new RegExp(ticketOf(THREAD)) })
        .locator('li.inbox-entry')
        .count(),
    ).toBe(60);
    await browser.screenshot(page, 'long-lists-inbox-all');

    // Grace mentions Ada while the inbox is open: it arrives through the live events (no poll is left).
    const res = await server.fetch('/graphql', {
      method: 'POST',
      key: grace.key,
      json: {
        query:
          'mutation($ref: TaskRefInput!, $m: [MentionInput!]) { addComment(ref: $ref, text: "Ada, the invoices?", mentions: $m) { id } }',
        variables: { ref: { taskId: invoice }, m: [{ userId: ada.user.id }] },
      },
    });
    expect((await res.json()).errors).toBeUndefined();
    await page.getByRole('link', { name: /^Inbox\W+1 unread$/ }).waitFor(UI_WAIT);
    const mention = page.locator('li.inbox-entry.unread', { hasText: 'mentioned you' });
    await mention.waitFor(UI_WAIT);
    // In the invoices' group, at the top of the list (the newest).
    expect(await page.locator('li.inbox-group').first().getAttribute('aria-label')).toContain(
      ticketOf('Invoice reminder 1'),
    );
    expect(await entries.count()).toBe(121);
    await browser.screenshot(page, 'long-lists-inbox-live-mention');
  });
});
