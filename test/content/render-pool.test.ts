import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { RenderPool, type RenderOutcome } from '../../src/content/render-pool.ts';
import { readCpuNs, threadCpuClock } from '../../src/content/thread-cpu.ts';
import { closeContentRendering, configureContentRendering, renderContents } from '../../src/content/render.ts';

// Inputs whose rendering cost grows much faster than their length.
const slowMarkdown = '*a'.repeat(30_000);
const deepHtml = '<div>'.repeat(16_000);
/** An outcome without the HTML (a failed expectation would print all of it). */
const brief = (o: RenderOutcome) => (o.ok ? { ok: true } : o);

describe('the content render pool', () => {
  const pool = new RenderPool({ workers: 1, timeoutMs: 300, wallTimeoutMs: 20_000, perOwner: 1, maxHeapMb: 128 });
  afterAll(() => pool.close());

  it('renders off the event loop: a job over budget is stopped, named by index, and the worker replaced', async () => {
    expect(await pool.run([{ text: '**warm**', markdown: true }], 'u1')).toEqual({ ok: true, html: ['<p><strong>warm</strong></p>'] });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const outcome = await pool.run(
      [
        { text: 'fine', markdown: true },
        { text: slowMarkdown, markdown: true },
        { text: 'never reached', markdown: true },
      ],
      'u1',
    );
    delay.disable();
    expect(outcome).toEqual({ ok: false, index: 1, reason: 'timeout' });
    // Rendering the 60 KB text on this thread blocks it for seconds (8.7 s on an idle 2-core machine); off it, the
    // loop's longest delay is scheduling and GC, which a busy machine stretches past 250 ms but not near a second.
    expect(delay.max / 1e6).toBeLessThan(1_000);
    expect(await pool.run([{ text: '<b>next</b>', markdown: false }], 'u1')).toEqual({ ok: true, html: ['<b>next</b>'] });
  });

  it('refuses markup nested too deeply for the parsers (stack) without losing the worker', async () => {
    const patient = new RenderPool({ workers: 1, timeoutMs: 20_000, wallTimeoutMs: 20_000, perOwner: 1, maxHeapMb: 128 });
    try {
      expect(brief(await patient.run([{ text: deepHtml, markdown: false }], 'u1'))).toEqual({ ok: false, index: 0, reason: 'too_deep' });
      expect(await patient.run([{ text: '<i>ok</i>', markdown: false }], 'u1')).toEqual({ ok: true, html: ['<i>ok</i>'] });
    } finally {
      await patient.close();
    }
  });

  it('queues jobs beyond its workers and runs them in order', async () => {
    const jobs = Array.from({ length: 5 }, (_, i) => pool.run([{ text: `<b>${i}</b>`, markdown: false }], 'u1'));
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4].map((i) => ({ ok: true, html: [`<b>${i}</b>`] })));
    expect(pool.size).toBe(1);
  });

  it('takes turns between owners: a burst of one owner does not go ahead of another owner’s job', async () => {
    const order: string[] = [];
    const job = (owner: string, i: number) =>
      pool.run([{ text: `<i>${owner}${i}</i>`, markdown: false }], owner).then(() => order.push(`${owner}${i}`));
    const jobs = [0, 1, 2, 3].map((i) => job('noisy', i));
    jobs.push(job('quiet', 0));
    await Promise.all(jobs);
    // One worker: the quiet owner's job runs second, not after the noisy owner's four.
    expect(order).toEqual(['noisy0', 'quiet0', 'noisy1', 'noisy2', 'noisy3']);
  });

  it('keeps an owner at its share of the workers: the other workers stay free for other owners', async () => {
    const shared = new RenderPool({ workers: 2, timeoutMs: 60_000, wallTimeoutMs: 60_000, perOwner: 1, maxHeapMb: 128 });
    try {
      // The noisy owner's first job holds a worker for seconds; its second waits for it in the noisy owner's queue.
      const noisy = [1, 2].map(() => shared.run([{ text: slowMarkdown, markdown: true }], 'noisy').catch((err: Error) => err));
      expect(await shared.run([{ text: '**hi**', markdown: true }], 'quiet')).toEqual({ ok: true, html: ['<p><strong>hi</strong></p>'] });
      expect(shared.size).toBe(2);
      await shared.close();
      expect(await Promise.all(noisy)).toEqual([1, 2].map(() => new Error('content render pool is closed')));
    } finally {
      await shared.close();
    }
  });
});

describe('the budget is CPU time of the worker thread', () => {
  it('reads the CPU clock of a thread (Linux /proc)', () => {
    const clock = threadCpuClock();
    if (process.platform !== 'linux') return;
    expect(clock).toMatch(/^[/]proc[/][0-9]+[/]task[/][0-9]+[/]schedstat$/);
    // Spin until this thread's clock shows 10 ms more (a busy machine may give it less than the wall time).
    const before = readCpuNs(clock!)!;
    const giveUp = performance.now() + 20_000;
    while (readCpuNs(clock!)! - before < 10e6 && performance.now() < giveUp);
    expect(readCpuNs(clock!)! - before).toBeGreaterThanOrEqual(10e6);
  });

  it.runIf(process.platform === 'linux')('a worker that gets no CPU does not use up its budget; wall time is the backstop only', async () => {
    // Each job first waits 600 ms without CPU, as a worker that a busy machine gives no core.
    const starved = { workers: 1, timeoutMs: 200, perOwner: 1, maxHeapMb: 128, faults: { stallMs: 600 } };
    const patient = new RenderPool({ ...starved, wallTimeoutMs: 20_000 });
    const backstop = new RenderPool({ ...starved, wallTimeoutMs: 300 });
    try {
      expect(await patient.run([{ text: '*valid*', markdown: true }], 'u1')).toEqual({ ok: true, html: ['<p><em>valid</em></p>'] });
      expect(await backstop.run([{ text: '*valid*', markdown: true }], 'u1')).toEqual({ ok: false, index: 0, reason: 'timeout' });
    } finally {
      await Promise.all([patient.close(), backstop.close()]);
    }
  });
});

describe('renderContents', () => {
  afterAll(() => closeContentRendering());

  it('names the field the budget ran out on, with code too_complex', async () => {
    configureContentRendering({ CONTENT_RENDER_WORKERS: 1, CONTENT_RENDER_TIMEOUT_MS: 300 });
    const fields = [
      { text: '<p>one</p>', field: 'tasks.0.description' },
      { text: '', field: 'tasks.1.description' },
      { text: slowMarkdown, contentType: 'markdown', field: 'tasks.2.description' },
    ];
    await expect(renderContents(fields, 1)).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'tasks.2.description',
      detail: 'too_complex',
      message: expect.stringContaining('tasks.2.description took longer to render than allowed'),
    });
    await expect(renderContents([{ text: deepHtml, field: 'text' }], 1)).rejects.toMatchObject({ field: 'text', detail: 'too_complex' });
    expect(await renderContents(fields.slice(0, 2), 1)).toEqual(['<p>one</p>', '']);
  });
});
