// A database migrated by a newer build (it holds a migration this build
// does not have): `tasksvc migrate` and `tasksvc serve` stop with one line
// naming it, before applying or serving anything; the unit rule tells
// "newer" from "unknown".
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { listMigrations, refuseUnknownMigrations } from '../../src/db/migrate.ts';
import { migratedDataDir, tasksvcArgs } from '../support/cli.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';
import { serve } from '../support/serve-child.ts';

const FUTURE = '99991231000000_from_a_newer_build';
const dir = mkdtempSync(join(tmpdir(), 'tasksvc-newer-'));
let database: IsolatedDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  database = await isolatedDatabase('tasksvc_newer');
  env = { TASKSVC_DATA_DIR: migratedDataDir(dir), LOG_LEVEL: 'warn', ...database.env };
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.TASKSVC_DATA_DIR });
  try {
    await db.sql.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), now(), 1)`,
      ['00000000-0000-4000-8000-000000000001', 'f'.repeat(64), FUTURE],
    );
  } finally {
    await db.close();
  }
}, 120_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database?.drop();
});

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      tasksvcArgs(...args),
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('a database newer than the build', { timeout: 180_000 }, () => {
  it('tasksvc migrate refuses it in one line naming the migration, instead of "Up to date"', async () => {
    const r = await cli('migrate');
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('Up to date');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^error: The database holds a migration newer than this build \\(${FUTURE}; this build's newest is \\d{14}_`,
        ),
      ),
    ]);
    const json = await cli('migrate', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ error: 'SCHEMA_NEWER_THAN_BUILD' });
  });

  it('tasksvc serve stops at start-up the same way', async () => {
    const c = serve(env, '--port', '0');
    expect(await c.exited).toBe(1);
    expect(c.err()).toContain(`The database holds a migration newer than this build (${FUTURE};`);
    expect(c.err()).not.toMatch(/\n\s+at /);
    expect(c.out()).not.toContain('listening');
  });

  it('the rule: newer, unknown, or nothing to say', () => {
    const known = listMigrations();
    expect(() => refuseUnknownMigrations(known, known)).not.toThrow();
    expect(() => refuseUnknownMigrations(known.slice(0, 2), known)).not.toThrow();
    expect(() => refuseUnknownMigrations([...known, FUTURE], known)).toThrow(/a migration newer than this build/);
    expect(() => refuseUnknownMigrations(['00000000000000_from_a_branch'], known)).toThrow(
      /a migration this build does not have/,
    );
  });
});
