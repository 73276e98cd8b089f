// The `load` section of bench/RESULTS.md from a run's results: the Targets, the Ratios (the app against the
// floor and PostGraphile, medians of same-round ratios; trusted document ÷ text; PGlite ÷ PostgreSQL) and
// each pass's tables. The other benchmarks write their sections of that file with `writeSection`. How it is
// measured and what was decided: bench/BENCHMARKS.md.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BenchResults, HealthzStats, Measured, PassResult, ServerKind } from './results.ts';

/** The targets (2-core machine, ratios from one run). */
const TARGETS = {
  listOfFloor: 0.5,
  createOfFloor: 0.4,
  /** Server CPU per request, app ÷ PostGraphile. */
  listCpuOfReference: 1,
  createCpuOfReference: 1.5,
  facadeOverGraphql: 1.1,
  boardMs: 1000,
  rssMb: { postgres: 250, pglite: 400 },
  /** `/healthz` while boards, hostile shapes and the load run. */
  healthzP99Ms: 100,
  healthzMaxMs: 250,
  /** PGlite ÷ PostgreSQL req/s on list, create, update and search. */
  pgliteOfPostgres: 0.7,
};

/** The scenarios the floor and PostGraphile run too, by id, as the ratios name them. */
const COMPARED = { list: 'list', create: 'create', update: 'update', search: 'search', projects: 'project list' };

/** A number for a table: grouped thousands, `digits` decimals; – for none. */
export const fmt = (n: number | null | undefined, digits = 0) => (n == null || !Number.isFinite(n) ? '–' : n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }));
const pct = (n: number | null | undefined) => (n == null ? '–' : `${Math.round(n * 100)} %`);
const times = (n: number | null | undefined) => (n == null ? '–' : `${n.toFixed(2)}×`);
const verdict = (ok: boolean | null) => (ok == null ? 'not measured' : ok ? '**met**' : '**missed**');
const ratio = (a: number | null | undefined, b: number | null | undefined) => (a != null && b ? a / b : null);
const median = (xs: number[]) => (xs.length ? xs[Math.floor((xs.length - 1) / 2)] : null);
const rps = (r: Measured) => r.rps;
const cpu = (r: Measured) => r.cpuMsPerRequest;

/** The first round's row of `id` on `server` (the one the tables show). */
const find = (pass: PassResult | undefined, id: string, server: ServerKind = 'app') => pass?.rows.find((r) => r.id === id && r.server === server);

/** `value` of row a ÷ row b in each round both ran, sorted (`a`, `b`: id and server). */
function roundRatios(pass: PassResult | undefined, a: [string, ServerKind], b: [string, ServerKind], value: (r: Measured) => number | null | undefined): number[] {
  const of = ([id, server]: [string, ServerKind]) => (pass?.rows ?? []).filter((r) => r.id === id && r.server === server && !r.problem);
  const others = of(b);
  return of(a)
    .map((x) => {
      const y = others.find((o) => o.round === x.round);
      return y ? ratio(value(x), value(y)) : null;
    })
    .filter((v): v is number => v != null)
    .sort((x, y) => x - y);
}

/** The median over rounds of the app's `value` ÷ `other`'s on scenario `id` (each ratio from one round: same machine state). */
const appOver = (pass: PassResult | undefined, id: string, other: ServerKind, value: (r: Measured) => number | null | undefined) => median(roundRatios(pass, [id, 'app'], [id, other], value));

/** The worst /healthz of several windows: the highest p99 and the highest max. */
function worstHealthz(stats: (HealthzStats | undefined)[]): HealthzStats | null {
  const known = stats.filter((h): h is HealthzStats => !!h);
  return known.length ? { n: known.reduce((n, h) => n + h.n, 0), p99: Math.max(...known.map((h) => h.p99)), max: Math.max(...known.map((h) => h.max)) } : null;
}

function targetRows(pg: PassResult | undefined, lite: PassResult | undefined, boardTasks: number): string[] {
  const rows = ['| target | measured | verdict |', '|---|---|---|'];
  const of = (r: Measured | undefined, value: (r: Measured) => number | null | undefined, digits: number) => fmt(r && value(r), digits);
  const vs = (id: string, other: ServerKind, value: (r: Measured) => number | null | undefined, digits = 0) => `${of(find(pg, id), value, digits)} vs ${of(find(pg, id, other), value, digits)}`;
  const ofFloor = (id: string, target: number) => {
    const v = appOver(pg, id, 'floor', rps);
    rows.push(`| task ${id} ≥ ${pct(target)} of the floor's req/s (PostgreSQL) | ${pct(v)} (${vs(id, 'floor', rps)} req/s) | ${verdict(v == null ? null : v >= target)} |`);
  };
  const cpuOfReference = (id: string, target: number) => {
    const v = appOver(pg, id, 'reference', cpu);
    if (v != null) rows.push(`| task ${id} server CPU per request ≤ ${target === 1 ? '' : `${target}× `}PostGraphile's (PostgreSQL) | ${times(v)} (${vs(id, 'reference', cpu, 1)} ms) | ${verdict(v <= target)} |`);
  };
  ofFloor('list', TARGETS.listOfFloor);
  cpuOfReference('list', TARGETS.listCpuOfReference);
  cpuOfReference('create', TARGETS.createCpuOfReference);
  ofFloor('create', TARGETS.createOfFloor);
  for (const pass of [pg, lite]) {
    for (const what of ['list', 'create'] as const) {
      const [f, g] = [find(pass, what), find(pass, `${what}-graphql`)];
      if (!pass || !f || !g) continue;
      const p50 = ratio(f.p50, g.p50);
      rows.push(`| facade ≤ ${TARGETS.facadeOverGraphql}× GraphQL direct latency, task ${what} (${pass.database}) | p50 ${times(p50)} (${fmt(f.p50)} vs ${fmt(g.p50)} ms), mean ${times(ratio(f.meanMs, g.meanMs))} | ${verdict(p50 == null ? null : p50 <= TARGETS.facadeOverGraphql)} |`);
    }
  }
  for (const pass of [pg, lite]) {
    const b = find(pass, 'board');
    if (pass && b) rows.push(`| ${boardTasks}-task team board ≤ ${TARGETS.boardMs} ms end to end (${pass.database}) | p50 ${fmt(b.p50)} ms, max ${fmt(b.maxMs)} ms over ${b.requests} call(s) | ${verdict(b.problem ? false : b.maxMs <= TARGETS.boardMs)} |`);
  }
  for (const pass of [lite, pg]) {
    if (!pass) continue;
    const windows: [string, HealthzStats | null][] = [
      [`while the ${boardTasks}-task boards are created`, worstHealthz([find(pass, 'board')?.healthz])],
      ['while the hostile shapes run', worstHealthz(pass.hostile.map((h) => h.healthz))],
      ['under the load scenarios (worst scenario)', worstHealthz(pass.rows.filter((r) => r.id !== 'board').map((r) => r.healthz))],
    ];
    for (const [when, h] of windows) {
      if (h) rows.push(`| /healthz p99 ≤ ${TARGETS.healthzP99Ms} ms, max ≤ ${TARGETS.healthzMaxMs} ms ${when} (${pass.database}) | p99 ${fmt(h.p99)} ms, max ${fmt(h.max)} ms (${fmt(h.n)} probes) | ${verdict(h.p99 <= TARGETS.healthzP99Ms && h.max <= TARGETS.healthzMaxMs)} |`);
    }
  }
  for (const id of ['list', 'create', 'update', 'search']) {
    const [l, p] = [find(lite, id), find(pg, id)];
    const v = ratio(l?.rps, p?.rps);
    if (v != null) rows.push(`| PGlite ÷ PostgreSQL ≥ ${pct(TARGETS.pgliteOfPostgres)}, ${p!.label} req/s | ${pct(v)} (${fmt(l!.rps)} vs ${fmt(p!.rps)} req/s) | ${verdict(v >= TARGETS.pgliteOfPostgres)} |`);
  }
  for (const pass of [pg, lite]) {
    const rss = pass && Math.max(pass.peakRssMb.app ?? 0, ...pass.rows.filter((r) => r.server === 'app').map((r) => r.window.rssPeakMb));
    if (pass && rss) rows.push(`| RSS ≤ ${TARGETS.rssMb[pass.database]} MB during the runs (${pass.database}) | peak ${fmt(rss)} MB | ${verdict(rss <= TARGETS.rssMb[pass.database])} |`);
  }
  return rows;
}

function ratioRows(pg: PassResult | undefined, lite: PassResult | undefined): string[] {
  const rows = ['| ratio | value |', '|---|---:|'];
  for (const [id, name] of Object.entries(COMPARED)) {
    for (const [other, otherName] of [['floor', 'floor'], ['reference', 'PostGraphile']] as const) {
      rows.push(
        `| app ÷ ${otherName}, ${name} req/s (PostgreSQL) | ${pct(appOver(pg, id, other, rps))} |`,
        `| app ÷ ${otherName}, ${name} server CPU ms per request (PostgreSQL) | ${times(appOver(pg, id, other, cpu))} |`,
        `| app ÷ ${otherName}, ${name} PostgreSQL CPU ms per request | ${times(appOver(pg, id, other, (r) => r.pgCpuMsPerRequest))} |`,
      );
    }
  }
  for (const [other, otherName] of [['floor', 'floor'], ['reference', 'PostGraphile']] as const) rows.push(`| app ÷ ${otherName}, team board p50 time (PostgreSQL) | ${times(appOver(pg, 'board', other, (r) => r.p50))} |`);
  for (const pass of [pg, lite]) {
    // The same operation sent as text and by trusted-document id, same round: what skipping parse and validation saves.
    const v = roundRatios(pass, ['list-trusted', 'app'], ['list-graphql', 'app'], cpu);
    if (pass && v.length) rows.push(`| trusted document ÷ document text, task list server CPU ms per request (${pass.database}; median of ${v.length} round(s), range ${times(v[0])}–${times(v.at(-1))}) | ${times(median(v))} |`);
  }
  for (const p of pg && lite ? pg.rows.filter((r) => r.server === 'app' && r.round === 1) : []) {
    const l = find(lite, p.id);
    if (l && p.id === 'board') rows.push(`| PGlite ÷ PostgreSQL, team board p50 time | ${times(ratio(l.p50, p.p50))} |`);
    else if (l) rows.push(`| PGlite ÷ PostgreSQL, ${p.label} req/s | ${pct(ratio(l.rps, p.rps))} |`);
  }
  return rows;
}

function passSection(pass: PassResult): string[] {
  const lines = [`#### ${pass.database === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`, ''];
  const para = (text: string) => lines.push(text, '');
  if (pass.skipped) para(`Skipped or stopped early: ${pass.skipped}`);
  const c = pass.seed?.counts;
  if (c) para(`Data: ${fmt(c.tasks)} tasks in ${fmt(c.projects)} projects (${fmt(c.visibleProjects)} visible to the benchmark user), ${fmt(c.users)} users, ${fmt(c.assignees)} assignments, ${fmt(c.taskLabels)} task labels, ${fmt(c.watchers)} watchers, ${fmt(c.comments)} comments; seeded in ${fmt(pass.seed!.seconds, 1)} s.`);
  if (pass.parity) para(`Floor check (its answer to the same request vs the app's; reads identical, writes the same shape): ${Object.entries(pass.parity).map(([id, v]) => `${id} ${v === 'identical' || v === 'same shape' ? v : `DIFFERS (${v})`}`).join(', ')}.`);
  const d = pass.drain;
  if (d) {
    const how = d.method === 'outbox' ? `${fmt(d.backlogBefore)} outbox events not yet processed when the load ended, ${fmt(d.backlogAfter)} at the end of the wait` : "measured as the app's CPU going idle (PGlite's outbox is not readable from outside the app)";
    para(`Outbox drain before the team boards: ${d.drained ? '' : '**not drained**, gave up '}after ${fmt(d.ms / 1000, 1)} s (${how}).`);
  }
  if (pass.server) para(`Server: ${Object.entries(pass.server).map(([k, v]) => `${k} ${v}`).join(', ')}.`);
  const peak = pass.peakRssMb;
  if (pass.appStartMs != null) para(`App start-up: ${fmt(pass.appStartMs)} ms; idle after start-up: RSS ${fmt(pass.appIdleRssMb)} MB; app peak RSS over the pass (VmHWM): ${fmt(peak.app)} MB${peak.floor ? `; floor: ${fmt(peak.floor)} MB` : ''}${peak.reference ? `; PostGraphile: ${fmt(peak.reference)} MB` : ''}.`);
  lines.push(
    '| scenario | round | req/s | p50 ms | p99 ms | max ms | non-2xx | RSS peak MB | ELD p99 ms | /healthz p99 / max ms | server CPU (cores) | CPU ms / req | PostgreSQL CPU ms / req | machine busy | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of pass.rows) {
    const w = r.window;
    const healthz = r.healthz ? `${fmt(r.healthz.p99)} / ${fmt(r.healthz.max)}` : '–';
    lines.push(`| ${r.label} | ${r.id === 'board' ? '' : r.round} | ${fmt(r.rps, r.rps < 10 ? 1 : 0)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.maxMs)} | ${r.non2xx} | ${fmt(w.rssPeakMb)} | ${fmt(w.eld?.p99Ms, 1)} | ${healthz} | ${fmt(w.cpuCores, 2)} | ${fmt(r.cpuMsPerRequest, 1)} | ${fmt(r.pgCpuMsPerRequest, 2)} | ${pct(w.machineBusy)} | ${fmt(r.loadAvg, 1)} |`);
  }
  lines.push('');
  if (pass.hostile.length) {
    lines.push('Hostile shapes (one create each, one after another; /healthz probed meanwhile):', '', '| shape | status | ms | /healthz p99 / max ms |', '|---|---:|---:|---:|');
    lines.push(...pass.hostile.map((h) => `| ${h.label} | ${h.status} | ${fmt(h.ms)} | ${fmt(h.healthz.p99)} / ${fmt(h.healthz.max)} |`), '');
  }
  if (pass.errors.length) lines.push('Problems:', '', ...pass.errors.map((e) => `- ${e.replace(/\n/g, ' ').slice(0, 400)}`), '');
  return lines;
}

/** Renders the `load` section of RESULTS.md from `r`. */
export function renderReport(r: BenchResults): string {
  const m = r.machine;
  const s = r.settings;
  const pg = r.passes.find((p) => p.database === 'postgres');
  const lite = r.passes.find((p) => p.database === 'pglite');
  return [
    '## Load (`npm run bench`)',
    '',
    `Generated by \`npm run bench${r.mode === 'full' ? '' : ` -- --${r.mode}`}\` (bench/report.ts), rewritten on every run; how it is measured: bench/BENCHMARKS.md.`,
    '',
    `- Date: ${r.startedAt} (took ${Math.round((Date.parse(r.finishedAt) - Date.parse(r.startedAt)) / 1000)} s), mode: ${r.mode}`,
    `- Commit: ${r.git.commit}${r.git.dirty ? ` plus ${r.git.dirty} uncommitted file(s)` : ''}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}; load average at start ${m.loadAvgAtStart.join(' / ')}`,
    `- Load: ${s.connections} connections, ${s.durationSec} s per scenario after ${s.warmupSec} s warm-up; team board ${s.boardCalls} × ${s.boardTasks} tasks`,
    `- App environment: ${Object.entries(s.appEnv).map(([k, v]) => `${k}=${v}`).join(', ')}`,
    '',
    '### Targets',
    '',
    ...targetRows(pg, lite, s.boardTasks),
    '',
    '### Ratios',
    '',
    ...ratioRows(pg, lite),
    '',
    '### Results',
    '',
    ...r.passes.flatMap(passSection),
  ].join('\n');
}

/**
 * Writes the generated section `name` of a report file (RESULTS.md): `markdown` replaces what is between the
 * section's markers, or is appended with them at the end; the rest of the file is kept.
 */
export function writeSection(file: string, name: string, markdown: string): void {
  const [open, close] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const section = `${open}\n${markdown.trim()}\n${close}`;
  const [from, to] = [previous.indexOf(open), previous.indexOf(close)];
  const next = from >= 0 && to > from ? previous.slice(0, from) + section + previous.slice(to + close.length) : `${previous.trim() ? `${previous.trimEnd()}\n\n` : ''}${section}\n`;
  writeFileSync(file, next);
}

/** Markdown with every heading one level deeper (a standalone report as a section of RESULTS.md). */
export function demoteHeadings(markdown: string): string {
  return markdown.replace(/^(#+) /gm, '#$1 ');
}
