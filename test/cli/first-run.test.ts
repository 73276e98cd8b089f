// The first run as a newcomer meets it: `tasksvc serve` on an empty data
// directory prints a setup link; the link makes the owner and signs them in
// (the web app's setup screen posts exactly this), and the next start prints
// none. `tasksvc seed --demo` prints an email and a generated password that
// sign in to the web app.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasksvcArgs } from '../support/cli.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';
import { type ServeChild, serve } from '../support/serve-child.ts';

const dir = mkdtempSync(join(tmpdir(), 'tasksvc-first-run-'));
// An empty directory (not the migrated template): the first start makes the database.
const dataDir = join(dir, 'data');
let database: IsolatedDatabase;
beforeAll(async () => {
  database = await isolatedDatabase('tasksvc_first_run');
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

const envOf = () => ({ TASKSVC_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...database.env });

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      tasksvcArgs(...args),
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...envOf() } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function stop(child: ServeChild) {
  child.proc.kill('SIGTERM');
  expect(await child.exited).toBe(0);
}

function post(url: string, path: string, body: unknown) {
  return fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('first run', { timeout: 240_000 }, () => {
  it('serve prints a setup link that makes the owner once; the next start prints none', async () => {
    const first = serve(envOf(), '--port', '0');
    await first.waitFor(/Database .*\n/);
    const out = first.out();
    expect(out).toContain('First run: no account can sign in yet.');
    const link = /(http:\/\/\S+)\/setup#token=(setup_[\w-]+)/.exec(out);
    expect(link, out).not.toBeNull();
    const [, url, token] = link!;
    const res = await post(url!, '/api/auth/setup', {
      token,
      email: 'owner@first.test',
      displayName: 'Olu Owner',
      teamTitle: 'Olu Co',
      password: 'first owner password',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).user).toMatchObject({ email: 'owner@first.test' });
    const again = await post(url!, '/api/auth/setup', {
      token,
      email: 'late@first.test',
      displayName: 'Late',
      password: 'another password',
    });
    expect(again.status).toBe(400);
    await stop(first);

    const second = serve(envOf(), '--port', '0');
    await second.waitFor(/Database .*\n/);
    expect(second.out()).not.toContain('setup#token');
    await stop(second);
  });

  it('seed --demo prints an email and a generated password that sign in, shown once', async () => {
    const child = serve(envOf(), '--port', '0', '--json');
    const { url } = JSON.parse(await child.waitFor(/\{.*"url".*\}/)) as { url: string };
    // Through the running server's control channel on the embedded database, directly on PostgreSQL.
    const seeded = await cli('seed', '--demo', '--json');
    expect(seeded.code, seeded.stderr).toBe(0);
    const out = JSON.parse(seeded.stdout) as { signIn: { url: string; email: string; password: string } };
    expect(out.signIn).toEqual({
      url: expect.stringMatching(/\/sign-in$/),
      email: expect.stringMatching(/^demo-.*@example\.com$/),
      password: expect.stringMatching(/^[\w-]{20,}$/),
    });
    const login = await post(url, '/api/auth/login', { email: out.signIn.email, password: out.signIn.password });
    expect(login.status).toBe(200);
    const text = await cli('seed', '--demo');
    expect(text.stdout).toMatch(/Sign in at \S+\/sign-in\n {2}email {5}demo-\S+@example\.com\n {2}password {2}\S+ /);
    await stop(child);
  });
});
