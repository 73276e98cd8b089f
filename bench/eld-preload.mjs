// Preloaded into a benchmarked server (`node --import ./bench/eld-preload.mjs …`) so its event-loop delay is
// measured without touching src/. Plain JavaScript: it loads before the app registers tsx.
//
// With BENCH_ELD_FILE set it samples the event-loop delay (perf_hooks histogram, 5 ms resolution). On SIGUSR2,
// and at exit, it writes the statistics since the previous dump to that file (atomically, with a rising `seq`)
// and starts a new histogram: the bench signals before a window (reset) and after it (read).
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_ELD_FILE;

if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let seq = 0;
  const ms = (ns) => Math.round((ns / 1e6) * 100) / 100;
  const dump = () => {
    const stats = { seq: ++seq, p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max) };
    writeFileSync(`${file}.tmp`, JSON.stringify(stats));
    renameSync(`${file}.tmp`, file);
    histogram.reset();
  };
  process.on('SIGUSR2', dump);
  process.on('exit', dump);
}
