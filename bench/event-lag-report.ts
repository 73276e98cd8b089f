// Counting, timing and the markdown summary of an event-lag run (printed,
// written to bench/results/event-lag-<timestamp>.md and, for measured runs,
// into the `event-lag` section of BENCHMARKS.md through the shared report
// module). Standalone: `npx tsx bench/event-lag-report.ts <results.json>`
// rewrites that section from a run's raw result. Each update the driver
// makes changes the task title to `evlag <phase> <seq>`, so every event
// (webhook body or subscription message) names the update it came from;
// receipts are kept per sink (one webhook subscription or one WebSocket
// subscriber) and sequence number.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_IN_FLIGHT, type PhaseResult } from './event-lag-phase.ts';
import type { EventLagOptions } from './options.ts';
import { demoteHeadings, fmt, writeSection } from './report.ts';

/** Phases of a run; `warm` events only prove the sinks are live and are not measured. */
export type Phase = 'warm' | 'run' | 'burst';

/** Milliseconds since the epoch with sub-millisecond precision, comparable across threads and processes. */
export function epochMs(): number {
  return performance.timeOrigin + performance.now();
}

/** The title the driver gives update `seq` of `phase`. */
export function titleOf(phase: Phase, seq: number): string {
  return `evlag ${phase} ${seq}`;
}

const TITLE = /^evlag (warm|run|burst) (\d+)$/;

/** The phase and sequence number of an event's `data`, or null for an event the driver did not make. */
export function parseEventData(data: unknown): { phase: Phase; seq: number } | null {
  const to = (data as { changes?: { title?: { to?: unknown } } } | null)?.changes?.title?.to;
  const m = typeof to === 'string' ? TITLE.exec(to) : null;
  return m ? { phase: m[1] as Phase, seq: Number(m[2]) } : null;
}

/** p50/p99/max/mean of a sample, milliseconds (null without samples). */
export interface Percentiles {
  n: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

/** Percentiles of `values` (sorted in place). */
export function percentiles(values: Float64Array): Percentiles | null {
  if (values.length === 0) return null;
  values.sort();
  const at = (q: number) => values[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
  let sum = 0;
  for (const v of values) sum += v;
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    n: values.length,
    p50: r(at(0.5)),
    p99: r(at(0.99)),
    max: r(values[values.length - 1]),
    mean: r(sum / values.length),
  };
}

/** One sink's counts and lag in a phase. */
export interface SinkSummary {
  received: number;
  lost: number;
  duplicated: number;
  lag: Percentiles | null;
}

/** What one path (webhooks or WebSocket subscribers) received in one phase. */
export interface PathSummary {
  sinks: number;
  /** Events each sink should have received (the updates that answered 200). */
  expectedPerSink: number;
  /** Distinct events received, over all sinks. */
  received: number;
  lost: number;
  duplicated: number;
  /** A second event id for one update, or an update number never sent. */
  unexpected: number;
  /** Events of updates whose request failed at the driver (timed out, yet committed): neither expected nor wrong. */
  ofFailedRequests: number;
  /** Lag from the event's own timestamp (written in the transaction, just before commit). */
  lagFromEvent: Percentiles | null;
  /** Lag from the moment the update's HTTP response reached the driver (after commit). */
  lagFromResponse: Percentiles | null;
  /** Epoch ms of the first and last receipt. */
  firstAt: number | null;
  lastAt: number | null;
  /** Most receipts in any one second (all sinks). */
  peakPerSecond: number;
  /** Receipts after `splitAt` (the last update's answer): the backlog drained with no new work arriving. */
  receivedAfterSplit: number;
  perSink: SinkSummary[];
}

/** Receipts of one phase: first receipt time per sink and sequence number, duplicates, event ids. */
export class PhaseTally {
  private readonly receipts: Float64Array[];
  private readonly duplicates: Uint32Array;
  private readonly received: Uint32Array;
  private readonly eventTs: Float64Array;
  private readonly eventIds: (string | undefined)[];
  private unexpected = 0;
  private sinksWithAny = 0;

  constructor(
    readonly size: number,
    readonly sinks: number,
  ) {
    this.receipts = Array.from({ length: sinks }, () => new Float64Array(size).fill(NaN));
    this.duplicates = new Uint32Array(sinks);
    this.received = new Uint32Array(sinks);
    this.eventTs = new Float64Array(size).fill(NaN);
    this.eventIds = new Array(size);
  }

  /**
   * Records that `sink` got event `eventId` (update `seq`, event timestamp
   * `eventTs`) at `at`. A repeat of the same event is a duplicate; another
   * event id for the same update is unexpected (one update, one event).
   */
  record(sink: number, seq: number, eventId: string, eventTs: number, at: number): void {
    if (seq >= this.size) {
      this.unexpected++;
      return;
    }
    const known = this.eventIds[seq];
    if (known === undefined) {
      this.eventIds[seq] = eventId;
      this.eventTs[seq] = eventTs;
    } else if (known !== eventId) {
      this.unexpected++;
      return;
    }
    const row = this.receipts[sink];
    if (!Number.isNaN(row[seq])) {
      this.duplicates[sink]++;
      return;
    }
    row[seq] = at;
    if (this.received[sink]++ === 0) this.sinksWithAny++;
  }

  /** Distinct receipts over all sinks, and how many sinks got at least one. */
  progress(): { received: number; sinksWithAny: number } {
    let received = 0;
    for (const n of this.received) received += n;
    return { received, sinksWithAny: this.sinksWithAny };
  }

  /**
   * Lost, duplicated and lag, given when each update's response arrived
   * (NaN: the update failed, so no event is expected for it). Receipts
   * after `splitAt` (epoch ms) are counted apart.
   */
  summarize(responseAt: Float64Array, splitAt = Infinity): PathSummary {
    let expected = 0;
    for (let s = 0; s < this.size; s++) if (!Number.isNaN(responseAt[s])) expected++;
    const fromEvent = new Float64Array(this.progress().received);
    const fromResponse = new Float64Array(fromEvent.length);
    const perSink: SinkSummary[] = [];
    const seconds = new Map<number, number>();
    let n = 0;
    let firstAt = Infinity;
    let lastAt = -Infinity;
    let lost = 0;
    let afterSplit = 0;
    let ofFailed = 0;
    for (let sink = 0; sink < this.sinks; sink++) {
      const row = this.receipts[sink];
      const start = n;
      let sinkLost = 0;
      for (let seq = 0; seq < this.size; seq++) {
        const at = row[seq];
        const answered = !Number.isNaN(responseAt[seq]);
        if (Number.isNaN(at)) {
          if (answered) sinkLost++;
          continue;
        }
        if (!answered) ofFailed++;
        fromEvent[n] = at - this.eventTs[seq];
        fromResponse[n] = answered ? at - responseAt[seq] : NaN;
        n++;
        if (at < firstAt) firstAt = at;
        if (at > lastAt) lastAt = at;
        if (at > splitAt) afterSplit++;
        const second = Math.floor(at / 1000);
        seconds.set(second, (seconds.get(second) ?? 0) + 1);
      }
      lost += sinkLost;
      perSink.push({
        received: this.received[sink],
        lost: sinkLost,
        duplicated: this.duplicates[sink],
        lag: percentiles(fromEvent.slice(start, n)),
      });
    }
    const answeredLags = fromResponse.slice(0, n).filter((v) => !Number.isNaN(v));
    return {
      sinks: this.sinks,
      expectedPerSink: expected,
      received: n,
      lost,
      duplicated: this.duplicates.reduce((a, b) => a + b, 0),
      unexpected: this.unexpected,
      ofFailedRequests: ofFailed,
      lagFromEvent: percentiles(fromEvent.slice(0, n)),
      lagFromResponse: percentiles(answeredLags),
      firstAt: n ? firstAt : null,
      lastAt: n ? lastAt : null,
      peakPerSecond: Math.max(0, ...seconds.values()),
      receivedAfterSplit: afterSplit,
      perSink,
    };
  }
}

/**
 * p99 lag from commit at the fixed rate, per path (the target load: 20 updates/s with 100 graphql-ws
 * subscribers and 5 webhook receivers on a 2-core machine).
 */
export const P99_TARGET_MS = { subscribers: 1_000, webhooks: 2_000 } as const;

/** A whole run. */
export interface EventLagResult {
  startedAt: string;
  finishedAt: string;
  git: { commit: string; dirty: number };
  machine: {
    cpu: string;
    cores: number;
    memoryGb: number;
    node: string;
    platform: string;
    loadAvgAtStart: number[];
    loadAvgAtEnd: number[];
  };
  postgres: Record<string, string>;
  options: EventLagOptions;
  appEnv: Record<string, string>;
  tasks: number;
  appStartMs: number;
  warmup: { sent: number; ready: boolean; seconds: number };
  phases: PhaseResult[];
  appPeakRssMb: number;
  /** Receiver-side problems: failed verifications, stray messages, GraphQL errors, dropped connections. */
  receivers: { webhooks: Record<string, unknown>; subscribers: Record<string, unknown> };
  errors: string[];
}

/**
 * Whether the run met each target. Lag: null when not measured. Integrity:
 * null when events were still queued as the wait ended (late; whether any
 * would be lost is then unknown), false for a duplicate, a wrong event, a
 * failed signature, a failed update, or an event missing with nothing left
 * in the queues (lost).
 */
export function verdicts(r: EventLagResult): { lag: boolean | null; integrity: boolean | null } {
  const run = r.phases.find((p) => p.phase === 'run');
  const paths = (['webhooks', 'subscribers'] as const).filter((path) => run?.[path]);
  const lag = paths.length ? paths.every((path) => (run![path]!.lagFromEvent?.p99 ?? Infinity) <= P99_TARGET_MS[path]) : null;
  const wrong =
    Number(r.receivers.webhooks.unverified ?? 0) > 0 ||
    r.phases.some(
      (p) =>
        p.drive.ok !== p.drive.sent ||
        [p.webhooks, p.subscribers].some((s) => s && (s.duplicated > 0 || s.unexpected > 0)),
    );
  if (wrong) return { lag, integrity: false };
  const missing = r.phases.filter((p) => (p.webhooks?.lost ?? 0) + (p.subscribers?.lost ?? 0) > 0);
  if (missing.some((p) => p.finalBacklog.outbox + p.finalBacklog.deliveries === 0)) return { lag, integrity: false };
  return { lag, integrity: missing.length ? null : true };
}

const num = fmt;
const lagCells = (p: Percentiles | null | undefined) =>
  p ? `${num(p.p50, 1)} | ${num(p.p99, 1)} | ${num(p.max, 1)}` : '– | – | –';
const eldCell = (p: Percentiles | null | undefined) =>
  p ? `${num(p.p50, 1)} / ${num(p.p99, 1)} / ${num(p.max, 1)}` : '–';

function pathRows(p: PhaseResult): string[] {
  const rows: string[] = [];
  for (const [name, s] of [
    ['webhooks', p.webhooks],
    ['WebSocket', p.subscribers],
  ] as const) {
    if (!s) continue;
    const worst = s.perSink.reduce((a, b) => ((b.lag?.p99 ?? 0) > (a.lag?.p99 ?? 0) ? b : a), s.perSink[0]);
    rows.push(
      `| ${name} | ${s.sinks} | ${num(s.expectedPerSink * s.sinks)} | ${num(s.received)}${s.ofFailedRequests ? ` (${num(s.ofFailedRequests)} of failed requests)` : ''} | ${num(s.lost)} | ${num(s.duplicated)} | ${num(s.unexpected)} | ` +
        `${lagCells(s.lagFromEvent)} | ${lagCells(s.lagFromResponse)} | ${num(worst?.lag?.p99, 1)} |`,
    );
  }
  return rows;
}

function rate(count: number, fromMs: number, toMs: number | null): string {
  return toMs && toMs > fromMs ? num((count * 1000) / (toMs - fromMs)) : '–';
}

function phaseSection(p: PhaseResult): string[] {
  const d = p.drive;
  const secs = (d.endedAt - d.startedAt) / 1000;
  const out = [
    `## ${p.label}`,
    '',
    `Updates: ${num(d.sent)} sent, ${num(d.ok)} answered 200 (${Object.entries(d.statuses)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}), ` +
      `${num(d.ok / secs, 1)} updates/s over ${num(secs, 1)} s; update latency p50 ${num(d.latency?.p50, 1)} ms, p99 ${num(d.latency?.p99, 1)} ms, ` +
      `max ${num(d.latency?.max, 1)} ms; at most ${d.maxInFlight} in flight` +
      (d.sendDelay
        ? `; sends late against the schedule by p99 ${num(d.sendDelay.p99, 1)} ms (at most ${MAX_IN_FLIGHT} in flight).`
        : '.'),
    ...(d.errors.length
      ? ['', `Update failures: ${d.errors.map((e) => `\`${e.replace(/`/g, "'")}\``).join('; ')}`]
      : []),
    '',
    '| path | sinks | expected | received | missing | duplicated | unexpected | lag p50 ms | p99 | max | from response p50 | p99 | max | worst sink p99 |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...pathRows(p),
    '',
    `Drain: ${
      p.drained
        ? `the last event arrived ${num(p.drainMs)} ms after the last update's answer`
        : `**incomplete** after ${num(p.drainMs / 1000, 1)} s, with ${num(p.finalBacklog.deliveries)} webhook deliveries still pending and ` +
          `${num(p.finalBacklog.outbox)} outbox events unprocessed (missing events${p.finalBacklog.deliveries + p.finalBacklog.outbox ? ' were late, not necessarily lost' : ' were lost'})`
    }; ` +
      `largest backlog ${num(p.maxBacklog.outbox)} unprocessed outbox events, ${num(p.maxBacklog.deliveries)} pending webhook deliveries ` +
      `(sampled each second); ${num(p.commits)} database commits (${num(p.commits / Math.max(1, d.ok), 1)} per update).`,
  ];
  if (p.phase === 'burst') {
    const rows = [
      ['webhooks', p.webhooks],
      ['WebSocket', p.subscribers],
    ] as const;
    out.push(
      '',
      '| path | deliveries | deliveries/s (first update → last receipt) | after the last update answered | peak in one second |',
      '|---|--:|--:|--:|--:|',
    );
    for (const [name, s] of rows) {
      if (!s) continue;
      out.push(
        `| ${name} | ${num(s.received)} | ${rate(s.received, d.startedAt, s.lastAt)} | ${drainRate(p, s)} | ${num(s.peakPerSecond)} |`,
      );
    }
  }
  const a = p.app;
  out.push(
    '',
    `App: RSS peak ${num(a?.rssPeakMb)} MB (mean ${num(a?.rssMeanMb)}), CPU ${num(a?.cpuCores, 2)} cores, event-loop delay p50/p99/max ${eldCell(a?.eld ? { n: 0, mean: 0, p50: a.eld.p50Ms, p99: a.eld.p99Ms, max: a.eld.maxMs } : null)} ms; ` +
      `machine ${num((a?.machineBusy ?? 0) * 100)} % busy; load average at start ${p.loadAvgAtStart.join(' ')}.`,
    `Harness event-loop delay p50/p99/max ms (like the app's, sampled every 5 ms and including that interval): driver ${eldCell(p.harness.driver)}, webhook receivers ${eldCell(p.harness.webhookReceivers)}, ` +
      `WebSocket clients ${eldCell(p.harness.subscriberClients)}.`,
    '',
  );
  return out;
}

/** Deliveries per second from the last update's answer to the last receipt: a backlog drained with nothing new arriving. */
function drainRate(p: PhaseResult, s: PathSummary): string {
  // Too few receipts after the updates ended to be a rate (no backlog had built up).
  if (s.receivedAfterSplit < Math.max(10, s.received * 0.05)) return '– (no backlog)';
  return rate(s.receivedAfterSplit, p.drive.endedAt, s.lastAt);
}

/** The markdown summary. */
export function renderReport(r: EventLagResult): string {
  const v = verdicts(r);
  const o = r.options;
  const m = r.machine;
  const mark = (ok: boolean | null, unknown = 'not measured') => (ok === null ? unknown : ok ? 'met' : '**missed**');
  return [
    `# Event lag${o.smoke ? ' (smoke run: says nothing about speed)' : ''}`,
    '',
    `${r.startedAt} → ${r.finishedAt}; commit \`${r.git.commit.slice(0, 12)}\`${r.git.dirty ? ` + ${r.git.dirty} uncommitted file(s)` : ''}.`,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; load average ${m.loadAvgAtStart.join(' ')} at start, ${m.loadAvgAtEnd.join(' ')} at end` +
      `${m.loadAvgAtStart[0] > m.cores * 0.5 ? ' (**busy machine**: other work competed for the cores)' : ''}.`,
    `PostgreSQL: ${Object.entries(r.postgres)
      .map(([k, x]) => `${k} ${x}`)
      .join(', ')}. Redis pub/sub between app and subscribers.`,
    `Settings: ${num(o.rate)} updates/s for ${o.durationSec} s over ${r.tasks} tasks; ${o.subscriptions} webhook subscriptions (task.updated); ` +
      `${o.subscribers} graphql-ws subscribers; burst of ${o.burst} updates, ${o.burstConcurrency} in flight. App: ${Object.entries(
        r.appEnv,
      )
        .map(([k, x]) => `${k}=${x}`)
        .join(' ')}; ` +
      `started in ${num(r.appStartMs)} ms; warm-up ${r.warmup.sent} updates (${num(r.warmup.seconds, 1)} s).`,
    '',
    `**Targets** (fixed-rate phase): p99 lag ≤ ${num(P99_TARGET_MS.subscribers)} ms to graphql-ws subscribers and ≤ ${num(P99_TARGET_MS.webhooks)} ms to webhooks: ${mark(v.lag)}; every event received exactly once per sink ` +
      `(none missing when the wait ended, none duplicated), every update answered: ${mark(v.integrity, 'undetermined (events still queued when the wait ended)')}.`,
    '',
    "Lag is receipt time − the event's `timestamp` (the app's clock when it wrote the outbox row, inside the update's transaction just before " +
      'COMMIT; same machine clock as the receivers), so it slightly over-states commit → receipt. "From response" uses the moment the ' +
      "update's HTTP answer reached the driver instead (after COMMIT, so it under-states; it can be negative). The truth lies between.",
    '',
    ...r.phases.flatMap(phaseSection),
    `App peak RSS over the run (VmHWM): ${num(r.appPeakRssMb)} MB.`,
    `Receivers: webhooks ${JSON.stringify(r.receivers.webhooks)}; WebSocket ${JSON.stringify(r.receivers.subscribers)}.`,
    ...(r.errors.length ? ['', '**Errors:**', ...r.errors.map((e) => `- ${e}`)] : []),
    '',
  ].join('\n');
}

/** Puts the report of `r` into the `event-lag` section of `file` (BENCHMARKS.md), keeping the rest of it. */
export function writeEventLagSection(r: EventLagResult, file = join(import.meta.dirname, 'BENCHMARKS.md')): void {
  writeSection(file, 'event-lag', demoteHeadings(renderReport(r)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const input = process.argv[2];
  if (!input) throw new Error('Usage: npx tsx bench/event-lag-report.ts bench/results/event-lag-<timestamp>.json');
  writeEventLagSection(JSON.parse(readFileSync(input, 'utf8')) as EventLagResult);
  process.stderr.write(`event lag of ${input} written to bench/BENCHMARKS.md\n`);
}
