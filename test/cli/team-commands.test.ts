import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir, tasksvcArgs } from '../support/cli.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tasksvc-cli-teams-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Same database choice as the server: DATABASE_URL when set, else an embedded directory (migrated, as DATABASE_URL's is).
const env = { ...process.env, TASKSVC_DATA_DIR: migratedDataDir(dir), LOG_LEVEL: 'silent', PUBLIC_URL: 'https://tasks.example.com/' };

async function cli(...args: string[]) {
  const { stdout } = await run(process.execPath, tasksvcArgs(...args, '--json'), { env });
  return JSON.parse(stdout.trim());
}

/** A failing command: its exit code and stderr. */
async function cliFails(...args: string[]) {
  const err = (await run(process.execPath, tasksvcArgs(...args), { env }).then(
    () => null,
    (e: unknown) => e,
  )) as { code: number; stderr: string } | null;
  expect(err, `${args.join(' ')} should fail`).not.toBeNull();
  return err!;
}

// Each command is a fresh process (start-up + database open): allow for a busy machine.
describe('tasksvc teams add-member|set-role|remove-member|invite', { timeout: 240_000 }, () => {
  const tag = Date.now().toString(36);
  const owner = `owner-${tag}@test.local`;
  const mate = `mate-${tag}@test.local`;

  it('manages a team’s members and prints a single-use invite link on PUBLIC_URL', async () => {
    await cli('users', 'create', '--email', owner, '--name', 'Owner');
    const m = await cli('users', 'create', '--email', mate, '--name', 'Mate');
    const team = await cli('teams', 'create', '--title', `Team ${tag}`, '--member', owner);

    expect(await cli('teams', 'add-member', '--team', team.id, '--email', mate)).toEqual({
      team: team.id,
      userId: m.id,
      email: mate,
      added: true,
    });
    expect(await cli('teams', 'set-role', '--team', String(team.number), '--email', mate, '--role', 'owner')).toEqual({
      team: team.id,
      userId: m.id,
      role: 'owner',
    });
    expect(await cli('teams', 'remove-member', '--team', team.id, '--email', mate)).toEqual({
      team: team.id,
      userId: m.id,
      removed: true,
      boardsLeft: 0,
    });
    // The last owner stays.
    const last = await cliFails('teams', 'remove-member', '--team', team.id, '--email', owner);
    expect(last.stderr).toMatch(/without an owner/);

    const invite = await cli('teams', 'invite', '--team', team.id, '--email', `Guest-${tag}@Test.Local`);
    expect(invite).toEqual({
      id: expect.any(Number),
      email: `guest-${tag}@test.local`,
      role: 'member',
      expiresAt: expect.any(String),
      url: expect.stringMatching(/^https:\/\/tasks\.example\.com\/invite#token=inv_[\w-]{43}$/),
    });
    const days = (Date.parse(invite.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const text = await run(process.execPath, tasksvcArgs('teams', 'invite', '--team', team.id, '--email', `other-${tag}@test.local`), { env });
    expect(text.stdout).toMatch(/shown once[^\n]*\nhttps:\/\/tasks\.example\.com\/invite#token=inv_/);

    const unknown = await cliFails('teams', 'invite', '--team', '00000000-0000-4000-8000-000000000000', '--email', 'x@test.local');
    expect(unknown.stderr).toMatch(/Team 00000000-0000-4000-8000-000000000000 not found/);
  });
});
