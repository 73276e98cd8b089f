// A team's first week, run from the app alone: one person opens an invite
// link a team owner made through the API, makes an account on the invite
// screen, and from then on only uses Chromium: creates a board, adds and
// renames columns, creates labels, invites a colleague (the link shown once,
// copied), creates a task and a subtask from its panel, saves a list view
// with subtasks under their parent, writes a rich description that comes
// back unchanged when saved again, reads the task's history, changes their
// password and signs out everywhere, then signs in with the new password
// (the old one is refused). Each step is checked by what the person sees,
// and where it matters by reading the database.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.ts';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeTeam, makeUser } from '../support/factories.ts';
import { signInWithPassword } from '../security/session-helpers.ts';
import { TEST_PASSWORD } from './sign-in.ts';

const NEW_PASSWORD = 'a brand new passphrase';
const TEAM = 'Riverside crew';
const BOARD = 'First week';

/** What the person writes: a table, a task list, strikethrough, a fenced code block and a link. */
const MARKDOWN = [
  '## Welcome guide',
  '',
  '| Day | Who |',
  '| :-- | --: |',
  '| Monday | Nia |',
  '| Tuesday | Leo |',
  '',
  '- [x] Read the handbook',
  '- [ ] Meet the team',
  '',
  'Stand-up at ~~nine~~ ten, notes in [the wiki](https://example.com/wiki).',
  '',
  '```sh',
  'npm install && npm start',
  '```',
].join('\n');

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let link: string;
let teamId: number;
let projectId: number;
let ticket: string;
const email = `nia-${Date.now().toString(36)}@first-week.test`;

const columns = async () =>
  (
    await server.db.section.findMany({
      where: { projectId, deletedAt: null },
      orderBy: [{ ranking: 'asc' }, { id: 'asc' }],
    })
  ).map((s) => s.title);
const shownColumns = () =>
  page
    .getByRole('list', { name: 'Columns' })
    .getByRole('textbox')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const column = (title: string) => page.getByRole('region', { name: title, exact: true });
const panel = () => page.getByRole('dialog', { name: new RegExp(ticket) });
const nia = () => server.db.user.findUniqueOrThrow({ where: { email } });
const task = (title: string) => server.db.task.findFirstOrThrow({ where: { projectId, title } });
const activeSessions = async () =>
  server.db.session.count({ where: { userId: (await nia()).id, revokedAt: null, expiresAt: { gt: new Date() } } });

/** The sign-in screen, as a person fills it; answers once the boards show or the refusal does. */
async function signIn(password: string) {
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

beforeAll(async () => {
  server = await createTestServer({
    env: { SESSION_SECRET: 'first-week-e2e-session-secret-0123456789', EVENT_DISPATCHER: 'true' },
  });
  // The owner's side, as the product offers it: signed in with their password, they ask the API
  // for an owner's invite (a key alone may invite members only), and send the link.
  const owner = await makeUser(server.db, 'Olu');
  const team = await makeTeam(server.db, [owner.id], TEAM);
  teamId = team.id;
  const cookie = await signInWithPassword(server, owner.id);
  const res = await server.fetch('/graphql', {
    method: 'POST',
    headers: { cookie, origin: server.url },
    json: {
      query: 'mutation($t: ID!, $e: String!) { createTeamInvite(teamId: $t, email: $e, role: OWNER) { url } }',
      variables: { t: String(team.id), e: email },
    },
  });
  const body = (await res.json()) as { data?: { createTeamInvite: { url: string } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  link = body.data!.createTeamInvite.url;
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, lateFrames: 30 });
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `first-week-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a first week in the app, from an invite link to signing out everywhere', () => {
  it('joins the team from the invite link with a new account', async () => {
    expect(link).toMatch(new RegExp(`^${server.url}/invite#token=inv_`));
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Join your team on tasksvc' }).waitFor(UI_WAIT);
    await page.getByLabel('Your name').fill('Nia Newcomer');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Repeat password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Accept invite' }).click();
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    await page.getByText('No boards yet. Create one for your team.').waitFor(UI_WAIT);
    const member = await server.db.teamMember.findFirstOrThrow({ where: { teamId, user: { email } } });
    expect(member.role).toBe('owner');
    expect((await nia()).displayName).toBe('Nia Newcomer');
  });

  it('creates a board for the team', async () => {
    await page.getByRole('button', { name: 'New board' }).click();
    const form = page.getByRole('form', { name: 'New board' });
    await form.getByLabel('Title').fill(BOARD);
    await expect.poll(() => form.getByLabel('Team').locator('option').allTextContents(), UI_WAIT).toEqual([TEAM]);
    await form.getByLabel('Columns (comma-separated)').fill('Backlog, Doing, Done');
    await form.getByRole('button', { name: 'Create board' }).click();
    await page.getByRole('heading', { level: 1, name: BOARD }).waitFor(UI_WAIT);
    for (const title of ['Backlog', 'Doing', 'Done']) await column(title).waitFor(UI_WAIT);
    const project = await server.db.project.findFirstOrThrow({ where: { title: BOARD } });
    projectId = project.id;
    expect(new URL(page.url()).pathname).toBe(`/boards/${projectId}`);
    expect(await columns()).toEqual(['Backlog', 'Doing', 'Done']);
  });

  it('adds and renames columns and creates labels in the board settings', async () => {
    await page.getByRole('link', { name: 'Board settings' }).click();
    await page.getByRole('heading', { level: 1, name: `${BOARD}: settings` }).waitFor(UI_WAIT);
    await expect.poll(shownColumns, UI_WAIT).toEqual(['Backlog', 'Doing', 'Done']);

    await page.getByRole('form', { name: 'Add a column' }).getByLabel('New column').fill('Review');
    await page.getByRole('button', { name: 'Add column' }).click();
    await expect.poll(shownColumns, UI_WAIT).toEqual(['Backlog', 'Doing', 'Done', 'Review']);
    const doing = page.getByRole('textbox', { name: 'Name of the column Doing' });
    await doing.fill('In progress');
    await doing.press('Enter');
    await expect.poll(columns, UI_WAIT).toEqual(['Backlog', 'In progress', 'Done', 'Review']);
    await page.getByRole('textbox', { name: 'Name of the column In progress' }).waitFor(UI_WAIT);

    const form = page.getByRole('form', { name: 'New label' });
    for (const [name, color] of [
      ['Bug', '#c92a2a'],
      ['Docs', '#1971c2'],
    ]) {
      await form.getByLabel('Label name').fill(name);
      await form.getByRole('textbox', { name: 'Colour code of the new label' }).fill(color);
      await form.getByRole('button', { name: 'Create label' }).click();
      await page.getByRole('textbox', { name: `Name of the label ${name}` }).waitFor(UI_WAIT);
    }
    const labels = await server.db.label.findMany({ where: { projectId }, orderBy: { name: 'asc' } });
    expect(labels.map((l) => `${l.name} ${l.color}`)).toEqual(['Bug #c92a2a', 'Docs #1971c2']);

    // The board shows the new columns in their order.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Boards' }).click();
    await page.getByRole('link', { name: new RegExp(BOARD) }).click();
    await page.getByRole('heading', { level: 1, name: BOARD }).waitFor(UI_WAIT);
    await expect
      .poll(() => page.locator('section:has(ol.cards) > * h2, section:has(ol.cards) > h2').allInnerTexts(), UI_WAIT)
      .toEqual(['Backlog', 'In progress', 'Done', 'Review']);
  });

  it('invites a colleague from the team settings and copies the link shown once', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor(UI_WAIT);
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: `Team: ${TEAM}` })
      .click();
    await page.getByRole('heading', { level: 1, name: TEAM }).waitFor(UI_WAIT);
    const members = page.getByRole('table', { name: `Members of ${TEAM}` });
    await members.getByText('Nia Newcomer (you)').waitFor(UI_WAIT);

    const form = page.getByRole('form', { name: `Invite to ${TEAM}` });
    await form.getByLabel('Email').fill('leo@first-week.test');
    await form.getByRole('button', { name: 'Create invite link' }).click();
    const shown = page.getByRole('textbox', { name: 'Invite link' });
    await shown.waitFor(UI_WAIT);
    const url = await shown.inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/invite#token=inv_`));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor(UI_WAIT);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.getByRole('list', { name: 'Pending invites' }).getByText('leo@first-week.test').waitFor(UI_WAIT);
    // The copied link is the invite's own token (the server keeps only its hash), made by Nia.
    const token = new URL(url).hash.slice('#token='.length);
    const invite = await server.db.teamInvite.findFirstOrThrow({ where: { teamId, email: 'leo@first-week.test' } });
    expect(invite).toMatchObject({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      invitedById: (await nia()).id,
      role: 'member',
      acceptedAt: null,
      revokedAt: null,
    });
    // Shown once: hidden, it is gone from the page.
    await page.getByRole('button', { name: 'Done, hide the link' }).click();
    await shown.waitFor({ state: 'detached', ...UI_WAIT });
  });

  it('creates a task and a subtask from its panel, and saves a list view with subtasks under their parent', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Boards' }).click();
    await page.getByRole('link', { name: new RegExp(BOARD) }).click();
    await column('Backlog').getByRole('button', { name: 'Add task to Backlog' }).click();
    await page.getByLabel('New task title in Backlog').fill('Write the welcome guide');
    await page.keyboard.press('Enter');
    await column('Backlog').getByText('Write the welcome guide').waitFor(UI_WAIT);
    const parent = await task('Write the welcome guide');
    ticket = `${(await server.db.project.findUniqueOrThrow({ where: { id: projectId } })).ticketPrefix}-${parent.uniqueIndex}`;

    await page.locator('[data-card-link]', { hasText: 'Write the welcome guide' }).click();
    await panel().waitFor(UI_WAIT);
    await panel().getByRole('combobox', { name: 'Add label' }).selectOption({ label: 'Docs' });
    await panel().getByRole('button', { name: 'Remove label Docs' }).waitFor(UI_WAIT);
    const subtasks = panel().getByRole('region', { name: /^Subtasks/ });
    await subtasks.getByRole('textbox', { name: 'New subtask' }).fill('Draft the FAQ');
    await subtasks.getByRole('button', { name: 'Add subtask' }).click();
    await subtasks.getByRole('link', { name: /Draft the FAQ/ }).waitFor(UI_WAIT);
    expect(await task('Draft the FAQ')).toMatchObject({ parentId: parent.id, sectionId: parent.sectionId });
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached', ...UI_WAIT });

    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'List' }).click();
    const table = page.getByRole('region', { name: `Tasks of ${BOARD} as a list` }).getByRole('table');
    await table.waitFor(UI_WAIT);
    await page.locator('.view-bar').getByLabel('Subtasks').selectOption('PARENT');
    await table.locator('tr.subtask-row', { hasText: 'Draft the FAQ' }).waitFor(UI_WAIT);
    await page.getByRole('button', { name: 'Save view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('My first week');
    expect(await dialog.getByLabel('Subtasks').inputValue()).toBe('PARENT');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'hidden', ...UI_WAIT });
    const view = await server.db.savedView.findFirstOrThrow({
      where: { creatorId: (await nia()).id, title: 'My first week' },
    });
    expect(view).toMatchObject({ subtaskSetting: 'Parent', layout: 'list', projectId });
    await expect.poll(() => new URL(page.url()).search, UI_WAIT).toBe(`?view=${view.id}&layout=list`);

    // Reloaded, the view is what shows: the subtask indented under its parent.
    await page.reload();
    await expect
      .poll(() => page.locator('.task-table tbody tr .title-cell > a').allInnerTexts(), UI_WAIT)
      .toEqual(['Write the welcome guide', 'Draft the FAQ']);
    expect(await page.locator('.view-bar').getByLabel('View').inputValue()).toBe(String(view.id));
    expect(await page.locator('tr.subtask-row').innerText()).toContain('Draft the FAQ');
  });

  it('writes a rich description and saves it again unchanged: the same HTML back', async () => {
    await page.locator('.task-table tbody tr .title-cell > a', { hasText: 'Write the welcome guide' }).click();
    await panel().waitFor(UI_WAIT);
    await panel().getByRole('button', { name: 'Edit description' }).click();
    const editor = panel().getByLabel('Description (markdown)');
    await editor.fill(MARKDOWN);
    await panel().getByRole('button', { name: 'Save description' }).click();
    const rendered = panel().locator('.rendered');
    await rendered.getByRole('table').waitFor(UI_WAIT);
    // What the person sees: each piece rendered as itself.
    expect(await rendered.getByRole('checkbox').count()).toBe(2);
    expect(await rendered.locator('del').innerText()).toBe('nine');
    expect(await rendered.locator('pre code').innerText()).toContain('npm install && npm start');
    expect(await rendered.getByRole('link', { name: 'the wiki' }).getAttribute('href')).toBe(
      'https://example.com/wiki',
    );
    const saved = (await task('Write the welcome guide')).description;
    expect(saved).toContain('<table>');

    await panel().getByRole('button', { name: 'Edit description' }).click();
    expect(await editor.inputValue()).toBe(MARKDOWN);
    await panel().getByRole('button', { name: 'Save description' }).click();
    await panel().getByRole('button', { name: 'Edit description' }).waitFor(UI_WAIT);
    const again = await task('Write the welcome guide');
    expect(again.description).toBe(saved);
    expect(again.descriptionMarkdown).toBe(MARKDOWN);
  });

  it('sees the task’s history in the panel', async () => {
    const activity = panel().getByRole('region', { name: /^Activity/ });
    const entries = activity.getByRole('listitem');
    await expect
      .poll(() => entries.allInnerTexts(), UI_WAIT)
      .toEqual([
        expect.stringContaining('Nia Newcomer added a description'),
        expect.stringContaining('Nia Newcomer added label Docs'),
        expect.stringContaining('Nia Newcomer created the task'),
      ]);
    await page.keyboard.press('Escape');
  });

  it('changes the password and signs out everywhere; the new password signs in, the old one does not', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor(UI_WAIT);
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel('Current password').fill(TEST_PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repeat new password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password changed. Your other sessions were signed out.').waitFor(UI_WAIT);
    expect(await verifyPassword(NEW_PASSWORD, (await nia()).passwordHash)).toBe(true);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out everywhere?' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor(UI_WAIT);
    await expect.poll(activeSessions, UI_WAIT).toBe(0);

    await signIn(TEST_PASSWORD);
    await expect.poll(() => page.getByRole('alert').textContent(), UI_WAIT).toContain('Wrong email or password.');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await activeSessions()).toBe(0);

    await signIn(NEW_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Boards' }).waitFor(UI_WAIT);
    await page.getByRole('link', { name: new RegExp(BOARD) }).waitFor(UI_WAIT);
    expect(await activeSessions()).toBe(1);
  });
});
