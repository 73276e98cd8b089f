// Prints the SQL one HTTP request makes the app run (in order, with Prisma's
// timing), and EXPLAIN (ANALYZE, BUFFERS) of each SELECT. Meant for a
// database kept by `npm run bench -- --keep` (the data the benchmark used).
// Usage:
//   DATABASE_URL=postgres://…/tasksvc_bench_… npx tsx bench/diagnostics/trace-queries.ts GET '/api/mcp/tasks?project_id=1&limit=50'
//   … POST /api/mcp/tasks/create '{"project_id":1,"title":"x"}'   [--explain] [--repeat N]
// Writes run inside the app as usual (a create really creates). The benchmark
// user (bench-0@example.com) gets a fresh API key for the trace.

import { inProcessApp } from './in-process-app.ts';

interface QueryEvent {
  query: string;
  params: string;
  duration: number;
}

async function main() {
  // Positional arguments: not an option, nor the value of --repeat.
  const args = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--repeat');
  const explain = process.argv.includes('--explain');
  const repeatAt = process.argv.indexOf('--repeat');
  const repeat = repeatAt > 0 ? Number(process.argv[repeatAt + 1]) : 3;
  const [method, path, body] = args;
  if (!(process.env.DATABASE_URL || process.env.TASKSVC_DATA_DIR) || !method || !path) {
    process.stderr.write('usage: DATABASE_URL=… npx tsx bench/diagnostics/trace-queries.ts METHOD PATH [JSON] [--explain] [--repeat N]\n');
    process.exit(2);
  }
  const events: QueryEvent[] = [];
  const { services, send: request } = await inProcessApp('trace', { onQuery: () => undefined });
  (services.database.prisma as unknown as { $on(e: 'query', cb: (e: QueryEvent) => void): void }).$on('query', (e) => events.push(e));
  try {
    const send = async () => {
      events.length = 0;
      const started = performance.now();
      const res = await request(method, path, body);
      const text = await res.text();
      return { status: res.status, ms: performance.now() - started, bytes: text.length, text };
    };
    // Earlier requests warm caches and the JIT; the last one is traced.
    let last = await send();
    for (let i = 1; i < repeat; i++) last = await send();
    process.stdout.write(`${method} ${path} → ${last.status}, ${last.bytes} bytes, ${last.ms.toFixed(1)} ms in process, ${events.length} statements:\n\n`);
    if (last.status >= 400) process.stdout.write(`${last.text.slice(0, 500)}\n\n`);
    for (const [i, e] of events.entries()) {
      process.stdout.write(`#${i + 1} (${e.duration} ms) ${e.query}\n   params ${e.params.slice(0, 300)}\n`);
      if (explain && /^\s*(SELECT|WITH)/i.test(e.query)) {
        try {
          const plan = await services.database.sql.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${e.query}`, JSON.parse(e.params) as unknown[]);
          process.stdout.write(`${plan.map((r) => `     ${r['QUERY PLAN']}`).join('\n')}\n`);
        } catch (err) {
          process.stdout.write(`     (EXPLAIN failed: ${(err as Error).message})\n`);
        }
      }
      process.stdout.write('\n');
    }
  } finally {
    await services.close();
  }
}

await main();
