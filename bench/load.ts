// HTTP from the bench's own process (the servers are separate children): autocannon load for a fixed time,
// single requests (probes, parity, boards, hostile shapes), and the `/healthz` probe that runs beside them.

import autocannon from 'autocannon';
import type { HealthzStats } from './results.ts';

/** One HTTP request of a scenario; `i` counts requests, so bodies and paths can vary. A body means POST. */
export interface RequestMaker {
  path: (i: number) => string;
  body?: (i: number) => unknown;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const headersFor = (headers: Record<string, string>, body: boolean) => (body ? { ...headers, 'content-type': 'application/json' } : headers);

/** Sends `make`'s requests to `url` over `connections` connections for `durationSec` seconds. */
export async function runLoad(url: string, headers: Record<string, string>, make: RequestMaker, connections: number, durationSec: number) {
  let counter = 0;
  const setupRequest = (req: { path?: string; body?: string }) => {
    const i = counter++;
    req.path = make.path(i);
    if (make.body) req.body = JSON.stringify(make.body(i));
    return req;
  };
  const method = make.body ? 'POST' : 'GET';
  const r = await autocannon({ url, connections, duration: durationSec, timeout: 30, requests: [{ method, headers: headersFor(headers, !!make.body), setupRequest }] });
  const ok = r['2xx'] ?? 0;
  const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return { rps: round(ok / r.duration), requests: ok + r.non2xx, p50: r.latency.p50, p99: r.latency.p99, meanMs: round(r.latency.mean), maxMs: r.latency.max, non2xx: r.non2xx + r.errors, statusCodes };
}

/** One request (POST when it has a body): status (0 when it failed), parsed body (null if not JSON), text, ms. */
export async function send(url: string, headers: Record<string, string>, body?: unknown, timeoutMs = 120_000) {
  const started = performance.now();
  let status = 0;
  let text: string;
  try {
    const init = { headers: headersFor(headers, body !== undefined), signal: AbortSignal.timeout(timeoutMs) };
    const res = await fetch(url, body === undefined ? init : { ...init, method: 'POST', body: JSON.stringify(body) });
    text = await res.text();
    status = res.status;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    text = `${e.name}: ${e.message}${e.cause ? ` (${e.cause.message})` : ''}`;
  }
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: callers report the text
  }
  return { status, json, text, ms: performance.now() - started };
}

/**
 * Probes `url`/healthz one request after another (50 ms apart), each timed end to end, until the returned
 * function is called; that answers the window's statistics. A probe that failed counts with its time.
 */
export function probeHealthz(url: string): () => Promise<HealthzStats> {
  const ms: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped || !ms.length) {
      ms.push((await send(`${url}/healthz`, {}, undefined, 60_000)).ms);
      if (!stopped) await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    ms.sort((a, b) => a - b);
    return { n: ms.length, p99: round(ms[Math.ceil(0.99 * ms.length) - 1], 1), max: round(ms[ms.length - 1], 1) };
  };
}
