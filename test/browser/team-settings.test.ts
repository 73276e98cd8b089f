// Team settings in Chromium: the owner invites by email (the link shown
// once, and it is a working invite), revokes a pending invite, changes a
// role and removes a member, each checked on the server; a member sees the
// same roster read-only and may only leave; at phone width nothing spills.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { unnamedControls } from '../support/accessibility-tree.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeTeam, makeUser } from '../support/factories.ts';
import { givePassword, signInPage } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUser>>;
let grace: Awaited<ReturnType<typeof makeUser>>;
let bob: Awaited<ReturnType<typeof makeUser>>;
let team: Awaited<ReturnType<typeof makeTeam>>;

const roleOf = async (userId: number) =>
  (await server.db.teamMember.findUnique({ where: { teamId_userId: { teamId: team.id, userId } } }))?.role ?? null;

beforeAll(async () => {
  server = await createTestServer({ env: { SESSION_SECRET: 'team-settings-e2e-session-secret-0123456789' } });
  ada = await makeUser(server.db, 'Ada');
  grace = await makeUser(server.db, 'Grace');
  bob = await makeUser(server.db, 'Bob');
  await givePassword(server.db, ada);
  await givePassword(server.db, grace);
  team = await makeTeam(server.db, [ada.id, grace.id, bob.id], 'Launch crew');
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInPage(page, server, ada);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `team-settings-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('team settings in Chromium', () => {
  it('a first load fetches none of the settings code (≤ 250 KB of compressed JavaScript); the settings load their own', async () => {
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const scripts: { url: string; bytes: number }[] = [];
    fresh.on('requestfinished', async (req) => {
      if (req.url().endsWith('.js'))
        scripts.push({ url: new URL(req.url()).pathname, bytes: (await req.sizes()).responseBodySize });
    });
    // A fresh context: nothing cached, so this is all a first load fetches.
    await fresh.goto(`${server.url}/sign-in`);
    await fresh.getByRole('button', { name: 'Sign in' }).waitFor(UI_WAIT);
    await expect.poll(() => scripts.some((s) => /\/assets\/app-/.test(s.url)), UI_WAIT).toBe(true);
    const firstLoad = scripts.reduce((n, s) => n + s.bytes, 0);
    expect(firstLoad).toBeGreaterThan(10 * 1024);
    // Sent compressed (the server's precompressed brotli or gzip siblings): the budget is on what travels.
    expect(firstLoad).toBeLessThanOrEqual(250 * 1024);
    const settingsChunk = /\/assets\/(account|team-settings|board-settings|webhooks)-/;
    await signInPage(fresh, server, ada);
    expect(scripts.filter((s) => settingsChunk.test(s.url))).toEqual([]);
    await fresh.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await fresh.getByRole('heading', { level: 1, name: 'Account' }).waitFor(UI_WAIT);
    await expect.poll(() => scripts.some((s) => /\/assets\/account-/.test(s.url)), UI_WAIT).toBe(true);
    await fresh.close();
  });

  it('the Settings link leads to the team: members with their roles, owners first', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor(UI_WAIT);
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Team: Launch crew' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Launch crew' });
    await heading.waitFor(UI_WAIT);
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement), UI_WAIT).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/settings/teams/${team.id}`);
    const members = page.getByRole('table', { name: 'Members of Launch crew' });
    await members.getByRole('row').nth(3).waitFor(UI_WAIT);
    await expect.poll(() => page.getByRole('combobox', { name: `Role of ${grace.displayName}` }).inputValue(), UI_WAIT).toBe('MEMBER');
    const rows = await members.getByRole('row').allInnerTexts();
    expect(rows[1]).toContain(`${ada.displayName} (you)`);
    // The only owner cannot leave: the button says why.
    expect(await members.getByRole('button', { name: 'Leave team' }).isDisabled()).toBe(true);
    // Every control has a name in the accessibility tree; one h1.
    expect(await unnamedControls(page)).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);
  });

  it('an invite shows its link once; the link is a working invite; a pending invite can be revoked', async () => {
    const form = page.getByRole('form', { name: 'Invite to Launch crew' });
    await form.getByLabel('Email').fill('nia@test.local');
    await form.getByRole('button', { name: 'Create invite link' }).click();
    const link = page.getByRole('textbox', { name: 'Invite link' });
    await link.waitFor(UI_WAIT);
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/invite#token=inv_`));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor(UI_WAIT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const pending = page.getByRole('list', { name: 'Pending invites' });
    await pending.getByText('nia@test.local').waitFor(UI_WAIT);
    // The link is the real thing: its token is the invite's (the server keeps only a hash).
    const invite = await server.db.teamInvite.findFirstOrThrow({ where: { teamId: team.id, email: 'nia@test.local' } });
    expect(invite.revokedAt).toBeNull();
    await page.getByRole('button', { name: 'Done, hide the link' }).click();
    await link.waitFor({ state: 'detached', ...UI_WAIT });

    await form.getByLabel('Email').fill('leo@test.local');
    await form.getByLabel('Role').selectOption('OWNER');
    await form.getByRole('button', { name: 'Create invite link' }).click();
    await pending.getByText('leo@test.local').waitFor(UI_WAIT);
    expect((await server.db.teamInvite.findFirstOrThrow({ where: { email: 'leo@test.local' } })).role).toBe('owner');

    await page.getByRole('button', { name: 'Revoke the invite for nia@test.local' }).click();
    await pending.getByText('nia@test.local').waitFor({ state: 'detached', ...UI_WAIT });
    await expect
      .poll(async () => (await server.db.teamInvite.findUniqueOrThrow({ where: { id: invite.id } })).revokedAt, UI_WAIT)
      .not.toBeNull();
    // The revoked link is refused by the invite screen.
    const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await other.goto(url);
    await other.getByLabel('Your name').fill('Nia');
    await other.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
    await other.getByLabel('Repeat password').fill('correct horse battery staple');
    await other.getByRole('button', { name: 'Accept invite' }).click();
    await expect.poll(() => other.getByRole('alert').textContent(), UI_WAIT).toContain('invalid');
    await other.close();
  });

  it('an owner changes a role and removes a member (asked first, in a dialog)', async () => {
    await page.getByRole('combobox', { name: `Role of ${grace.displayName}` }).selectOption('OWNER');
    await expect.poll(() => roleOf(grace.id), UI_WAIT).toBe('owner');
    // With a second owner, Ada may leave now.
    await expect.poll(() => page.getByRole('button', { name: 'Leave team' }).isDisabled(), UI_WAIT).toBe(false);
    await page.getByRole('combobox', { name: `Role of ${grace.displayName}` }).selectOption('MEMBER');
    await expect.poll(() => roleOf(grace.id), UI_WAIT).toBe('member');

    await page.getByRole('button', { name: `Remove ${bob.displayName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${bob.displayName} from Launch crew?` });
    await dialog.waitFor(UI_WAIT);
    // Focus starts on Cancel: Enter alone never removes anyone.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', ...UI_WAIT });
    expect(await roleOf(bob.id)).toBe('member');
    await page.getByRole('button', { name: `Remove ${bob.displayName}` }).click();
    await dialog.getByRole('button', { name: `Remove ${bob.displayName}` }).click();
    await expect.poll(() => roleOf(bob.id), UI_WAIT).toBeNull();
    await page.getByText(bob.email).waitFor({ state: 'detached', ...UI_WAIT });
    await browser.screenshot(page, 'team-settings-1280');
  });

  it('a member sees the roster read-only (no role menus, removals or invites) and may leave', async () => {
    const member = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInPage(member, server, grace);
    // From the command menu, with the keyboard: her one team.
    await member.keyboard.press('Control+k');
    await member.keyboard.type('Team settings');
    await member.getByRole('option', { name: 'Team settings' }).waitFor(UI_WAIT);
    await member.keyboard.press('Enter');
    await member.getByRole('heading', { level: 1, name: 'Launch crew' }).waitFor(UI_WAIT);
    const members = member.getByRole('table', { name: 'Members of Launch crew' });
    await members.getByText(ada.displayName).waitFor(UI_WAIT);
    await member.getByText('Only its owners invite people, change roles or remove members.').waitFor(UI_WAIT);
    expect(await member.getByRole('combobox').count()).toBe(0);
    expect(await member.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await member.getByRole('form', { name: 'Invite to Launch crew' }).count()).toBe(0);
    expect(await member.getByRole('heading', { name: 'Invite people' }).count()).toBe(0);
    expect(await members.getByRole('row').nth(1).innerText()).toContain('Owner');
    expect(await unnamedControls(member)).toEqual([]);
    // Nothing wider than the phone.
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await browser.screenshot(member, 'team-settings-member-390');

    await member.getByRole('button', { name: 'Leave team' }).click();
    await member.getByRole('dialog', { name: 'Leave Launch crew?' }).getByRole('button', { name: 'Leave team' }).click();
    await member.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    await expect.poll(() => roleOf(grace.id), UI_WAIT).toBeNull();
    await member.close();
  });
});
