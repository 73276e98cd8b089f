import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { progressBar } from '../../src/cli/progress.ts';
import { migratedDataDir, tasksvcArgs } from '../support/cli.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tasksvc-reindex-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Same database choice as the server: DATABASE_URL when set, else an embedded directory (migrated, as DATABASE_URL's is).
const env = { ...process.env, TASKSVC_DATA_DIR: migratedDataDir(dir), LOG_LEVEL: 'silent', MEILI_HOST: '' };

describe('tasksvc reindex', () => {
  it('rebuilds the active engine, progress on stderr, one JSON object on stdout', async () => {
    const { stdout, stderr } = await run(process.execPath, tasksvcArgs('reindex', '--json'), { env });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toEqual({
      engine: 'postgres',
      tasks: expect.any(Number),
      steps: 2,
      ms: expect.any(Number),
    });
    expect(stderr).toContain('Reindexing (postgres) [');
    expect(stderr).toContain('100%  2/2');
  }, 120_000);

  it('draws a text progress bar', () => {
    expect(progressBar(0, 4, 8)).toBe('[--------]   0%  0/4');
    expect(progressBar(1, 4, 8)).toBe('[##------]  25%  1/4');
    expect(progressBar(4, 4, 8)).toBe('[########] 100%  4/4');
    expect(progressBar(0, 0, 4)).toBe('[####] 100%  0/0');
  });
});
