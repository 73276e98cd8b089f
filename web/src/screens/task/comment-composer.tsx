import { type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useDraft } from './drafts';
import { type Mention, insertMention, mentionCandidates, mentionQueryAt, mentionsInText } from './mentions';

/** A comment being written: its text and the mentions chosen in it. */
interface CommentDraft {
  text: string;
  mentions: Mention[];
}

const EMPTY: CommentDraft = { text: '', mentions: [] };

/**
 * The comment box (markdown) with structured mentions: a combobox over the
 * textarea; ↑/↓ choose a member, Enter or Tab inserts them, Escape closes the list.
 * What is typed is kept as a draft (`draftKey`) until it is posted.
 */
export function CommentComposer({
  members,
  draftKey,
  onSubmit,
}: {
  members: { id: number; displayName: string }[];
  draftKey: string | null;
  onSubmit: (text: string, mentions: Mention[]) => Promise<boolean>;
}) {
  const [draft, setDraft] = useDraft<CommentDraft>(draftKey);
  const { text, mentions: recorded } = draft ?? EMPTY;
  const setText = (next: string) => setDraft(next ? { text: next, mentions: recorded } : null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once an inserted mention is in the textarea. */
  const placeCaret = useRef<number | null>(null);
  const listId = useId();

  // Place the caret in the same commit that shows the mention, before the
  // browser handles the next key. (A requestAnimationFrame ran after keys typed
  // in the meantime on a busy machine, moved the caret back and scrambled them.)
  useLayoutEffect(() => {
    if (placeCaret.current === null) return;
    ref.current?.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  }, [text]);

  const typing = mentionQueryAt(text, caret);
  const candidates = typing && dismissedAt !== typing.start ? mentionCandidates(members, typing.query) : [];
  const open = candidates.length > 0;

  const choose = (member: { id: number; displayName: string }) => {
    if (!typing) return;
    const next = insertMention(text, typing.start, caret, member.displayName);
    setDraft({ text: next.text, mentions: [...recorded, { userId: member.id, displayName: member.displayName }] });
    setCaret(next.caret);
    setActive(0);
    placeCaret.current = next.caret;
  };

  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : candidates.length - 1)) % candidates.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        choose(candidates[Math.min(active, candidates.length - 1)]);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setDismissedAt(typing!.start);
        return;
      }
    }
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      e.currentTarget.form?.requestSubmit();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    const ok = await onSubmit(text, mentionsInText(text, recorded));
    setBusy(false);
    if (ok) setDraft(null);
  };

  return (
    <form className="comment-composer" onSubmit={submit}>
      <label htmlFor={`${listId}-input`}>Add a comment</label>
      <div className="combobox">
        <textarea
          id={`${listId}-input`}
          ref={ref}
          value={text}
          rows={3}
          maxLength={20000}
          placeholder="Write in markdown; type @ to mention someone (Ctrl+Enter sends)"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          readOnly={busy}
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
            setActive(0);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={keyDown}
        />
        <ul id={listId} role="listbox" aria-label="People to mention" className="mention-list" hidden={!open}>
          {candidates.map((m, i) => (
            <li
              key={m.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(m);
              }}
            >
              {m.displayName}
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="primary" disabled={busy || !text.trim()}>
        Comment
      </button>
    </form>
  );
}
