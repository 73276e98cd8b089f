// The floor is a floor only for the same work: before the load, the bench asks the app and the floor the
// same requests and compares the answers. Reads must be identical; writes (which make different rows) must
// have the same shape: the same keys, value types and array lengths.

import { send } from './load.ts';
import { teamBoardManifest } from './scenarios.ts';
import type { SeedResult } from './seed.ts';
import { SEARCH_QUERIES } from './vocabulary.ts';

/** The first difference between two JSON values, as a path and both values; null when equal. */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(a) === kind(b) && a && typeof a === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b as object)])) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return kind(a) === kind(b) && a === b ? null : `${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`;
}

/** A JSON value with every number, string and boolean replaced by its type name. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
  return v === null ? null : typeof v;
}

/** Compares the floor's answers with the app's, per scenario id: "identical" (reads), "same shape" (writes), or what differs. */
export async function floorParity(appUrl: string, floorUrl: string, headers: Record<string, string>, seed: SeedResult, run: string): Promise<Record<string, string>> {
  const asks: Record<string, { path: string; body?: (server: string) => unknown; status?: number }> = {
    list: { path: `/api/mcp/tasks?project_id=${seed.visibleProjectIds[0]}&limit=50` },
    projects: { path: '/api/v1/projects' },
    search: { path: `/api/mcp/tasks/search?query=${encodeURIComponent(SEARCH_QUERIES[1])}&limit=10` },
    update: { path: '/api/mcp/tasks/update', body: (s) => ({ task_id: seed.sampleTaskIds[0], title: `Parity ${run} ${s}`, priority: 'high' }) },
    create: { path: '/api/mcp/tasks/create', body: (s) => ({ project_id: seed.visibleProjectIds[0], title: `Parity ${run} ${s}`, priority: 'low' }) },
    board: { path: `/api/v1/teams/${seed.teamUuid}/boards`, status: 201, body: (s) => teamBoardManifest(`${run} parity ${s}`, 0, 3) },
  };
  const out: Record<string, string> = {};
  for (const [id, ask] of Object.entries(asks)) {
    const a = await send(appUrl + ask.path, headers, ask.body?.('app'));
    const f = await send(floorUrl + ask.path, headers, ask.body?.('floor'));
    const wrong = [a, f].find((r) => r.status !== (ask.status ?? 200));
    const d = wrong ? `${wrong === a ? 'app' : 'floor'} answered ${wrong.status}: ${wrong.text.slice(0, 200)}` : ask.body ? firstDifference(shape(a.json), shape(f.json)) : firstDifference(a.json, f.json);
    out[id] = d ?? (ask.body ? 'same shape' : 'identical');
  }
  return out;
}
