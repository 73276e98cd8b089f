// The worker thread of RenderPool (render-pool.ts): renders one job's items
// in order, recording which item it is on in shared memory so that the pool
// can name it after terminating a job that ran out of time.
import { parentPort, workerData } from 'node:worker_threads';
import { sanitizeHtml } from './html.ts';
import { markdownToHtml } from './markdown.ts';
import type { RenderItem, WorkerReply } from './render-pool.ts';
import { threadCpuClock } from './thread-cpu.ts';

const port = parentPort!;
const data = workerData as { progress: SharedArrayBuffer; stallMs: number };
const progress = new Int32Array(data.progress);
const reply = (message: WorkerReply) => port.postMessage(message);

port.on('message', (items: RenderItem[]) => {
  // Test-only (RenderPoolOptions.faults): wall time passes, no CPU is used.
  if (data.stallMs) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, data.stallMs);
  const html: string[] = [];
  for (let index = 0; index < items.length; index++) {
    Atomics.store(progress, 0, index);
    const { text, markdown } = items[index];
    try {
      html.push(markdown ? markdownToHtml(text) : sanitizeHtml(text));
    } catch (err) {
      // The parsers and serialisers recurse once per nesting level: a deep enough tree overflows the stack.
      if (err instanceof RangeError) return reply({ kind: 'refused', index, reason: 'too_deep' });
      return reply({ kind: 'failed', index, message: err instanceof Error ? err.message : String(err) });
    }
  }
  reply({ kind: 'done', html });
});

reply({ kind: 'ready', cpuClock: threadCpuClock() });
