// The receivers (webhook endpoints, WebSocket subscribers) run in worker
// threads, so their parsing and signature checks never delay the driver's
// fixed-rate schedule and a busy receiver shows up as its own event-loop
// delay. This is the request/answer protocol between the main thread and a
// worker, and the part every receiver worker shares (its tallies).

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, Worker } from 'node:worker_threads';
import { type PathSummary, type Percentiles, type Phase, PhaseTally } from './event-lag-tally.ts';

interface Request {
  id: number;
  method: string;
  args: unknown;
}

interface Answer {
  id: number;
  result?: unknown;
  error?: string;
}

type Handlers = Record<string, (args: any) => unknown>;

/** Worker side: the tallies of one receiver kind, by phase, and the worker's event-loop delay. */
export class ReceiverCore {
  readonly tallies = new Map<Phase, PhaseTally>();
  private readonly eld = monitorEventLoopDelay({ resolution: 5 });

  constructor(readonly sinks: () => number) {
    this.eld.enable();
  }

  /** The tally of `phase`, or undefined before the main thread announced it. */
  tally(phase: Phase): PhaseTally | undefined {
    return this.tallies.get(phase);
  }

  /** Methods every receiver worker answers. */
  handlers(): Handlers {
    return {
      phase: ({ phase, size }: { phase: Phase; size: number }) =>
        void this.tallies.set(phase, new PhaseTally(size, this.sinks())),
      progress: ({ phase }: { phase: Phase }) =>
        this.tallies.get(phase)?.progress() ?? { received: 0, sinksWithAny: 0 },
      summarize: ({
        phase,
        responseAt,
        splitAt,
      }: {
        phase: Phase;
        responseAt: Float64Array;
        splitAt: number;
      }): PathSummary | null => this.tallies.get(phase)?.summarize(responseAt, splitAt) ?? null,
      eld: (): Percentiles => {
        const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
        const r = {
          n: this.eld.count,
          p50: ms(this.eld.percentile(50)),
          p99: ms(this.eld.percentile(99)),
          max: ms(this.eld.max),
          mean: ms(this.eld.mean),
        };
        this.eld.reset();
        return r;
      },
    };
  }
}

/** Worker side: answers the main thread's requests with `handlers`. */
export function serveRequests(handlers: Handlers): void {
  const port = parentPort;
  if (!port) throw new Error('not in a worker thread');
  port.on('message', (req: Request) => {
    const handler = handlers[req.method];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown method ${req.method}`);
        return handler(req.args);
      })
      .then(
        (result) => port.postMessage({ id: req.id, result } satisfies Answer),
        (err: Error) => port.postMessage({ id: req.id, error: err.stack ?? err.message } satisfies Answer),
      );
  });
}

const BOOT = new URL('./event-lag-worker-boot.mjs', import.meta.url);

/** Main side: one receiver worker and calls into it. */
export class ReceiverWorker {
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (a: Answer) => {
      const p = this.pending.get(a.id);
      this.pending.delete(a.id);
      if (a.error !== undefined) p?.reject(new Error(a.error));
      else p?.resolve(a.result);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`receiver worker exited with code ${code}`)));
  }

  /** Starts `module` (a .ts file next to this one) in a worker thread. */
  static start(module: string): ReceiverWorker {
    return new ReceiverWorker(new Worker(BOOT, { workerData: { module: `./${module}` } }));
  }

  /** Calls `method` in the worker. */
  call<T>(method: string, args: unknown = {}): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, method, args } satisfies Request);
    });
  }

  /** Closes what the worker opened (its `close` method), then ends the thread. */
  async stop(): Promise<void> {
    if (!this.failure) await this.call('close').catch(() => undefined);
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}
