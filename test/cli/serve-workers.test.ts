// `tasksvc serve --workers N`: several processes share the port on
// PostgreSQL, one runs the dispatcher, a subscriber on any worker gets the
// events written through every other, a worker that dies is replaced, and
// SIGTERM stops them all. On the embedded database it is refused.
import { execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { disposeClients, wsSubscribe } from '../events/ws-client.ts';
import { isPostgres } from '../support/database.ts';
import { makeUserWithProject } from '../support/factories.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';
import { type ServeChild, serve } from '../support/serve-child.ts';

/** One request on a connection of its own (so the cluster hands it to the next worker), tagged with a request id. */
function send(url: string, opts: { method?: string; path: string; key: string; body?: unknown; id: string }) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(
      `${url}${opts.path}`,
      {
        method: opts.method ?? 'GET',
        agent: false,
        headers: { authorization: `Bearer ${opts.key}`, 'x-request-id': opts.id, 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body));
  });
}

/**
 * The worker slot that logged the request with `id` (the request log carries
 * the worker's slot). Lines are parsed, not searched as text: two workers
 * write to one pipe, and a line that is not (yet) whole JSON is skipped.
 */
function workerOf(child: ServeChild, id: string): number | undefined {
  for (const line of child.out().split('\n')) {
    if (!line.includes(id)) continue;
    try {
      const entry = JSON.parse(line) as { worker?: number; requestId?: string; msg?: string };
      if (entry.requestId === id && entry.msg === 'request' && entry.worker !== undefined) return entry.worker;
    } catch {
      // a partial or interleaved line: the whole one follows
    }
  }
  return undefined;
}

/** The log lines that mention `id`, for a failure message. */
const linesOf = (child: ServeChild, id: string) => child.out().split('\n').filter((l) => l.includes(id));

/** Process ids of the primary's children (its workers). */
function workerPids(primary: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter(Boolean);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('tasksvc serve --workers', () => {
  it('is refused on the embedded database, with a message naming DATABASE_URL', { timeout: 120_000 }, async () => {
    const c = serve({ TASKSVC_DATA_DIR: 'memory://' }, '--port', '0', '--workers', '2');
    expect(await c.exited).toBe(1);
    expect(c.err().trim()).toBe(
      'error: --workers 2 needs PostgreSQL (DATABASE_URL): the embedded database serves one process (it runs on its own thread beside the event loop, so one process already uses two cores). Run without --workers, or set DATABASE_URL.',
    );
    expect(c.out()).toBe('');
  });

  it('wake-ups published in one worker reach the others through the primary (no Redis)', { timeout: 120_000 }, async () => {
    const script = new URL('../fixtures/cluster-wake.ts', import.meta.url).pathname;
    const proc = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
    try {
      await until('worker 2 to hear worker 1', () => /worker 2 heard 10\d\d/.test(out));
      // Worker 1 hears its own at once, as every channel does.
      expect(out).toMatch(/worker 1 heard 10\d\d/);
    } finally {
      proc.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('--workers 0 is a usage error', { timeout: 60_000 }, async () => {
    const c = serve({ TASKSVC_DATA_DIR: 'memory://' }, '--workers', '0');
    expect(await c.exited).toBe(1);
    expect(c.err()).toContain('--workers must be a whole number from 1 to 64');
  });

  describe.runIf(isPostgres)('on PostgreSQL', () => {
    let isolated: IsolatedDatabase;
    let db: Database;
    beforeAll(async () => {
      isolated = await isolatedDatabase('workers');
      db = await openDatabase({ databaseUrl: isolated.env.DATABASE_URL, dataDir: 'memory://' });
    });
    afterAll(async () => {
      await disposeClients();
      await db?.close();
      await isolated?.drop();
    });

    it('two workers share the port; a subscriber gets every event written through either; a dead worker is replaced; SIGTERM stops all', { timeout: 300_000 }, async () => {
      const { key, project } = await makeUserWithProject(db.prisma);
      // No REDIS_URL: wake-ups between the workers go through the primary.
      const c = serve({ ...isolated.env, EVENT_DISPATCHER: 'true', RATE_LIMIT_PER_MINUTE: '0' }, '--port', '0', '--workers', '2', '--json');
      const summary = JSON.parse(await c.waitFor(/\{"url":"[^\n]*"workers":"2"\}\n/)) as { url: string; workers: string };
      const primary = c.proc.pid!;
      const [first, second] = workerPids(primary);
      expect(workerPids(primary)).toHaveLength(2);
      expect(c.out()).toContain('REDIS_URL is not set');
      // Exactly one worker runs the dispatcher: one connection LISTENs for outbox commits.
      const listening = async () => {
        const [row] = await db.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN tasksvc_outbox'`,
        );
        return row.n;
      };
      await until('the dispatcher to listen', async () => (await listening()) > 0);
      expect(await listening()).toBe(1);

      const sub = wsSubscribe(summary.url, key, { projectId: project.id, events: ['TASK_CREATED'] });
      let n = 0;
      const create = async () => {
        const id = `workers-${++n}-${Date.now()}`;
        const res = await send(summary.url, { method: 'POST', path: '/api/mcp/tasks/create', key, body: { project_id: project.id, title: `T${n}` }, id });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return { id, taskId: res.body.id as number };
      };
      const received = () => sub.got.map((g) => g.data?.taskEvents.taskId);
      // graphql-ws does not acknowledge a subscription: write until one event arrives, then count.
      for (let tries = 0; sub.got.length === 0; tries++) {
        if (tries > 60) throw new Error('no event reached the subscriber');
        await create();
        await new Promise((r) => setTimeout(r, 1000));
      }

      const made: { id: string; taskId: number }[] = [];
      for (let i = 0; i < 8; i++) made.push(await create());
      // A worker logs a request as its answer goes out: the line can reach us just after the answer.
      await until('the request log lines', () => made.every((m) => workerOf(c, m.id) !== undefined));
      const slots = made.map((m) => workerOf(c, m.id));
      expect(new Set(slots), `both workers took creates: ${JSON.stringify(made.map((m) => linesOf(c, m.id)))}`).toEqual(new Set([1, 2]));
      await until('all 8 events', () => made.every((m) => received().includes(m.taskId)));
      for (const m of made) expect(received().filter((id) => id === m.taskId), `task ${m.taskId} once`).toHaveLength(1);
      expect(sub.error()).toBeNull();

      // A worker that dies is replaced, and the service keeps answering meanwhile.
      process.kill(second, 'SIGKILL');
      await c.waitFor(/a worker exited; restarting it/);
      await until('a replacement worker', () => workerPids(primary).length === 2 && !workerPids(primary).includes(second));
      const again = await send(summary.url, { path: '/api/mcp/user/context', key, id: `after-${Date.now()}` });
      expect(again.status).toBe(200);

      const pids = workerPids(primary);
      c.proc.kill('SIGTERM');
      expect(await c.exited).toBe(0);
      for (const pid of [first, ...pids]) expect(alive(pid), `worker ${pid} stopped`).toBe(false);
    });
  });
});
