// Idempotency-Key survives a crash between the board's commit and the
// answer: the stored answer commits with the board, so every retry replays
// the first response and there is only ever one board.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { isPostgres } from '../support/database.ts';
import { makeTeam, makeUserWithKey } from '../support/factories.ts';
import { documentedFetch } from '../support/openapi-responses.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: Awaited<ReturnType<typeof createTestServer>>;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

const manifest = {
  title: 'Crash board',
  sections: [{ title: 'Todo' }],
  tasks: Array.from({ length: 50 }, (_, i) => ({ title: `Task ${i}`, section_index: 0 })),
};

async function owner() {
  const u = await makeUserWithKey(t.db);
  const team = await makeTeam(t.db, [u.user.id]);
  return { ...u, path: `/api/v1/teams/${team.uuid}/boards` };
}

function post(base: string, path: string, key: string, idempotencyKey: string) {
  return documentedFetch(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(manifest),
  });
}

/** Retries twice on the surviving server: both replay one answer naming the one board. */
async function expectReplays(userId: number, path: string, key: string, k: string) {
  const boards = await t.db.project.findMany({ where: { createdById: userId }, select: { id: true } });
  expect(boards).toHaveLength(1);
  for (let i = 0; i < 2; i++) {
    const res = await post(t.url, path, key, k);
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    const body = (await res.json()) as { board: { id: number }; tasks: unknown[] };
    expect(body.board.id).toBe(boards[0].id);
    expect(body.tasks).toHaveLength(50);
  }
  expect(await t.db.project.count({ where: { createdById: userId } })).toBe(1);
}

describe('Idempotency-Key across a crash after the commit', () => {
  it('the answer is lost after the commit (the request fails): retries replay it, one board', async () => {
    const { user, key, path } = await owner();
    const k = randomUUID();
    let crashes = 1;
    t.services.faults = {
      afterIdempotentCommit: () => {
        if (crashes-- > 0) throw new Error('simulated crash after commit');
      },
    };
    try {
      const first = await post(t.url, path, key, k);
      expect(first.status).toBe(500);
      await expectReplays(user.id, path, key, k);
    } finally {
      t.services.faults = undefined;
    }
  });

  // PostgreSQL only: the killed server is another process, and an embedded database belongs to one process.
  it.runIf(isPostgres)(
    'a server process killed with SIGKILL right after the commit: retries on another replay the first answer, one board',
    async () => {
      const { user, key, path } = await owner();
      const k = randomUUID();
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/http/idempotency-crash-child.ts'], {
        env: { ...process.env, NODE_ENV: 'test' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      const until = Date.now() + 60_000;
      while (!/listening (\S+)/.test(out)) {
        if (Date.now() > until) throw new Error(`child did not start: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const childUrl = /listening (\S+)/.exec(out)![1];
      await expect(post(childUrl, path, key, k)).rejects.toThrow(); // the connection dies with the process
      expect(await exited).toBe('SIGKILL');
      expect(out).toContain('committed');
      await expectReplays(user.id, path, key, k);
    },
  );
});
