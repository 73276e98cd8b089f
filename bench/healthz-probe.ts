// `/healthz` answered while the app works: one request after another (a
// pause of 50 ms between), each timed end to end from this process. The
// probe of the issue "the embedded default never stalls": on PGlite every
// statement used to run on the app's event loop, so a 500-task board or a
// hostile description held /healthz for seconds.

/** `/healthz` round trips over a window. */
export interface HealthzStats {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

const PAUSE_MS = 50;

/** Probes `url`/healthz until `stop()`, which answers the window's statistics. */
export function probeHealthz(url: string): { stop(): Promise<HealthzStats> } {
  const ms: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped || !ms.length) {
      const started = performance.now();
      try {
        const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(60_000) });
        await res.arrayBuffer();
      } catch {
        // A probe that failed counts with the time it took.
      }
      ms.push(performance.now() - started);
      if (!stopped) await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      const sorted = [...ms].sort((a, b) => a - b);
      const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] * 10) / 10;
      return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted[sorted.length - 1] * 10) / 10 };
    },
  };
}
