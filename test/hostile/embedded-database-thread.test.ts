// The embedded database runs on a thread of its own (src/db/pglite-remote.ts):
// a slow statement does not stop the service's event loop, and a database
// thread that dies mid-write costs 503s while it restarts, never an
// acknowledged commit. Real PGlite (in its worker, on a data directory),
// real HTTP, a real graphql-ws socket. Budgets are stretched by the
// machine's load (test/support/responsiveness.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteWorkerOf } from '../../src/db/pglite-database.ts';
import { createTestServer, type TestServer } from '../support/app.ts';
import { migratedDataDir } from '../support/cli.ts';
import { isPostgres } from '../support/database.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { RawGraphqlWs } from '../support/raw-graphql-ws.ts';
import { loadFactor } from '../support/responsiveness.ts';

/** How much later than usual /healthz or a graphql-ws ping may answer while the database works (issue budget: 100 ms). */
const DELAY_BUDGET_MS = 100;

let parent = '';
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'tasksvc-db-thread-'));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

async function server(name: string, env: Record<string, string> = {}) {
  const t = await createTestServer({ env: { TASKSVC_DATA_DIR: migratedDataDir(parent, name), RATE_LIMIT_PER_MINUTE: '0', ...env } });
  const { user, key } = await makeUserWithKey(t.db);
  const project = await makeProject(t.db, { memberIds: [user.id] });
  return { t, key, projectId: project.id };
}

/** Round trips of /healthz and of a ping on `ws` (open already: its authentication reads the database), one after another, until `done()`. */
async function probe(t: TestServer, ws: RawGraphqlWs, done: () => boolean) {
  const healthz: number[] = [];
  const pings: number[] = [];
  while (!done() || !healthz.length) {
    let started = performance.now();
    await (await fetch(`${t.url}/healthz`)).text();
    healthz.push(performance.now() - started);
    started = performance.now();
    ws.send(JSON.stringify({ type: 'ping' }));
    const pong = await ws.next(60_000);
    expect(pong).toMatchObject({ type: 'message', message: { type: 'pong' } });
    pings.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { healthz, pings };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const max = (xs: number[]) => Math.max(0, ...xs);

describe.skipIf(isPostgres)('the embedded database on its own thread', () => {
  it('answers /healthz and graphql-ws pings on time while a statement runs for seconds', async () => {
    const { t, key } = await server('slow', { STATEMENT_TIMEOUT_MS: '120000' });
    const ws = new RawGraphqlWs(t.url, { authorization: `Bearer ${key}` });
    try {
      expect(await ws.init()).toMatchObject({ type: 'message', message: { type: 'connection_ack' } });
      // Warm: the first answers of a new server pay for loading code.
      await probe(t, ws, () => true);
      const before = await probe(t, ws, () => true);
      const budget = DELAY_BUDGET_MS * loadFactor();
      // Longer than any budget on this machine: PGlite on the event loop blocks both probes for all of it.
      const seconds = Math.ceil((budget * 4) / 1000) + 2;
      let finished = false;
      const slow = t.services.database.prisma.$queryRawUnsafe(`SELECT pg_sleep(${seconds})::text AS slept`).finally(() => {
        finished = true;
      });
      const during = await probe(t, ws, () => finished);
      await slow;
      const baseline = Math.max(median(before.healthz), median(before.pings));
      console.info(
        `slow statement of ${seconds} s: /healthz max ${Math.round(max(during.healthz))} ms, ping max ${Math.round(max(during.pings))} ms ` +
          `(${during.healthz.length} probes, baseline ${Math.round(baseline)} ms, budget ${Math.round(budget)} ms, load ×${loadFactor().toFixed(1)})`,
      );
      expect(during.healthz.length).toBeGreaterThan(3);
      expect(max(during.healthz) - baseline, '/healthz while the statement ran').toBeLessThan(budget);
      expect(max(during.pings) - baseline, 'graphql-ws ping while the statement ran').toBeLessThan(budget);
    } finally {
      ws.socket.close();
      await t.close();
    }
  });

  it('answers 503 with Retry-After while its killed database thread restarts, then serves every acknowledged commit', async () => {
    const { t, key, projectId } = await server('crash');
    try {
      const acknowledged: number[] = [];
      const refused: { status: number; retryAfter: string | null }[] = [];
      let stop = false;
      // Writers that keep creating tasks through the kill and the restart.
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const res = await fetch(`${t.url}/api/v1/tasks`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
            body: JSON.stringify({ project_id: projectId, title: `writer ${w} task ${i}` }),
          });
          const body = (await res.json()) as { task?: { id: number } };
          if (res.status === 201 && body.task) acknowledged.push(body.task.id);
          else refused.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
          if (res.status !== 201) await new Promise((r) => setTimeout(r, 50));
        }
      };
      const writers = [1, 2, 3].map(writer);
      while (acknowledged.length < 15) await new Promise((r) => setTimeout(r, 20));
      await pgliteWorkerOf(t.services.database)!.kill();
      const killedAt = acknowledged.length;
      // Until writes are acknowledged again after the restart.
      while (acknowledged.length < killedAt + 15) await new Promise((r) => setTimeout(r, 20));
      stop = true;
      await Promise.all(writers);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.status).toBe(503);
        expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      }
      const stored = await t.db.task.findMany({ where: { id: { in: acknowledged } }, select: { id: true } });
      expect(stored.map((s) => s.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
    } finally {
      await t.close();
    }
  });
});
