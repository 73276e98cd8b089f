// `npm run bench:web`: how long the web app takes to show a 500-task board,
// in Debian's Chromium against an in-process server, cold each time (a new
// browser context: no cached assets, no cached data). Measured in the page,
// from navigation start (performance.timeOrigin) to the first card and to
// all cards on screen: HTML, the app's JavaScript, the GraphQL pages of
// tasks and React's render. Also prints the JavaScript a first load fetches,
// and the live lag: with the board open, a task's title is changed over REST
// (as another client would) and the time from sending the request to the
// new title on screen is taken (the server's commit, its event through the
// outbox and graphql-ws, and the render; one wall clock, one machine).
//
//   npm run bench:web [-- --tasks 500 --runs 7 --changes 20 | --smoke]
//
// The database is DATABASE_URL's PostgreSQL when set, else in-memory PGlite.
import { loadavg } from 'node:os';
import { launchBrowser } from '../test/support/browser.ts';
import { makeBusyBoard } from '../test/support/factories.ts';
import { startScriptServer } from '../test/support/script-server.ts';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { smoke: { type: 'boolean' }, tasks: { type: 'string' }, runs: { type: 'string' }, changes: { type: 'string' } } });
// Smoke: a small board, one load, two live changes.
const [taskCount, runs, changes] = values.smoke ? [20, 1, 2] : [Number(values.tasks ?? 500), Number(values.runs ?? 7), Number(values.changes ?? 20)];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

// @ts-expect-error: a plain .mjs script without type declarations.
const { buildWebApp, describeBuild } = await import('../scripts/build-web.mjs');
console.log(describeBuild(await buildWebApp()));

// The app in this process (not the test helpers: they need vitest's runtime),
// with the event dispatcher on: the live lag needs events.
const server = await startScriptServer({ SESSION_SECRET: 'bench-web-board-session-secret-0123' });
const { key, project } = await makeBusyBoard(server.db, taskCount, (i) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)));
const session = await server.fetch('/api/auth/session', { method: 'POST', key });
const host = new URL(server.url).hostname;
const cookies = session.headers.getSetCookie().map((c) => {
  const [pair] = c.split(';');
  const eq = pair.indexOf('=');
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: host, path: '/' };
});

console.log(`database: ${server.services.database.kind}; ${taskCount} tasks, ${runs} cold loads; load average at start ${load()}`);
const browser = await launchBrowser({ allow: [server.url] });
const first: number[] = [];
const all: number[] = [];
const lags: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.context().addCookies(cookies);
    await page.goto(`${server.url}/boards/${project.id}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('li.card'), undefined, { polling: 'raf', timeout: 60_000 });
    first.push(await page.evaluate(() => performance.now()));
    await page.waitForFunction((n) => document.querySelectorAll('li.card').length >= n, taskCount, { polling: 'raf', timeout: 60_000 });
    all.push(await page.evaluate(() => performance.now()));
    console.log(`run ${run + 1}: first card ${first.at(-1)!.toFixed(0)} ms, all ${taskCount} cards ${all.at(-1)!.toFixed(0)} ms`);
    await page.context().close();
  }
  // Live lag: the board open and live, titles changed over REST one at a time.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.context().addCookies(cookies);
  await page.goto(`${server.url}/boards/${project.id}`);
  await page.waitForFunction((n) => document.querySelectorAll('li.card').length >= n, taskCount, { timeout: 60_000 });
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 60_000 });
  const taskIds = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('li.card')].map((el) => Number(el.dataset.taskId)));
  for (let i = 0; i < changes; i++) {
    const title = `Live change ${i} ${Date.now()}`;
    // The page notes the wall-clock time it first shows the title.
    // (A string: tsx's name helpers do not exist in the page.)
    const seen = page.evaluate<number>(`new Promise((resolve) => {
      const t = ${JSON.stringify(title)};
      const check = () => {
        if (![...document.querySelectorAll('.card-title')].some((el) => el.textContent === t)) return false;
        resolve(Date.now());
        return true;
      };
      if (check()) return;
      const observer = new MutationObserver(() => check() && observer.disconnect());
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    })`);
    const sent = Date.now();
    const res = await server.fetch(`/api/v1/tasks/${taskIds[(i * 37) % taskIds.length]}`, { method: 'PATCH', key, json: { title } });
    if (!res.ok) throw new Error(`PATCH: ${res.status} ${await res.text()}`);
    lags.push((await seen) - sent);
  }
  console.log(`live: ${changes} REST changes, each on screen ${lags.map((l) => l.toFixed(0)).join(', ')} ms after sending`);
} finally {
  await browser.close();
  await server.close();
}
console.log(
  `median: first card ${median(first).toFixed(0)} ms, all ${taskCount} cards ${median(all).toFixed(0)} ms ` +
    `(max ${Math.max(...all).toFixed(0)} ms); load average at end ${load()}`,
);
if (lags.length) console.log(`live lag (REST change sent → on screen): median ${median(lags).toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms`);
