// `npm run docs:screenshots`: the README's pictures of the web app, taken in
// Debian's Chromium from a seeded demo (an in-memory service; nothing else is
// touched): docs/screenshots/board.png (desktop), board-phone.png (390 px)
// and api-keys.png (the command menu's API keys dialog); the settings screens:
// team-settings.png (an owner with a new invite link), team-settings-phone.png
// (a member's read-only view at 390 px), board-settings.png, account.png and
// webhooks.png (a webhook's deliveries, sent to a receiver started here).
// The list view and the task panel's history: scripts/screenshots-views.ts.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/domain/api-key.ts';
import { createTeamBoard } from '../src/domain/board.ts';
import { createTeam } from '../src/domain/team.ts';
import { createUser } from '../src/domain/user.ts';
import { TEST_PASSWORD, signInPage } from '../test/browser/sign-in.ts';
import { launchBrowser } from '../test/support/browser.ts';
import { gql } from '../test/support/graphql.ts';
import { startScriptServer } from '../test/support/script-server.ts';
import { viewScreenshots } from './screenshots-views.ts';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const WAIT = { timeout: 60_000 };

// @ts-expect-error: a plain .mjs script without type declarations.
const { buildWebApp } = await import('./build-web.mjs');
await buildWebApp();

// Always a fresh in-memory database and no Redis, whatever the environment says.
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
const server = await startScriptServer({
  SESSION_SECRET: 'docs-screenshots-session-secret-0123456789',
  WEBHOOK_ALLOW_PRIVATE: 'true',
});
// The webhooks picture's receiver: answers every delivery 200.
const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('ok')));
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/tasksvc`;
try {
  const db = server.db;
  const person = async (displayName: string) => {
    const user = await createUser(db, {
      email: `${displayName.split(' ')[0].toLowerCase()}@example.com`,
      displayName,
      password: TEST_PASSWORD,
    });
    return { user, key: (await createApiKey(db, user.id, { label: 'demo' })).key };
  };
  const ada = await person('Ada Lovelace');
  const grace = await person('Grace Hopper');
  const linus = await person('Linus Pauling');
  const team = await createTeam(db, { title: 'Web team', memberIds: [ada.user.id, grace.user.id, linus.user.id] });
  const inDays = (n: number) => new Date(Date.UTC(2026, 11, 1 + n)).toISOString();
  const colours: Record<string, string> = { design: '#7048e8', frontend: '#1c7ed6', bug: '#e03131' };
  const board = await createTeamBoard(db, ada.user.id, team.id, {
    title: 'Website relaunch',
    sections: [{ title: 'Backlog' }, { title: 'In progress' }, { title: 'Review' }, { title: 'Done' }],
    labels: Object.keys(colours).map((name) => ({ name })),
    tasks: [
      { title: 'Draft the new information architecture', sectionTitle: 'Backlog', labelNames: ['design'], priority: 3 },
      {
        title: 'Fix the contact form on Safari',
        sectionTitle: 'Backlog',
        labelNames: ['bug', 'frontend'],
        priority: 1,
        dueDate: inDays(2),
      },
      { title: 'Write the launch announcement', sectionTitle: 'Backlog', priority: 4 },
      {
        title: 'Build the responsive navigation bar',
        sectionTitle: 'In progress',
        labelNames: ['frontend'],
        priority: 2,
        dueDate: inDays(6),
      },
      { title: 'Pick the hero photography', sectionTitle: 'In progress', labelNames: ['design'] },
      {
        title: 'Review the colour palette with marketing',
        sectionTitle: 'Review',
        labelNames: ['design'],
        priority: 3,
      },
      {
        title: 'Set up redirects from the old URLs',
        sectionTitle: 'Review',
        labelNames: ['frontend'],
        dueDate: inDays(9),
      },
      { title: 'Choose the web font', sectionTitle: 'Done', labelNames: ['design'] },
      { title: 'Agree on the sitemap', sectionTitle: 'Done' },
    ],
  });
  for (const label of board.labels)
    await gql(
      server,
      ada.key,
      'mutation($id: Int!, $c: String) { updateLabel(id: $id, input: { color: $c }) { id } }',
      {
        id: label.id,
        c: colours[label.name],
      },
    );
  const assign: Record<string, number[]> = {
    'Fix the contact form on Safari': [grace.user.id],
    'Build the responsive navigation bar': [ada.user.id, linus.user.id],
    'Pick the hero photography': [grace.user.id],
    'Review the colour palette with marketing': [linus.user.id],
    'Draft the new information architecture': [ada.user.id],
  };
  for (const task of board.tasks) {
    const userIds = assign[task.title];
    if (userIds)
      await gql(
        server,
        ada.key,
        'mutation($id: Int!, $u: [Int!]) { setAssignees(ref: { taskId: $id }, userIds: $u) { id } }',
        {
          id: task.id,
          u: userIds,
        },
      );
  }
  const safari = board.tasks.find((t) => t.title.startsWith('Fix the contact form'))!;
  for (const text of ['Reproduced on Safari 17: the submit button stays disabled.', 'I have a fix, review coming.'])
    await gql(
      server,
      grace.key,
      'mutation($id: Int!, $t: String!) { addComment(ref: { taskId: $id }, text: $t) { id } }',
      {
        id: safari.id,
        t: text,
      },
    );

  mkdirSync(OUT, { recursive: true });
  const browser = await launchBrowser({ allow: [server.url] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await signInPage(page, server, ada.user);
    await page.goto(`${server.url}/boards/${board.project.id}`);
    await page.getByRole('region', { name: 'Done', exact: true }).getByText('Agree on the sitemap').waitFor(WAIT);
    await page
      .getByRole('status')
      .filter({ hasText: /Live|Connecting/ })
      .waitFor(WAIT);
    await page.screenshot({ path: `${OUT}board.png` });

    await page.getByRole('button', { name: 'Command menu' }).click();
    await page.getByRole('option', { name: 'REST API' }).click();
    const dialog = page.getByRole('dialog', { name: 'API keys' });
    await dialog.getByLabel('Label').fill('CI pipeline');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByRole('textbox', { name: 'New API key' }).waitFor(WAIT);
    await page.screenshot({ path: `${OUT}api-keys.png` });

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInPage(phone, server, ada.user);
    await phone.goto(`${server.url}/boards/${board.project.id}`);
    await phone.getByRole('region', { name: 'Backlog', exact: true }).getByText('Write the launch').waitFor(WAIT);
    await phone.screenshot({ path: `${OUT}board-phone.png` });

    // Settings: the team (an owner who just made an invite link), as a member sees it on a phone.
    await page.goto(`${server.url}/settings/teams/${team.id}`);
    const invite = page.getByRole('form', { name: 'Invite to Web team' });
    await invite.getByLabel('Email').fill('marie@example.com');
    await invite.getByRole('button', { name: 'Create invite link' }).click();
    await page.getByRole('textbox', { name: 'Invite link' }).waitFor(WAIT);
    await page.screenshot({ path: `${OUT}team-settings.png`, fullPage: true });
    const member = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInPage(member, server, grace.user);
    await member.goto(`${server.url}/settings/teams/${team.id}`);
    await member.getByRole('table', { name: 'Members of Web team' }).getByText('Linus Pauling').waitFor(WAIT);
    await member.screenshot({ path: `${OUT}team-settings-phone.png`, fullPage: true });

    await page.goto(`${server.url}/boards/${board.project.id}/settings`);
    await page.getByRole('textbox', { name: 'Name of the label design' }).waitFor(WAIT);
    await page.screenshot({ path: `${OUT}board-settings.png`, fullPage: true });

    await page.goto(`${server.url}/settings/account`);
    await page.getByText('This session').waitFor(WAIT);
    await page.screenshot({ path: `${OUT}account.png`, fullPage: true });

    await gql(
      server,
      ada.key,
      'mutation($p: Int!, $u: String!, $m: JSON!) { createWebhookSubscription(input: { projectId: $p, url: $u, metadata: $m, description: "Deploy previews" }) { secret } }',
      { p: board.project.id, u: receiverUrl, m: { 'X-Event-Type': ['task.created', 'task.updated'] } },
    );
    await gql(server, grace.key, 'mutation($p: Int!) { createTask(input: { projectId: $p, title: "Compress the hero images" }) { id } }', {
      p: board.project.id,
    });
    await page.goto(`${server.url}/settings/webhooks`);
    await page.getByRole('button', { name: 'Show deliveries' }).click();
    await page.getByText('Succeeded · 200').waitFor(WAIT);
    await page.locator('summary').filter({ hasText: 'attempt' }).first().click();
    await page.screenshot({ path: `${OUT}webhooks.png`, fullPage: true });
    console.log(`wrote ${(await viewScreenshots(browser, { db, url: server.url, board, ada, grace }, OUT)).join(', ')}`);
  } finally {
    await browser.close();
  }
  console.log(
    `wrote ${OUT}board.png, api-keys.png, board-phone.png, team-settings.png, team-settings-phone.png, ` +
      'board-settings.png, account.png, webhooks.png',
  );
} finally {
  await server.close();
  receiver.close();
}
