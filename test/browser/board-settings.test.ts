// Board settings in Chromium: columns added, renamed, reordered with the
// keyboard and by dragging, hidden and deleted (the tasks move to the first
// remaining column, as the confirmation says); labels created, renamed,
// recoloured (#rrggbb, a bad code refused before sending) and deleted;
// members added and removed; the board archived (listed apart) and
// restored. Each change is checked on the server; another person's REST
// and GraphQL changes show without a reload.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { unnamedControls } from '../support/accessibility-tree.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { joinTeamOnly, makeBoard, makeUser, makeUserWithKey } from '../support/factories.ts';
import { gql } from '../support/graphql.ts';
import { givePassword, signInPage } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let grace: Awaited<ReturnType<typeof makeUserWithKey>>;
let bob: Awaited<ReturnType<typeof makeUser>>;
let board: Awaited<ReturnType<typeof makeBoard>>;
let projectId: number;

/** The board's columns on the server, in board order. */
const columns = async () =>
  (
    await server.db.section.findMany({
      where: { projectId, deletedAt: null },
      orderBy: [{ ranking: 'asc' }, { id: 'asc' }],
    })
  ).map((s) => s.title);
const labels = async () =>
  (await server.db.label.findMany({ where: { projectId }, orderBy: { name: 'asc' } })).map((l) => `${l.name} ${l.color}`);
const columnList = () => page.getByRole('list', { name: 'Columns' });
/** The column names as the page shows them, in order. */
const shownColumns = () =>
  columnList()
    .getByRole('textbox')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

beforeAll(async () => {
  server = await createTestServer({
    env: { SESSION_SECRET: 'board-settings-e2e-session-secret-0123456789', EVENT_DISPATCHER: 'true' },
  });
  ada = await makeUserWithKey(server.db, 'Ada');
  grace = await makeUserWithKey(server.db, 'Grace');
  bob = await makeUser(server.db, 'Bob');
  await givePassword(server.db, ada.user);
  board = await makeBoard(
    server.db,
    ada.user.id,
    {
      title: 'Spring launch',
      tasks: [
        { title: 'Print the posters', sectionTitle: 'Todo' },
        { title: 'Book the hall', sectionTitle: 'Todo' },
      ],
    },
    [grace.user.id],
  );
  projectId = board.project.id;
  await joinTeamOnly(server.db, board.team.id, [bob.id]);
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, lateFrames: 50 });
  await signInPage(page, server, ada.user);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `board-settings-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('board settings in Chromium', () => {
  it('opens from the board; adds a column and renames one (Enter saves)', async () => {
    await page.goto(`${server.url}/boards/${projectId}`);
    await page.getByRole('link', { name: 'Board settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spring launch: settings' }).waitFor(UI_WAIT);
    await expect.poll(shownColumns, UI_WAIT).toEqual(['Todo', 'Doing', 'Done']);
    // Every control has a name in the accessibility tree; one h1.
    expect(await unnamedControls(page)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);

    await page.getByRole('form', { name: 'Add a column' }).getByLabel('New column').fill('Review');
    await page.getByRole('button', { name: 'Add column' }).click();
    await expect.poll(columns, UI_WAIT).toEqual(['Todo', 'Doing', 'Done', 'Review']);
    await expect.poll(shownColumns, UI_WAIT).toEqual(['Todo', 'Doing', 'Done', 'Review']);

    const doing = page.getByRole('textbox', { name: 'Name of the column Doing' });
    await doing.fill('In progress');
    await doing.press('Enter');
    await expect.poll(columns, UI_WAIT).toEqual(['Todo', 'In progress', 'Done', 'Review']);
  });

  it('reorders a column with the arrow keys on its handle: saved, announced, focus kept', async () => {
    const handle = page.getByRole('button', { name: 'Move Review' });
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(columns, UI_WAIT).toEqual(['Todo', 'In progress', 'Review', 'Done']);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Moved Review' }).textContent(), UI_WAIT)
      .toBe('Moved Review to position 3 of 4.');
    // Focus stays on the handle, so the next key moves it again.
    await page.keyboard.press('ArrowUp');
    await expect.poll(columns, UI_WAIT).toEqual(['Todo', 'Review', 'In progress', 'Done']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Review');
    await page.keyboard.press('ArrowDown');
    await expect.poll(columns, UI_WAIT).toEqual(['Todo', 'In progress', 'Review', 'Done']);
    await expect.poll(shownColumns, UI_WAIT).toEqual(['Todo', 'In progress', 'Review', 'Done']);
  });

  it('reorders a column by dragging its handle onto another row', async () => {
    const target = columnList().getByRole('listitem').first();
    await page.getByRole('button', { name: 'Move Done' }).dragTo(target, { targetPosition: { x: 40, y: 4 } });
    await expect.poll(columns, UI_WAIT).toEqual(['Done', 'Todo', 'In progress', 'Review']);
    await expect.poll(shownColumns, UI_WAIT).toEqual(['Done', 'Todo', 'In progress', 'Review']);
  });

  it("shows another person's column and label changes without a reload", async () => {
    const review = (await server.db.section.findFirstOrThrow({ where: { projectId, title: 'Review' } })).id;
    const res = await server.fetch(`/api/v1/projects/${projectId}/sections/${review}`, {
      method: 'PATCH',
      key: grace.key,
      json: { title: 'QA' },
    });
    expect(res.status).toBe(200);
    await expect.poll(shownColumns, UI_WAIT).toEqual(['Done', 'Todo', 'In progress', 'QA']);
    const made = await gql(server, grace.key, 'mutation($p: Int!) { createLabel(input: { projectId: $p, name: "Urgent", color: "#e8590c" }) { id } }', {
      p: projectId,
    });
    expect(made.errors).toBeUndefined();
    await page.getByRole('textbox', { name: 'Name of the label Urgent' }).waitFor(UI_WAIT);
  });

  it('deletes a column after saying where its tasks go; they are there on the server', async () => {
    await page.getByRole('button', { name: 'Delete Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the column Todo?' });
    await dialog.waitFor(UI_WAIT);
    expect(await dialog.innerText()).toContain('Its 2 tasks move to Done, the first remaining column.');
    await dialog.getByRole('button', { name: 'Delete column' }).click();
    await expect.poll(columns, UI_WAIT).toEqual(['Done', 'In progress', 'QA']);
    const done = await server.db.section.findFirstOrThrow({ where: { projectId, title: 'Done' } });
    expect(await server.db.task.count({ where: { projectId, sectionId: done.id } })).toBe(2);
    await expect.poll(shownColumns, UI_WAIT).toEqual(['Done', 'In progress', 'QA']);
  });

  it('hides a column from the board and shows it again', async () => {
    const qa = () => server.db.section.findFirstOrThrow({ where: { projectId, title: 'QA' } });
    const shown = page.getByRole('checkbox', { name: 'Shown on the board: QA' });
    // click, not uncheck(): the box follows the saved section, so on a slow machine it flips only after the
    // mutation answers, and Playwright's uncheck() fails when the state has not changed at once.
    await shown.click();
    await expect.poll(async () => (await qa()).visible, UI_WAIT).toBe(false);
    await expect.poll(() => shown.isChecked(), UI_WAIT).toBe(false);
    await shown.click();
    await expect.poll(async () => (await qa()).visible, UI_WAIT).toBe(true);
  });

  it('creates, renames, recolours and deletes labels; a bad colour code is refused', async () => {
    const form = page.getByRole('form', { name: 'New label' });
    await form.getByLabel('Label name').fill('Bug');
    await form.getByRole('textbox', { name: 'Colour code of the new label' }).fill('red');
    await form.getByRole('button', { name: 'Create label' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent(), UI_WAIT)
      .toBe('A colour is written #rrggbb, for example #2f9e44.');
    expect(await labels()).toEqual(['Urgent #e8590c']);
    await form.getByRole('textbox', { name: 'Colour code of the new label' }).fill('#C92A2A');
    await form.getByRole('button', { name: 'Create label' }).click();
    await expect.poll(labels, UI_WAIT).toEqual(['Bug #c92a2a', 'Urgent #e8590c']);

    const bug = page.getByRole('form', { name: 'Label Bug' });
    await bug.getByRole('textbox', { name: 'Name of the label Bug' }).fill('Defect');
    await bug.getByRole('textbox', { name: 'Colour code of Bug' }).fill('#2f9e44');
    await bug.getByRole('button', { name: 'Save Bug' }).click();
    await expect.poll(labels, UI_WAIT).toEqual(['Defect #2f9e44', 'Urgent #e8590c']);

    await page.getByRole('button', { name: 'Delete the label Urgent' }).click();
    await page.getByRole('dialog', { name: 'Delete the label Urgent?' }).getByRole('button', { name: 'Delete label' }).click();
    await expect.poll(labels, UI_WAIT).toEqual(['Defect #2f9e44']);
    await page.getByRole('form', { name: 'Label Urgent' }).waitFor({ state: 'detached', ...UI_WAIT });
  });

  it('adds a teammate to the board and removes them', async () => {
    const members = page.getByRole('list', { name: /^Members/ });
    await page.getByRole('form', { name: 'Add a board member' }).getByLabel('Email of a teammate').fill(bob.email);
    await page.getByRole('button', { name: 'Add member' }).click();
    await members.getByText(bob.email, { exact: false }).waitFor(UI_WAIT);
    expect(await server.db.projectMember.count({ where: { projectId, userId: bob.id } })).toBe(1);
    await browser.screenshot(page, 'board-settings-1280');
    await page.getByRole('button', { name: `Remove ${bob.displayName} from the board` }).click();
    await page.getByRole('dialog').getByRole('button', { name: `Remove ${bob.displayName}` }).click();
    await expect.poll(() => server.db.projectMember.count({ where: { projectId, userId: bob.id } }), UI_WAIT).toBe(0);
  });

  it('archives the board (listed apart on the boards screen) and restores it', async () => {
    await page.getByRole('button', { name: 'Archive board' }).click();
    await page.getByRole('dialog', { name: 'Archive Spring launch?' }).getByRole('button', { name: 'Archive board' }).click();
    await expect.poll(async () => (await server.db.project.findUniqueOrThrow({ where: { id: projectId } })).status, UI_WAIT).toBe('Archive');
    await page.getByText('This board is archived').waitFor(UI_WAIT);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Boards' }).click();
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    await page.getByText('Archived boards (1)').click();
    const archived = page.getByRole('list', { name: 'Archived boards' });
    await archived.getByRole('link', { name: /Spring launch/ }).click();
    await page.getByRole('button', { name: 'Restore board' }).click();
    await expect.poll(async () => (await server.db.project.findUniqueOrThrow({ where: { id: projectId } })).status, UI_WAIT).toBe('Normal');
  });

  it('a member removed while the settings are open is told the board is gone (no more of its settings)', async () => {
    await givePassword(server.db, grace.user);
    const theirs = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInPage(theirs, server, grace.user);
    await theirs.goto(`${server.url}/boards/${projectId}/settings`);
    await theirs.getByRole('textbox', { name: 'Name of the label Defect' }).waitFor(UI_WAIT);
    const removed = await gql(server, ada.key, 'mutation($p: Int!, $u: String!) { removeProjectMember(projectId: $p, user: $u) { id } }', {
      p: projectId,
      u: grace.user.email,
    });
    expect(removed.errors).toBeUndefined();
    await theirs.getByRole('heading', { level: 1, name: 'Board not found' }).waitFor(UI_WAIT);
    expect(await theirs.getByRole('textbox', { name: 'Name of the label Defect' }).count()).toBe(0);
    await theirs.close();
  });

  it('fits a phone (390 px)', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInPage(phone, server, ada.user);
    await phone.goto(`${server.url}/boards/${projectId}/settings`);
    await phone.getByRole('heading', { level: 1, name: 'Spring launch: settings' }).waitFor(UI_WAIT);
    await phone.getByRole('textbox', { name: 'Name of the label Defect' }).waitFor(UI_WAIT);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await browser.screenshot(phone, 'board-settings-390');
    await phone.close();
  });
});
