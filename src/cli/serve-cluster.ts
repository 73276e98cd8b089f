import cluster, { type Worker } from 'node:cluster';
import { isWakeMessage } from '../events/cluster-wake-channel.ts';

// `tasksvc serve --workers N`: N Node processes (node:cluster) accept
// connections on the same port(s); the primary only starts, relays and stops
// them, and loads no app code. Worker 1 starts first and alone (it migrates the
// database), then the others. Exactly one worker, slot 1, runs the outbox
// dispatcher (several would be safe, since claims use SKIP LOCKED and
// stamping takes a row lock, but they would only contend); every worker
// serves requests and live subscriptions. Without Redis, wake-ups reach the
// other workers through the primary (cluster-wake-channel.ts).

/** The environment variable holding a worker's slot, 1..N. */
export const WORKER_SLOT_ENV = 'TASKSVC_WORKER_SLOT';

/** Most workers `--workers` accepts. */
export const MAX_WORKERS = 64;

/** This process's slot (1..N) under `serve --workers`, or null when it is no such worker. */
export function workerSlot(): number | null {
  if (!cluster.isWorker) return null;
  const slot = Number(process.env[WORKER_SLOT_ENV]);
  return Number.isInteger(slot) && slot >= 1 ? slot : null;
}

/** What a worker tells the primary once it serves: the start-up summary (the primary prints it once). */
export interface ReadyMessage {
  tasksvc: 'ready';
  summary: Record<string, string>;
}

/** Tells the primary that this worker serves (a no-op outside a cluster). */
export function reportReady(summary: Record<string, string>): void {
  process.send?.({ tasksvc: 'ready', summary } satisfies ReadyMessage);
}

function isReadyMessage(message: unknown): message is ReadyMessage {
  return typeof message === 'object' && message !== null && (message as ReadyMessage).tasksvc === 'ready';
}

/** How long a stopping worker may take before it is killed. */
const STOP_GRACE_MS = 30_000;
/** A worker that dies is restarted after this delay… */
const RESTART_DELAY_MS = 1_000;
/** …unless this many died within a minute: then the whole service stops (exit 1). */
const MAX_RESTARTS_PER_MINUTE = 5;

const LEVELS = { info: 30, warn: 40, error: 50 };

/** One line of the primary's own log, in the workers' format (pino's JSON on stdout) without loading pino. */
function log(level: keyof typeof LEVELS, msg: string, fields: Record<string, unknown> = {}) {
  process.stdout.write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), service: 'tasksvc', role: 'primary', ...fields, msg })}\n`);
}

/**
 * Runs the primary of `serve --workers N`: forks worker 1, waits until it
 * serves (exit 1 if it fails to start: a taken port, a database that never
 * answered, a failed migration — the worker has said why on stderr), then
 * the others; calls `onReady` with worker 1's summary once all serve.
 * Restarts a worker that dies; SIGINT/SIGTERM stop every worker gracefully
 * (each finishes its requests and closes its services) and exit 0.
 */
export async function runPrimary(opts: {
  workers: number;
  /** Environment every worker gets on top of this process's. */
  env?: Record<string, string>;
  /** Warnings to log once at start (what differs from one process). */
  warnings?: string[];
  onReady(summary: Record<string, string>): void;
}): Promise<void> {
  const slots = new Map<Worker, number>();
  const restarts: number[] = [];
  let stopping = false;
  let firstSummary: Record<string, string> = {};

  const relay = (from: Worker, message: unknown) => {
    if (!isWakeMessage(message)) return;
    for (const worker of slots.keys()) {
      if (worker !== from && worker.isConnected()) worker.send(message);
    }
  };

  /** Forks the worker of `slot`; resolves once it serves, rejects with its exit code if it exits first. */
  const fork = (slot: number) =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork({ ...opts.env, [WORKER_SLOT_ENV]: String(slot) });
      slots.set(worker, slot);
      let ready = false;
      worker.on('message', (message: unknown) => {
        if (isReadyMessage(message) && !ready) {
          ready = true;
          resolve(worker);
          if (slot === 1) firstSummary = message.summary;
        } else relay(worker, message);
      });
      worker.on('exit', (code, signal) => {
        slots.delete(worker);
        if (!ready) return reject(Object.assign(new Error(`worker ${slot} exited during start-up`), { exitCode: code ?? 1 }));
        if (stopping) return;
        log('warn', 'a worker exited; restarting it', { worker: slot, code, signal });
        void restart(slot);
      });
    });

  const restart = async (slot: number) => {
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log('error', `workers died ${restarts.length} times within a minute; stopping`);
      await stopAll();
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, RESTART_DELAY_MS));
    if (stopping) return;
    try {
      await fork(slot);
    } catch {
      // Its exit was logged by the worker; the next death counts towards the limit.
      if (!stopping) void restart(slot);
    }
  };

  const stopAll = async () => {
    stopping = true;
    const exits = [...slots.keys()].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
          worker.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          worker.process.kill('SIGTERM');
        }),
    );
    await Promise.all(exits);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    log('info', 'shutting down', { signal, workers: slots.size });
    void stopAll().then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  for (const warning of opts.warnings ?? []) log('warn', warning);

  try {
    await fork(1);
    await Promise.all(Array.from({ length: opts.workers - 1 }, (_, i) => fork(i + 2)));
  } catch (err) {
    await stopAll();
    process.exit((err as { exitCode?: number }).exitCode || 1);
  }
  opts.onReady(firstSummary);
}
