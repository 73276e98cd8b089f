// Layout in Chromium at a phone's width (390 px) and at a desktop's: the
// task panel fits the screen (title, buttons and code blocks inside it), one
// long word in a title breaks inside its card instead of widening the
// column, a card dragged to another column is drawn normally once it lands
// there, and a label's colour is drawn on the card and in the panel.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { gql } from '../support/graphql.ts';
import { givePassword, signInPage } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;
/** The tickets of the board's tasks by title. */
const tickets: Record<string, string> = {};

const LONG_WORD = 'Supercalifragilistic'.repeat(5);
const CODE_LINE = `const configuration = { ${'option: "a long value that no phone screen can hold", '.repeat(4)}};`;
/** The colour given to the "design" label, and how Chromium reports it. */
const DESIGN = { hex: '#0075ca', rgb: 'rgb(0, 117, 202)' };

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, columnWidth: Math.round(390 * 0.85) },
  { name: 'desktop', width: 1280, height: 800, columnWidth: 280 },
] as const;

beforeAll(async () => {
  server = await createTestServer({ env: { SESSION_SECRET: 'layout-e2e-session-secret-0123456789abcdef' } });
  ada = await makeUserWithKey(server.db, 'Ada');
  await givePassword(server.db, ada.user);
  board = await makeBoard(server.db, ada.user.id, {
    title: 'Layout',
    tasks: [
      { title: `Rename ${LONG_WORD} now`, sectionTitle: 'Todo', description: `<pre><code>${CODE_LINE}</code></pre>` },
      { title: 'Drag me on the phone', sectionTitle: 'Todo' },
      { title: 'Drag me on the desktop', sectionTitle: 'Todo' },
      { title: 'Colour me', sectionTitle: 'Doing' },
    ],
  });
  for (const t of board.tasks) tickets[t.title] = t.ticketNumber;
  const label = await gql(server, ada.key, 'mutation($i: CreateLabelInput!) { createLabel(input: $i) { id color } }', {
    i: { projectId: board.project.id, name: 'design', color: DESIGN.hex.toUpperCase() },
  });
  expect(label.data!.createLabel.color).toBe(DESIGN.hex);
  const colourMe = board.tasks.find((t) => t.title === 'Colour me')!;
  await gql(
    server,
    ada.key,
    'mutation($id: Int!, $l: [Int!]) { updateTask(ref: { taskId: $id }, input: { labelIds: $l }) { id } }',
    {
      id: colourMe.id,
      l: [label.data!.createLabel.id],
    },
  );
  browser = await launchBrowser({ allow: [server.url] });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The board open on a new page of this size, signed in as Ada. */
async function openBoard(viewport: { width: number; height: number }) {
  const page = await browser.newPage({ viewport });
  await signInPage(page, server, ada.user);
  await page.goto(`${server.url}/boards/${board.project.id}`);
  await page.locator('li.card').first().waitFor(UI_WAIT);
  return page;
}

const column = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const card = (page: Page, title: string) => page.locator('li.card', { hasText: title });

/** Where an element is, rounded (CSS pixels). */
async function box(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width) };
    });
}

describe.each(VIEWPORTS)('layout at $width px ($name)', (viewport) => {
  let page: Page;
  beforeAll(async () => {
    page = await openBoard(viewport);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    await browser.screenshot(page, `layout-${viewport.name}-failed-${ctx.task.name}`).catch(() => undefined);
    // Back to the board, so that the next steps report their own result rather than an open dialog's.
    await page.goto(`${server.url}/boards/${board.project.id}`).catch(() => undefined);
    await page.locator('li.card').first().waitFor(UI_WAIT);
  });

  it('a 100-character word in a title breaks inside the card; no column grows', async () => {
    const long = card(page, LONG_WORD.slice(0, 30));
    await long.waitFor(UI_WAIT);
    const widths = await page
      .locator('.column')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
    expect(widths).toEqual(widths.map(() => viewport.columnWidth));
    // Nothing inside the card is cut or scrolls: the word wraps.
    const overflow = await long.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBe(0);
    await browser.screenshot(page, `layout-${viewport.name}-long-word`);
  });

  it('the task panel fits the screen: title, buttons and the code block inside it', async () => {
    await page.locator('[data-card-link]', { hasText: LONG_WORD.slice(0, 30) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('pre').waitFor(UI_WAIT);
    const screen = await page.evaluate(() => document.documentElement.clientWidth);
    const panel = await box(page, 'dialog.task-panel');
    expect(panel.left).toBeGreaterThanOrEqual(0);
    expect(panel.right).toBeLessThanOrEqual(screen);
    for (const selector of [
      '.title-input',
      'dialog [aria-label="Close"]',
      'dialog .danger',
      'dialog .rendered',
      'dialog select',
    ]) {
      const r = await box(page, selector);
      expect({ selector, ...r, fits: r.left >= panel.left && r.right <= panel.right }).toMatchObject({ fits: true });
    }
    // The dialog itself never scrolls sideways; a long code line scrolls within its block.
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await dialog.locator('pre').evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    await browser.screenshot(page, `layout-${viewport.name}-task-panel`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...UI_WAIT });
  });

  it("a label's colour is drawn on its card and in the task panel", async () => {
    const dot = card(page, 'Colour me').locator('.label-dot');
    await dot.waitFor(UI_WAIT);
    expect(await dot.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(DESIGN.rgb);
    await page.locator('[data-card-link]', { hasText: 'Colour me' }).click();
    const chip = page.getByRole('dialog').locator('.label-list .label-dot');
    await chip.waitFor(UI_WAIT);
    expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(DESIGN.rgb);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...UI_WAIT });
  });

  it('a card dropped in another column is drawn at full opacity there', async () => {
    const title = viewport.name === 'phone' ? 'Drag me on the phone' : 'Drag me on the desktop';
    const moved = column(page, 'Doing').locator('li.card', { hasText: title });
    if (viewport.name === 'desktop') {
      await card(page, title).dragTo(column(page, 'Doing').locator('ol.cards'));
    } else {
      // At 390 px the next column is off screen and a mouse cannot reach both: the browser's own event
      // sequence, dispatched: dragstart on the card, drop on the column, and, once the card is drawn
      // there, dragend on the element it was (detached by then, as in a real drag).
      await card(page, title).evaluate((el) => {
        const target = document.querySelector('section.column[aria-label="Doing"] ol.cards')!;
        const at = target.getBoundingClientRect();
        const dataTransfer = new DataTransfer();
        const init = { bubbles: true, cancelable: true, dataTransfer, clientX: at.left + 10, clientY: at.top + 4 };
        el.dispatchEvent(new DragEvent('dragstart', init));
        target.dispatchEvent(new DragEvent('dragenter', init));
        target.dispatchEvent(new DragEvent('dragover', init));
        target.dispatchEvent(new DragEvent('drop', init));
        (window as unknown as { dragSource: Element }).dragSource = el;
      });
      await moved.waitFor(UI_WAIT);
      expect(await page.evaluate(() => (window as unknown as { dragSource: Element }).dragSource.isConnected)).toBe(
        false,
      );
      await page.evaluate(() =>
        (window as unknown as { dragSource: Element }).dragSource.dispatchEvent(
          new DragEvent('dragend', { bubbles: true }),
        ),
      );
    }
    await moved.waitFor(UI_WAIT);
    await expect.poll(() => moved.evaluate((el) => getComputedStyle(el).opacity), UI_WAIT).toBe('1');
    expect(await moved.getAttribute('class')).not.toContain('card-dragging');
    await expect
      .poll(async () => {
        const res = await gql(server, ada.key, 'query($r: TaskRefInput!) { task(ref: $r) { section { title } } }', {
          r: { projectId: board.project.id, ticketNumber: tickets[title] },
        });
        return res.data!.task.section.title;
      }, UI_WAIT)
      .toBe('Doing');
  });
});
