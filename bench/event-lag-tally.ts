// Counting and timing of received events, shared by the receiver workers.
// Each update the driver makes changes the task title to `evlag <phase>
// <seq>`, so every event (webhook body or subscription message) names the
// update it came from; receipts are kept per sink (one webhook subscription
// or one WebSocket subscriber) and sequence number.

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
