import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { type Server, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { controlSocketPath } from '../../src/control/channel.ts';
import { startControlChannel } from '../../src/control/server.ts';
import type { Services } from '../../src/services.ts';
import { isPostgres } from '../support/database.ts';
import { serve } from '../support/serve-child.ts';
import { migratedDataDir, tasksvcArgs } from '../support/cli.ts';

// Admin commands while `tasksvc serve` runs on the embedded database: the CLI
// reaches the server through the control socket in the data directory (mode
// 0600), which runs the commands on its own open database. A socket that is
// not this user's with mode 0600 is refused; a stale one is replaced, a live
// one is another server's.

const dir = mkdtempSync(join(tmpdir(), 'tasksvc-control-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `tasksvc args… --json` on `dataDir` with `stdin`; its exit code and output. */
function cli(dataDir: string, stdin: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      tasksvcArgs(...args, '--json'),
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', TASKSVC_DATA_DIR: dataDir, LOG_LEVEL: 'silent' } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin);
  });
}

const json = (out: { stdout: string }) => JSON.parse(out.stdout.trim());

/** A Unix socket listener at `path` (another program's, or a test double). */
async function listenAt(path: string): Promise<Server & { connections: number }> {
  const server = Object.assign(createServer(() => server.connections++), { connections: 0 });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return server;
}

// Embedded database only: the control channel is the CLI's way into a database the running server holds alone.
describe.runIf(!isPostgres)('admin commands through the control channel (embedded database)', { timeout: 240_000 }, () => {
  it('users create (password from stdin), teams create and invite run in the running server', async () => {
    const dataDir = migratedDataDir(dir, 'served');
    const server = serve({ TASKSVC_DATA_DIR: dataDir, SESSION_SECRET: 'control-channel-test-secret-0123456789' }, '--port', '0', '--json');
    const summary = JSON.parse(await server.waitFor(/\{.*"control".*\}/));
    const socket = controlSocketPath(dataDir);
    expect(summary.control).toBe(socket);
    const stat = statSync(socket);
    expect(stat.isSocket()).toBe(true);
    expect((stat.mode & 0o777).toString(8)).toBe('600');

    const email = 'ada@control.test';
    const user = await cli(dataDir, 'a long enough password\n', 'users', 'create', '--email', email, '--name', 'Ada', '--password-stdin');
    expect(user.code, user.stderr).toBe(0);
    expect(json(user)).toEqual({ id: expect.any(Number), email, displayName: 'Ada' });
    // The server's database has her, with that password: she signs in over HTTP.
    const login = await fetch(`${summary.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: summary.url },
      body: JSON.stringify({ email, password: 'a long enough password' }),
    });
    expect(login.status).toBe(200);

    const team = await cli(dataDir, '', 'teams', 'create', '--title', 'Control', '--member', email);
    expect(team.code, team.stderr).toBe(0);
    const invite = await cli(dataDir, '', 'teams', 'invite', '--team', json(team).id, '--email', 'grace@control.test');
    expect(invite.code, invite.stderr).toBe(0);
    expect(json(invite)).toMatchObject({ email: 'grace@control.test', url: expect.stringContaining('/invite#token=') });

    // A failing command fails the same way as on the database directly: one JSON error, exit 1.
    const missing = await cli(dataDir, '', 'keys', 'list', '--email', 'nobody@control.test');
    expect(missing.code).toBe(1);
    expect(json(missing)).toMatchObject({ error: 'NOT_FOUND' });

    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The socket goes with the server; the CLI then opens the database itself.
    expect(() => statSync(socket)).toThrow();
    const after = await cli(dataDir, '', 'keys', 'list', '--email', email);
    expect(after.code, after.stderr).toBe(0);
    expect(json(after)).toEqual({ keys: [] });
  });

  it('refuses a control socket that is too open or another user’s, and sends it nothing', async () => {
    const dataDir = join(dir, 'foreign');
    mkdirSync(dataDir, { recursive: true });
    const foreign = await listenAt(controlSocketPath(dataDir));
    try {
      chmodSync(controlSocketPath(dataDir), 0o666);
      const open = await cli(dataDir, 'secret password\n', 'users', 'create', '--email', 'x@y.z', '--name', 'X', '--password-stdin');
      expect(open.code).toBe(1);
      expect(json(open).message).toMatch(/refusing the control socket .* mode 0666, not 0600/);

      chmodSync(controlSocketPath(dataDir), 0o600);
      chownSync(controlSocketPath(dataDir), 65534, 65534);
      const other = await cli(dataDir, 'secret password\n', 'users', 'create', '--email', 'x@y.z', '--name', 'X', '--password-stdin');
      expect(other.code).toBe(1);
      expect(json(other).message).toMatch(/refusing the control socket .* belongs to uid 65534/);
      expect(foreign.connections).toBe(0);
    } finally {
      foreign.close();
    }
  });

  it('a server replaces a stale socket and refuses one another server listens on', async () => {
    const services = {} as Services; // no command runs here
    const stale = join(dir, 'stale');
    mkdirSync(stale, { recursive: true });
    // A server killed with SIGKILL leaves its socket file behind.
    const killed: ChildProcess = spawn(process.execPath, [
      '-e',
      `process.umask(0o177); require('node:net').createServer().listen(${JSON.stringify(controlSocketPath(stale))}, () => console.log('up'))`,
    ]);
    await new Promise((resolve) => killed.stdout!.once('data', resolve));
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(statSync(controlSocketPath(stale)).isSocket()).toBe(true);
    const channel = await startControlChannel(services, stale);
    try {
      expect((statSync(channel.path).mode & 0o777).toString(8)).toBe('600');
      await expect(startControlChannel(services, stale)).rejects.toThrow(/another tasksvc server is listening/);
    } finally {
      await channel.close();
    }
  });
});
