import { setFlagsFromString } from 'node:v8';

/**
 * Sets how far past its live data V8 lets the heap grow before the next full
 * collection, in percent (V8's `--heap-growing-percent`; 0 keeps V8's own
 * choice). V8's default, 1.1× to 4× the live data by how fast it collects,
 * let ten concurrent requests grow a ~70 MB live heap to 260–330 MB: their
 * short-lived objects outlive the young generation and die in the old one.
 * Set at run time rather than as a node flag, so `npm start`, `tasksvc serve`
 * and the benchmarks share one policy (bench/BENCHMARKS.md, session 4).
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
