import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { listMigrations, migrate } from '../../src/db/migrate.ts';
import { isPostgres } from '../support/database.ts';

const migrations = listMigrations();

describe('the migrations folder', () => {
  it('is found from the project root, and a missing folder is an error rather than "nothing to apply"', () => {
    expect(migrations[0]).toMatch(/^\d{14}_/);
    const missing = join(tmpdir(), 'tasksvc-no-such-migrations');
    expect(() => listMigrations(missing)).toThrow(`migrations folder not found: ${missing}`);
  });
});

describe('migrations on an empty PGlite directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tasksvc-mig-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies every migration, records it like prisma migrate deploy, and a second start applies nothing and keeps data', async () => {
    expect(migrations.length).toBeGreaterThan(0);
    let db = await openDatabase({ dataDir: dir });
    const first = await migrate(db);
    expect(first.applied).toEqual(migrations);
    const rows = await db.sql.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(migrations);
    for (const r of rows) {
      expect(r.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(r.finished_at).not.toBeNull();
      expect(r.applied_steps_count).toBe(1);
    }
    await db.prisma.user.create({ data: { email: 'keep@test.local', displayName: 'Keep' } });
    await db.close();

    db = await openDatabase({ dataDir: dir });
    const second = await migrate(db);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toBe(migrations.length);
    expect(await db.prisma.user.count({ where: { email: 'keep@test.local' } })).toBe(1);
    await db.close();
  }, 120_000); // two PGlite start-ups on disk: slow on a loaded machine
});

// PostgreSQL only: it creates and drops databases on the server (the embedded database's migrations are tested above).
describe.runIf(isPostgres)('migrations on an empty PostgreSQL database', () => {
  const admin = process.env.DATABASE_URL ?? 'postgres://unused';
  const name = `tasksvc_mig_${Date.now().toString(36)}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;

  afterAll(async () => {
    const db = await openDatabase({ databaseUrl: admin, dataDir: 'memory://' });
    await db.sql.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await db.close();
  });

  it('applies every migration once; a second run applies nothing and keeps data', async () => {
    const adminDb = await openDatabase({ databaseUrl: admin, dataDir: 'memory://' });
    await adminDb.sql.exec(`CREATE DATABASE ${name}`);
    await adminDb.close();

    let db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    expect((await migrate(db)).applied).toEqual(migrations);
    await db.prisma.user.create({ data: { email: 'keep@test.local', displayName: 'Keep' } });
    await db.close();

    db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    expect(await db.prisma.user.count()).toBe(1);
    await db.close();
  });
});
