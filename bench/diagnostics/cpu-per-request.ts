// CPU cost of one request inside the app process, without HTTP or a load
// generator: sends the same request sequentially through `app.request` and
// reports this process's CPU time (user + system) per request. Quick feedback
// while optimising a hot path; a ratio between two builds only means something
// when both ran on the same kept database (`npm run bench -- --keep`).
// Usage:
//   DATABASE_URL=postgres://…/tasksvc_bench_… npx tsx bench/diagnostics/cpu-per-request.ts GET '/api/mcp/tasks?project_id=1&limit=50' [N] [--profile]
//   … POST /api/mcp/tasks/create '{"project_id":1,"title":"x"}' [N]   (writes really happen: use a kept bench database)
// --profile writes bench/results/cpu-per-request.cpuprofile (summarise with bench/diagnostics/profile-summary.ts).
// --callgrind counts instructions instead of time, which a busy machine does not change: run it under
//   valgrind --tool=callgrind --instr-atstart=no node --import tsx bench/diagnostics/cpu-per-request.ts … --callgrind
// and it switches instrumentation on for the measured requests only (valgrind's "Collected" line ÷ N).

import { spawn } from 'node:child_process';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { PgCpuMeter } from '../pg-cpu.ts';
import { IN_PROCESS_APP_NAME, inProcessApp } from './in-process-app.ts';

async function main() {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const [method, path, ...rest] = args;
  const body = rest[0]?.startsWith('{') ? rest.shift() : undefined;
  const countText = rest[0];
  const count = Number(countText ?? 500);
  if (!process.env.DATABASE_URL || !method || !path) {
    process.stderr.write('usage: DATABASE_URL=… npx tsx bench/diagnostics/cpu-per-request.ts METHOD PATH [JSON] [N] [--profile]\n');
    process.exit(2);
  }
  const { services, send: request } = await inProcessApp('cpu-per-request');
  try {
    const send = async () => {
      const res = await request(method, path, body);
      await res.text();
      if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status}`);
    };
    for (let i = 0; i < Math.min(count, 200); i++) await send();
    const session = process.argv.includes('--profile') ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const callgrind = process.argv.includes('--callgrind');
    const meter = await new PgCpuMeter(process.env.DATABASE_URL, IN_PROCESS_APP_NAME).open();
    await meter.begin();
    if (callgrind) await callgrindInstrumentation('on');
    const cpu = process.cpuUsage();
    const wall = performance.now();
    for (let i = 0; i < count; i++) await send();
    if (callgrind) await callgrindInstrumentation('off');
    const used = process.cpuUsage(cpu);
    const elapsed = performance.now() - wall;
    const pgCpu = await meter.end();
    await meter.close();
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync('bench/results/cpu-per-request.cpuprofile', JSON.stringify(profile));
    }
    process.stdout.write(
      `${method} ${path}: ${count} requests, CPU ${((used.user + used.system) / 1000 / count).toFixed(2)} ms/request ` +
        `(user ${(used.user / 1000 / count).toFixed(2)}, system ${(used.system / 1000 / count).toFixed(2)}), wall ${(elapsed / count).toFixed(2)} ms/request` +
        `, PostgreSQL backends ${pgCpu ? `${(pgCpu.cpuMs / count).toFixed(2)} ms/request (${pgCpu.backends} backends)` : 'not measurable'}\n`,
    );
  } finally {
    await services.close();
  }
}

/**
 * Switches callgrind's instrumentation of this process. callgrind_control
 * is answered only while the process runs code, so the event loop keeps
 * ticking until it returns.
 */
async function callgrindInstrumentation(state: 'on' | 'off') {
  const ticker = setInterval(() => undefined, 5);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('callgrind_control', ['-i', state, String(process.pid)], { stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`callgrind_control -i ${state}: exit ${code}`))));
    });
  } finally {
    clearInterval(ticker);
  }
}

await main();
