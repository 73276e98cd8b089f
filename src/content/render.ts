import { ValidationError } from '../errors.ts';
import { sanitizeHtml } from './html.ts';
import { markdownToHtml } from './markdown.ts';

/** Accepted `content_type` values (spec 4.6). */
export const CONTENT_TYPES = ['html', 'markdown'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * Turns user text into the sanitised HTML that is stored (spec 4.6):
 * `contentType` omitted or `html` → the text is HTML and is sanitised;
 * `markdown` → GFM converted to HTML (images become links, raw HTML is
 * shown as text); anything else → VALIDATION on `contentType`.
 */
export function renderContent(text: string, contentType?: string | null): string {
  if (contentType != null && !(CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw new ValidationError(
      'contentType',
      `content_type must be html or markdown, not ${JSON.stringify(contentType)}.`,
      'invalid_enum_value',
    );
  }
  // Both pipelines turn '' into ''; every update without a description passes '' here.
  if (text === '') return '';
  return contentType === 'markdown' ? markdownToHtml(text) : sanitizeHtml(text);
}
