// One measured phase of the event-lag benchmark: the load (task title updates
// through the tool route POST /api/mcp/tasks/update, each one a committed
// task.updated event; the fixed-rate phase is open loop: update i is sent at
// start + i/rate whatever the earlier ones are doing, so a slow app shows up as
// lag and requests in flight, not as a lower rate), then the wait for the
// events to drain, then what each receiver saw and what the app and the
// database did meanwhile.

import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ReceiverWorker } from './event-lag-receivers.ts';
import { epochMs, type PathSummary, type Percentiles, percentiles, type Phase, titleOf } from './event-lag-report.ts';
import type { DatabaseProbe } from './event-lag-setup.ts';
import { ProgressBar } from './progress.ts';
import type { ServerProcess, WindowStats } from './server-process.ts';

/** What one phase of updates did. */
export interface DriveResult {
  phase: Phase;
  /** Updates sent. */
  sent: number;
  ok: number;
  /** Epoch ms of the first send and of the last answer. */
  startedAt: number;
  endedAt: number;
  /** When each update's answer arrived (epoch ms); NaN when it failed. */
  responseAt: Float64Array;
  /** Send → answer, ms, successful updates. */
  latency: Percentiles | null;
  /** How late the sends were against their schedule, ms (fixed rate only). */
  sendDelay: Percentiles | null;
  maxInFlight: number;
  statuses: Record<string, number>;
  /** The first few failures, for the report. */
  errors: string[];
}

/** Counters the progress line reads while a phase runs. */
export interface DriveState {
  sent: number;
  done: number;
  inFlight: number;
}

const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Open loop up to this many requests in flight; past it the app is far
 * behind anyway, and thousands of pending connections would only measure
 * socket queues (the sends then run late, which the report shows).
 */
export const MAX_IN_FLIGHT = 1000;

/** Sends the updates of one phase and keeps what came back. */
class Updates {
  readonly state: DriveState = { sent: 0, done: 0, inFlight: 0 };
  readonly responseAt: Float64Array;
  private readonly latencies: number[] = [];
  private readonly statuses: Record<string, number> = {};
  private readonly errors: string[] = [];
  private maxInFlight = 0;
  readonly startedAt = epochMs();
  private endedAt = this.startedAt;

  constructor(
    private readonly target: UpdateTarget,
    readonly phase: Phase,
    size: number,
  ) {
    this.responseAt = new Float64Array(size).fill(NaN);
  }

  async send(seq: number): Promise<void> {
    const { url, key, taskIds } = this.target;
    this.state.sent++;
    this.maxInFlight = Math.max(this.maxInFlight, ++this.state.inFlight);
    const sentAt = epochMs();
    let status = 'error';
    try {
      const res = await fetch(`${url}/api/mcp/tasks/update`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ task_id: taskIds[seq % taskIds.length], title: titleOf(this.phase, seq) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      const at = epochMs();
      status = String(res.status);
      if (res.status === 200) {
        this.responseAt[seq] = at;
        this.latencies.push(at - sentAt);
      } else if (this.errors.length < 5) this.errors.push(`HTTP ${res.status}: ${text.slice(0, 200)}`);
    } catch (err) {
      const e = err as Error & { cause?: Error };
      if (this.errors.length < 5) this.errors.push(`${e.name}: ${e.message}${e.cause ? ` (${e.cause.message})` : ''}`);
    }
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    this.state.inFlight--;
    this.state.done++;
    this.endedAt = Math.max(this.endedAt, epochMs());
  }

  result(sendDelay: Percentiles | null): DriveResult {
    return {
      phase: this.phase,
      sent: this.state.sent,
      ok: this.latencies.length,
      startedAt: this.startedAt,
      endedAt: this.endedAt,
      responseAt: this.responseAt,
      latency: percentiles(Float64Array.from(this.latencies)),
      sendDelay,
      maxInFlight: this.maxInFlight,
      statuses: this.statuses,
      errors: this.errors,
    };
  }
}

/** Where updates go: the app, the benchmark user's key and the tasks to cycle through. */
export interface UpdateTarget {
  url: string;
  key: string;
  taskIds: number[];
}

/**
 * Sends `rate × durationSec` updates, update i at start + i/rate (a timer
 * every few milliseconds sends whatever is due, so timer jitter does not
 * lower the rate), and resolves once every one has answered.
 */
export async function driveFixedRate(
  target: UpdateTarget,
  o: { phase: Phase; rate: number; durationSec: number; onStart?: (s: DriveState) => void },
): Promise<DriveResult> {
  const total = Math.max(1, Math.round(o.rate * o.durationSec));
  const u = new Updates(target, o.phase, total);
  o.onStart?.(u.state);
  const interval = 1000 / o.rate;
  const delays = new Float64Array(total);
  const inFlight: Promise<void>[] = [];
  let next = 0;
  while (next < total) {
    const now = epochMs();
    while (next < total && u.startedAt + next * interval <= now && u.state.inFlight < MAX_IN_FLIGHT) {
      delays[next] = now - (u.startedAt + next * interval);
      inFlight.push(u.send(next++));
    }
    if (next < total) {
      const wait = u.startedAt + next * interval - epochMs();
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(wait, 5))));
    }
  }
  await Promise.all(inFlight);
  return u.result(percentiles(delays));
}

/** Sends `count` updates as fast as `concurrency` requests in flight allow. */
export async function driveBurst(
  target: UpdateTarget,
  o: { phase: Phase; count: number; concurrency: number; onStart?: (s: DriveState) => void },
): Promise<DriveResult> {
  const u = new Updates(target, o.phase, o.count);
  o.onStart?.(u.state);
  let next = 0;
  const lane = async () => {
    while (next < o.count) await u.send(next++);
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, o.count) }, lane));
  return u.result(null);
}

/**
 * Warm-up: one update every `everyMs` until `ready()` says every receiver has
 * seen one (subscriptions registered, connections and JIT warm) or `maxMs`
 * pass. Answers how many were sent (the size of the `warm` tally to announce).
 */
export async function driveWarmup(
  target: UpdateTarget,
  o: { size: number; everyMs: number; maxMs: number; ready: () => Promise<boolean> },
): Promise<{ sent: number; ready: boolean }> {
  const u = new Updates(target, 'warm', o.size);
  const until = Date.now() + o.maxMs;
  const pending: Promise<void>[] = [];
  while (Date.now() < until && u.state.sent < o.size) {
    pending.push(u.send(u.state.sent));
    await new Promise((r) => setTimeout(r, o.everyMs));
    if (await o.ready()) {
      await Promise.all(pending);
      return { sent: u.state.sent, ready: true };
    }
  }
  await Promise.all(pending);
  return { sent: u.state.sent, ready: await o.ready() };
}

/** The receivers of a run and how many sinks each has. */
export interface Receivers {
  webhooks: ReceiverWorker;
  subscribers: ReceiverWorker;
  subscriptions: number;
  subscriberCount: number;
}

/** Everything one phase measured. */
export interface PhaseResult {
  phase: Phase;
  label: string;
  drive: Omit<DriveResult, 'responseAt'>;
  webhooks: PathSummary | null;
  subscribers: PathSummary | null;
  /** From the last update's answer until the last expected event arrived (or the wait ended). */
  drainMs: number;
  drained: boolean;
  /** The app child: RSS, CPU, event-loop delay over the phase and its drain. */
  app: WindowStats | null;
  /** Event-loop delay of the benchmark's own threads (high values: the harness, not the app, is late). */
  harness: { driver: Percentiles; webhookReceivers: Percentiles | null; subscriberClients: Percentiles | null };
  /** Largest backlog seen (sampled every second): unprocessed outbox events, pending webhook deliveries. */
  maxBacklog: { outbox: number; deliveries: number };
  /** The backlog when the wait ended: missing webhooks with deliveries still pending were late, not lost. */
  finalBacklog: { outbox: number; deliveries: number };
  /** Committed transactions of the database during the phase (pg_stat_database; approximate). */
  commits: number;
  loadAvgAtStart: number[];
}

const QUIET_MS = 5_000;

/**
 * Runs one phase: `drive` sends its updates (it is given the counters the
 * progress line reads); then waits until every sink has every event of the
 * updates that succeeded, or nothing arrives for a while with no backlog
 * left (lost), or `drainSec` pass.
 */
export async function runPhase(o: {
  phase: Phase;
  label: string;
  size: number;
  drainSec: number;
  receivers: Receivers;
  app: ServerProcess;
  probe: DatabaseProbe;
  drive: (onStart: (s: DriveState) => void) => Promise<DriveResult>;
}): Promise<PhaseResult> {
  const { receivers: r, probe } = o;
  const workers = [r.webhooks, r.subscribers];
  await Promise.all(workers.map((w) => w.call('phase', { phase: o.phase, size: o.size })));
  await Promise.all(workers.map((w) => w.call('eld')));
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  const loadAvgAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
  const commitsBefore = await probe.commits();
  await o.app.beginWindow();

  let state: DriveState = { sent: 0, done: 0, inFlight: 0 };
  const maxBacklog = { outbox: 0, deliveries: 0 };
  let backlog = { outbox: 0, deliveries: 0 };
  let counts = { webhooks: 0, subscribers: 0 };
  let sampling = false;
  const sample = async () => {
    if (sampling) return;
    sampling = true;
    try {
      backlog = await probe.backlog();
      maxBacklog.outbox = Math.max(maxBacklog.outbox, backlog.outbox);
      maxBacklog.deliveries = Math.max(maxBacklog.deliveries, backlog.deliveries);
      const [w, s] = await Promise.all(
        workers.map((x) => x.call<{ received: number }>('progress', { phase: o.phase })),
      );
      counts = { webhooks: w.received, subscribers: s.received };
    } finally {
      sampling = false;
    }
  };
  const note = () =>
    `webhooks ${counts.webhooks} ws ${counts.subscribers} in flight ${state.inFlight} backlog ${backlog.outbox}/${backlog.deliveries}`;
  const bar = new ProgressBar(`${o.phase}: updates`, o.size);
  const timer = setInterval(
    () =>
      void sample().then(
        () => bar.update(state.done, note()),
        () => undefined,
      ),
    1000,
  );
  let drive: DriveResult;
  try {
    drive = await o.drive((s) => (state = s));
    bar.finish(note());

    const expected = { webhooks: drive.ok * r.subscriptions, subscribers: drive.ok * r.subscriberCount };
    const total = expected.webhooks + expected.subscribers;
    const drainBar = new ProgressBar(`${o.phase}: events`, total);
    const until = epochMs() + o.drainSec * 1000;
    let lastCount = -1;
    let lastChange = epochMs();
    for (;;) {
      await sample();
      const got = counts.webhooks + counts.subscribers;
      drainBar.update(got, note());
      if (counts.webhooks >= expected.webhooks && counts.subscribers >= expected.subscribers) break;
      if (got !== lastCount) {
        lastCount = got;
        lastChange = epochMs();
      } else if (epochMs() - lastChange > QUIET_MS && backlog.outbox === 0 && backlog.deliveries === 0) break;
      if (epochMs() > until) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    drainBar.finish(note());
  } finally {
    clearInterval(timer);
  }
  const app = await o.app.endWindow();
  const commits = (await probe.commits()) - commitsBefore;
  const [webhooks, subscribers] = await Promise.all(
    workers.map((w) =>
      w.call<PathSummary | null>('summarize', { phase: o.phase, responseAt: drive.responseAt, splitAt: drive.endedAt }),
    ),
  );
  const [webhookEld, subscriberEld] = await Promise.all(workers.map((w) => w.call<Percentiles>('eld')));
  eld.disable();
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  const lastAt = Math.max(webhooks?.lastAt ?? 0, subscribers?.lastAt ?? 0);
  const complete =
    (webhooks?.received ?? 0) >= drive.ok * r.subscriptions &&
    (subscribers?.received ?? 0) >= drive.ok * r.subscriberCount;
  const { responseAt: _responseAt, ...driveShown } = drive;
  return {
    phase: o.phase,
    label: o.label,
    drive: driveShown,
    webhooks: r.subscriptions ? webhooks : null,
    subscribers: r.subscriberCount ? subscribers : null,
    drainMs: Math.round(Math.max(0, (complete ? lastAt : epochMs()) - drive.endedAt)),
    drained: complete,
    app,
    harness: {
      driver: {
        n: eld.count,
        p50: ms(eld.percentile(50)),
        p99: ms(eld.percentile(99)),
        max: ms(eld.max),
        mean: ms(eld.mean),
      },
      webhookReceivers: r.subscriptions ? webhookEld : null,
      subscriberClients: r.subscriberCount ? subscriberEld : null,
    },
    maxBacklog,
    finalBacklog: await probe.backlog(),
    commits,
    loadAvgAtStart,
  };
}
