// Accepting a team invite in Chromium against a real server: the link a team
// owner got from createTeamInvite opens the invite screen; a name and a
// password make the account, sign the person in and land on the boards,
// where the team's board is listed. A used link shows the server's one
// refusal, and the new password signs in later. Someone who already has an
// account signs in to join (an invite never sets its password); a
// password-less person gets one from an operator's set-password link.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUser, makeUserWithKey } from '../support/factories.ts';
import { verifyPassword } from '../../src/auth/password.ts';
import { createPasswordLink } from '../../src/domain/password-link.ts';
import { createTeamInvite } from '../../src/domain/team-invite.ts';
import { gql } from '../support/graphql.ts';
import { TEST_PASSWORD, givePassword } from './sign-in.ts';

/** UI waits are generous (a busy 2-core machine); they wait for a state, never time a step. */
const UI_WAIT = { timeout: 30_000 };

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let link: string;
let boardTitle: string;
const email = `invitee-${Date.now().toString(36)}@test.local`;

beforeAll(async () => {
  server = await createTestServer({ env: { SESSION_SECRET: 'invite-e2e-session-secret-0123456789' } });
  const owner = await makeUserWithKey(server.db, 'Owner');
  const board = await makeBoard(server.db, owner.user.id, { title: 'Onboarding' });
  boardTitle = board.project.title;
  // The owner's side, as the product offers it: a GraphQL mutation answering the link.
  const created = await gql(
    server,
    owner.key,
    'mutation($t: ID!, $e: String!) { createTeamInvite(teamId: $t, email: $e) { url } }',
    { t: board.team.uuid, e: email },
    { host: new URL(server.url).host },
  );
  link = created.data!.createTeamInvite.url;
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await browser.screenshot(page, `invite-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the invite screen in Chromium', () => {
  it('the link from createTeamInvite opens the invite form; differing passwords are caught before sending', async () => {
    expect(link).toMatch(new RegExp(`^${server.url}/invite#token=inv_`));
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Join your team on tasksvc' }).waitFor(UI_WAIT);
    await page.getByLabel('Your name').fill('Nia Newcomer');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Repeat password').fill(`${TEST_PASSWORD}!`);
    await page.getByRole('button', { name: 'Accept invite' }).click();
    await expect.poll(() => page.getByRole('alert').textContent(), UI_WAIT).toBe('The two passwords differ.');
    expect(await server.db.user.count({ where: { email } })).toBe(0);
  });

  it('accepting makes the account, signs in and lands on the boards with the team’s board', async () => {
    await page.getByLabel('Repeat password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Accept invite' }).click();
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    await page.getByText(boardTitle).first().waitFor(UI_WAIT);
    expect(new URL(page.url()).pathname).toBe('/');
    const user = await server.db.user.findUniqueOrThrow({ where: { email } });
    expect(user.displayName).toBe('Nia Newcomer');
    const cookies = (await page.context().cookies()).map((c) => c.name).sort();
    expect(cookies).toEqual(['nookies_user', 'svc_session']);
  });

  it('a used link shows the server’s refusal; the new password signs in', async () => {
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await fresh.goto(link);
    await fresh.getByLabel('Your name').fill('Someone Else');
    await fresh.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await fresh.getByLabel('Repeat password').fill(TEST_PASSWORD);
    await fresh.getByRole('button', { name: 'Accept invite' }).click();
    await expect
      .poll(() => fresh.getByRole('alert').textContent(), UI_WAIT)
      .toBe('This invite link is invalid, has expired or was already used.');

    await fresh.goto(`${server.url}/sign-in`);
    await fresh.getByLabel('Email').fill(email);
    await fresh.getByLabel('Password').fill(TEST_PASSWORD);
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await fresh.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    await fresh.getByText(boardTitle).first().waitFor(UI_WAIT);
  });
});

describe('an existing account and a set-password link in Chromium', () => {
  it('someone with an account signs in to join; a wrong password shows the one refusal', async () => {
    const known = await makeUser(server.db, 'Known');
    await givePassword(server.db, known);
    const board = await makeBoard(server.db, (await makeUser(server.db, 'Inviter')).id, { title: 'Second team board' });
    const { token } = await createTeamInvite(server.db, null, { teamId: board.team.id, email: known.email });
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.goto(`${server.url}/invite#token=${token}`);
    await p.getByRole('button', { name: 'Already have an account? Sign in to join' }).click(UI_WAIT);
    await p.getByLabel('Your password').fill('not my password at all');
    await p.getByRole('button', { name: 'Sign in and join' }).click();
    await expect.poll(() => p.getByRole('alert').textContent(), UI_WAIT).toContain('These details do not let you accept this invite.');
    await p.getByLabel('Your password').fill(TEST_PASSWORD);
    await p.getByRole('button', { name: 'Sign in and join' }).click();
    await p.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    await p.getByText('Second team board').first().waitFor(UI_WAIT);
    expect(await server.db.teamMember.count({ where: { teamId: board.team.id, userId: known.id } })).toBe(1);
    await p.close();
  });

  it('an operator’s set-password link lets a password-less person choose one and lands on the boards', async () => {
    const bare = await makeUser(server.db, 'Bare');
    const { token } = await createPasswordLink(server.db, bare.email);
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.goto(`${server.url}/set-password#token=${token}`);
    await p.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor(UI_WAIT);
    await p.getByLabel('New password').fill(TEST_PASSWORD);
    await p.getByLabel('Repeat password').fill(TEST_PASSWORD);
    await p.getByRole('button', { name: 'Set password' }).click();
    await p.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    expect(await verifyPassword(TEST_PASSWORD, (await server.db.user.findUniqueOrThrow({ where: { id: bare.id } })).passwordHash)).toBe(true);
    await p.goto(`${server.url}/set-password#token=${token}`);
    await p.getByLabel('New password').fill(TEST_PASSWORD);
    await p.getByLabel('Repeat password').fill(TEST_PASSWORD);
    await p.getByRole('button', { name: 'Set password' }).click();
    await expect.poll(() => p.getByRole('alert').textContent(), UI_WAIT).toBe('This link is invalid, has expired or was already used.');
    await p.close();
  });
});
