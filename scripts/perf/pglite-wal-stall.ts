// Shows the embedded database's WAL stall (src/db/pglite-checkpoints.ts) and
// that the service's checkpoints prevent it. A child process writes to a new
// PGlite data directory without pause and reports the WAL written since the
// last checkpoint after each statement; this process calls it stalled when
// no report comes for STALL_SECONDS.
//   stock:   PGlite with its own start parameters, never checkpointed
//   tasksvc: as openDatabase runs it (PGLITE_START_PARAMS, keepWalCheckpointed)
// In tasksvc mode it also prints how long the checkpoints held the connection.
// Usage: npx tsx scripts/perf/pglite-wal-stall.ts [stock|tasksvc] [TARGET_MB=1200] [STALL_SECONDS=10]

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SqlRunner } from '../../src/db/client.ts';
import { PGLITE_START_PARAMS } from '../../src/db/pglite-settings.ts';
import {
  DEFAULT_WAL_CHECKPOINTS,
  keepWalCheckpointed,
  walSinceCheckpoint,
} from '../../src/db/pglite-checkpoints.ts';

const [mode = 'stock', targetMb = '1200', stallSeconds = '10', child] = process.argv.slice(2);

async function write(dir: string) {
  const lite = await PGlite.create(dir, mode === 'tasksvc' ? { startParams: [...PGLITE_START_PARAMS] } : {});
  const sql: SqlRunner = {
    exec: async (text) => void (await lite.exec(text)),
    query: async <T>(text: string, params?: unknown[]) => (await lite.query<T>(text, params)).rows,
  };
  const pauses: number[] = [];
  const stop =
    mode === 'tasksvc'
      ? keepWalCheckpointed(sql, DEFAULT_WAL_CHECKPOINTS, { onCheckpoint: ({ ms }) => pauses.push(ms) })
      : async () => undefined;
  await lite.exec('CREATE TABLE filler (body text)');
  let written = 0;
  while (written < Number(targetMb) * 2 ** 20) {
    const body = randomBytes(300_000).toString('base64');
    await lite.query('INSERT INTO filler (body) VALUES ($1)', [body]);
    written += body.length;
    const { walBytes } = await walSinceCheckpoint(sql);
    process.stdout.write(`${(written / 2 ** 20).toFixed(0)} ${(walBytes / 2 ** 20).toFixed(0)}\n`);
    // A server's requests arrive as I/O, so its timers run between them; so here too.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await stop();
  await lite.close();
  if (pauses.length) {
    pauses.sort((a, b) => a - b);
    const at = (q: number) => pauses[Math.min(pauses.length - 1, Math.floor(q * pauses.length))]!.toFixed(0);
    process.stderr.write(`${pauses.length} checkpoints: median ${at(0.5)} ms, max ${at(1)} ms\n`);
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tasksvc-wal-stall-'));
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), mode, targetMb, stallSeconds, dir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let last = '0 0';
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<boolean>((resolve) => {
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => resolve(true), Number(stallSeconds) * 1000);
    };
    arm();
    createInterface({ input: proc.stdout }).on('line', (line) => {
      last = line;
      peak = Math.max(peak, Number(line.split(' ')[1]));
      arm();
    });
    proc.on('exit', () => resolve(false));
  });
  const didStall = await stalled;
  clearTimeout(timer);
  const [data, wal] = last.split(' ');
  if (didStall) {
    console.log(
      `${mode}: STALLED after ${data} MB of rows, ${wal} MB of WAL since the last checkpoint (no answer for ${stallSeconds} s)`,
    );
    proc.kill('SIGKILL');
  } else {
    console.log(`${mode}: no stall: ${data} MB of rows written; WAL since the last checkpoint peaked at ${peak} MB`);
  }
  rmSync(dir, { recursive: true, force: true });
}

if (child) await write(child);
else await main();
