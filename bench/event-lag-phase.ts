// One measured phase of the event-lag benchmark: announce it to the
// receivers, drive the updates, wait for the events to drain, then collect
// what each receiver saw and what the app and the database did meanwhile.

import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { DriveResult, DriveState } from './event-lag-driver.ts';
import type { ReceiverWorker } from './event-lag-rpc.ts';
import type { DatabaseProbe } from './event-lag-setup.ts';
import { epochMs, type PathSummary, type Percentiles, type Phase } from './event-lag-tally.ts';
import { ProgressBar } from './progress.ts';
import type { ServerProcess, WindowStats } from './server-process.ts';

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
