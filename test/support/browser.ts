// Browser tests: Debian's Chromium driven by playwright-core (which never
// downloads a browser of its own). Each page gets a fresh context (its own
// cookies and storage) in a browser started with a fresh temporary profile
// (playwright-core makes a new --user-data-dir per launch and removes it on
// close). Every request or WebSocket to anything but the allowed origins (the
// test's own server) is aborted and fails the test at close(), like the
// outbound-network guard of the Node side (no-outbound-network.ts).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * How long a browser test waits for a state (an element, a server-side
 * change) before it fails: a bound against hangs, never a timing. Every wait
 * uses it (pages get it as their default timeout; `expect.poll` takes
 * {@link UI_WAIT}), so a slower machine needs one change here. It stays well
 * under vitest's 60 s test timeout, so a stuck step fails naming its locator.
 */
export const UI_WAIT_MS = 30_000;

/** {@link UI_WAIT_MS} as Playwright/`expect.poll` options. */
export const UI_WAIT = { timeout: UI_WAIT_MS };

/** Where Debian installs Chromium; `CHROMIUM_PATH` overrides it (another distribution, a local build). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The git-ignored folder test screenshots are written to. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../test-artifacts/screenshots/', import.meta.url));

/**
 * Flags Chromium needs on these machines: as root it has no sandbox, there is
 * no GPU, and without the networking flags it keeps trying to reach Google's
 * hosts (refused here, and noise in any case). The host resolver rule makes
 * every host but localhost and 127.0.0.1 unresolvable, a second fence behind the request
 * guard (it also covers requests the guard cannot see, such as DNS prefetch).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** Options of {@link launchBrowser}. */
export interface LaunchOptions {
  /** Origins pages may talk to (e.g. the test server's URL); everything else is aborted and reported. */
  allow: string[];
  /** Let uncaught exceptions in pages pass (default: they fail the test at close()). */
  allowPageErrors?: boolean;
  /** The Chromium binary (default {@link CHROMIUM_PATH}). */
  executablePath?: string;
}

/** Options of {@link TestBrowser.newPage}: Playwright's context options, and {@link PageOptions.lateFrames}. */
export interface PageOptions extends BrowserContextOptions {
  /**
   * Runs every `requestAnimationFrame` callback this many ms late, as a
   * starved renderer on a busy machine does while it still handles input
   * promptly. Code that defers a step to "the next frame" and assumes no key
   * arrives before it fails here every time instead of once in a while.
   */
  lateFrames?: number;
}

/** A running Chromium with guarded pages. */
export interface TestBrowser {
  browser: Browser;
  /** A page in a new, isolated context (own cookies), with the network guard installed. */
  newPage(options?: PageOptions): Promise<Page>;
  /** Saves a full-page PNG under test-artifacts/screenshots/<name>.png; returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
  /** Requests and WebSockets aborted so far (URLs). */
  readonly blocked: readonly string[];
  /** Uncaught page exceptions so far. */
  readonly pageErrors: readonly string[];
  /**
   * Closes the browser; throws when a page tried to reach a foreign origin,
   * or (unless allowed) threw an uncaught exception.
   */
  close(): Promise<void>;
}

/** The message a missing browser fails with: how to install it, never a silent skip. */
export function missingChromiumMessage(path: string): string {
  return (
    `Chromium is needed for the browser tests but was not found at ${path}. ` +
    'Install it with `apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium binary.'
  );
}

/** Runs in the page (see {@link PageOptions.lateFrames}). */
function delayFrames(ms: number) {
  const frame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => window.setTimeout(() => frame(callback), ms);
}

/** Starts Chromium for a test; see the file comment for the guard. */
export async function launchBrowser(opts: LaunchOptions): Promise<TestBrowser> {
  const executablePath = opts.executablePath ?? CHROMIUM_PATH;
  if (!existsSync(executablePath)) throw new Error(missingChromiumMessage(executablePath));
  const allowed = new Set(opts.allow.map((url) => new URL(url).origin));
  const isAllowed = (url: string) => {
    if (url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank') return true;
    const parsed = new URL(url);
    // WebSockets to the same host:port count as that origin.
    const origin = parsed.origin.replace(/^ws(s?):/, 'http$1:');
    return allowed.has(origin);
  };

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  const blocked: string[] = [];
  const pageErrors: string[] = [];
  const contexts: BrowserContext[] = [];

  return {
    browser,
    blocked,
    pageErrors,
    async newPage({ lateFrames, ...options } = {}) {
      const context = await browser.newContext({ serviceWorkers: 'block', ...options });
      contexts.push(context);
      if (lateFrames) await context.addInitScript(delayFrames, lateFrames);
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (isAllowed(url)) return route.continue();
        blocked.push(url);
        return route.abort('blockedbyclient');
      });
      await context.routeWebSocket(
        (url) => !isAllowed(url.href),
        (ws) => {
          blocked.push(ws.url());
          return ws.close({ code: 1008, reason: 'blocked by the test browser' });
        },
      );
      const page = await context.newPage();
      page.setDefaultTimeout(UI_WAIT_MS);
      page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      return page;
    },
    async screenshot(page, name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      const problems = [
        ...blocked.map((url) => `request to a foreign origin: ${url}`),
        ...(opts.allowPageErrors ? [] : pageErrors.map((e) => `uncaught page error: ${e}`)),
      ];
      if (problems.length > 0) throw new Error(`Browser test problems:\n  ${problems.join('\n  ')}`);
    },
  };
}
