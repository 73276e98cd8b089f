// CPU and statement time of task updates inside the app process, on a kept
// database (PostgreSQL: `npm run bench -- --keep`; PGlite: a data directory
// seeded by bench/diagnostics/seed-kept.ts). Sends N updates the way the bench's
// update scenario does (a new title and the next priority on a rotation of
// the benchmark user's tasks: a real change each time), one at a time, and
// reports this process's CPU per update (with PGlite that includes its
// worker thread) and the mean time of each statement shape.
// Usage:
//   TASKSVC_DATA_DIR=/tmp/pgdata npx tsx bench/diagnostics/update-cost.ts [N] [--body '{"description":"…"}']
//   DATABASE_URL=postgres://…/tasksvc_bench_… npx tsx bench/diagnostics/update-cost.ts [N]

import { readdirSync, readFileSync } from 'node:fs';
import { inProcessApp } from './in-process-app.ts';

/** CPU nanoseconds of each thread of this process (Linux: /proc/self/task/<tid>/schedstat). */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        out.set(tid, Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'latin1').split(' ', 1)[0]));
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    // Not Linux.
  }
  return out;
}

interface QueryEvent {
  query: string;
  duration: number;
}

const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

async function main() {
  const args = process.argv.slice(2);
  const bodyAt = args.indexOf('--body');
  const extra = bodyAt >= 0 ? (JSON.parse(args[bodyAt + 1] ?? '{}') as Record<string, unknown>) : {};
  const count = Number(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--body') ?? 200);
  if (!(process.env.DATABASE_URL || process.env.TASKSVC_DATA_DIR)) {
    process.stderr.write('usage: TASKSVC_DATA_DIR=… | DATABASE_URL=… npx tsx bench/diagnostics/update-cost.ts [N] [--body JSON]\n');
    process.exit(2);
  }
  const events: QueryEvent[] = [];
  // Threads started by the app from here on are the embedded database's worker (PGlite in a worker thread).
  const threadsBefore = new Set(threadCpu().keys());
  const { services, send } = await inProcessApp('update-cost', { onQuery: () => undefined });
  (services.database.prisma as unknown as { $on(e: 'query', cb: (e: QueryEvent) => void): void }).$on('query', (e) => events.push(e));
  try {
    const user = await services.database.prisma.user.findUniqueOrThrow({ where: { email: 'bench-0@example.com' } });
    const tasks = await services.database.prisma.task.findMany({
      where: { project: { members: { some: { userId: user.id } } } },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: 500,
    });
    const run = Date.now().toString(36);
    let k = 0;
    const update = async () => {
      const i = k++;
      const body = { task_id: tasks[i % tasks.length]!.id, title: `Updated ${run} ${i} deploy`, priority: PRIORITIES[i % 4], ...extra };
      const res = await send('POST', '/api/mcp/tasks/update', JSON.stringify(body));
      const text = await res.text();
      if (res.status !== 200) throw new Error(`update → ${res.status}: ${text.slice(0, 300)}`);
    };
    // Warm-up: caches, the JIT, Prisma's query plans.
    for (let i = 0; i < Math.min(20, count); i++) await update();
    events.length = 0;
    const cpu = process.cpuUsage();
    const threads0 = threadCpu();
    const wall = performance.now();
    for (let i = 0; i < count; i++) await update();
    const used = process.cpuUsage(cpu);
    const elapsed = performance.now() - wall;
    const threads1 = threadCpu();
    const split = { main: 0, database: 0, other: 0 };
    for (const [tid, ns] of threads1) {
      const d = (ns - (threads0.get(tid) ?? 0)) / 1e6 / count;
      if (tid === String(process.pid)) split.main += d;
      else if (!threadsBefore.has(tid)) split.database += d;
      else split.other += d;
    }
    const shapes = new Map<string, { n: number; ms: number }>();
    for (const e of events) {
      const key = e.query.replace(/\s+/g, ' ').trim().slice(0, 90);
      const s = shapes.get(key) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += e.duration;
      shapes.set(key, s);
    }
    process.stdout.write(
      `${services.database.kind}: ${count} updates, CPU ${((used.user + used.system) / 1000 / count).toFixed(2)} ms/update ` +
        `(user ${(used.user / 1000 / count).toFixed(2)}, system ${(used.system / 1000 / count).toFixed(2)}), wall ${(elapsed / count).toFixed(2)} ms/update\n` +
        `  by thread (ms/update): event loop ${split.main.toFixed(2)}, ` +
        `${services.database.kind === 'pglite' ? 'database worker' : 'threads started since (none on PostgreSQL)'} ${split.database.toFixed(2)}, other (V8 compiler and GC, libuv) ${split.other.toFixed(2)}\n`,
    );
    for (const [q, s] of [...shapes].sort((a, b) => b[1].ms - a[1].ms)) {
      process.stdout.write(`  ${(s.ms / count).toFixed(2).padStart(8)} ms/update  ${String(s.n).padStart(5)}×  ${q}\n`);
    }
  } finally {
    await services.close();
  }
}

await main();
