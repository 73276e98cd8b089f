// The embedded database checkpoints itself: PGlite has no checkpointer
// process, and its WAL must never grow to the point where PostgreSQL would
// ask that process for a checkpoint (the commit that asks stalls for good;
// see src/db/pglite-checkpoints.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { type WalCheckpointOptions, walSinceCheckpoint } from '../../src/db/pglite-checkpoints.ts';
import { isPostgres, pgliteTemplateFs } from '../support/database.ts';

const MB = 2 ** 20;
const open: Database[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

async function embedded(walCheckpoints: Partial<WalCheckpointOptions>) {
  const checkpoints: { walBytes: number; ms: number }[] = [];
  const errors: Error[] = [];
  const database = await openDatabase({
    dataDir: 'memory://',
    pgliteFs: pgliteTemplateFs(),
    walCheckpoints,
    onWalCheckpoint: { onCheckpoint: (c) => checkpoints.push(c), onError: (e) => errors.push(e) },
  });
  open.push(database);
  await database.sql.exec('CREATE TABLE wal_filler (id int, body text)');
  return { database, checkpoints, errors };
}

/** Writes at least `bytes` of WAL (rows of incompressible-enough text). */
async function writeWal(database: Database, bytes: number) {
  const before = (await walSinceCheckpoint(database.sql)).walBytes;
  while ((await walSinceCheckpoint(database.sql)).walBytes - before < bytes) {
    await database.sql.exec(
      `INSERT INTO wal_filler SELECT g, repeat(md5(random()::text), 16) FROM generate_series(1, 2000) AS g`,
    );
  }
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(isPostgres)('embedded database checkpoints', () => {
  it('starts PGlite with a max_wal_size far above what one checkpoint interval writes, and a 32 MB buffer pool', async () => {
    const { database } = await embedded({});
    const [wal] = await database.sql.query<{ max_wal_size: string }>('SHOW max_wal_size');
    expect(wal?.max_wal_size).toBe('64GB');
    const [buffers] = await database.sql.query<{ shared_buffers: string }>('SHOW shared_buffers');
    expect(buffers?.shared_buffers).toBe('32MB');
  });

  it('checkpoints once the WAL since the last checkpoint passes maxWalBytes, and not before', async () => {
    const { database, checkpoints, errors } = await embedded({
      intervalMs: 20,
      maxWalBytes: 8 * MB,
      maxAgeMs: 3_600_000,
    });
    await writeWal(database, 4 * MB);
    await settle(150);
    expect(checkpoints).toEqual([]);

    await writeWal(database, 6 * MB);
    await expect.poll(() => checkpoints.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(checkpoints[0]!.walBytes).toBeGreaterThanOrEqual(8 * MB);
    // The checkpoint moved the redo point: the WAL since it is small again.
    expect((await walSinceCheckpoint(database.sql)).walBytes).toBeLessThan(8 * MB);
    expect(errors).toEqual([]);
  });

  it('checkpoints a full segment of WAL once it is older than maxAgeMs', async () => {
    const { database, checkpoints } = await embedded({ intervalMs: 20, maxWalBytes: 1024 * MB, maxAgeMs: 0 });
    await writeWal(database, 2 * MB);
    await settle(150);
    expect(checkpoints).toEqual([]);

    await writeWal(database, 16 * MB);
    await expect.poll(() => checkpoints.length, { timeout: 5_000 }).toBeGreaterThan(0);
  });

  it('stops with the database: no round runs on a closed PGlite', async () => {
    const { database, errors } = await embedded({ intervalMs: 5, maxWalBytes: 1, maxAgeMs: 0 });
    await writeWal(database, 1 * MB);
    await database.close();
    open.length = 0;
    await settle(50);
    expect(errors).toEqual([]);
  });
});
