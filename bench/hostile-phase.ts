// Hostile shapes against the app while /healthz is probed: the text-search
// parser's quadratic inputs (words joined by underscores) as 80 KB task
// descriptions, and markdown whose rendering cost grows faster than its
// length. Each request is one create, answered within the service's budgets;
// the probe says whether anything else waited meanwhile.

import type { BenchOptions } from './options.ts';
import { type HealthzStats, probeHealthz } from './healthz-probe.ts';

/** One hostile request and what /healthz did while it ran. */
export interface HostileResult {
  label: string;
  status: number;
  ms: number;
  healthz: HealthzStats;
}

/** The shapes: the unit, its length, markdown or HTML. */
function shapes(mode: BenchOptions['mode']) {
  const length = mode === 'smoke' ? 2_000 : 80_000;
  return [
    ...['_a', 'a_', '_1', 'a_b-'].map((unit) => ({ label: `description '${unit}' × ${length / unit.length} (HTML)`, text: unit.repeat(length / unit.length), markdown: false })),
    { label: `description of nested emphasis (markdown, ${length / 2} chars)`, text: '*a '.repeat(length / 6) + ' a*'.repeat(length / 6), markdown: true },
    { label: `description '_a' × ${length / 4} (markdown)`, text: '_a'.repeat(length / 4), markdown: true },
  ];
}

/** Creates one task per shape on `projectId`, one after another, each under its own /healthz probe. */
export async function runHostile(url: string, headers: Record<string, string>, projectId: number, mode: BenchOptions['mode']): Promise<HostileResult[]> {
  const results: HostileResult[] = [];
  for (const shape of shapes(mode)) {
    const probe = probeHealthz(url);
    const started = performance.now();
    let status: number;
    try {
      const res = await fetch(`${url}/api/v1/tasks`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ project_id: projectId, title: 'hostile', description: shape.text, ...(shape.markdown ? { content_type: 'markdown' } : {}) }),
        signal: AbortSignal.timeout(120_000),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 0;
    }
    const ms = Math.round(performance.now() - started);
    results.push({ label: shape.label, status, ms, healthz: await probe.stop() });
  }
  return results;
}
