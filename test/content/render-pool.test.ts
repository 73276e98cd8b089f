import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { RenderPool, type RenderOutcome } from '../../src/content/render-pool.ts';
import { closeContentRendering, configureContentRendering, renderContents } from '../../src/content/render.ts';

// Inputs whose rendering cost grows much faster than their length.
const slowMarkdown = '*a'.repeat(30_000);
const deepHtml = '<div>'.repeat(16_000);
/** An outcome without the HTML (a failed expectation would print all of it). */
const brief = (o: RenderOutcome) => (o.ok ? { ok: true } : o);

describe('the content render pool', () => {
  const pool = new RenderPool({ workers: 1, timeoutMs: 300, maxHeapMb: 128 });
  afterAll(() => pool.close());

  it('renders off the event loop: a job over budget is stopped, named by index, and the worker replaced', async () => {
    expect(await pool.run([{ text: '**warm**', markdown: true }])).toEqual({ ok: true, html: ['<p><strong>warm</strong></p>'] });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const outcome = await pool.run([
      { text: 'fine', markdown: true },
      { text: slowMarkdown, markdown: true },
      { text: 'never reached', markdown: true },
    ]);
    delay.disable();
    expect(outcome).toEqual({ ok: false, index: 1, reason: 'timeout' });
    // Rendering the 60 KB text on this thread would block it for many seconds.
    expect(delay.max / 1e6).toBeLessThan(250);
    expect(await pool.run([{ text: '<b>next</b>', markdown: false }])).toEqual({ ok: true, html: ['<b>next</b>'] });
  });

  it('refuses markup nested too deeply for the parsers (stack) without losing the worker', async () => {
    const patient = new RenderPool({ workers: 1, timeoutMs: 20_000, maxHeapMb: 128 });
    try {
      expect(brief(await patient.run([{ text: deepHtml, markdown: false }]))).toEqual({ ok: false, index: 0, reason: 'too_deep' });
      expect(await patient.run([{ text: '<i>ok</i>', markdown: false }])).toEqual({ ok: true, html: ['<i>ok</i>'] });
    } finally {
      await patient.close();
    }
  });

  it('queues jobs beyond its workers and runs them in order', async () => {
    const jobs = Array.from({ length: 5 }, (_, i) => pool.run([{ text: `<b>${i}</b>`, markdown: false }]));
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4].map((i) => ({ ok: true, html: [`<b>${i}</b>`] })));
    expect(pool.size).toBe(1);
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
    await expect(renderContents(fields)).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'tasks.2.description',
      detail: 'too_complex',
      message: expect.stringContaining('tasks.2.description took longer to render than allowed'),
    });
    await expect(renderContents([{ text: deepHtml, field: 'text' }])).rejects.toMatchObject({ field: 'text', detail: 'too_complex' });
    expect(await renderContents(fields.slice(0, 2))).toEqual(['<p>one</p>', '']);
  });
});
