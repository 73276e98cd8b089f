import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { listMigrations, migrate } from '../../src/db/migrate.ts';
import { restoreBackup } from '../../src/domain/backup/restore.ts';
import { writeBackup } from '../../src/domain/backup/write.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { openTestDatabase } from '../support/database.ts';
import { type FreshDatabase, freshDatabase } from '../support/fresh-database.ts';
import { makeUserWithProject } from '../support/factories.ts';

// A logical backup (one snapshot, every table of the public schema, gzip
// JSON lines) and its restore into an empty database, on the database the
// tests run on (PGlite, or PostgreSQL with DATABASE_URL).

const dir = mkdtempSync(join(tmpdir(), 'tasksvc-backup-'));
const opened: FreshDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((f) => f.dispose()));
  rmSync(dir, { recursive: true, force: true });
});

async function fresh(prefix: string, migrated = false) {
  const f = await freshDatabase(prefix, { migrate: migrated });
  opened.push(f);
  return f.database;
}

async function backupTo(db: Database, name: string) {
  const file = join(dir, name);
  const summary = await writeBackup(db, createWriteStream(file));
  return { file, summary };
}

const restoreFrom = (db: Database, file: string) => restoreBackup(db, createReadStream(file));

/** Rows of every table a person's data lives in, for "nothing was written". */
async function userRows(db: Database) {
  const [r] = await db.sql.query<{ n: string }>(
    `SELECT ((SELECT count(*) FROM "User") + (SELECT count(*) FROM "Task") + (SELECT count(*) FROM "Project"))::text AS n`,
  );
  return Number(r.n);
}

describe('backup and restore', { timeout: 240_000 }, () => {
  it('a backup taken while a writer runs restores a prefix of its tasks, each whole', async () => {
    const source = await openTestDatabase();
    try {
      const { user, project } = await makeUserWithProject(source.prisma);
      const label = await source.prisma.label.create({ data: { projectId: project.id, name: `bug-${project.id}` } });
      // The writer creates w-1, w-2, … one after another: a consistent snapshot holds w-1…w-k, no gap.
      let acknowledged = 0;
      let stop = false;
      const writer = (async () => {
        for (let i = 1; !stop; i++) {
          await createTask(source.prisma, user.id, { projectId: project.id, title: `w-${i}`, description: `<p>body ${i}</p>`, labelIds: [label.id] });
          acknowledged = i;
        }
      })();
      while (acknowledged < 15) await new Promise((r) => setTimeout(r, 10));
      const before = acknowledged;
      const { file, summary } = await backupTo(source, 'during-writes.tasksvc.gz');
      const whileBacking = acknowledged;
      while (acknowledged < whileBacking + 5) await new Promise((r) => setTimeout(r, 10));
      stop = true;
      await writer;
      expect(summary.rows).toBeGreaterThan(0);

      const target = await fresh('restore_w');
      const restored = await restoreFrom(target, file);
      expect(restored.rows).toBe(summary.rows);
      expect(restored.migratedAfter).toEqual([]);
      const tasks = await target.prisma.task.findMany({
        where: { projectId: project.id },
        include: { labels: true },
        orderBy: { uniqueIndex: 'asc' },
      });
      const k = tasks.length;
      expect(k).toBeGreaterThanOrEqual(before);
      expect(k).toBeLessThan(acknowledged);
      expect(tasks.map((t) => t.title)).toEqual(Array.from({ length: k }, (_, i) => `w-${i + 1}`));
      // Whole: each task with its label row and its creation event, as the source has them.
      for (const t of tasks) expect(t.labels.map((l) => l.labelId)).toEqual([label.id]);
      const events = await target.prisma.outboxEvent.count({ where: { projectId: project.id, type: 'task.created' } });
      expect(events).toBe(k);
      const sourceTasks = await source.prisma.task.findMany({ where: { projectId: project.id }, orderBy: { uniqueIndex: 'asc' }, take: k });
      expect(tasks.map(({ labels: _l, ...t }) => t)).toEqual(sourceTasks);
      expect(await target.prisma.project.findUniqueOrThrow({ where: { id: project.id } })).toMatchObject({ taskCounter: k });

      // Sequences come back too: the restored database hands out new ids after the backed-up ones.
      const next = await createTask(target.prisma, user.id, { projectId: project.id, title: 'after restore' });
      expect(next.id).toBeGreaterThan(tasks[k - 1].id);
      expect(next.uniqueIndex).toBe(k + 1);
    } finally {
      await source.close();
    }
  });

  it('a backup of an older schema restores, then migrates to this build’s', async () => {
    const names = listMigrations();
    const older = names[names.indexOf('20261129003559_task_version') - 1];
    const source = await fresh('backup_old');
    await migrate(source, undefined, { until: older });
    // Rows as that schema holds them (Task has no version column yet).
    await source.sql.exec(`
      INSERT INTO "User" (email, "displayName", "updatedAt") VALUES ('old@backup.test', 'Old', now());
      INSERT INTO "Project" (title, "ticketPrefix", "taskCounter", "updatedAt") VALUES ('Old board', 'OLD', 1, now());
      INSERT INTO "Section" ("projectId", title, ranking, "updatedAt") VALUES (1, 'Todo', 'a0', now());
      INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", title, "createdById", "updatedAt") VALUES (1, 1, 1, 'from the old schema', 1, now());`);
    const { file, summary } = await backupTo(source, 'older.tasksvc.gz');
    const header = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n')[0]);
    expect(header.migrations.at(-1).name).toBe(older);
    expect(summary.migration).toBe(older);

    const target = await fresh('restore_old');
    const restored = await restoreFrom(target, file);
    expect(restored.backupMigration).toBe(older);
    expect(restored.migratedAfter).toEqual(names.slice(names.indexOf(older) + 1));
    const task = await target.prisma.task.findFirstOrThrow({ include: { createdBy: true } });
    expect(task).toMatchObject({ title: 'from the old schema', version: 1, updatedById: null, createdBy: { email: 'old@backup.test' } });
  });

  it('refuses what is not a whole, compatible backup, and an occupied database, writing nothing', async () => {
    const source = await fresh('backup_src', true);
    await source.sql.exec(`INSERT INTO "User" (email, "displayName", "updatedAt") VALUES ('one@backup.test', 'One', now())`);
    const { file } = await backupTo(source, 'good.tasksvc.gz');
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
    const header = JSON.parse(lines[0]);
    const variant = (name: string, content: string | Buffer, gzip = true) => {
      const path = join(dir, name);
      writeFileSync(path, gzip ? gzipSync(content) : content);
      return path;
    };
    // A file whose trailer is recomputed for its edited lines (the checksum no longer catches the edit).
    const rehashed = (text: string) => {
      const body = text.split('\n').filter(Boolean).slice(0, -1);
      const sha256 = createHash('sha256').update(body.map((l) => `${l}\n`).join('')).digest('hex');
      return [...body, JSON.stringify({ end: true, rows: body.length - 1, sha256 })].join('\n') + '\n';
    };
    const withHeader = (h: object) => [JSON.stringify(h), ...lines.slice(1)].join('\n') + '\n';
    const target = await fresh('restore_bad');
    const cases: [string, string, RegExp][] = [
      [variant('plain.json', '{"format":"tasksvc-backup"}\n', false), 'file', /not a tasksvc backup/],
      [variant('other.gz', '{"hello":"world"}\n'), 'header.format', /not a tasksvc backup/],
      [variant('newer.gz', withHeader({ ...header, version: 2 })), 'header.version', /format version 2/],
      [
        variant('unknown.gz', withHeader({ ...header, migrations: [...header.migrations, { name: '29990101000000_future', checksum: 'x' }] })),
        'header.migrations',
        /29990101000000_future/,
      ],
      [variant('cut.gz', lines.slice(0, -1).join('\n') + '\n'), 'trailer', /cut short/],
      [variant('edited.gz', lines.join('\n').replace('one@backup.test', 'two@backup.test') + '\n'), 'trailer.sha256', /checksum/],
      [
        variant('counted.gz', rehashed(withHeader({ ...header, tables: header.tables.map((t: { name: string; rows: number }) => (t.name === 'User' ? { ...t, rows: 2 } : t)) }))),
        'tables.User',
        /holds 1 rows of User, its header says 2/,
      ],
    ];
    for (const [path, field, message] of cases) {
      await expect(restoreFrom(target, path), path).rejects.toMatchObject({ field, message: expect.stringMatching(message) });
      expect(await userRows(target).catch(() => 0)).toBe(0);
    }
    // An oversized line is refused before it is held.
    const { gzipLines } = await import('../../src/domain/backup/read.ts');
    const long = createReadStream(variant('long.gz', `${'x'.repeat(2000)}\n`));
    await expect(async () => {
      for await (const _ of gzipLines(long, 1000)) void _;
    }).rejects.toMatchObject({ field: 'line 1', detail: 'too_long' });

    // The good file restores into the target the refusals left empty; a second restore finds it occupied.
    await restoreFrom(target, file);
    expect(await target.prisma.user.findMany({ select: { email: true } })).toEqual([{ email: 'one@backup.test' }]);
    await expect(restoreFrom(target, file)).rejects.toMatchObject({ code: 'CONFLICT', field: 'database', message: expect.stringMatching(/not empty \(table User/) });
  });
});
