// The person edits what they wrote: a description written as markdown opens
// as that markdown (table, task list, strikethrough, fenced code, link), one
// written as HTML through the API opens as that HTML, and saving either
// unchanged gives back the same HTML; an edit changes only what was edited.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { givePassword, signInPage } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;
let page: Page;

const MARKDOWN = [
  '## Launch checklist',
  '',
  '| Step | Owner |',
  '| :--- | ----: |',
  '| Venue | Ada |',
  '| Catering | Grace |',
  '',
  '- [x] Book the hall',
  '- [ ] Send invites',
  '',
  'The ~~Friday~~ Saturday slot, see [the plan](https://example.com/plan).',
  '',
  '```js',
  'const seats = 120;',
  '```',
].join('\n');

const HTML =
  '<h2>From the API</h2><table><thead><tr><th>Step</th><th>Owner</th></tr></thead><tbody><tr><td>Venue</td><td>Ada</td></tr></tbody></table>' +
  '<ul><li><input type="checkbox" checked disabled> Book the hall</li></ul><p><del>Friday</del> Saturday<sup>th</sup>, ' +
  '<a href="https://example.com/plan">the plan</a></p><pre><code class="language-js">const seats = 120;\n</code></pre>';

const panelOf = (ticket: string) => page.getByRole('dialog', { name: new RegExp(ticket) });
const dbTask = (id: number) => server.db.task.findUniqueOrThrow({ where: { id } });

async function createTask(title: string, description: string, contentType: 'markdown' | 'html') {
  const res = await server.fetch('/api/mcp/tasks/create', {
    method: 'POST',
    key: ada.key,
    json: { project_id: board.project.id, title, description, content_type: contentType },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { id: number; ticket_number: string };
  return { id: body.id, ticket: body.ticket_number };
}

beforeAll(async () => {
  server = await createTestServer({ env: { EVENT_DISPATCHER: 'true' } });
  ada = await makeUserWithKey(server.db, 'Ada');
  await givePassword(server.db, ada.user);
  board = await makeBoard(server.db, ada.user.id, { title: 'Faithful editing' });
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, lateFrames: 30 });
  await signInPage(page, server, ada.user);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `faithful-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const LONG = { timeout: 120_000 };

describe('editing a description keeps what was written', LONG, () => {
  it('markdown with a table, a task list, strikethrough, fenced code and a link opens as written; saved unchanged, the HTML is the same', async () => {
    const task = await createTask('Rich markdown', MARKDOWN, 'markdown');
    const before = await dbTask(task.id);
    expect(before.description).toContain('<table>');

    await page.goto(`${server.url}/boards/${board.project.id}/tasks/${task.ticket}`);
    const panel = panelOf(task.ticket);
    await panel.getByRole('table').waitFor(UI_WAIT);
    expect(await panel.getByRole('checkbox').count()).toBe(2);
    await panel.getByRole('button', { name: 'Edit description' }).click();
    const editor = panel.getByLabel('Description (markdown)');
    expect(await editor.inputValue()).toBe(MARKDOWN);
    await panel.getByRole('button', { name: 'Save description' }).click();
    await panel.getByRole('button', { name: 'Edit description' }).waitFor(UI_WAIT);
    expect((await dbTask(task.id)).description).toBe(before.description);

    // An edit changes what was edited, and the rest comes back as it was.
    await panel.getByRole('button', { name: 'Edit description' }).click();
    await editor.fill(MARKDOWN.replace('Send invites', 'Send the invites'));
    await panel.getByRole('button', { name: 'Save description' }).click();
    await panel.locator('.rendered li', { hasText: 'Send the invites' }).waitFor(UI_WAIT);
    const after = await dbTask(task.id);
    expect(after.description).toBe(before.description.replace('Send invites', 'Send the invites'));
    expect(after.descriptionMarkdown).toBe(MARKDOWN.replace('Send invites', 'Send the invites'));
  });

  it('HTML written through the API opens as that HTML; saved unchanged, it is the same, and an edit keeps the rest', async () => {
    const task = await createTask('Rich HTML', HTML, 'html');
    const before = await dbTask(task.id);
    // Stored as sanitised; what is stored is what opens (a markdown conversion would lose the table's head, the checkbox and <sup>).
    expect(before.description).toContain('<thead>');

    await page.goto(`${server.url}/boards/${board.project.id}/tasks/${task.ticket}`);
    const panel = panelOf(task.ticket);
    await panel.getByRole('table').waitFor(UI_WAIT);
    await panel.getByRole('button', { name: 'Edit description' }).click();
    const editor = panel.getByLabel('Description (HTML)');
    expect(await editor.inputValue()).toBe(before.description);
    await panel.getByRole('button', { name: 'Save description' }).click();
    await panel.getByRole('button', { name: 'Edit description' }).waitFor(UI_WAIT);
    expect((await dbTask(task.id)).description).toBe(before.description);

    await panel.getByRole('button', { name: 'Edit description' }).click();
    await editor.fill(`${before.description}<p>One more line</p>`);
    await panel.getByRole('button', { name: 'Save description' }).click();
    await panel.locator('.rendered p', { hasText: 'One more line' }).waitFor(UI_WAIT);
    expect((await dbTask(task.id)).description).toBe(`${before.description}<p>One more line</p>`);
  });
});
