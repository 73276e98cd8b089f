/**
 * What a description is edited as. The stored `description` is sanitised
 * HTML; when it was written as markdown, that markdown is kept beside it
 * (`Task.descriptionMarkdown`) so the person edits what they wrote, not a
 * conversion back from HTML (which loses tables, task lists, strikethrough
 * and whatever the sanitiser changed). A description written as HTML is its
 * own source.
 */
export type DescriptionSourceType = 'markdown' | 'html';

/** The markdown to keep for a description written with `contentType`; null for HTML (or no text). */
export function markdownSource(
  description: string | null | undefined,
  contentType: string | null | undefined,
): string | null {
  return contentType === 'markdown' && description ? description : null;
}

/**
 * The text an editor opens and its content type: the markdown written, else
 * the HTML itself; no description at all is an empty markdown text (what a
 * person starts writing in).
 */
export function descriptionSource(task: { description: string; descriptionMarkdown: string | null }): {
  text: string;
  contentType: DescriptionSourceType;
} {
  if (task.descriptionMarkdown !== null) return { text: task.descriptionMarkdown, contentType: 'markdown' };
  return task.description === ''
    ? { text: '', contentType: 'markdown' }
    : { text: task.description, contentType: 'html' };
}
