import { Worker } from 'node:worker_threads';
import { FairQueue } from './fair-queue.ts';
import { readCpuNs } from './thread-cpu.ts';
import { workerEntry } from '../worker-entry.ts';

/** One text to render: HTML to sanitise, or markdown to convert (and sanitise). */
export interface RenderItem {
  text: string;
  markdown: boolean;
}

/** Why a job was given up: too slow, too deeply nested (stack), or too large (heap). */
export type RenderRefusal = 'timeout' | 'too_deep' | 'out_of_memory';

/**
 * The result of one job: every item's HTML, or the item (by index) the
 * worker was on when it gave up or was stopped.
 */
export type RenderOutcome = { ok: true; html: string[] } | { ok: false; index: number; reason: RenderRefusal };

/** What a worker posts back (see render-worker.ts). */
export type WorkerReply =
  /** `cpuClock`: where the worker thread's CPU time can be read (see thread-cpu.ts), or null. */
  | { kind: 'ready'; cpuClock: string | null }
  | { kind: 'done'; html: string[] }
  | { kind: 'refused'; index: number; reason: RenderRefusal }
  | { kind: 'failed'; index: number; message: string };

/** Tuning of a {@link RenderPool}. */
export interface RenderPoolOptions {
  /** Most worker threads at once (started on demand). */
  workers: number;
  /**
   * CPU time one job may use on its worker thread; then the worker is
   * terminated and replaced. Counted from the thread's own CPU clock, so a
   * busy machine (a worker waiting for a core) does not use it up; where the
   * platform has no thread CPU clock it is wall time.
   */
  timeoutMs: number;
  /** Wall time one job may take at most, however little CPU it got (a backstop; at least `timeoutMs`). */
  wallTimeoutMs: number;
  /** Jobs one owner (user) may have running at once; its further jobs wait in its own queue. */
  perOwner: number;
  /** Test-only: the worker waits this long (using no CPU) before each job, as a worker denied a core would. */
  faults?: { stallMs?: number };
  /** Old-generation heap of a worker; a job that needs more is refused, not the process. */
  maxHeapMb: number;
}

interface Job {
  owner: string;
  items: RenderItem[];
  resolve(outcome: RenderOutcome): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** Index of the item the worker is rendering (shared memory: readable after terminate). */
  progress: Int32Array;
  ready: boolean;
  /** The worker thread's CPU clock (thread-cpu.ts), null where there is none. */
  cpuClock: string | null;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /**
   * The owner whose job the worker this one replaces was stopped for: it
   * counts against that owner's share until it is ready, so the owner's next
   * job cannot take another owner's ready worker while its own restarts
   * (starting a worker takes far longer than a small job).
   */
  heldFor: string | null;
}

/** How often a running job's CPU time is read: a small part of the budget, 10–100 ms. */
const checkEvery = (budgetMs: number) => Math.min(100, Math.max(10, Math.floor(budgetMs / 8)));

/**
 * A small pool of worker threads that render user content, so that markdown
 * and HTML whose cost grows faster than their length (nested emphasis or
 * quotes, deep element nesting) never run on the event loop. Each job has a
 * hard budget of CPU time (and a longer wall-time backstop): when it runs
 * out the worker is terminated (the only way to stop synchronous work) and a
 * fresh one takes its place on demand. The workers are shared fairly: each
 * owner (the user a job renders for) may have `perOwner` jobs running; its
 * further jobs wait in its own queue, and owners with waiting jobs take
 * turns for free workers. So one user sending expensive texts as fast as the
 * rate limit allows holds at most its share of the workers, and another
 * user's job waits for at most one job per other owner ahead of it. A job's
 * budget starts when a worker picks it up. Idle workers do not keep the
 * process alive.
 */
export class RenderPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: FairQueue<Job>;

  constructor(private options: RenderPoolOptions) {
    this.queue = new FairQueue(options.perOwner);
  }

  /** Changes the tuning; running jobs keep the budget they started with. */
  configure(options: RenderPoolOptions): void {
    this.options = options;
    this.queue.setShare(options.perOwner);
    this.pump();
  }

  /** Renders the items in one job (one budget for all of them) for `owner` (whose share of the workers it uses). */
  run(items: RenderItem[], owner: string): Promise<RenderOutcome> {
    return new Promise<RenderOutcome>((resolve, reject) => {
      this.queue.push(owner, { owner, items, resolve, reject });
      this.pump();
    });
  }

  /** Workers alive now (started or starting). */
  get size(): number {
    return this.slots.size;
  }

  /** Terminates every worker; queued jobs fail. A later job starts new workers. */
  async close(): Promise<void> {
    for (const job of this.queue.drain()) job.reject(new Error('content render pool is closed'));
    const workers = [...this.slots].map((slot) => {
      slot.job?.reject(new Error('content render pool is closed'));
      return this.discard(slot);
    });
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job) continue;
      const next = this.queue.take();
      if (!next) return;
      this.dispatch(slot, next.item);
    }
    const starting = [...this.slots].filter((s) => !s.ready).length;
    if (this.queue.runnable > starting && this.slots.size < this.options.workers) this.spawn();
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    Atomics.store(slot.progress, 0, 0);
    slot.worker.ref();
    const { timeoutMs, wallTimeoutMs } = this.options;
    const started = performance.now();
    const cpuStart = slot.cpuClock ? readCpuNs(slot.cpuClock) : null;
    // The CPU clock is read on a timer: the worker, busy in synchronous code, cannot watch itself.
    slot.timer = setInterval(() => {
      const wall = performance.now() - started;
      const cpuNow = cpuStart !== null ? readCpuNs(slot.cpuClock!) : null;
      const used = cpuNow !== null ? (cpuNow - cpuStart!) / 1e6 : wall;
      if (used < timeoutMs && wall < Math.max(wallTimeoutMs, timeoutMs)) return;
      const index = Atomics.load(slot.progress, 0);
      void this.discard(slot, true).terminate();
      job.resolve({ ok: false, index, reason: 'timeout' });
      this.pump();
    }, checkEvery(timeoutMs));
    slot.worker.postMessage(job.items);
  }

  /** The slot's job is over: the worker goes back to waiting. */
  private release(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer) clearInterval(slot.timer);
    slot.timer = null;
    slot.job = null;
    if (job) this.queue.done(job.owner);
    slot.worker.unref();
    return job;
  }

  /**
   * Takes a slot out of the pool (its worker is to be terminated, or has
   * exited). With `replace`, the job's owner keeps the slot's place in its
   * share while a new worker starts in its stead (see {@link Slot.heldFor}).
   */
  private discard(slot: Slot, replace = false): Worker {
    if (slot.timer) clearInterval(slot.timer);
    slot.timer = null;
    this.slots.delete(slot);
    if (slot.heldFor) this.queue.done(slot.heldFor);
    slot.heldFor = null;
    if (slot.job && replace) this.spawn(slot.job.owner);
    else if (slot.job) this.queue.done(slot.job.owner);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    return slot.worker;
  }

  private spawn(heldFor: string | null = null): void {
    const { entry, eval: isCode } = workerEntry(import.meta.url, './render-worker.ts', 'content-render-worker');
    const shared = new SharedArrayBuffer(4);
    const worker = new Worker(entry, {
      eval: isCode,
      execArgv: [],
      workerData: { progress: shared, stallMs: this.options.faults?.stallMs ?? 0 },
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, progress: new Int32Array(shared), ready: false, cpuClock: null, job: null, timer: null, heldFor };
    this.slots.add(slot);

    worker.on('message', (reply: WorkerReply) => {
      if (reply.kind === 'ready') {
        slot.ready = true;
        slot.cpuClock = reply.cpuClock;
        if (slot.heldFor) this.queue.done(slot.heldFor);
        slot.heldFor = null;
        this.pump();
        return;
      }
      const job = this.release(slot);
      if (!job) return;
      if (reply.kind === 'done') job.resolve({ ok: true, html: reply.html });
      else if (reply.kind === 'refused') job.resolve({ ok: false, index: reply.index, reason: reply.reason });
      else job.reject(new Error(`content rendering failed on item ${reply.index}: ${reply.message}`));
      this.pump();
    });
    // A worker dies on its own only when it runs out of heap (the job was too
    // large) or its code failed to load; neither may take the process down.
    const died = (error: Error) => {
      if (!this.slots.has(slot)) return;
      const job = slot.job;
      const index = Atomics.load(slot.progress, 0);
      const outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      void this.discard(slot, outOfMemory).terminate();
      if (job) {
        if (outOfMemory) {
          job.resolve({ ok: false, index, reason: 'out_of_memory' });
        } else job.reject(error);
      } else if (!slot.ready) {
        // Failed to start: nothing will ever start, so fail what waits instead of looping.
        for (const waiting of this.queue.drain()) waiting.reject(error);
      }
      this.pump();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`content render worker exited with code ${code}`)));
  }
}
