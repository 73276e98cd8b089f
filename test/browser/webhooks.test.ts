// The webhooks page in Chromium, against a real receiver: a webhook made in
// the page (its signing secret shown once, and the receiver verifies the
// deliveries with it), its deliveries and attempts, a redelivery (same
// webhook-id), a test ping, disabling and enabling by hand, and a teammate's
// webhook disabled because its creator left the board (creator and cause shown).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { unnamedControls } from '../support/accessibility-tree.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { gql } from '../support/graphql.ts';
import { startReceiver } from '../events/harness.ts';
import { givePassword, signInPage } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let grace: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;

const card = (url: string) => page.getByRole('region', { name: url, exact: true });

beforeAll(async () => {
  server = await createTestServer({
    env: {
      SESSION_SECRET: 'webhooks-e2e-session-secret-0123456789',
      EVENT_DISPATCHER: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  });
  receiver = await startReceiver(({ path }) => ({ status: path.endsWith('/down') ? 503 : 200 }));
  ada = await makeUserWithKey(server.db, 'Ada');
  grace = await makeUserWithKey(server.db, 'Grace');
  await givePassword(server.db, ada.user);
  board = await makeBoard(server.db, ada.user.id, { title: 'Hooked' }, [grace.user.id]);
  // Grace's webhook on the board; she leaves the board below.
  const made = await gql(
    server,
    grace.key,
    'mutation($p: Int!, $u: String!, $m: JSON!) { createWebhookSubscription(input: { projectId: $p, url: $u, metadata: $m }) { subscription { id } } }',
    { p: board.project.id, u: receiver.urlFor('grace'), m: { 'X-Event-Type': ['task.created'] } },
  );
  expect(made.errors).toBeUndefined();
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInPage(page, server, ada.user);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `webhooks-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await receiver?.close();
});

describe('the webhooks page in Chromium', () => {
  it('adds a webhook: its signing secret is shown once and signs the deliveries', async () => {
    await page.goto(`${server.url}/settings/webhooks`);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor(UI_WAIT);
    await card(receiver.urlFor('grace')).waitFor(UI_WAIT);
    expect(await card(receiver.urlFor('grace')).innerText()).toContain(`Created by ${grace.user.displayName}`);

    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByLabel('Payload URL').fill(receiver.urlFor('ada'));
    await form.getByLabel('Events of').selectOption({ label: 'Board Hooked' });
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.trust('ada', secret);
    await card(receiver.urlFor('ada')).waitFor(UI_WAIT);
    const row = await server.db.webhookSubscription.findFirstOrThrow({ where: { url: receiver.urlFor('ada') } });
    expect([row.projectId, row.createdById]).toEqual([board.project.id, ada.user.id]);
    await page.getByRole('button', { name: 'Done, hide the secret' }).click();
    await page.getByRole('textbox', { name: 'Signing secret' }).waitFor({ state: 'detached', ...UI_WAIT });
  });

  it("shows deliveries and their attempts; a teammate's webhook is disabled once its creator left the board", async () => {
    const removed = await gql(server, ada.key, 'mutation($p: Int!, $u: String!) { removeProjectMember(projectId: $p, user: $u) { id } }', {
      p: board.project.id,
      u: grace.user.email,
    });
    expect(removed.errors).toBeUndefined();
    const res = await server.fetch('/api/v1/tasks', { method: 'POST', key: ada.key, json: { project_id: board.project.id, title: 'Ring the bell' } });
    expect(res.status).toBe(201);
    await expect.poll(() => receiver.at('ada').filter((r) => r.verified).length, UI_WAIT).toBe(1);

    const ours = card(receiver.urlFor('ada'));
    await ours.getByRole('button', { name: 'Show deliveries' }).click();
    const table = ours.getByRole('table', { name: `Deliveries to ${receiver.urlFor('ada')}` });
    await table.getByText('Succeeded · 200').waitFor(UI_WAIT);
    await ours.locator('summary').filter({ hasText: 'attempt' }).first().click();
    await ours.getByText(/succeeded, answer 200, \d+ ms/).waitFor(UI_WAIT);
    // Every control has a name in the accessibility tree; one h1.
    expect(await unnamedControls(page)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);

    await page.reload();
    const theirs = card(receiver.urlFor('grace'));
    await theirs.getByText('Disabled', { exact: true }).waitFor(UI_WAIT);
    expect(await theirs.innerText()).toContain('Its creator no longer sees its board');
    expect(receiver.at('grace')).toHaveLength(0);
    await browser.screenshot(page, 'webhooks-1280');
  });

  it('redelivers a delivery (same webhook-id) and sends a test ping', async () => {
    const ours = card(receiver.urlFor('ada'));
    await ours.getByRole('button', { name: 'Show deliveries' }).click();
    await ours.getByRole('button', { name: /^Redeliver task\.created of / }).click();
    await expect.poll(() => receiver.at('ada').length, UI_WAIT).toBe(2);
    const [first, second] = receiver.at('ada');
    expect(second!.id).toBe(first!.id);
    expect(second!.verified).toBe(true);

    await ours.getByRole('button', { name: 'Send test ping' }).click();
    await ours.getByText(/^Test ping delivered: 200 in \d+ ms\.$/).waitFor(UI_WAIT);
    await expect.poll(() => receiver.at('ada').length, UI_WAIT).toBe(3);
    expect(receiver.at('ada')[2]!.payload).toMatchObject({ event: 'webhook.test' });
  });

  it('disables a webhook by hand (cause shown) and enables it again', async () => {
    const ours = card(receiver.urlFor('ada'));
    await ours.getByRole('button', { name: 'Disable' }).click();
    await ours.getByText('Disabled by hand.', { exact: false }).waitFor(UI_WAIT);
    const row = () => server.db.webhookSubscription.findFirstOrThrow({ where: { url: receiver.urlFor('ada') } });
    expect((await row()).active).toBe(false);
    await ours.getByRole('button', { name: 'Enable' }).click();
    await ours.getByText('Active', { exact: true }).waitFor(UI_WAIT);
    expect((await row()).active).toBe(true);
  });

  it('fits a phone (390 px)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Its deliveries are still open from above.
    expect(await card(receiver.urlFor('ada')).getByRole('button', { name: 'Hide deliveries' }).getAttribute('aria-expanded')).toBe('true');
    await card(receiver.urlFor('ada')).getByRole('table').waitFor(UI_WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await browser.screenshot(page, 'webhooks-390');
  });
});
