import type { Config } from '../config.ts';
import { ValidationError } from '../errors.ts';
import { RenderPool, type RenderRefusal } from './render-pool.ts';

/** Accepted `content_type` values (spec 4.6). */
export const CONTENT_TYPES = ['html', 'markdown'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** One field to render: its text, `content_type` and the name errors give it. */
export interface ContentField {
  text: string;
  contentType?: string | null;
  field: string;
}

/** Tuning used until {@link configureContentRendering} runs (the config defaults). */
const DEFAULT_POOL = { workers: 2, timeoutMs: 2000, wallTimeoutMs: 20_000, perOwner: 1, maxHeapMb: 128 };

// One pool per process: worker threads are a process resource, and every
// instance of the service in a process renders the same way.
const pool = new RenderPool(DEFAULT_POOL);

/** The settings of content rendering (src/config.ts). */
export type ContentRenderingConfig = Pick<
  Config,
  'CONTENT_RENDER_WORKERS' | 'CONTENT_RENDER_TIMEOUT_MS' | 'CONTENT_RENDER_WALL_TIMEOUT_MS' | 'CONTENT_RENDER_WORKERS_PER_USER'
>;

/** Applies the CONTENT_RENDER_* settings (createServices calls it); settings left out keep their defaults. */
export function configureContentRendering(config: Partial<ContentRenderingConfig>) {
  pool.configure({
    ...DEFAULT_POOL,
    workers: config.CONTENT_RENDER_WORKERS ?? DEFAULT_POOL.workers,
    timeoutMs: config.CONTENT_RENDER_TIMEOUT_MS ?? DEFAULT_POOL.timeoutMs,
    wallTimeoutMs: config.CONTENT_RENDER_WALL_TIMEOUT_MS ?? DEFAULT_POOL.wallTimeoutMs,
    perOwner: config.CONTENT_RENDER_WORKERS_PER_USER ?? DEFAULT_POOL.perOwner,
  });
}

/** Refuses a content type other than `html` and `markdown` (VALIDATION on `contentType`, the spec's message). */
export function checkContentType(contentType: string | null | undefined): void {
  if (contentType != null && !(CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw new ValidationError(
      'contentType',
      `content_type must be html or markdown, not ${JSON.stringify(contentType)}.`,
      'invalid_enum_value',
    );
  }
}

const REFUSALS: Record<RenderRefusal, string> = {
  timeout: 'took longer to render than allowed',
  too_deep: 'is nested too deeply to render',
  out_of_memory: 'needs more memory to render than allowed',
};

/**
 * Turns user texts into the sanitised HTML that is stored (spec 4.6), in
 * one job of the render pool (off the event loop, one CPU-time budget) on
 * the share of the workers of `userId`, the user the texts are written by
 * (every transport's domain call passes its viewer, so one user's
 * expensive texts queue behind each other, not in front of another's):
 * `contentType` omitted or `html` → the text is HTML and is sanitised;
 * `markdown` → GFM converted to HTML (images become links, raw HTML is
 * shown as text); anything else → VALIDATION on `contentType`. A text the
 * pool gives up on (time budget, nesting, memory) → VALIDATION naming its
 * field with code `too_complex`.
 */
export async function renderContents(fields: ContentField[], userId: number): Promise<string[]> {
  for (const f of fields) checkContentType(f.contentType);
  const html = fields.map(() => '');
  // Both pipelines turn '' into ''; every update without a description passes '' here.
  const work = fields.flatMap((f, i) => (f.text === '' ? [] : [{ at: i, text: f.text, markdown: f.contentType === 'markdown' }]));
  if (!work.length) return html;
  const outcome = await pool.run(
    work.map(({ text, markdown }) => ({ text, markdown })),
    `user:${userId}`,
  );
  if (!outcome.ok) {
    const { field } = fields[work[outcome.index].at];
    throw new ValidationError(
      field,
      `${field} ${REFUSALS[outcome.reason]}; simplify it (less nesting, fewer emphasis markers) or split it.`,
      'too_complex',
    );
  }
  work.forEach((w, i) => (html[w.at] = outcome.html[i]));
  return html;
}

/** {@link renderContents} of one field. */
export async function renderContent(text: string, contentType: string | null | undefined, field: string, userId: number): Promise<string> {
  const [html] = await renderContents([{ text, contentType, field }], userId);
  return html;
}

/** Stops the render workers (tests, shutdown); the next render starts new ones. */
export function closeContentRendering(): Promise<void> {
  return pool.close();
}
