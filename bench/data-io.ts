// `npm run bench:data-io [-- --tasks N | --smoke]`: export, import, backup and
// restore of one team's board of N tasks (default 100,000; a description, two
// labels, an assignee, a comment on every tenth), on PGlite in a temporary
// directory or on DATABASE_URL's PostgreSQL server (databases of its own,
// dropped after). Each phase runs in a child process of its own, so it reports
// its own peak RSS (maxRSS) beside wall time and throughput.
// BENCH_PHASE_NODE_OPTIONS=--max-old-space-size=N caps the phases' heap (not
// the seeding's): a phase finishing under a small cap holds bounded memory,
// where a peak RSS alone may be garbage not yet collected.
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { createDatabase, databaseUrl, dropDatabase, serverUrl } from './database.ts';

const { values: opts } = parseArgs({
  options: { smoke: { type: 'boolean' }, tasks: { type: 'string' }, phase: { type: 'string' }, db: { type: 'string' }, file: { type: 'string' } },
});
type Phase = 'export' | 'import' | 'backup' | 'restore';
interface PhaseResult { phase: Phase; ms: number; rows: number; bytes: number; peakRssMb: number }

/** A database named by a URL (PostgreSQL) or a data directory (PGlite). */
const open = (where: string): Promise<Database> =>
  where.startsWith('postgres') ? openDatabase({ databaseUrl: where, dataDir: 'memory://' }) : openDatabase({ dataDir: where });

/** One phase in this process (the child's side): prints its result as JSON. */
async function runPhase(phase: Phase, where: string, file: string): Promise<void> {
  const db = await open(where);
  // Timed from an open database: starting PGlite (initdb on an empty directory) is not the phase's work.
  if (phase === 'import') await migrate(db);
  const started = performance.now();
  let rows: number;
  try {
    if (phase === 'export') {
      const { teamExport } = await import('../src/domain/export/team-export.ts');
      const team = await db.prisma.team.findFirstOrThrow({ orderBy: { id: 'desc' } });
      const out = createWriteStream(file);
      for await (const chunk of teamExport(db.prisma, team)) if (!out.write(chunk)) await once(out, 'drain');
      out.end();
      await once(out, 'finish');
      rows = await db.prisma.task.count({ where: { project: { teamId: team.id } } });
    } else if (phase === 'import') {
      const { runImport } = await import('../src/domain/import/apply.ts');
      const { recordsOf } = await import('../src/domain/import/sources/index.ts');
      rows = (await runImport(db, recordsOf('tasksvc', createReadStream(file)), { format: 'tasksvc', importId: 'bench' })).counts.tasks;
    } else if (phase === 'backup') {
      const { writeBackup } = await import('../src/domain/backup/write.ts');
      rows = (await writeBackup(db, createWriteStream(file))).rows;
    } else {
      const { restoreBackup } = await import('../src/domain/backup/restore.ts');
      rows = (await restoreBackup(db, createReadStream(file))).rows;
    }
  } finally {
    await db.close();
  }
  const ms = performance.now() - started;
  await (await import('../src/content/render.ts')).closeContentRendering();
  const result: PhaseResult = { phase, ms, rows, bytes: statSync(file).size, peakRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Seeds one team and one board of `n` tasks (bulk inserts: the create rules are not what is measured). */
async function seed(db: Database, n: number) {
  await migrate(db);
  const users = await Promise.all([0, 1, 2].map((i) => db.prisma.user.create({ data: { email: `bench-${i}@data-io.bench`, displayName: `Bench ${i}` } })));
  const team = await db.prisma.team.create({ data: { title: 'Data I/O', members: { create: users.map((u, i) => ({ userId: u.id, role: i ? 'member' : 'owner' })) } } });
  const { id: projectId, sections, labels } = await db.prisma.project.create({
    data: {
      title: 'Big board', ticketPrefix: 'BIG', taskCounter: n, teamId: team.id,
      members: { create: users.map((u) => ({ userId: u.id })) },
      sections: { create: ['Todo', 'Doing', 'Done'].map((title, i) => ({ title, ranking: `a${i}` })) },
      labels: { create: ['bug', 'ui', 'api'].map((name) => ({ name })) },
    },
    include: { sections: true, labels: true },
  });
  for (let start = 0; start < n; start += 2000) {
    const tasks = await db.prisma.task.createManyAndReturn({
      data: Array.from({ length: Math.min(2000, n - start) }, (_, k) => {
        const i = start + k;
        return {
          projectId, sectionId: sections[i % 3].id, uniqueIndex: i + 1, createdById: users[i % 3].id,
          title: `Task ${i}: make the thing ${i % 97} work`,
          description: `<p>Steps for task ${i}: <strong>open</strong> the page, press the button, see the error.</p>`,
        };
      }),
      select: { id: true },
    });
    await db.prisma.taskLabel.createMany({ data: tasks.flatMap((t, k) => [labels[k % 3], labels[(k + 1) % 3]].map((l) => ({ taskId: t.id, labelId: l.id }))) });
    await db.prisma.taskAssignee.createMany({ data: tasks.map((t, k) => ({ taskId: t.id, userId: users[(k + 1) % 3].id })) });
    await db.prisma.comment.createMany({ data: tasks.filter((_, k) => k % 10 === 0).map((t) => ({ taskId: t.id, authorId: users[0].id, text: '<p>Seen it too.</p>' })) });
  }
}

/** Runs one phase in a child process and answers what it printed. */
function child(phase: Phase, where: string, file: string): PhaseResult {
  const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--phase', phase, '--db', where, '--file', file], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_OPTIONS: process.env.BENCH_PHASE_NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '' },
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`phase ${phase} failed (${r.status}):\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as PhaseResult;
}

async function main() {
  const tasks = Number(opts.tasks ?? (opts.smoke ? 1000 : 100_000));
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const dir = mkdtempSync(join(tmpdir(), 'tasksvc-data-io-'));
  const made: string[] = [];
  /** A new empty database: one of its own on the PostgreSQL server, else a data directory. */
  const empty = async (name: string) => {
    if (!onPostgres) return join(dir, name);
    const db = `bench_dataio_${name}_${process.pid}`;
    await createDatabase(serverUrl(), db);
    made.push(db);
    return databaseUrl(serverUrl(), db);
  };
  try {
    const [source, imported, restored] = [await empty('source'), await empty('imported'), await empty('restored')];
    const seedStart = performance.now();
    const db = await open(source);
    await seed(db, tasks).finally(() => db.close());
    const seedS = (performance.now() - seedStart) / 1000;
    const [exported, backup] = [join(dir, 'team.json'), join(dir, 'backup.tasksvc.gz')];
    const results = [child('export', source, exported), child('import', imported, exported), child('backup', source, backup), child('restore', restored, backup)];
    const load = loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`data I/O on ${onPostgres ? 'postgres' : 'pglite'}, ${tasks} tasks (seeded in ${seedS.toFixed(1)} s); ${cpus().length} × ${cpus()[0]?.model}, load ${load}`);
    console.log('| phase | s | rows/s | MB | MB/s | peak RSS MB |\n|---|---|---|---|---|---|');
    for (const r of results) {
      const s = r.ms / 1000;
      console.log(`| ${r.phase} | ${s.toFixed(1)} | ${Math.round(r.rows / s)} | ${(r.bytes / 1e6).toFixed(1)} | ${(r.bytes / 1e6 / s).toFixed(1)} | ${Math.round(r.peakRssMb)} |`);
    }
  } finally {
    for (const db of made) await dropDatabase(serverUrl(), db).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (opts.phase) await runPhase(opts.phase as Phase, opts.db!, opts.file!);
else await main();
