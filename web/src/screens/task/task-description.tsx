import { useState } from 'react';

/** Converts the stored (sanitised) HTML back to markdown for editing; loaded on first edit. */
async function htmlToMarkdown(html: string): Promise<string> {
  const { default: TurndownService } = await import('turndown');
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  return service.turndown(html);
}

/**
 * The description: the server's sanitised HTML, shown as is; "Edit" opens it
 * as markdown, and saving sends markdown (rendered and sanitised again by the
 * server).
 */
export function TaskDescription({ html, onSave }: { html: string; onSave: (markdown: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (draft === null) {
    return (
      <section className="description" aria-labelledby="description-title">
        <div className="section-header">
          <h3 id="description-title">Description</h3>
          <button type="button" onClick={async () => setDraft(await htmlToMarkdown(html))}>
            Edit description
          </button>
        </div>
        {html ? (
          // Sanitised by the server (rehype-sanitize), and the page's CSP runs no inline script.
          <div className="rendered" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="empty">No description.</p>
        )}
      </section>
    );
  }
  return (
    <section className="description" aria-labelledby="description-title">
      <h3 id="description-title">Description</h3>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          if (await onSave(draft)) setDraft(null);
          setBusy(false);
        }}
      >
        <label htmlFor="description-markdown" className="sr-only">
          Description (markdown)
        </label>
        <textarea
          id="description-markdown"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          rows={10}
          autoFocus
          readOnly={busy}
        />
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            Save description
          </button>
          <button type="button" onClick={() => setDraft(null)}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
