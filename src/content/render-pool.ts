import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

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
  | { kind: 'ready' }
  | { kind: 'done'; html: string[] }
  | { kind: 'refused'; index: number; reason: RenderRefusal }
  | { kind: 'failed'; index: number; message: string };

/** Tuning of a {@link RenderPool}. */
export interface RenderPoolOptions {
  /** Most worker threads at once (started on demand). */
  workers: number;
  /** Wall time one job may run on its worker; then the worker is terminated and replaced. */
  timeoutMs: number;
  /** Old-generation heap of a worker; a job that needs more is refused, not the process. */
  maxHeapMb: number;
}

interface Job {
  items: RenderItem[];
  resolve(outcome: RenderOutcome): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** Index of the item the worker is rendering (shared memory: readable after terminate). */
  progress: Int32Array;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * How to start a worker: the bundle's `content-render-worker.js` beside the
 * chunks in `dist/` (an entry point of scripts/build.mjs); or, running from
 * `src/` (tsx, vitest), a bootstrap that registers tsx's loader in the
 * worker and then imports the TypeScript source.
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./content-render-worker.js', import.meta.url), eval: false };
  // The ESM build of `tsx/esm/api` (require.resolve would give the CommonJS one).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = new URL('dist/esm/api/index.mjs', pathToFileURL(tsxPackage)).href;
  const source = new URL('./render-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(source)}); })`;
  return { entry: bootstrap, eval: true };
}

/**
 * A small pool of worker threads that render user content, so that markdown
 * and HTML whose cost grows faster than their length (nested emphasis or
 * quotes, deep element nesting) never run on the event loop. Each job has a
 * hard time budget: when it runs out the worker is terminated (the only way
 * to stop synchronous work) and a fresh one takes its place on demand. A job
 * waits in a FIFO queue while every worker is busy; its budget starts when a
 * worker picks it up. Idle workers do not keep the process alive.
 */
export class RenderPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];

  constructor(private options: RenderPoolOptions) {}

  /** Changes the tuning; running jobs keep the budget they started with. */
  configure(options: RenderPoolOptions): void {
    this.options = options;
  }

  /** Renders the items in one job (one budget for all of them). */
  run(items: RenderItem[]): Promise<RenderOutcome> {
    return new Promise<RenderOutcome>((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      this.pump();
    });
  }

  /** Workers alive now (started or starting). */
  get size(): number {
    return this.slots.size;
  }

  /** Terminates every worker; queued jobs fail. A later job starts new workers. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('content render pool is closed'));
    const workers = [...this.slots].map((slot) => {
      slot.job?.reject(new Error('content render pool is closed'));
      return this.discard(slot);
    });
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (!this.queue.length) return;
      if (slot.ready && !slot.job) this.dispatch(slot, this.queue.shift()!);
    }
    const starting = [...this.slots].filter((s) => !s.ready).length;
    if (this.queue.length > starting && this.slots.size < this.options.workers) this.spawn();
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    Atomics.store(slot.progress, 0, 0);
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      const index = Atomics.load(slot.progress, 0);
      void this.discard(slot).terminate();
      job.resolve({ ok: false, index, reason: 'timeout' });
      this.pump();
    }, this.options.timeoutMs);
    slot.worker.postMessage(job.items);
  }

  /** The slot's job is over: the worker goes back to waiting. */
  private release(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
    return job;
  }

  /** Takes a slot out of the pool (its worker is to be terminated, or has exited). */
  private discard(slot: Slot): Worker {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    this.slots.delete(slot);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined);
    return slot.worker;
  }

  private spawn(): void {
    const { entry, eval: isCode } = workerEntry();
    const shared = new SharedArrayBuffer(4);
    const worker = new Worker(entry, {
      eval: isCode,
      execArgv: [],
      workerData: { progress: shared },
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, progress: new Int32Array(shared), ready: false, job: null, timer: null };
    this.slots.add(slot);

    worker.on('message', (reply: WorkerReply) => {
      if (reply.kind === 'ready') {
        slot.ready = true;
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
      void this.discard(slot).terminate();
      if (job) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          job.resolve({ ok: false, index, reason: 'out_of_memory' });
        } else job.reject(error);
      } else if (!slot.ready) {
        // Failed to start: nothing will ever start, so fail what waits instead of looping.
        for (const waiting of this.queue.splice(0)) waiting.reject(error);
      }
      this.pump();
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`content render worker exited with code ${code}`)));
  }
}
