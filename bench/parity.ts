// The floor is a floor only for the same work: before the load, the bench
// asks the app and the floor the same requests and compares the answers.
// Reads must be identical; writes (which make different rows) must have the
// same shape: the same keys, value types and array lengths.

import type { SeedResult } from './seed.ts';
import { teamBoardManifest } from './scenarios.ts';
import type { ServerProcess } from './server-process.ts';
import { SEARCH_QUERIES } from './vocabulary.ts';

/** The first difference between two JSON values, as a path and both values; null when equal. */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) {
    return `${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`;
  }
  if (a && typeof a === 'object') {
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    for (const k of new Set([...ka, ...kb])) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`;
}

/** A JSON value with every number, string and boolean replaced by its type name. */
function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
  return v === null ? null : typeof v;
}

type Ask = { path: string; method?: 'GET' | 'POST'; body?: (server: string) => unknown; status?: number };

async function answer(server: ServerProcess, name: string, headers: Record<string, string>, ask: Ask) {
  const res = await fetch(server.url + ask.path, {
    method: ask.method ?? 'GET',
    headers: ask.body ? { ...headers, 'content-type': 'application/json' } : headers,
    body: ask.body ? JSON.stringify(ask.body(name)) : undefined,
  });
  const text = await res.text();
  if (res.status !== (ask.status ?? 200)) throw new Error(`${name} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as unknown;
}

/**
 * Compares the floor's answers with the app's, per scenario id: "identical"
 * (reads), "same shape" (writes), or what differs.
 */
export async function floorParity(app: ServerProcess, floor: ServerProcess, headers: Record<string, string>, seed: SeedResult, run: string): Promise<Record<string, string>> {
  const asks: Record<string, Ask & { writes?: boolean }> = {
    list: { path: `/api/mcp/tasks?project_id=${seed.visibleProjectIds[0]}&limit=50` },
    projects: { path: '/api/v1/projects' },
    search: { path: `/api/mcp/tasks/search?query=${encodeURIComponent(SEARCH_QUERIES[1])}&limit=10` },
    update: { path: '/api/mcp/tasks/update', method: 'POST', writes: true, body: (s) => ({ task_id: seed.sampleTaskIds[0], title: `Parity ${run} ${s}`, priority: 'high' }) },
    create: { path: '/api/mcp/tasks/create', method: 'POST', writes: true, body: (s) => ({ project_id: seed.visibleProjectIds[0], title: `Parity ${run} ${s}`, priority: 'low' }) },
    board: { path: `/api/v1/teams/${seed.teamUuid}/boards`, method: 'POST', status: 201, writes: true, body: (s) => teamBoardManifest(`${run} parity ${s}`, 0, 3) },
  };
  const out: Record<string, string> = {};
  for (const [id, ask] of Object.entries(asks)) {
    try {
      const a = await answer(app, 'app', headers, ask);
      const f = await answer(floor, 'floor', headers, ask);
      const d = ask.writes ? firstDifference(shape(a), shape(f)) : firstDifference(a, f);
      out[id] = d ?? (ask.writes ? 'same shape' : 'identical');
    } catch (err) {
      out[id] = (err as Error).message;
    }
  }
  return out;
}
