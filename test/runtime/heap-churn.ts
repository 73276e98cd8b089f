// Child of heap-growth.test.ts: applies HEAP_GROWING_PERCENT=<argv[2]> the way
// `tasksvc serve` does, keeps a large live set, churns garbage that outlives
// the young generation (as concurrent requests' objects do) and prints the
// peak total JS heap in MB.
import { applyHeapGrowth } from '../../src/heap-growth.ts';

applyHeapGrowth(Number(process.argv[2]));
const live = Array.from({ length: 400 }, () => Array.from({ length: 10_000 }, (_, i) => ({ i })));
const ring: unknown[] = new Array(64);
let peak = 0;
for (let n = 0; n < 3000; n++) {
  ring[n % ring.length] = Array.from({ length: 2_000 }, (_, i) => ({ n, i, s: `x${i}` }));
  if (n % 10 === 0) peak = Math.max(peak, process.memoryUsage().heapTotal);
}
process.stdout.write(`${JSON.stringify({ live: live.length, peakMb: Math.round(peak / 1048576) })}\n`);
