// A request right after a burst of creates on the embedded database (PGlite):
// does it wait behind the outbox dispatcher's backlog? PGlite has one
// connection, so every statement of the dispatcher queues with the requests'.
// Seeds a new PGlite data directory (a user, a team, an empty board), runs
// `tasksvc serve` on it as a child process (dispatcher on, as the bench runs
// it), makes CREATES tasks over HTTP with CONCURRENCY in flight, then at once
// times a BOARD_TASKS-task team board (the bench's board call), and probes
// a 50-task list every second until its time is back to the one before the
// burst (the backlog drained).
// Usage: npx tsx scripts/perf/pglite-backlog.ts [CREATES=3000] [CONCURRENCY=10] [BOARD_TASKS=500]

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { teamBoardManifest } from '../../bench/scenarios.ts';
import { parseConfig } from '../../src/config.ts';
import { createApiKey } from '../../src/domain/api-key.ts';
import { createBoardFromPlan } from '../../src/domain/board.ts';
import { createTeam } from '../../src/domain/team.ts';
import { createUser } from '../../src/domain/user.ts';
import { createServices } from '../../src/services.ts';

const [creates = 3000, concurrency = 10, boardTasks = 500] = process.argv.slice(2).map(Number);
const root = fileURLToPath(new URL('../..', import.meta.url));
const port = 20_000 + (process.pid % 10_000);
const url = `http://127.0.0.1:${port}`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tasksvc-backlog-'));
  let child: ChildProcess | undefined;
  try {
    const { key, teamUuid, projectId } = await seed(dir);
    child = spawn(process.execPath, [join(root, 'bin', 'tasksvc.js'), 'serve'], {
      env: { ...process.env, DATABASE_URL: '', TASKSVC_DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_ANON_PER_MINUTE: '0' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await until(async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok === true);
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(url + path, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(300_000),
      });
      const text = await res.text();
      if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 200)}`);
    };
    const timed = async (run: () => Promise<unknown>) => {
      const t = performance.now();
      await run();
      return performance.now() - t;
    };
    const list = () => send('GET', `/api/mcp/tasks?project_id=${projectId}&limit=50`);
    for (let i = 0; i < 5; i++) await list();
    const quiet = Math.min(...(await Promise.all([0, 1, 2].map(async () => timed(list)))));
    say(`list before the burst: ${quiet.toFixed(0)} ms`);

    let next = 0;
    const burst = await timed(() =>
      Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < creates) {
            next++;
            await send('POST', '/api/mcp/tasks/create', { project_id: projectId, title: `Burst ${next}` });
          }
        }),
      ),
    );
    say(`${creates} creates, ${concurrency} in flight: ${(burst / 1000).toFixed(1)} s (${((creates * 1000) / burst).toFixed(0)}/s)`);
    const afterBurst = performance.now();
    const board = await timed(() => send('POST', `/api/v1/teams/${teamUuid}/boards`, teamBoardManifest('backlog', 1, boardTasks)));
    say(`team board (${boardTasks} tasks) right after the burst: ${board.toFixed(0)} ms`);
    for (;;) {
      const ms = await timed(list);
      say(`  list ${((performance.now() - afterBurst) / 1000).toFixed(1)} s after the burst: ${ms.toFixed(0)} ms`);
      if (ms < quiet * 2) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const again = await timed(() => send('POST', `/api/v1/teams/${teamUuid}/boards`, teamBoardManifest('backlog', 2, boardTasks)));
    say(`team board (${boardTasks} tasks) after the drain: ${again.toFixed(0)} ms`);
  } finally {
    if (child) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A user with a key, a team and an empty board of it, written straight into the data directory. */
async function seed(dir: string) {
  const config = parseConfig({ ...process.env, DATABASE_URL: '', TASKSVC_DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const services = await createServices(config, { migrate: true, dispatcher: false });
  try {
    const db = services.database.prisma;
    const user = await createUser(db, { email: 'backlog@example.com', displayName: 'Backlog' });
    const team = await createTeam(db, { title: 'Backlog team', memberIds: [user.id] });
    const { key } = await createApiKey(db, user.id);
    const manifest = teamBoardManifest('backlog', 0, 0);
    const board = await createBoardFromPlan(db, user.id, team.id, {
      title: manifest.title,
      description: manifest.description,
      sections: manifest.sections.map((s) => s.title),
      labels: [],
      tasks: [],
    });
    return { key, teamUuid: team.uuid, projectId: board.project.id };
  } finally {
    await services.close();
  }
}

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

async function until(done: () => Promise<boolean>) {
  while (!(await done())) await new Promise((r) => setTimeout(r, 200));
}

await main();
