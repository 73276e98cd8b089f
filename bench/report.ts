// Writes the generated tables of `npm run bench` (Targets, Ratios, Results)
// into the `load` section of bench/RESULTS.md; the other benchmarks write
// their sections of that file with `writeSection`. How it is measured and
// what was decided: bench/BENCHMARKS.md.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { HealthzStats } from './healthz-probe.ts';
import type { BenchResults, BoardResult, PassResult } from './results.ts';
import type { WindowStats } from './server-process.ts';
import { cpuPerRequest, find, fmt, pct, postgresPass, ratio, ratioRows, roundRatio, times, verdict } from './report-ratios.ts';

export { fmt };

/** The targets (2-core machine, ratios from one run); peak RSS per database. */
export const TARGETS = {
  listOfFloor: 0.5,
  createOfFloor: 0.4,
  facadeOverGraphql: 1.1,
  boardMs: 1000,
  rssMb: { postgres: 250, pglite: 400 },
  /** `/healthz` on PGlite while boards, hostile shapes and the load run. */
  healthzP99Ms: 100,
  healthzMaxMs: 250,
  /** PGlite ÷ PostgreSQL req/s on list, create, update and search. */
  pgliteOfPostgres: 0.7,
};

/** The worst /healthz of several windows: the highest p99 and the highest max. */
function worstHealthz(stats: (HealthzStats | undefined)[]): HealthzStats | null {
  const known = stats.filter((h): h is HealthzStats => Boolean(h));
  if (!known.length) return null;
  return { n: known.reduce((n, h) => n + h.n, 0), p50: Math.max(...known.map((h) => h.p50)), p99: Math.max(...known.map((h) => h.p99)), max: Math.max(...known.map((h) => h.max)) };
}

function healthzRows(pass: PassResult): string[] {
  const windows: [string, HealthzStats | null][] = [
    [`while the ${pass.board?.tasksPerBoard ?? 500}-task boards are created`, worstHealthz([pass.board?.healthz])],
    ['while the hostile shapes run', worstHealthz((pass.hostile ?? []).map((h) => h.healthz))],
    ['under the load scenarios (worst scenario)', worstHealthz(pass.scenarios.map((s) => s.healthz))],
  ];
  return windows
    .filter(([, h]) => h)
    .map(([when, h]) => `| /healthz p99 ≤ ${TARGETS.healthzP99Ms} ms, max ≤ ${TARGETS.healthzMaxMs} ms ${when} (${pass.database}) | p99 ${fmt(h!.p99)} ms, max ${fmt(h!.max)} ms (${fmt(h!.n)} probes) | ${verdict(h!.p99 <= TARGETS.healthzP99Ms && h!.max <= TARGETS.healthzMaxMs)} |`);
}

function passRss(pass: PassResult | undefined): number | null {
  if (!pass) return null;
  const windows = [...pass.scenarios.filter((s) => s.server === 'app').map((s) => s.window?.rssPeakMb ?? 0), pass.board?.window?.rssPeakMb ?? 0];
  const peak = Math.max(pass.appPeakRssMb ?? 0, ...windows);
  return peak || null;
}

function targetRows(r: BenchResults): string[] {
  const pg = postgresPass(r);
  const lite = r.passes.find((p) => p.database === 'pglite');
  const rows: string[] = ['| target | measured | verdict |', '|---|---|---|'];
  const list = roundRatio(pg, 'list', 'floor', (s) => s.load?.rps);
  rows.push(`| task list ≥ ${pct(TARGETS.listOfFloor)} of the floor's req/s (PostgreSQL) | ${pct(list)} (${fmt(find(pg, 'list')?.load?.rps)} vs ${fmt(find(pg, 'list', 'floor')?.load?.rps)} req/s) | ${verdict(list == null ? null : list >= TARGETS.listOfFloor)} |`);
  const listCpu = roundRatio(pg, 'list', 'reference', cpuPerRequest);
  if (listCpu != null) rows.push(`| task list server CPU per request ≤ PostGraphile's (PostgreSQL) | ${times(listCpu)} (${fmt(cpuPerRequest(find(pg, 'list')), 1)} vs ${fmt(cpuPerRequest(find(pg, 'list', 'reference')), 1)} ms) | ${verdict(listCpu <= 1)} |`);
  const createCpu = roundRatio(pg, 'create', 'reference', cpuPerRequest);
  if (createCpu != null) rows.push(`| task create server CPU per request ≤ 1.5× PostGraphile's (PostgreSQL) | ${times(createCpu)} (${fmt(cpuPerRequest(find(pg, 'create')), 1)} vs ${fmt(cpuPerRequest(find(pg, 'create', 'reference')), 1)} ms) | ${verdict(createCpu <= 1.5)} |`);
  const create = roundRatio(pg, 'create', 'floor', (s) => s.load?.rps);
  rows.push(`| task create ≥ ${pct(TARGETS.createOfFloor)} of the floor's req/s (PostgreSQL) | ${pct(create)} (${fmt(find(pg, 'create')?.load?.rps)} vs ${fmt(find(pg, 'create', 'floor')?.load?.rps)} req/s) | ${verdict(create == null ? null : create >= TARGETS.createOfFloor)} |`);
  for (const pass of [pg, lite]) {
    if (!pass) continue;
    for (const [route, direct, what] of [['list', 'list-graphql', 'list'], ['create', 'create-graphql', 'create']] as const) {
      const f = find(pass, route)?.load;
      const g = find(pass, direct)?.load;
      const p50 = ratio(f?.p50, g?.p50);
      const mean = ratio(f?.meanMs, g?.meanMs);
      rows.push(`| facade ≤ ${TARGETS.facadeOverGraphql}× GraphQL direct latency, task ${what} (${pass.database}) | p50 ${times(p50)} (${fmt(f?.p50)} vs ${fmt(g?.p50)} ms), mean ${times(mean)} | ${verdict(p50 == null ? null : p50 <= TARGETS.facadeOverGraphql)} |`);
    }
  }
  for (const pass of [pg, lite]) {
    if (!pass?.board) continue;
    const b = pass.board;
    rows.push(`| ${b.tasksPerBoard}-task team board ≤ ${TARGETS.boardMs} ms end to end (${pass.database}) | p50 ${fmt(b.p50)} ms, max ${fmt(b.max)} ms over ${b.ms.length} call(s) | ${verdict(b.problem ? false : b.max <= TARGETS.boardMs)} |`);
  }
  for (const pass of [lite, pg]) if (pass) rows.push(...healthzRows(pass));
  if (pg && lite) {
    for (const id of ['list', 'create', 'update', 'search']) {
      const v = ratio(find(lite, id)?.load?.rps, find(pg, id)?.load?.rps);
      if (v != null) rows.push(`| PGlite ÷ PostgreSQL ≥ ${pct(TARGETS.pgliteOfPostgres)}, ${find(pg, id)?.label} req/s | ${pct(v)} (${fmt(find(lite, id)?.load?.rps)} vs ${fmt(find(pg, id)?.load?.rps)} req/s) | ${verdict(v >= TARGETS.pgliteOfPostgres)} |`);
    }
  }
  for (const pass of [pg, lite]) {
    const rss = passRss(pass);
    if (pass && rss) {
      const limit = TARGETS.rssMb[pass.database];
      rows.push(`| RSS ≤ ${limit} MB during the runs (${pass.database}) | peak ${fmt(rss)} MB | ${verdict(rss <= limit)} |`);
    }
  }
  return rows;
}

const healthzCell = (h: HealthzStats | undefined) => (h ? `${fmt(h.p99)} / ${fmt(h.max)}` : '–');
const heapMb = (w: WindowStats | null | undefined) => (w?.eld ? w.eld.heapUsedBytes / 2 ** 20 : null);

function scenarioTable(pass: PassResult): string[] {
  const rows = [
    '| scenario | round | req/s | p50 ms | p99 ms | max ms | non-2xx | RSS peak MB | JS heap MB | ELD p99 ms | /healthz p99 / max ms | server CPU (cores) | CPU ms / req | PostgreSQL CPU ms / req | machine busy | load avg |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of pass.scenarios) {
    if (!s.load) {
      rows.push(`| ${s.label} | ${s.round ?? 1} | not run: ${s.probe.problem?.replace(/\|/g, '\\|').slice(0, 120)} | | | | | | | | | | | | | |`);
      continue;
    }
    const l = s.load;
    const w = s.window;
    rows.push(
      `| ${s.label} | ${s.round ?? 1} | ${fmt(l.rps, l.rps < 10 ? 1 : 0)} | ${fmt(l.p50)} | ${fmt(l.p99)} | ${fmt(l.maxMs)} | ${l.non2xx + l.errors} | ${fmt(w?.rssPeakMb)} | ${fmt(heapMb(w))} | ${fmt(w?.eld?.p99Ms, 1)} | ${healthzCell(s.healthz)} | ${fmt(w?.cpuCores, 2)} | ${fmt(w && l.rps ? (w.cpuCores * 1000) / l.rps : null, 1)} | ${fmt(s.pgCpuMsPerRequest, 2)} | ${pct(w?.machineBusy ?? null)} | ${fmt(s.loadAvg, 1)} |`,
    );
  }
  const boards: [string, BoardResult | undefined | null][] = [['', pass.board], [' (floor)', pass.boards?.floor], [' (PostGraphile)', pass.boards?.reference]];
  for (const [who, b] of boards) {
    if (!b) continue;
    rows.push(
      `| team board, ${b.tasksPerBoard} tasks${who} (sequential, ${b.ms.length} calls) | | ${fmt(1000 / b.mean, 1)} | ${fmt(b.p50)} | – | ${fmt(b.max)} | ${b.statuses.filter((st) => st < 200 || st > 299).length} | ${fmt(b.window?.rssPeakMb)} | ${fmt(heapMb(b.window))} | ${fmt(b.window?.eld?.p99Ms, 1)} | ${healthzCell(b.healthz)} | ${fmt(b.window?.cpuCores, 2)} | ${fmt(b.window ? b.window.cpuCores * b.mean : null, 0)} | | ${pct(b.window?.machineBusy ?? null)} | |`,
    );
  }
  return rows;
}

function passSection(pass: PassResult): string[] {
  const lines = [`#### ${pass.database === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}${pass.workers ? `, ${pass.workers} workers (\`serve --workers ${pass.workers}\`; event-loop delay not measured)` : ''}`, ''];
  if (pass.skipped) lines.push(`Skipped or stopped early: ${pass.skipped}`, '');
  if (pass.seed) {
    const c = pass.seed.counts;
    lines.push(
      `Data: ${fmt(c.tasks)} tasks in ${fmt(c.projects)} projects (${fmt(c.visibleProjects)} visible to the benchmark user), ${fmt(c.users)} users, ` +
        `${fmt(c.assignees)} assignments, ${fmt(c.taskLabels)} task labels, ${fmt(c.watchers)} watchers, ${fmt(c.comments)} comments; seeded in ${fmt(pass.seed.seconds, 1)} s.`,
      '',
    );
  }
  if (pass.floorParityAll) {
    const checks = Object.entries(pass.floorParityAll).map(([id, v]) => `${id} ${v === 'identical' || v === 'same shape' ? v : `DIFFERS (${v})`}`);
    lines.push(`Floor check (its answer to the same request vs the app's; reads identical, writes the same shape): ${checks.join(', ')}.`, '');
  }
  const d = pass.drain;
  if (d) {
    const how = d.method === 'outbox' ? `${fmt(d.backlogBefore)} outbox events not yet processed when the load ended, ${fmt(d.backlogAfter)} at the end of the wait` : 'measured as the app\'s CPU going idle (PGlite\'s outbox is not readable from outside the app)';
    lines.push(`Outbox drain before the team boards: ${d.drained ? '' : '**not drained**, gave up '}after ${fmt(d.ms / 1000, 1)} s (${how}).`, '');
  }
  if (pass.server) lines.push(`Server: ${Object.entries(pass.server).map(([k, v]) => `${k} ${v}`).join(', ')}.`, '');
  const idle = pass.appIdle;
  const mb = (b: number | undefined) => fmt((b ?? 0) / 2 ** 20);
  const idleText = idle
    ? `; idle after start-up: RSS ${fmt(idle.rssPeakMb)} MB (JS heap ${mb(idle.eld?.heapUsedBytes)} used of ${mb(idle.eld?.heapTotalBytes)}, external ${mb(idle.eld?.externalBytes)} incl. array buffers and WebAssembly memory ${mb(idle.eld?.arrayBuffersBytes)})`
    : '';
  lines.push(
    `App start-up: ${fmt(pass.appStartMs)} ms${idleText}; app peak RSS over the pass (VmHWM): ${fmt(pass.appPeakRssMb)} MB${pass.floorPeakRssMb ? `; floor: ${fmt(pass.floorPeakRssMb)} MB` : ''}${pass.referencePeakRssMb ? `; PostGraphile: ${fmt(pass.referencePeakRssMb)} MB` : ''}.`,
    '',
  );
  lines.push(...scenarioTable(pass), '');
  if (pass.hostile?.length) {
    lines.push('Hostile shapes (one create each, one after another; /healthz probed meanwhile):', '', '| shape | status | ms | /healthz p99 / max ms |', '|---|---:|---:|---:|');
    for (const h of pass.hostile) lines.push(`| ${h.label} | ${h.status} | ${fmt(h.ms)} | ${healthzCell(h.healthz)} |`);
    lines.push('');
  }
  if (pass.errors.length) lines.push('Problems:', '', ...pass.errors.map((e) => `- ${e.replace(/\n/g, ' ').slice(0, 400)}`), '');
  if (pass.profiles?.length) lines.push(`CPU profiles: ${pass.profiles.map((p) => `\`${p.replace(/^.*\/bench\//, 'bench/')}\``).join(', ')}`, '');
  return lines;
}

/** Renders the tables of `r` (the `load` section of RESULTS.md). */
export function renderReport(r: BenchResults): string {
  const m = r.machine;
  return [
    '## Load (`npm run bench`)',
    '',
    `Generated by \`npm run bench${r.mode === 'full' ? '' : ` -- --${r.mode}`}\` (bench/report.ts), rewritten on every run; how it is measured: bench/BENCHMARKS.md.`,
    '',
    `- Date: ${r.startedAt} (took ${Math.round((Date.parse(r.finishedAt) - Date.parse(r.startedAt)) / 1000)} s), mode: ${r.mode}`,
    `- Commit: ${r.git.commit}${r.git.dirty ? ` plus ${r.git.dirty} uncommitted file(s)` : ''}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}; load average at start ${m.loadAvgAtStart.join(' / ')}`,
    `- Load: ${r.settings.connections} connections, ${r.settings.durationSec} s per scenario after ${r.settings.warmupSec} s warm-up; team board ${r.settings.boardCalls} × ${r.settings.boardTasks} tasks`,
    `- App environment: ${Object.entries(r.settings.appEnv).map(([k, v]) => `${k}=${v}`).join(', ')}`,
    '',
    '### Targets',
    '',
    ...targetRows(r),
    '',
    '### Ratios',
    '',
    ...ratioRows(r),
    '',
    '### Results',
    '',
    ...r.passes.flatMap(passSection),
  ].join('\n');
}

/**
 * Writes the generated section `name` of a report file (RESULTS.md):
 * `markdown` replaces what is between the section's markers, or is appended
 * with them at the end; the rest of the file is kept.
 */
export function writeSection(file: string, name: string, markdown: string): void {
  const [open, close] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const section = `${open}\n${markdown.trim()}\n${close}`;
  const from = previous.indexOf(open);
  const to = previous.indexOf(close);
  const next =
    from >= 0 && to > from
      ? previous.slice(0, from) + section + previous.slice(to + close.length)
      : `${previous.trim() ? `${previous.trimEnd()}\n\n` : ''}${section}\n`;
  writeFileSync(file, next);
}

/** Markdown with every heading one level deeper (a standalone report as a section of RESULTS.md). */
export function demoteHeadings(markdown: string): string {
  return markdown.replace(/^(#+) /gm, '#$1 ');
}

/** Writes the tables of `r` into the `load` section of `file`, keeping the rest of it. */
export function writeReport(r: BenchResults, file: string): void {
  writeSection(file, 'load', renderReport(r));
}
