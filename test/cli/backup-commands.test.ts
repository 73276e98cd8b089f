import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { teamExportDocument } from '../../src/domain/export/team-format.ts';
import { isPostgres } from '../support/database.ts';
import { makeUserWithProject } from '../support/factories.ts';
import { freshDatabase } from '../support/fresh-database.ts';
import { isolatedDatabase } from '../support/isolated-database.ts';
import { migratedDataDir, tasksvcArgs } from '../support/cli.ts';
import { serve } from '../support/serve-child.ts';

// `tasksvc backup` and `tasksvc restore` as an operator runs them: on the
// embedded database the backup goes through the running server's control
// channel (the server holds the data directory) while a client writes tasks
// over REST; on PostgreSQL the command reads the database itself while a
// writer commits. Either way the restored database holds every task the
// writer had been told was created before the backup began, as a gapless
// prefix of its tasks.

const dir = mkdtempSync(join(tmpdir(), 'tasksvc-backup-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `tasksvc args… --json` (export: no --json, its output is the document) in `cwd` with `env`; exit code and output. */
function cli(env: Record<string, string>, cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      tasksvcArgs(...args, ...(args[0] === 'export' ? [] : ['--json'])),
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'silent', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
const json = (out: { stdout: string }) => JSON.parse(out.stdout.trim());

/** Titles w-1, w-2, … are a gapless prefix of length ≥ `atLeast`. */
function expectPrefix(titles: string[], atLeast: number, below: number) {
  const written = titles.filter((t) => t.startsWith('w-'));
  expect(written.length).toBeGreaterThanOrEqual(atLeast);
  expect(written.length).toBeLessThan(below);
  expect(written).toEqual(Array.from({ length: written.length }, (_, i) => `w-${i + 1}`));
}

describe.runIf(!isPostgres)('backup and restore on the embedded database', { timeout: 240_000 }, () => {
  it('backs up a running server through its control channel while a client writes, and restores into a new directory', async () => {
    const dataDir = migratedDataDir(dir, 'served');
    const server = serve({ TASKSVC_DATA_DIR: dataDir, SESSION_SECRET: 'backup-cli-test-secret-0123456789abcdef' }, '--port', '0', '--json');
    const { url } = JSON.parse(await server.waitFor(/\{.*"control".*\}/));
    const seeded = await cli({ TASKSVC_DATA_DIR: dataDir }, dir, 'seed', '--demo');
    expect(seeded.code, seeded.stderr).toBe(0);
    const { key, board } = json(seeded);

    let acknowledged = 0;
    let stop = false;
    const writer = (async () => {
      for (let i = 1; !stop; i++) {
        const res = await fetch(`${url}/api/v1/tasks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ project_id: board.id, title: `w-${i}` }),
        });
        expect(res.status).toBe(201);
        acknowledged = i;
      }
    })();
    while (acknowledged < 10) await new Promise((r) => setTimeout(r, 20));
    const before = acknowledged;
    // A relative path: the file lands in the CLI's working directory, written by the server.
    const backup = await cli({ TASKSVC_DATA_DIR: dataDir }, dir, 'backup', 'served.tasksvc.gz');
    expect(backup.code, backup.stderr).toBe(0);
    const file = join(dir, 'served.tasksvc.gz');
    expect(json(backup)).toMatchObject({ file, rows: expect.any(Number) });
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    stop = true;
    await writer;

    // The file exists now: a second backup to it is refused, and the file is untouched.
    const again = await cli({ TASKSVC_DATA_DIR: dataDir }, dir, 'backup', file);
    expect(again.code).toBe(1);
    expect(json(again)).toMatchObject({ error: 'CONFLICT', message: expect.stringContaining('never overwrites') });
    // The team export and the board CSV through the same channel, on the CLI's stdout.
    const exported = await cli({ TASKSVC_DATA_DIR: dataDir }, dir, 'export', '--team', json(seeded).team.id);
    expect(exported.code, exported.stderr).toBe(0);
    const doc = teamExportDocument.parse(JSON.parse(exported.stdout));
    expect(doc.tasks.filter((t) => t.title.startsWith('w-')).length).toBe(acknowledged);
    const csv = await cli({ TASKSVC_DATA_DIR: dataDir }, dir, 'export', '--board', String(board.id));
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split('\r\n')).toHaveLength(doc.tasks.length + 2);

    // Restore needs the data directory to itself: not while the server holds it.
    const busy = await cli({ TASKSVC_DATA_DIR: dataDir }, dir, 'restore', file);
    expect(busy.code).toBe(1);
    expect(json(busy).message).toMatch(/in use by process/);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const restoredDir = join(dir, 'restored');
    const restore = await cli({ TASKSVC_DATA_DIR: restoredDir }, dir, 'restore', file);
    expect(restore.code, restore.stderr).toBe(0);
    expect(json(restore)).toMatchObject({ rows: json(backup).rows, migratedAfter: [] });
    const db = await openDatabase({ dataDir: restoredDir });
    try {
      const tasks = await db.prisma.task.findMany({ where: { projectId: board.id }, orderBy: { uniqueIndex: 'asc' } });
      expectPrefix(tasks.map((t) => t.title), before, acknowledged);
      expect(await db.prisma.apiKey.count()).toBe(1);
    } finally {
      await db.close();
    }
    // The restored directory is no longer empty: a second restore is refused.
    const twice = await cli({ TASKSVC_DATA_DIR: restoredDir }, dir, 'restore', file);
    expect(json(twice)).toMatchObject({ error: 'CONFLICT' });
  });
});

describe.runIf(isPostgres)('backup and restore on PostgreSQL', { timeout: 240_000 }, () => {
  it('backs up while a writer commits and restores into a new database', async () => {
    const source = await isolatedDatabase('backup_cli');
    const target = await freshDatabase('restore_cli');
    const db = await openDatabase({ databaseUrl: source.env.DATABASE_URL, dataDir: 'memory://' });
    try {
      const { user, project } = await makeUserWithProject(db.prisma);
      let acknowledged = 0;
      let stop = false;
      const writer = (async () => {
        for (let i = 1; !stop; i++) {
          await createTask(db.prisma, user.id, { projectId: project.id, title: `w-${i}` });
          acknowledged = i;
        }
      })();
      while (acknowledged < 10) await new Promise((r) => setTimeout(r, 20));
      const before = acknowledged;
      const file = join(dir, 'pg.tasksvc.gz');
      const backup = await cli(source.env, dir, 'backup', file);
      expect(backup.code, backup.stderr).toBe(0);
      stop = true;
      await writer;

      // A file that is not a backup is refused with the field named, before anything is written.
      writeFileSync(join(dir, 'not-a-backup'), 'hello');
      const refused = await cli(target.env, dir, 'restore', 'not-a-backup');
      expect(refused.code).toBe(1);
      expect(json(refused)).toMatchObject({ error: 'VALIDATION', message: expect.stringContaining('not a tasksvc backup') });

      const restore = await cli(target.env, dir, 'restore', file);
      expect(restore.code, restore.stderr).toBe(0);
      const tasks = await target.database.prisma.task.findMany({ where: { projectId: project.id }, orderBy: { uniqueIndex: 'asc' } });
      expectPrefix(tasks.map((t) => t.title), before, acknowledged);
    } finally {
      await db.close();
      await target.dispose();
      await source.drop();
    }
  });
});

describe('tasksvc import', { timeout: 240_000 }, () => {
  it('dry run, import, a retry that writes nothing, and an oversized file refused before it is read', async () => {
    const isolated = isPostgres ? await isolatedDatabase('import_cli') : null;
    const env = isolated ? isolated.env : { TASKSVC_DATA_DIR: migratedDataDir(dir, 'import') };
    try {
      expect((await cli(env, dir, 'users', 'create', '--email', 'ada@example.com', '--name', 'Ada')).code).toBe(0);
      const team = json(await cli(env, dir, 'teams', 'create', '--title', 'Importers', '--member', 'ada@example.com'));
      const fixture = new URL('../fixtures/import/plain.csv', import.meta.url).pathname;
      const dry = await cli(env, dir, 'import', '--from', 'csv', '--team', team.id, fixture, '--dry-run');
      expect(dry.code, dry.stderr).toBe(0);
      expect(json(dry)).toMatchObject({ dryRun: true, counts: { boards: 1, tasks: 3, usersMatched: 1 } });
      const done = await cli(env, dir, 'import', '--from', 'csv', '--team', team.id, '--board-title', 'Launch', fixture);
      expect(done.code, done.stderr).toBe(0);
      expect(json(done)).toMatchObject({ dryRun: false, replayed: false, boards: [{ title: 'Launch', tasks: 3 }] });
      expect(done.stderr).toMatch(/Importing \[#+/);
      const retry = await cli(env, dir, 'import', '--from', 'csv', '--team', team.id, '--board-title', 'Launch', fixture);
      expect(json(retry)).toMatchObject({ replayed: true, boards: [{ id: json(done).boards[0].id }] });

      const { IMPORT_LIMITS } = await import('../../src/domain/import/records.ts');
      const huge = join(dir, 'huge.json');
      writeFileSync(huge, '');
      truncateSync(huge, IMPORT_LIMITS.parsedFileBytes + 1);
      const refused = await cli(env, dir, 'import', '--from', 'trello', '--team', team.id, huge);
      expect(refused.code).toBe(1);
      expect(json(refused)).toMatchObject({ error: 'VALIDATION', message: expect.stringContaining(`reads at most ${IMPORT_LIMITS.parsedFileBytes}`) });
    } finally {
      await isolated?.drop();
    }
  });
});
