import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir, tasksvcArgs } from '../support/cli.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tasksvc-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Same database choice as the server: DATABASE_URL when set, else an embedded directory (migrated, as DATABASE_URL's is).
const env = { ...process.env, TASKSVC_DATA_DIR: migratedDataDir(dir), LOG_LEVEL: 'silent' };

async function cli(...args: string[]) {
  const { stdout } = await run(process.execPath, tasksvcArgs(...args, '--json'), { env });
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]);
}

/** Like {@link cli}, with `input` on stdin. */
function cliWithStdin(input: string, ...args: string[]): Promise<any> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, tasksvcArgs(...args, '--json'), { env }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout.trim())),
    );
    child.stdin!.end(input);
  });
}

it('tasksvc --version prints the package version', async () => {
  const { stdout } = await run(process.execPath, tasksvcArgs('--version'), { env });
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  expect(stdout.trim()).toBe(version);
}, 60_000);

// Each command is a fresh process (tsx start-up + database open): allow for a busy machine.
describe('tasksvc admin commands (--json prints one JSON object)', { timeout: 180_000 }, () => {
  const email = `cli-${Date.now().toString(36)}@test.local`;

  it('migrate, users create, keys create|list|revoke, teams create', async () => {
    const migrated = await cli('migrate');
    expect(migrated).toMatchObject({ applied: expect.any(Array), alreadyApplied: expect.any(Number) });

    const user = await cli('users', 'create', '--email', email, '--name', 'Cli User');
    expect(user).toEqual({ id: expect.any(Number), email, displayName: 'Cli User' });

    const key = await cli('keys', 'create', '--email', email, '--label', 'ci');
    expect(key).toEqual({ id: expect.any(Number), key: expect.stringMatching(/^tsk_/) });

    const list = await cli('keys', 'list', '--email', email);
    expect(list.keys).toEqual([expect.objectContaining({ id: key.id, label: 'ci', active: true })]);
    expect(JSON.stringify(list)).not.toContain(key.key);

    expect(await cli('keys', 'revoke', '--id', String(key.id))).toEqual({ id: key.id, revoked: true });
    expect((await cli('keys', 'list', '--email', email)).keys[0].active).toBe(false);

    // Passwords come from stdin (one line), never from arguments; only the hash is stored.
    const other = `pw-${email}`;
    const created = await cliWithStdin('first password\nignored\n', 'users', 'create', '--email', other, '--name', 'Pw', '--password-stdin');
    expect(created).toMatchObject({ email: other });
    expect(await cliWithStdin('second password\n', 'users', 'set-password', '--email', other, '--password-stdin')).toEqual({
      id: created.id,
      email: other,
      passwordSet: true,
    });
    await expect(cliWithStdin('', 'users', 'set-password', '--email', other, '--password-stdin')).rejects.toThrow();

    const team = await cli('teams', 'create', '--title', 'CLI Team', '--member', email);
    expect(team).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), number: expect.any(Number), title: 'CLI Team' });
  });

  it('seed --demo prints a working key', async () => {
    const out = await cli('seed', '--demo');
    expect(out.key).toMatch(/^tsk_/);
    expect(out.user.email).toMatch(/@example\.com$/);
  });

  it('errors are one JSON object and a non-zero exit', async () => {
    await expect(run(process.execPath, tasksvcArgs('keys', 'create', '--email', 'nobody@test.local', '--json'), { env })).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringContaining('"error":"NOT_FOUND"'),
    });
  });

  it('--help works on every level', async () => {
    const { stdout } = await run(process.execPath, tasksvcArgs('--help'), { env });
    expect(stdout).toContain('serve');
    const sub = await run(process.execPath, tasksvcArgs('keys', 'create', '--help'), { env });
    expect(sub.stdout).toContain('--email');
  });
});
