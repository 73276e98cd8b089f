// The API reference at /docs (Scalar) without internet, in Debian's Chromium
// against a real server: every request to anything but the service is aborted
// (and fails the test at close()), so the page, its fonts and its client must
// come entirely from the service. A person signed in with the session cookie
// reads the operations built from /api/openapi.json and sends one from the
// reference's own "Test Request" client, all under the page's
// Content-Security-Policy (scripts from the service only, styles by nonce).
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { TEST_PASSWORD, givePassword } from './sign-in.ts';

let server: Awaited<ReturnType<typeof createTestServer>>;
let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;

/**
 * Content-Security-Policy violations the page reported (recorded by an init
 * script), less one: zod (inside Scalar's bundle) probes whether it may compile
 * validators by calling `Function('')` in a try/catch and, refused, validates
 * without; the refusal is the policy working.
 */
const cspViolations = async () =>
  (await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).filter(
    (v) => !/^script-src eval .*\/docs\/assets\/[0-9a-f]{16}\/scalar\.js:/.test(v),
  );

beforeAll(async () => {
  server = await createTestServer({ env: { SESSION_SECRET: 'api-reference-e2e-session-secret-0123456789' } });
  ada = await makeUserWithKey(server.db, 'Ada');
  await givePassword(server.db, ada.user);
  browser = await launchBrowser({ allow: [server.url] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} @${e.sourceFile}:${e.lineNumber}`));
  });
  const login = await page.request.post(`${server.url}/api/auth/login`, {
    data: { email: ada.user.email, password: TEST_PASSWORD },
    headers: { origin: server.url },
  });
  expect(login.status()).toBe(200);
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await browser.screenshot(page, `api-reference-failed-${ctx.task.name}`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('/docs: Scalar served by the service, with the network to anything else blocked', { timeout: 180_000 }, () => {
  it('renders the operations of /api/openapi.json under the strict policy', async () => {
    const document = page.waitForResponse((r) => r.url() === `${server.url}/api/openapi.json`, UI_WAIT);
    const res = await page.goto(`${server.url}/docs`);
    expect(res?.status()).toBe(200);
    const csp = (await res!.allHeaders())['content-security-policy'];
    expect(csp).toContain("script-src 'self';");
    // <style> elements only by the answer's nonce; style attributes (Scalar's components write them) as attributes only.
    expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/]+=*'; style-src-attr 'unsafe-inline';/);
    expect((await document).status()).toBe(200);
    // The document's title and an operation's summary, as the document has them, show in the reference.
    await page.getByRole('heading', { name: 'tasksvc API' }).first().waitFor(UI_WAIT);
    await page.getByRole('heading', { name: 'Who am I: the user owning the API key.' }).first().waitFor(UI_WAIT);
    await browser.screenshot(page, 'api-reference');
    expect(await cspViolations()).toEqual([]);
  });

  it('"Test Request" sends GET /api/mcp/user/context with the API key typed in, and shows the answer', async () => {
    await page.goto(`${server.url}/docs`);
    // The reference's authentication panel (the document's bearerAuth scheme) takes the key.
    await page.getByPlaceholder('Token').first().fill(ada.key);
    await page.getByRole('button', { name: /Test Request.*get \/api\/mcp\/user\/context/is }).first().click();
    const sent = page.waitForResponse((r) => r.url() === `${server.url}/api/mcp/user/context`, UI_WAIT);
    await page.getByRole('button', { name: /^Send/ }).first().click();
    const answer = await sent;
    expect(answer.request().headers().authorization).toBe(`Bearer ${ada.key}`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ id: ada.user.id, email: ada.user.email });
    // The client shows the answer's body.
    await page.getByText(ada.user.email).first().waitFor(UI_WAIT);
    await browser.screenshot(page, 'api-reference-test-request');
    expect(await cspViolations()).toEqual([]);
  });
});
