import { useState } from 'react';
import { type CurrentTask, type SaveResult, changedByLine, saveText } from './conflict';
import { useDraft } from './drafts';

/** What a description is edited as: the text as written, and its content type (`descriptionSource`). */
export interface DescriptionSource {
  text: string;
  contentType: 'markdown' | 'html';
}

/**
 * A description being edited: the text, its content type, and the HTML and
 * version it was started from. Drafts stored before the content type was
 * kept were markdown (the editor then converted HTML to markdown).
 */
interface DescriptionDraft {
  text: string;
  contentType?: 'markdown' | 'html';
  baseHtml: string;
  baseVersion: number;
}

/**
 * The description: the server's sanitised HTML, shown as is; "Edit" opens
 * the text as it was written (`descriptionSource`: the markdown, or the HTML
 * of a description written as HTML through the API), never a conversion of
 * the HTML, so saving it unchanged gives the same description; saving sends
 * it in its own content type with the version the edit started from. What is typed is kept as a
 * draft (`draftKey`) until it is saved or cancelled: a reload, Escape or a
 * session that ended reopens it here. When someone else changed the
 * description meanwhile, the save is refused and both texts are shown: keep
 * mine (saved over theirs), use theirs (mine discarded), or edit on.
 */
export function TaskDescription({
  html,
  source,
  version,
  draftKey,
  onSave,
}: {
  html: string;
  source: DescriptionSource;
  version: number;
  draftKey: string | null;
  onSave: (text: string, contentType: DescriptionSource['contentType'], expectedVersion: number) => Promise<SaveResult>;
}) {
  const [stored, setStored] = useDraft<DescriptionDraft>(draftKey);
  // An editor opened but not typed in yet (not worth keeping as a draft).
  const [opened, setOpened] = useState<DescriptionDraft | null>(null);
  const [conflict, setConflict] = useState<CurrentTask | null>(null);
  const [busy, setBusy] = useState(false);
  const draft = stored ?? opened;

  const close = () => {
    setStored(null);
    setOpened(null);
    setConflict(null);
  };
  const save = async (text: string, from: DescriptionDraft, over: CurrentTask | null) => {
    setBusy(true);
    const type = from.contentType ?? 'markdown';
    const result = over
      ? await onSave(text, type, over.version)
      : await saveText((v) => onSave(text, type, v), 'description', from.baseHtml, from.baseVersion);
    setBusy(false);
    if (result.ok) close();
    else if (result.current) setConflict(result.current);
  };

  if (draft === null) {
    return (
      <section className="description" aria-labelledby="description-title">
        <div className="section-header">
          <h3 id="description-title">Description</h3>
          <button
            type="button"
            onClick={() =>
              setOpened({ text: source.text, contentType: source.contentType, baseHtml: html, baseVersion: version })
            }
          >
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
      {conflict && (
        <div className="conflict" role="alert" aria-labelledby="description-conflict-title">
          <p id="description-conflict-title">
            <strong>{changedByLine(conflict)}</strong>: your text is not saved yet. Choose which to keep, or edit yours
            and save again.
          </p>
          <div className="conflict-texts">
            <figure>
              <figcaption>Theirs (saved)</figcaption>
              {conflict.description ? (
                <div className="rendered" dangerouslySetInnerHTML={{ __html: conflict.description }} />
              ) : (
                <p className="empty">No description.</p>
              )}
            </figure>
            <figure>
              <figcaption>Yours (not saved)</figcaption>
              <pre className="draft-text">{draft.text}</pre>
            </figure>
          </div>
          <div className="form-actions">
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => void save(draft.text, draft, conflict)}
            >
              Keep mine
            </button>
            <button type="button" disabled={busy} onClick={close}>
              Use theirs
            </button>
          </div>
        </div>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save(draft.text, draft, conflict);
        }}
      >
        <label htmlFor="description-markdown" className="sr-only">
          {(draft.contentType ?? 'markdown') === 'html' ? 'Description (HTML)' : 'Description (markdown)'}
        </label>
        <textarea
          id="description-markdown"
          value={draft.text}
          onChange={(e) => setStored({ ...draft, text: e.target.value })}
          rows={10}
          autoFocus
          readOnly={busy}
        />
        {(draft.contentType ?? 'markdown') === 'html' && (
          <p className="hint" id="description-html-hint">
            Written as HTML (through the API): edited as HTML, so nothing of it is lost.
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            Save description
          </button>
          <button type="button" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
