// `npm run bench:events`: event lag from commit to webhook receipt
// and to WebSocket subscribers at a fixed update rate, and deliveries/s at
// saturation. A fresh PostgreSQL database, Redis under a prefix of its own,
// the app as a child process (production, dispatcher on); webhook receivers
// and graphql-ws subscribers in worker threads of this process. A measured
// run writes its report into BENCHMARKS.md (section event-lag). See --help.

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, serverAnswers, serverFacts, serverUrl } from './database.ts';
import { driveBurst, driveFixedRate, driveWarmup, type PhaseResult, type Receivers, runPhase, type UpdateTarget } from './event-lag-phase.ts';
import { ReceiverWorker } from './event-lag-receivers.ts';
import { type EventLagResult, renderReport, verdicts, writeEventLagSection } from './event-lag-report.ts';
import { type EventLagOptions, parseEventLagOptions } from './options.ts';
import {
  appEnv,
  clearRedisPrefix,
  createSubscriptions,
  DatabaseProbe,
  prepareDatabase,
  redisAnswers,
  redisUrl,
  startApp,
} from './event-lag-setup.ts';
import { shownEnv } from './app-env.ts';
import { type Cleanups, gitState, machineFacts, round2, runEntry } from './entry.ts';
import { ROOT } from './server-process.ts';

const log = (line: string) => process.stderr.write(`[events] ${line}\n`);
const cleanups: Cleanups = [];

/** Most warm-up updates before giving up on a receiver that never sees one. */
const WARMUP_MAX = 600;


/** Runs `fn` at cleanup time (last registered, first run). */
function onCleanup(fn: () => Promise<unknown> | unknown): void {
  cleanups.push(fn);
}


/** Every receiver has seen at least one warm-up event: subscriptions are registered end to end. */
async function receiversReady(r: Receivers): Promise<boolean> {
  const [w, s] = await Promise.all(
    [r.webhooks, r.subscribers].map((x) => x.call<{ sinksWithAny: number }>('progress', { phase: 'warm' })),
  );
  return w.sinksWithAny >= r.subscriptions && s.sinksWithAny >= r.subscriberCount;
}

async function measure(o: EventLagOptions, run: string, stamp: string, errors: string[]) {
  const pgServer = serverUrl();
  const pgAnswer = await serverAnswers(pgServer);
  if (!pgAnswer.ok) throw new Error(`PostgreSQL at ${new URL(pgServer).host} does not answer: ${pgAnswer.reason}`);
  const redis = redisUrl();
  const redisAnswer = await redisAnswers(redis);
  if (!redisAnswer.ok) throw new Error(`Redis at ${new URL(redis).host} does not answer: ${redisAnswer.reason}`);

  const workDir = mkdtempSync(join(tmpdir(), 'tasksvc-evlag-'));
  onCleanup(() => rmSync(workDir, { recursive: true, force: true }));
  const dbName = `tasksvc_evlag_${run}`;
  onCleanup(() => (o.keep ? log(`kept database ${dbName}`) : dropDatabase(pgServer, dbName)));
  log(`database ${dbName}: seeding one board with ${o.tasks} tasks`);
  const board = await prepareDatabase(pgServer, dbName, o.tasks);
  if (board.taskIds.length < o.tasks) errors.push(`only ${board.taskIds.length} live tasks seeded, not ${o.tasks}`);
  const redisPrefix = `tasksvc-bench-evlag-${run}:`;
  onCleanup(() => clearRedisPrefix(redis, redisPrefix));

  const env = appEnv({ databaseUrl: board.url, redisUrl: redis, redisPrefix, subscribers: o.subscribers });
  const appStarted = performance.now();
  const profileDir = o.profile ? join(ROOT, 'bench', 'results', 'profiles', `event-lag-${stamp}`) : undefined;
  const app = await startApp(env, workDir, profileDir);
  if (profileDir)
    onCleanup(() => log(`CPU profile of the app: ${profileDir}/ (npx tsx scripts/perf/profile-summary.ts <file>)`));
  onCleanup(() => app.stop());
  const appStartMs = Math.round(performance.now() - appStarted);
  log(`app pid ${app.pid} at ${app.url} (started in ${appStartMs} ms)`);
  const probe = await DatabaseProbe.open(board.url);
  onCleanup(() => probe.close());

  const receivers: Receivers = {
    webhooks: ReceiverWorker.start('webhooks'),
    subscribers: ReceiverWorker.start('subscribers'),
    subscriptions: o.subscriptions,
    subscriberCount: o.subscribers,
  };
  onCleanup(() => receivers.webhooks.stop());
  onCleanup(() => receivers.subscribers.stop());
  const ports = await receivers.webhooks.call<number[]>('listen', { count: o.subscriptions });
  const secrets = await createSubscriptions(app.url, board, ports);
  for (const [sink, secret] of secrets.entries()) await receivers.webhooks.call('trust', { sink, secret });
  log(`${o.subscriptions} webhook subscriptions; connecting ${o.subscribers} WebSocket subscribers`);
  await receivers.subscribers.call('connect', {
    url: app.url,
    key: board.apiKey,
    projectId: board.projectId,
    count: o.subscribers,
  });

  const target: UpdateTarget = { url: app.url, key: board.apiKey, taskIds: board.taskIds };
  for (const w of [receivers.webhooks, receivers.subscribers])
    await w.call('phase', { phase: 'warm', size: WARMUP_MAX });
  const warmStarted = performance.now();
  const warm = await driveWarmup(target, {
    size: WARMUP_MAX,
    everyMs: 100,
    maxMs: 60_000,
    ready: () => receiversReady(receivers),
  });
  const warmup = { ...warm, seconds: round2((performance.now() - warmStarted) / 1000) };
  if (!warm.ready)
    throw new Error(`not every receiver saw a warm-up event after ${warm.sent} updates; app output:\n${app.tail(10)}`);
  log(`warm: every receiver saw an event after ${warm.sent} updates (${warmup.seconds} s)`);
  // Let the warm-up's stragglers drain so they are not billed to the measured phase.
  await new Promise((r) => setTimeout(r, 1000));
  await app.settle(5000);

  const phases: PhaseResult[] = [];
  const total = Math.max(1, Math.round(o.rate * o.durationSec));
  log(`run: ${o.rate} updates/s for ${o.durationSec} s (${total} updates)`);
  phases.push(
    await runPhase({
      phase: 'run',
      label: `Fixed rate: ${o.rate} updates/s for ${o.durationSec} s`,
      size: total,
      drainSec: o.drainSec,
      receivers,
      app,
      probe,
      drive: (onStart) => driveFixedRate(target, { phase: 'run', rate: o.rate, durationSec: o.durationSec, onStart }),
    }),
  );
  if (o.burst > 0) {
    // The burst measures a backlog of its own: leftovers of the fixed-rate phase would compete with it.
    const until = Date.now() + o.drainSec * 1000;
    let left = await probe.backlog();
    while (left.outbox + left.deliveries > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 1000));
      left = await probe.backlog();
    }
    if (left.outbox + left.deliveries > 0) {
      errors.push(
        `the burst began with ${left.deliveries} deliveries and ${left.outbox} events of the fixed-rate phase still queued`,
      );
    } else log('queues empty');
    await app.settle(10_000);
    log(`burst: ${o.burst} updates, ${o.burstConcurrency} in flight`);
    phases.push(
      await runPhase({
        phase: 'burst',
        label: `Saturation: a burst of ${o.burst} updates (${o.burstConcurrency} in flight)`,
        size: o.burst,
        drainSec: o.drainSec,
        receivers,
        app,
        probe,
        drive: (onStart) =>
          driveBurst(target, { phase: 'burst', count: o.burst, concurrency: o.burstConcurrency, onStart }),
      }),
    );
  }
  const [webhookProblems, subscriberProblems] = await Promise.all(
    [receivers.webhooks, receivers.subscribers].map((w) => w.call<Record<string, unknown>>('problems')),
  );
  return {
    tasks: board.taskIds.length,
    appStartMs,
    warmup,
    phases,
    appPeakRssMb: round2(app.peakRssMb()),
    receivers: { webhooks: webhookProblems, subscribers: subscriberProblems },
    postgres: await serverFacts(board.url),
    appEnv: shownEnv(env),
  };
}

async function main() {
  const o = parseEventLagOptions(process.argv.slice(2));
  const startedAt = new Date();
  const stamp = startedAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const run = `${stamp}_${randomBytes(3).toString('hex')}`;
  const load = loadavg();
  log(
    `${o.smoke ? 'smoke' : 'measured'} run ${run}; load average ${load.map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`,
  );
  if (!o.smoke && load[0] > cpus().length * 0.5) {
    log(
      `WARNING: the machine is busy (load ${load[0].toFixed(1)}): lag will be higher and noisier than on an idle machine.`,
    );
  }
  const errors: string[] = [];
  const measured = await measure(o, run, stamp, errors);

  const result: EventLagResult = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    git: gitState(),
    machine: { ...machineFacts(load), loadAvgAtEnd: loadavg().map(round2) },
    options: o,
    errors,
    ...measured,
  };
  const resultsDir = join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const base = join(resultsDir, `event-lag-${stamp}${o.smoke ? '-smoke' : ''}`);
  const markdown = renderReport(result);
  writeFileSync(`${base}.md`, markdown);
  writeFileSync(`${base}.json`, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${markdown}\n`);
  log(`report: ${base}.md (raw: ${base}.json)`);
  if (!o.smoke) {
    writeEventLagSection(result);
    log('written to bench/BENCHMARKS.md (section event-lag)');
  }

  const v = verdicts(result);
  if (v.integrity === false)
    errors.push('events were lost, duplicated or unexpected, failed verification, or updates failed (see the report)');
  if (v.integrity === null) {
    if (o.smoke) errors.push('smoke: events were still queued when the wait ended');
    else
      log(
        'events were still queued when the wait ended: late, so loss and duplication are undetermined (see the report)',
      );
  }
  if (o.smoke) {
    const seen = result.phases.every(
      (p) => (p.webhooks?.received ?? 0) + (p.subscribers?.received ?? 0) > 0 && p.drive.ok > 0,
    );
    if (!seen) errors.push('smoke: a phase saw no updates or no events');
  }
  if (errors.length) {
    log(`${errors.length} problem(s):\n  ${errors.join('\n  ')}`);
    process.exitCode = 1;
  } else
    log(
      `done in ${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s; ${o.smoke ? 'harness works (smoke: lag not judged)' : `lag target ${v.lag === false ? 'MISSED' : 'met'}`}`,
    );
}

runEntry(main, log, cleanups);
