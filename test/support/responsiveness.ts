import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The `/healthz` budget while hostile work runs (the service must keep answering). */
export const HEALTHZ_BUDGET_MS = 250;

/** The budget of one hostile request's own answer (bounded work, whatever its shape). */
export const ANSWER_BUDGET_MS = 2000;

/** How responsive the service stayed while some work ran. */
export interface Responsiveness {
  /** Slowest `/healthz` answer (ms), from sending the request to reading the body. */
  slowestProbeMs: number;
  /** `/healthz` requests answered while the work ran. */
  probes: number;
  /** Longest the event loop of this process was blocked (ms); the test server runs in it. */
  maxLoopDelayMs: number;
}

/**
 * Runs `work` against a test server of this process while probing its
 * `/healthz` one request after another and sampling the event loop's delay.
 * A budget on the service's responsiveness (its loop must stay free while a
 * hostile request is handled), not a timing of the work itself: the work may
 * take as long as it takes. At least one probe completes, even when the work
 * is quick.
 */
export async function probeWhile<T>(baseUrl: string, work: () => Promise<T>): Promise<{ result: T } & Responsiveness> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let done = false;
  let slowestProbeMs = 0;
  let probes = 0;
  const prober = (async () => {
    while (!done || probes === 0) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/healthz`);
      await res.text();
      slowestProbeMs = Math.max(slowestProbeMs, performance.now() - started);
      probes++;
      if (!done) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const result = await work();
    done = true;
    await prober;
    return { result, slowestProbeMs, probes, maxLoopDelayMs: histogram.max / 1e6 };
  } finally {
    done = true;
    histogram.disable();
  }
}

/**
 * The `/healthz` budget on this machine now: {@link HEALTHZ_BUDGET_MS} on an
 * idle machine, stretched by how oversubscribed its cores are (1-minute load
 * average per core) — on a busy shared machine every answer waits for a
 * core, hostile or not. A blocked loop (seconds, growing with the input)
 * still exceeds it by far.
 */
export function healthzBudgetMs(): number {
  return HEALTHZ_BUDGET_MS * loadFactor();
}

/**
 * The answer budget on this machine now: {@link ANSWER_BUDGET_MS} stretched
 * as {@link healthzBudgetMs} is. Work that grows faster than its input
 * (seconds to minutes for the largest accepted input) still exceeds it.
 */
export function answerBudgetMs(): number {
  return ANSWER_BUDGET_MS * loadFactor();
}

/** How oversubscribed the cores are: the 1-minute load average per core, at least 1. */
export function loadFactor(): number {
  return Math.max(1, os.loadavg()[0] / Math.max(1, os.cpus().length));
}
