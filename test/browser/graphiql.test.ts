// GraphiQL without internet, in Debian's Chromium against a real server:
// every request to anything but the service is aborted (and fails the test at
// close()), so the page must come entirely from the service. A person signed in
// with the session cookie sees the editor, runs a query and receives a
// subscription event, all under the page's Content-Security-Policy.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, launchBrowser } from '../support/browser.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { gql } from '../support/graphql.ts';
import { TEST_PASSWORD, givePassword } from './sign-in.ts';

/** UI waits are generous (a busy 2-core machine; the bundle is 9 MB); they wait for a state, never time a step. */
const UI_WAIT = { timeout: 45_000 };

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;
/** Content-Security-Policy violations the current page reported (recorded by an init script). */
const cspViolations = () =>
  page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);

/** Opens GraphiQL with `query` in its editor (GraphiQL reads `?query=`) and waits for the editor. */
async function openGraphiQL(query: string) {
  const res = await page.goto(`${server.url}/graphql?query=${encodeURIComponent(query)}`);
  expect(res?.status()).toBe(200);
  await page.locator('.graphiql-container .monaco-editor').first().waitFor(UI_WAIT);
  return res!;
}

/** Runs the editor's operation with GraphiQL's own "Execute" button. */
async function execute() {
  await page.locator('.graphiql-execute-button').click();
}

/** The result pane's text; the editor renders spaces as no-break spaces, made plain here. */
const responseText = async () => (await page.locator('.graphiql-response').innerText()).replace(/\s+/g, ' ');

beforeAll(async () => {
  server = await createTestServer({
    // The dispatcher turns committed changes into live events.
    env: { SESSION_SECRET: 'graphiql-e2e-session-secret-0123456789', EVENT_DISPATCHER: 'true' },
  });
  ada = await makeUserWithKey(server.db, 'Ada');
  await givePassword(server.db, ada.user);
  board = await makeBoard(server.db, ada.user.id, { title: 'Launch' });
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  // Sign in the way the web app does: the session cookie lands in this page's context.
  const login = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: ada.user.email, password: TEST_PASSWORD },
    headers: { origin: server.url },
  });
  expect(login.status()).toBe(200);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await browser.screenshot(page, `graphiql-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('GraphiQL served by the service, with the network to anything else blocked', { timeout: 120_000 }, () => {
  it('shows the editor under a strict CSP and runs a query with the session cookie', async () => {
    const res = await openGraphiQL('query Me { me { email displayName } }');
    const csp = (await res.allHeaders())['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    await execute();
    await expect.poll(() => responseText(), UI_WAIT).toContain(ada.user.email);
    await browser.screenshot(page, 'graphiql-query');
    expect(await cspViolations()).toEqual([]);
  });

  it('receives a subscription event (SSE with the session cookie)', async () => {
    await openGraphiQL(`subscription Live { boardEvents(projectId: ${board.project.id}) { event ... on TaskBoardEvent { task { title } } } }`);
    await execute();
    // The subscription is open once the stop button replaces "Execute"; its server side may start
    // a moment later ("from now on"), so a change is made again until one shows up.
    await page.locator('.graphiql-execute-button[aria-label*="Stop"]').waitFor(UI_WAIT);
    let made = 0;
    await expect
      .poll(async () => {
        const created = await gql(
          server,
          ada.key,
          'mutation($input: CreateTaskInput!) { createTask(input: $input) { id } }',
          { input: { projectId: board.project.id, title: `Seen in GraphiQL ${++made}` } },
        );
        expect(created.errors).toBeUndefined();
        return responseText();
      }, { ...UI_WAIT, interval: 2000 })
      .toContain('Seen in GraphiQL');
    expect(await responseText()).toContain('TASK_CREATED');
    await browser.screenshot(page, 'graphiql-subscription');
    expect(await cspViolations()).toEqual([]);
  });
});
