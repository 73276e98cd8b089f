import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILE_CHECK_MS, SESSION_SECRET_FILE, SessionKey } from '../../src/auth/session-secret.ts';
import { isPostgres } from '../support/database.ts';
import { isolatedDatabase, type IsolatedDatabase } from '../support/isolated-database.ts';
import { serve, type ServeChild } from '../support/serve-child.ts';
import { migratedDataDir, tasksvcArgs } from '../support/cli.ts';

// Without SESSION_SECRET the session secret is made once and kept in the data
// directory: a restarted server accepts the cookies it signed before, in
// production too; `tasksvc sessions rotate-secret` replaces it and ends every
// session (through the control channel on the embedded database, directly on
// PostgreSQL, where the running server reads the changed file).

const dir = mkdtempSync(join(tmpdir(), 'tasksvc-secret-'));
// rotate-secret ends every session in its database: on PostgreSQL this file
// gets a database of its own, or it would sign out the test files beside it.
let database: IsolatedDatabase;
beforeAll(async () => {
  database = await isolatedDatabase('tasksvc_secret');
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

/** The environment of the children: this test's database, no SESSION_SECRET, production. */
function envOf(dataDir: string): Record<string, string> {
  return {
    TASKSVC_DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ...database.env,
  };
}

function cli(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      tasksvcArgs(...args, '--json'),
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...envOf(dataDir) } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function start(dataDir: string, port = 0): Promise<{ child: ServeChild; url: string }> {
  const child = serve({ ...envOf(dataDir), LOG_LEVEL: 'warn' }, '--port', String(port), '--json');
  const summary = JSON.parse(await child.waitFor(/\{.*"url".*\}/));
  return { child, url: summary.url };
}

async function stop(child: ServeChild) {
  child.proc.kill('SIGTERM');
  expect(await child.exited).toBe(0);
}

/** A session cookie (both cookies) for the key's user. */
async function signIn(url: string, key: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/session`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const whoAmI = (url: string, cookie: string) => fetch(`${url}/api/mcp/user/context`, { headers: { cookie } });

describe('the session secret kept in the data directory', { timeout: 240_000 }, () => {
  it('survives a restart, is 0600, and rotate-secret ends every session', async () => {
    const dataDir = isPostgres ? join(dir, 'pg') : migratedDataDir(dir, 'embedded');
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, SESSION_SECRET_FILE);

    let server = await start(dataDir);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    const secret = readFileSync(file, 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);

    const seed = await cli(dataDir, 'seed', '--demo');
    expect(seed.code, seed.stderr).toBe(0);
    const key = JSON.parse(seed.stdout).key as string;
    const cookie = await signIn(server.url, key);
    expect((await whoAmI(server.url, cookie)).status).toBe(200);

    // A restart (a new process, same data directory) keeps the secret: the cookie still works.
    const port = new URL(server.url).port;
    await stop(server.child);
    server = await start(dataDir, Number(port));
    expect(readFileSync(file, 'utf8')).toBe(secret);
    expect((await whoAmI(server.url, cookie)).status).toBe(200);

    const rotated = await cli(dataDir, 'sessions', 'rotate-secret');
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout)).toEqual({ rotated: true, source: 'data-dir', path: file, endedSessions: 1 });
    expect(readFileSync(file, 'utf8')).not.toBe(secret);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    // The old cookie is refused at once; a new sign-in works, and is signed with the new secret
    // (the running server read the changed file): it survives one more restart.
    expect((await whoAmI(server.url, cookie)).status).toBe(401);
    // A running server reads a changed file within FILE_CHECK_MS (the old cookie is refused at once
    // because its session row was ended); a sign-in before that would still be signed with the old secret.
    await new Promise((r) => setTimeout(r, FILE_CHECK_MS + 500));
    const fresh = await signIn(server.url, key);
    await stop(server.child);
    server = await start(dataDir, Number(port));
    expect((await whoAmI(server.url, fresh)).status).toBe(200);
    await stop(server.child);
  });

  it('a data directory that cannot hold the secret stops start-up with one line naming SESSION_SECRET', async () => {
    const dataDir = isPostgres ? join(dir, 'blocked') : migratedDataDir(dir, 'blocked');
    // A directory where the file should be: neither readable as a secret nor replaceable.
    mkdirSync(join(dataDir, SESSION_SECRET_FILE), { recursive: true });
    const child = serve({ ...envOf(dataDir), LOG_LEVEL: 'warn' }, '--port', '0', '--json');
    expect(await child.exited).toBe(1);
    expect(child.err() + child.out()).toMatch(/session secret in .*session-secret.*set SESSION_SECRET/);
  });
});

describe('SessionKey', () => {
  it('makes the file once, narrows a file readable by others to 0600, and notices a changed file', () => {
    const dataDir = join(dir, 'unit');
    const key = new SessionKey({ TASKSVC_DATA_DIR: dataDir });
    expect(key.source).toBe('data-dir');
    const first = key.current;
    expect(new SessionKey({ TASKSVC_DATA_DIR: dataDir }).current).toEqual(first);

    const file = join(dataDir, SESSION_SECRET_FILE);
    chmodSync(file, 0o644);
    expect(new SessionKey({ TASKSVC_DATA_DIR: dataDir }).current).toEqual(first);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');

    // Another process (the rotate command on PostgreSQL) replaces the file: read within a second.
    writeFileSync(`${file}.new`, 'another-secret-of-enough-length\n', { mode: 0o600 });
    renameSync(`${file}.new`, file);
    const later = Date.now() + 1500;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect(key.current.toString()).toBe('another-secret-of-enough-length');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('a too short file is refused naming it; SESSION_SECRET is never rotated from here', () => {
    const dataDir = join(dir, 'short');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, SESSION_SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => new SessionKey({ TASKSVC_DATA_DIR: dataDir }).current).toThrow(/session-secret holds no session secret/);
    const configured = new SessionKey({ TASKSVC_DATA_DIR: dataDir, SESSION_SECRET: 'configured-secret-0123456789' });
    expect(configured.current.toString()).toBe('configured-secret-0123456789');
    expect(() => configured.rotate()).toThrow(/SESSION_SECRET is set/);
    const memory = new SessionKey({ TASKSVC_DATA_DIR: 'memory://' });
    const before = memory.current;
    memory.rotate();
    expect(memory.current).not.toEqual(before);
  });
});
