// The cost of one kind of request inside the app process, without HTTP or a
// load generator, on a kept bench database (`npm run bench -- --keep` keeps
// both: DATABASE_URL=… or TASKSVC_DATA_DIR=…). Sends the request N times one
// after another through `app.request` as the benchmark user and reports this
// process's CPU per request (user, system, and by thread: the event loop, the
// embedded database's worker on PGlite, the rest: V8's compiler and GC,
// libuv), the PostgreSQL backends' CPU, and with --statements the time of
// each statement shape (Prisma's query events, which cost CPU of their own:
// off by default, on for `update`, as the update-cost numbers were measured).
// A ratio between two builds only means something on the same kept database.
// Usage:
//   npx tsx bench/diagnostics/request-cost.ts GET '/api/mcp/tasks?project_id=1&limit=50' [N]
//   npx tsx bench/diagnostics/request-cost.ts update [N] [JSON merged into each body]
//     (task updates as the bench's update scenario sends them: a new title and the next priority on a
//     rotation of the benchmark user's tasks, a real change each time; writes really happen)
//   … POST /api/mcp/tasks/create '{"project_id":1,"title":"x"}' [N]
// --profile writes bench/results/request-cost.cpuprofile (open it in Chrome's DevTools or speedscope).

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseConfig } from '../../src/config.ts';
import { createApiKey } from '../../src/domain/api-key.ts';
import { createApp } from '../../src/http/app.ts';
import { createServices } from '../../src/services.ts';
import { PgCpuMeter, withApplicationName } from '../pg-cpu.ts';

/** application_name of the app's PostgreSQL connections (to measure their CPU). */
const APP_NAME = 'tasksvc-request-cost';
const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

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

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const updates = args[0] === 'update';
const [method, path] = updates ? ['POST', '/api/mcp/tasks/update'] : args;
const rest = args.slice(updates ? 1 : 2);
const count = Number(rest.find((a) => !a.startsWith('{')) ?? (updates ? 200 : 500));
const body = rest.find((a) => a.startsWith('{'));
if (!(process.env.DATABASE_URL || process.env.TASKSVC_DATA_DIR) || !method || !path) {
  process.stderr.write('usage: DATABASE_URL=… | TASKSVC_DATA_DIR=… npx tsx bench/diagnostics/request-cost.ts METHOD PATH [JSON] [N] | update [N] [JSON] [--statements] [--profile]\n');
  process.exit(2);
}

// Threads started by the app from here on are the embedded database's worker (PGlite in a worker thread).
const threadsBefore = new Set(threadCpu().keys());
const url = process.env.DATABASE_URL && withApplicationName(process.env.DATABASE_URL, APP_NAME);
const config = parseConfig({ ...process.env, ...(url ? { DATABASE_URL: url } : {}), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', NODE_ENV: 'production' });
const timed = updates || process.argv.includes('--statements');
const services = await createServices(config, { migrate: false, dispatcher: false, ...(timed ? { onQuery: () => undefined } : {}) });
const statements: { query: string; duration: number }[] = [];
if (timed) (services.database.prisma as unknown as { $on(e: 'query', cb: (e: { query: string; duration: number }) => void): void }).$on('query', (e) => statements.push(e));
try {
  const prisma = services.database.prisma;
  const user = await prisma.user.findUniqueOrThrow({ where: { email: 'bench-0@example.com' } });
  // Keys of earlier runs would reach the per-user limit of active keys.
  await prisma.apiKey.deleteMany({ where: { userId: user.id, label: APP_NAME } });
  const key = await createApiKey(prisma, user.id, { label: APP_NAME });
  const { app } = createApp(services);
  const tasks = updates ? await prisma.task.findMany({ where: { project: { members: { some: { userId: user.id } } } }, select: { id: true }, orderBy: { id: 'asc' }, take: 500 }) : [];
  const run = Date.now().toString(36);
  let k = 0;
  const send = async () => {
    const i = k++;
    const json = updates ? JSON.stringify({ task_id: tasks[i % tasks.length]!.id, title: `Updated ${run} ${i} deploy`, priority: PRIORITIES[i % 4], ...JSON.parse(body ?? '{}') }) : body;
    const res = await app.request(path, { method, headers: { authorization: `Bearer ${key.key}`, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
  };
  // Warm-up: caches, the JIT, Prisma's query plans.
  for (let i = 0; i < Math.min(count, 200); i++) await send();
  const session = process.argv.includes('--profile') ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const meter = url ? await new PgCpuMeter(url, APP_NAME).open() : undefined;
  await meter?.begin();
  statements.length = 0;
  const [cpu, threads, wall] = [process.cpuUsage(), threadCpu(), performance.now()];
  for (let i = 0; i < count; i++) await send();
  const used = process.cpuUsage(cpu);
  const elapsed = performance.now() - wall;
  const split = { main: 0, database: 0, other: 0 };
  for (const [tid, ns] of threadCpu()) {
    const ms = (ns - (threads.get(tid) ?? 0)) / 1e6 / count;
    if (tid === String(process.pid)) split.main += ms;
    else if (!threadsBefore.has(tid)) split.database += ms;
    else split.other += ms;
  }
  const pgCpu = await meter?.end();
  await meter?.close();
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync('bench/results/request-cost.cpuprofile', JSON.stringify(profile));
  }
  const per = (us: number) => (us / 1000 / count).toFixed(2);
  process.stdout.write(
    `${services.database.kind}: ${method} ${path} × ${count}: CPU ${per(used.user + used.system)} ms/request (user ${per(used.user)}, system ${per(used.system)}), ` +
      `wall ${(elapsed / count).toFixed(2)} ms/request; PostgreSQL backends ${pgCpu ? `${(pgCpu.cpuMs / count).toFixed(2)} ms/request (${pgCpu.backends} backends)` : 'not measurable'}\n` +
      `  by thread (ms/request): event loop ${split.main.toFixed(2)}, ` +
      `${services.database.kind === 'pglite' ? 'database worker' : 'threads started since (none on PostgreSQL)'} ${split.database.toFixed(2)}, other (V8 compiler and GC, libuv) ${split.other.toFixed(2)}\n`,
  );
  const shapes = new Map<string, { n: number; ms: number }>();
  for (const e of statements) {
    const shape = e.query.replace(/\s+/g, ' ').trim().slice(0, 90);
    const s = shapes.get(shape) ?? { n: 0, ms: 0 };
    shapes.set(shape, { n: s.n + 1, ms: s.ms + e.duration });
  }
  for (const [q, s] of [...shapes].sort((a, b) => b[1].ms - a[1].ms)) {
    process.stdout.write(`  ${(s.ms / count).toFixed(2).padStart(8)} ms/request  ${String(s.n).padStart(5)}×  ${q}\n`);
  }
} finally {
  await services.close();
}
