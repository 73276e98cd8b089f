// The Ratios table of RESULTS.md and the helpers the report's tables
// share: the app against the floor and PostGraphile for every scenario both
// run (req/s, server CPU and PostgreSQL CPU per request, medians of
// same-round ratios) and the team board's p50 time; trusted document ÷
// text; workers; PGlite ÷ PostgreSQL. (Facade ÷ GraphQL direct is in the
// Targets table, with its p50 and mean.)

import type { BenchResults, PassResult, ScenarioResult, ServerKind } from './results.ts';

/** The scenarios the floor and PostGraphile run too, by id, as the ratios name them. */
const COMPARED: Record<string, string> = { list: 'list', create: 'create', update: 'update', search: 'search', projects: 'project list' };

/** A number for a table: grouped thousands, `digits` decimals; – for none. */
export const fmt = (n: number | null | undefined, digits = 0) => (n == null || !Number.isFinite(n) ? '–' : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
export const pct = (n: number | null) => (n == null ? '–' : `${Math.round(n * 100)} %`);
export const times = (n: number | null) => (n == null ? '–' : `${n.toFixed(2)}×`);
export const verdict = (ok: boolean | null) => (ok == null ? 'not measured' : ok ? '**met**' : '**missed**');

export function find(pass: PassResult | undefined, id: string, server: ServerKind = 'app'): ScenarioResult | undefined {
  return pass?.scenarios.find((s) => s.id === id && s.server === server && s.load);
}

/** Server CPU ms per request of a measured scenario. */
export const cpuPerRequest = (s: ScenarioResult | undefined) => (s?.window && s.load?.rps ? (s.window.cpuCores * 1000) / s.load.rps : undefined);

/**
 * The median over rounds of (app's value ÷ other's value) for scenario `id`,
 * each ratio from one round (same machine state); a run of one round gives
 * that round's ratio.
 */
export function roundRatio(pass: PassResult | undefined, id: string, other: ServerKind, value: (s: ScenarioResult) => number | undefined): number | null {
  const of = (server: ServerKind) => (pass?.scenarios ?? []).filter((s) => s.id === id && s.server === server && s.load);
  const apps = of('app');
  const others = of(other);
  const ratios = apps
    .map((a) => ratio(value(a), value(others.find((o) => (o.round ?? 1) === (a.round ?? 1)) ?? ({} as ScenarioResult))))
    .filter((v): v is number => v != null)
    .sort((a, b) => a - b);
  return ratios.length ? ratios[Math.floor((ratios.length - 1) / 2)] : null;
}

export function ratio(a: number | undefined, b: number | undefined): number | null {
  return a != null && b ? a / b : null;
}

/** The one-process PostgreSQL pass (the one targets and ratios read), else the first PostgreSQL pass. */
export function postgresPass(r: BenchResults): PassResult | undefined {
  return r.passes.find((p) => p.database === 'postgres' && !p.workers) ?? r.passes.find((p) => p.database === 'postgres');
}

export function ratioRows(r: BenchResults): string[] {
  const pg = postgresPass(r);
  const lite = r.passes.find((p) => p.database === 'pglite');
  const rows = ['| ratio | value |', '|---|---:|'];
  const rps = (s: ScenarioResult) => s.load?.rps;
  for (const [id, name] of Object.entries(COMPARED)) {
    for (const [other, otherName] of [['floor', 'floor'], ['reference', 'PostGraphile']] as const) {
      rows.push(`| app ÷ ${otherName}, ${name} req/s (PostgreSQL) | ${pct(roundRatio(pg, id, other, rps))} |`);
      rows.push(`| app ÷ ${otherName}, ${name} server CPU ms per request (PostgreSQL) | ${times(roundRatio(pg, id, other, cpuPerRequest))} |`);
      rows.push(`| app ÷ ${otherName}, ${name} PostgreSQL CPU ms per request | ${times(roundRatio(pg, id, other, (s) => s.pgCpuMsPerRequest ?? undefined))} |`);
    }
  }
  for (const [other, otherName] of [['floor', 'floor'], ['reference', 'PostGraphile']] as const) {
    const b = pg?.boards?.[other];
    rows.push(`| app ÷ ${otherName}, team board p50 time (PostgreSQL) | ${times(ratio(pg?.board?.p50, b?.problem ? undefined : b?.p50))} |`);
  }
  for (const pass of [pg, lite]) {
    // The same operation sent as text and by trusted-document id, same round: what skipping parse and validation saves.
    const rounds = (id: string) => (pass?.scenarios ?? []).filter((s) => s.id === id && s.server === 'app' && s.load);
    const texts = rounds('list-graphql');
    const ratios = rounds('list-trusted')
      .map((t) => ratio(cpuPerRequest(t), cpuPerRequest(texts.find((x) => (x.round ?? 1) === (t.round ?? 1)))))
      .filter((v): v is number => v != null)
      .sort((a, b) => a - b);
    if (pass && ratios.length) {
      const median = ratios[Math.floor((ratios.length - 1) / 2)];
      rows.push(`| trusted document ÷ document text, task list server CPU ms per request (${pass.database}; median of ${ratios.length} round(s), range ${times(ratios[0])}–${times(ratios.at(-1)!)}) | ${times(median)} |`);
    }
  }
  for (const many of r.passes.filter((p) => p.database === 'postgres' && p.workers && p !== pg)) {
    for (const s of pg?.scenarios.filter((x) => x.server === 'app' && x.load && (x.round ?? 1) === 1) ?? []) {
      const other = find(many, s.id);
      if (other) {
        rows.push(`| ${many.workers} workers ÷ 1, ${s.label} req/s (PostgreSQL, first rounds) | ${times(ratio(other.load?.rps, s.load?.rps))} |`);
        rows.push(`| ${many.workers} workers ÷ 1, ${s.label} server CPU ms per request | ${times(ratio(cpuPerRequest(other), cpuPerRequest(s)))} |`);
      }
    }
  }
  if (pg && lite) {
    for (const s of pg.scenarios.filter((x) => x.server === 'app' && x.load && (x.round ?? 1) === 1)) {
      const other = find(lite, s.id);
      if (other) rows.push(`| PGlite ÷ PostgreSQL, ${s.label} req/s | ${pct(ratio(other.load?.rps, s.load?.rps))} |`);
    }
    if (pg.board && lite.board) rows.push(`| PGlite ÷ PostgreSQL, team board p50 time | ${times(ratio(lite.board.p50, pg.board.p50))} |`);
  }
  return rows;
}
