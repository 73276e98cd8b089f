// A restart does not sign anyone out: `tasksvc serve` started as a person
// runs it (no SESSION_SECRET, a data directory on disk) is stopped and started
// again under an open board in Chromium. The person stays signed in, the
// board's socket comes back by itself and is live again (another person's
// change arrives without a reload). The 5 s goal is the reconnect backoff's
// cap (2 s, test/web) plus the server's start; the time is printed, and the
// waits only guard against hangs on a busy machine.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestServices, testConfig } from '../support/app.ts';
import { type TestBrowser, UI_WAIT, launchBrowser } from '../support/browser.ts';
import { migratedDataDir } from '../support/cli.ts';
import { isPostgres } from '../support/database.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';
import { type ServeChild, serve } from '../support/serve-child.ts';
import { givePassword, signInPage } from './sign-in.ts';

const dir = mkdtempSync(join(tmpdir(), 'tasksvc-restart-e2e-'));
const dataDir = isPostgres ? join(dir, 'data') : migratedDataDir(dir, 'data');
// As the README's two commands run it: no SESSION_SECRET; live events on.
const env = {
  TASKSVC_DATA_DIR: dataDir,
  EVENT_DISPATCHER: 'true',
  LOG_LEVEL: 'warn',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};

let browser: TestBrowser;
let page: Page;
let ada: Awaited<ReturnType<typeof makeUserWithKey>>;
let board: Awaited<ReturnType<typeof makeBoard>>;

async function start(port = 0): Promise<{ child: ServeChild; url: string }> {
  const child = serve(env, '--port', String(port), '--json');
  return { child, url: JSON.parse(await child.waitFor(/\{.*"url".*\}/)).url };
}

beforeAll(async () => {
  mkdirSync(dataDir, { recursive: true });
  // The people and the board, written before the server holds the embedded database.
  const services = await createTestServices(testConfig({ TASKSVC_DATA_DIR: dataDir }), { dispatcher: false });
  try {
    ada = await makeUserWithKey(services.database.prisma, 'Ada');
    await givePassword(services.database.prisma, ada.user);
    board = await makeBoard(services.database.prisma, ada.user.id, {
      title: 'Restart board',
      tasks: [{ title: 'Before the restart', sectionTitle: 'Todo' }],
    });
  } finally {
    await services.close();
  }
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await browser?.screenshot(page, `session-restart-failed`).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a server restart under an open board (no SESSION_SECRET)', { timeout: 180_000 }, () => {
  it('keeps the person signed in, and the board is live again by itself', async () => {
    let server = await start();
    const port = Number(new URL(server.url).port);
    browser = await launchBrowser({ allow: [server.url] });
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInPage(page, server, ada.user);
    await page.goto(`${server.url}/boards/${board.project.id}`);
    const live = page.getByRole('status').filter({ hasText: /^Live$/ });
    await live.waitFor(UI_WAIT);

    server.child.proc.kill('SIGTERM');
    expect(await server.child.exited).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor(UI_WAIT);

    server = await start(port);
    const back = Date.now();
    await live.waitFor(UI_WAIT);
    console.log(`[session-restart] live again ${Date.now() - back} ms after the restarted server was ready`);
    // Still signed in, on the board (no detour through the sign-in screen).
    expect(new URL(page.url()).pathname).toBe(`/boards/${board.project.id}`);
    expect(await page.getByText('Your session ended').count()).toBe(0);

    // Live: a change made now arrives without a reload; the person's own request works with their cookie.
    const res = await fetch(`${server.url}/api/v1/tasks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: board.project.id, section_id: board.tasks[0].sectionId, title: 'After the restart' }),
    });
    expect(res.status).toBe(201);
    await page.getByRole('region', { name: 'Todo', exact: true }).getByText('After the restart').waitFor(UI_WAIT);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await fetch(`${server.url}/api/mcp/user/context`, { headers: { cookie } })).status).toBe(200);

    server.child.proc.kill('SIGTERM');
    expect(await server.child.exited).toBe(0);
  });
});
