// Load generation: autocannon with several connections for a fixed time, run
// from the benchmark's own process (the servers are separate children).

import autocannon from 'autocannon';

/** One HTTP request of a scenario; `i` counts requests, so bodies and paths can vary. */
export interface RequestMaker {
  method: 'GET' | 'POST';
  path: (i: number) => string;
  body?: (i: number) => unknown;
}

/** What one load run measured. */
export interface LoadResult {
  /** Mean successful requests per second. */
  rps: number;
  requests: number;
  /** Latency percentiles, milliseconds. */
  p50: number;
  p99: number;
  meanMs: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

/** Sends `make`'s requests to `baseUrl` with `connections` connections for `durationSec` seconds. */
export async function runLoad(
  baseUrl: string,
  headers: Record<string, string>,
  make: RequestMaker,
  o: { connections: number; durationSec: number },
): Promise<LoadResult> {
  let counter = 0;
  const requests = [
    {
      method: make.method,
      headers: make.body ? { ...headers, 'content-type': 'application/json' } : headers,
      setupRequest: (req: { path?: string; body?: string }) => {
        const i = counter++;
        req.path = make.path(i);
        if (make.body) req.body = JSON.stringify(make.body(i));
        return req;
      },
    },
  ];
  const r = await autocannon({ url: baseUrl, connections: o.connections, duration: o.durationSec, requests, timeout: 30 });
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  const ok = r['2xx'] ?? 0;
  return {
    rps: round(ok / r.duration),
    requests: ok + r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
    meanMs: round(r.latency.mean),
    maxMs: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    statusCodes,
  };
}

/** One request outside the load, to check a scenario answers what it should before measuring it. */
export async function probe(baseUrl: string, headers: Record<string, string>, make: RequestMaker, i = 0) {
  const started = performance.now();
  const res = await fetch(baseUrl + make.path(i), {
    method: make.method,
    headers: make.body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: make.body ? JSON.stringify(make.body(i)) : undefined,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // reported below as text
  }
  return { status: res.status, json, text, ms: performance.now() - started };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
