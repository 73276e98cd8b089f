// Preloaded into the benchmarked server (`node --import ./bench/eld-preload.mjs …`)
// so its event-loop delay can be measured without touching src/. Plain
// JavaScript: it loads before the app registers tsx.
//
// With BENCH_ELD_FILE set it samples the event-loop delay (perf_hooks
// histogram, 5 ms timer resolution). On SIGUSR2, and at exit, it writes the
// statistics since the previous dump to that file (atomically, with a rising
// `seq`) and starts a new histogram, so the benchmark gets one measurement per
// scenario: it signals before the scenario (reset) and after it (read).
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_ELD_FILE;

if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let seq = 0;
  const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
  const dump = () => {
    const usage = process.resourceUsage();
    const memory = process.memoryUsage();
    const stats = {
      seq: ++seq,
      pid: process.pid,
      at: Date.now(),
      samples: histogram.count,
      minMs: ms(histogram.min),
      meanMs: ms(histogram.mean),
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
      rssBytes: memory.rss,
      maxRssBytes: usage.maxRSS * 1024,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      // Buffers and WebAssembly memories (Prisma's query compiler, PGlite) live here.
      externalBytes: memory.external,
      arrayBuffersBytes: memory.arrayBuffers,
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(stats));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
  };
  process.on('SIGUSR2', dump);
  process.on('exit', dump);
}
