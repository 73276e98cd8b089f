// `npm run bench:web`: how long the web app takes to show a 500-task board,
// in Debian's Chromium against an in-process server, cold each time (a new
// browser context: no cached assets, no cached data). Measured in the page,
// from navigation start (performance.timeOrigin) to the first card and to
// all cards on screen: HTML, the app's JavaScript, the GraphQL pages of
// tasks and React's render. Also prints the JavaScript a first load fetches.
//
//   npm run bench:web [-- --tasks 500 --runs 7 | --smoke]
//
// The database is DATABASE_URL's PostgreSQL when set, else in-memory PGlite.
import { loadavg } from 'node:os';
import { parseConfig } from '../src/config.ts';
import { startServer } from '../src/http/server.ts';
import { createServices } from '../src/services.ts';
import { launchBrowser } from '../test/support/browser.ts';
import { makeBusyBoard } from '../test/support/factories.ts';
import { benchCommand, integer } from './options.ts';

const values = benchCommand('npm run bench:web --', 'Time to show a board in Chromium, cold each time.')
  .option('--tasks <n>', 'tasks on the board (default 500)', integer(1), 500)
  .option('--runs <n>', 'cold loads (default 7)', integer(1), 7)
  .parse(process.argv.slice(2), { from: 'user' })
  .opts();
// Smoke: a small board, one load.
const taskCount: number = values.smoke ? 20 : values.tasks;
const runs: number = values.smoke ? 1 : values.runs;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

// @ts-expect-error: a plain .mjs script without type declarations.
const { buildWebApp, describeBuild } = await import('../scripts/build-web.mjs');
console.log(describeBuild(await buildWebApp()));

// The app in this process (not the test helpers: they need vitest's runtime).
const config = parseConfig({
  ...process.env,
  TASKSVC_DATA_DIR: 'memory://web-board',
  SESSION_SECRET: 'bench-web-board-session-secret-0123',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '0',
});
const services = await createServices(config, { dispatcher: false });
const server = await startServer(services, { port: 0, host: '127.0.0.1' });
const { key, project } = await makeBusyBoard(services.database.prisma, taskCount, (i) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)));
const session = await fetch(`${server.url}/api/auth/session`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
const host = new URL(server.url).hostname;
const cookies = session.headers.getSetCookie().map((c) => {
  const [pair] = c.split(';');
  const eq = pair.indexOf('=');
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: host, path: '/' };
});

console.log(
  `database: ${services.database.kind}; ${taskCount} tasks, ${runs} cold loads; load average at start ${load()}`,
);
const browser = await launchBrowser({ allow: [server.url] });
const first: number[] = [];
const all: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.context().addCookies(cookies);
    await page.goto(`${server.url}/boards/${project.id}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('li.card'), undefined, { polling: 'raf', timeout: 60_000 });
    first.push(await page.evaluate(() => performance.now()));
    await page.waitForFunction((n) => document.querySelectorAll('li.card').length >= n, taskCount, {
      polling: 'raf',
      timeout: 60_000,
    });
    all.push(await page.evaluate(() => performance.now()));
    console.log(
      `run ${run + 1}: first card ${first.at(-1)!.toFixed(0)} ms, all ${taskCount} cards ${all.at(-1)!.toFixed(0)} ms`,
    );
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.close();
  await services.close();
}
console.log(
  `median: first card ${median(first).toFixed(0)} ms, all ${taskCount} cards ${median(all).toFixed(0)} ms ` +
    `(max ${Math.max(...all).toFixed(0)} ms); load average at end ${load()}`,
);
