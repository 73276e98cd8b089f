// Export, import, backup and restore throughput. Not a test: run it by hand.
//
//   npm run bench:data-io [-- --tasks 100000 --json | --smoke]
//
// On the embedded database (PGlite in a temporary data directory) or on
// PostgreSQL (DATABASE_URL: databases of its own are created there and
// dropped after), it seeds one team with one board of --tasks tasks (a
// description, two labels, an assignee; a comment on every tenth task),
// then runs each phase in a child process of its own, so each reports its
// own peak RSS (the child's maxRSS), wall time and throughput:
//   export   the team export document (tasksvc export --team) to a file
//   import   that file into an empty database (tasksvc import --from tasksvc)
//   backup   a backup of the seeded database (tasksvc backup)
//   restore  that backup into an empty database (tasksvc restore)
// BENCH_PHASE_NODE_OPTIONS=--max-old-space-size=N caps the phases' JS heap
// (not the seeding's): a phase that finishes under it holds bounded memory.

import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createDatabase, databaseUrl, dropDatabase, serverUrl } from './database.ts';
import { benchCommand, integer } from './options.ts';

const SELF = fileURLToPath(import.meta.url);

const command = benchCommand('npm run bench:data-io --', 'Export, import, backup and restore throughput with peak RSS.')
  .option('--tasks <n>', 'tasks to seed (default 100000; --smoke 1000)', integer(1))
  .option('--json', 'print the results as JSON')
  .option('--phase <name>', '(internal) run one phase in this process')
  .option('--db <where>', '(internal) the phase’s database (URL or data directory)')
  .option('--target <where>', '(internal) the phase’s empty database')
  .option('--file <path>', '(internal) the phase’s file');
command.parse(process.argv.slice(2), { from: 'user' });
const opts = command.opts() as { smoke?: boolean; tasks?: number; json?: boolean; phase?: string; db?: string; target?: string; file?: string };

/** Opens a database named by a URL (PostgreSQL) or a data directory (PGlite). */
function open(where: string): Promise<Database> {
  return where.startsWith('postgres') ? openDatabase({ databaseUrl: where, dataDir: 'memory://' }) : openDatabase({ dataDir: where });
}

interface PhaseResult {
  phase: string;
  ms: number;
  rows: number;
  bytes: number;
  peakRssMb: number;
}

async function runPhase(): Promise<void> {
  let rows = 0;
  let bytes = 0;
  const db = await open(opts.phase === 'import' || opts.phase === 'restore' ? opts.target! : opts.db!);
  // Timed from an open database: starting PGlite (initdb on an empty directory) is not the phase's work.
  if (opts.phase === 'import') await migrate(db);
  const started = performance.now();
  let ms: number;
  try {
    if (opts.phase === 'export') {
      const { teamExport } = await import('../src/domain/export/team-export.ts');
      const team = await db.prisma.team.findFirstOrThrow({ orderBy: { id: 'desc' } });
      const out = createWriteStream(opts.file!);
      for await (const chunk of teamExport(db.prisma, team)) if (!out.write(chunk)) await once(out, 'drain');
      out.end();
      await once(out, 'finish');
      rows = await db.prisma.task.count({ where: { project: { teamId: team.id } } });
      bytes = statSync(opts.file!).size;
    } else if (opts.phase === 'import') {
      const { runImport } = await import('../src/domain/import/apply.ts');
      const { recordsOf } = await import('../src/domain/import/sources/index.ts');
      const summary = await runImport(db, recordsOf('tasksvc', createReadStream(opts.file!)), { format: 'tasksvc', importId: 'bench' });
      rows = summary.counts.tasks;
      bytes = statSync(opts.file!).size;
    } else if (opts.phase === 'backup') {
      const { writeBackup } = await import('../src/domain/backup/write.ts');
      const summary = await writeBackup(db, createWriteStream(opts.file!));
      rows = summary.rows;
      bytes = summary.bytes;
    } else if (opts.phase === 'restore') {
      const { restoreBackup } = await import('../src/domain/backup/restore.ts');
      rows = (await restoreBackup(db, createReadStream(opts.file!))).rows;
      bytes = statSync(opts.file!).size;
    }
  } finally {
    ms = performance.now() - started;
    await db.close();
  }
  const { closeContentRendering } = await import('../src/content/render.ts');
  await closeContentRendering();
  const result: PhaseResult = { phase: opts.phase!, ms, rows, bytes, peakRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Seeds one team, one board of `n` tasks (bulk inserts: the create rules are not what is measured). */
async function seed(db: Database, n: number) {
  await migrate(db);
  const users = await Promise.all(
    [0, 1, 2].map((i) => db.prisma.user.create({ data: { email: `bench-${i}@data-io.bench`, displayName: `Bench ${i}` } })),
  );
  const team = await db.prisma.team.create({ data: { title: 'Data I/O', members: { create: users.map((u, i) => ({ userId: u.id, role: i ? 'member' : 'owner' })) } } });
  const project = await db.prisma.project.create({
    data: {
      title: 'Big board',
      ticketPrefix: 'BIG',
      taskCounter: n,
      teamId: team.id,
      members: { create: users.map((u) => ({ userId: u.id })) },
      sections: { create: ['Todo', 'Doing', 'Done'].map((title, i) => ({ title, ranking: `a${i}` })) },
      labels: { create: ['bug', 'ui', 'api'].map((name) => ({ name })) },
    },
    include: { sections: true, labels: true },
  });
  const chunk = 2000;
  for (let start = 0; start < n; start += chunk) {
    const size = Math.min(chunk, n - start);
    const tasks = await db.prisma.task.createManyAndReturn({
      data: Array.from({ length: size }, (_, k) => {
        const i = start + k;
        return {
          projectId: project.id,
          sectionId: project.sections[i % 3].id,
          uniqueIndex: i + 1,
          title: `Task ${i}: make the thing ${i % 97} work`,
          description: `<p>Steps for task ${i}: <strong>open</strong> the page, press the button, see the error.</p>`,
          createdById: users[i % 3].id,
        };
      }),
      select: { id: true },
    });
    await db.prisma.taskLabel.createMany({ data: tasks.flatMap((t, k) => [project.labels[k % 3].id, project.labels[(k + 1) % 3].id].map((labelId) => ({ taskId: t.id, labelId }))) });
    await db.prisma.taskAssignee.createMany({ data: tasks.map((t, k) => ({ taskId: t.id, userId: users[(k + 1) % 3].id })) });
    await db.prisma.comment.createMany({ data: tasks.filter((_, k) => k % 10 === 0).map((t) => ({ taskId: t.id, authorId: users[0].id, text: '<p>Seen it too.</p>' })) });
  }
}

/** A new empty database: a PostgreSQL database of its own (when `base` is a URL) or a data directory path. */
async function emptyDatabase(base: string | undefined, dir: string, name: string): Promise<{ where: string; drop(): Promise<void> }> {
  if (!base) return { where: join(dir, name), drop: async () => undefined };
  const db = `bench_dataio_${name}_${process.pid}`;
  await createDatabase(serverUrl(), db);
  return { where: databaseUrl(serverUrl(), db), drop: () => dropDatabase(serverUrl(), db) };
}

function child(args: string[]): PhaseResult {
  // BENCH_PHASE_NODE_OPTIONS (e.g. --max-old-space-size=256) applies to the phases only: a phase that
  // finishes under a small heap cap holds bounded memory (a peak RSS alone may be garbage not yet collected).
  const nodeOptions = process.env.BENCH_PHASE_NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '';
  const r = spawnSync(process.execPath, [...process.execArgv, SELF, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_OPTIONS: nodeOptions },
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`phase ${args[1]} failed (${r.status}):\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as PhaseResult;
}

async function main() {
  const tasks = opts.tasks ?? (opts.smoke ? 1000 : 100_000);
  const base = process.env.DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), 'tasksvc-data-io-'));
  const made: { drop(): Promise<void> }[] = [];
  try {
    const source = await emptyDatabase(base, dir, 'source');
    made.push(source);
    const seedStart = performance.now();
    const db = await open(source.where);
    try {
      await seed(db, tasks);
    } finally {
      await db.close();
    }
    const seedMs = performance.now() - seedStart;
    const exportFile = join(dir, 'team.json');
    const backupFile = join(dir, 'backup.tasksvc.gz');
    const importTarget = await emptyDatabase(base, dir, 'imported');
    const restoreTarget = await emptyDatabase(base, dir, 'restored');
    made.push(importTarget, restoreTarget);
    const results = [
      child(['--phase', 'export', '--db', source.where, '--file', exportFile]),
      child(['--phase', 'import', '--target', importTarget.where, '--file', exportFile]),
      child(['--phase', 'backup', '--db', source.where, '--file', backupFile]),
      child(['--phase', 'restore', '--target', restoreTarget.where, '--file', backupFile]),
    ];
    const machine = { cpus: cpus().length, model: cpus()[0]?.model ?? '?', loadavg: loadavg().map((l) => Number(l.toFixed(2))) };
    const report = { database: base ? 'postgres' : 'pglite', tasks, seedMs: Math.round(seedMs), machine, results };
    if (opts.json) {
      process.stdout.write(`${JSON.stringify(report)}\n`);
      return;
    }
    console.log(`data I/O on ${report.database}, ${tasks} tasks (seeded in ${(seedMs / 1000).toFixed(1)} s); ${machine.cpus} × ${machine.model}, load ${machine.loadavg.join(' ')}`);
    console.log('| phase | s | rows/s | MB | MB/s | peak RSS MB |');
    console.log('|---|---|---|---|---|---|');
    for (const r of results) {
      const s = r.ms / 1000;
      console.log(`| ${r.phase} | ${s.toFixed(1)} | ${Math.round(r.rows / s)} | ${(r.bytes / 1e6).toFixed(1)} | ${(r.bytes / 1e6 / s).toFixed(1)} | ${Math.round(r.peakRssMb)} |`);
    }
  } finally {
    for (const m of made) await m.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (opts.phase) await runPhase();
else await main();
