import { type DragEvent, type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useClient, useMutation } from 'urql';
import { useAnnounce } from '../../components/announcer';
import type { BoardSettingsQuery as BoardSettingsData } from '../../gql/graphql';
import { errorMessage } from '../../graphql/errors';
import { BoardSettingsQuery, CreateSection, DeleteSection, UpdateSection } from './board-settings-queries';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { type SectionMove, moveSectionBy, moveSectionOnto, receivingSection } from './section-order';

type Section = NonNullable<BoardSettingsData['project']>['sections'][number];

/** A column's ranking as a move saved it, and the rankings it had before (a list read before the save). */
interface MovedRanking {
  ranking: string;
  older: readonly string[];
}

/** Records a saved move of `section` to `ranking`. */
function withMove(moved: ReadonlyMap<number, MovedRanking>, section: Section, ranking: string) {
  const before = moved.get(section.id);
  const older = [...(before?.older ?? []), ...(before ? [before.ranking] : []), section.ranking];
  return new Map(moved).set(section.id, { ranking, older });
}

/**
 * The columns in board order (by ranking, as the service orders them), a
 * saved move counting while the list still shows a ranking from before it;
 * once the list shows any other ranking (this move, or a later one by anyone)
 * the list is right.
 */
function boardOrder(sections: readonly Section[], moved: ReadonlyMap<number, MovedRanking>): number[] {
  const rankingOf = (s: Section) => {
    const m = moved.get(s.id);
    return m && m.older.includes(s.ranking) ? m.ranking : s.ranking;
  };
  return sections
    .map((s, index) => ({ id: s.id, ranking: rankingOf(s), index }))
    .sort((a, b) => (a.ranking < b.ranking ? -1 : a.ranking > b.ranking ? 1 : a.index - b.index))
    .map((s) => s.id);
}

const tasks = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;

/**
 * The board's columns in board order: add, rename (Enter or leaving the
 * field saves), show/hide, delete (its tasks move as the service moves them:
 * to the first remaining column), and reorder by dragging the handle or with
 * the arrow keys on it.
 */
export function BoardSections({
  projectId,
  sections,
  onChanged,
}: {
  projectId: number;
  sections: readonly Section[];
  onChanged: () => void;
}) {
  const client = useClient();
  const announce = useAnnounce();
  const [, createSection] = useMutation(CreateSection);
  const [, updateSection] = useMutation(UpdateSection);
  const [, deleteSection] = useMutation(DeleteSection);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // The order shown while a move is being saved, then the rankings the saves answered: the
  // board's list is read again after every change (anyone's), and an answer that left before
  // a move was saved must not put the column back for a moment.
  const [pending, setPending] = useState<number[] | null>(null);
  const [moved, setMoved] = useState<ReadonlyMap<number, MovedRanking>>(new Map());
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropHint, setDropHint] = useState<{ id: number; before: boolean } | null>(null);
  const focusHandle = useRef<number | null>(null);

  const byId = new Map(sections.map((s) => [s.id, s]));
  const order = pending ?? boardOrder(sections, moved);
  useEffect(() => {
    if (focusHandle.current === null) return;
    document.querySelector<HTMLElement>(`[data-section-handle="${focusHandle.current}"]`)?.focus();
    focusHandle.current = null;
  });

  const move = async (m: SectionMove | null, how: 'keyboard' | 'drop') => {
    if (!m) return;
    const section = byId.get(m.sectionId)!;
    setActionError(null);
    setPending(m.order);
    if (how === 'keyboard') focusHandle.current = m.sectionId;
    const result = await updateSection({
      input: { projectId, sectionId: m.sectionId, moveAfterSectionId: m.moveAfterSectionId },
    });
    const saved = result.data?.updateSection.ranking;
    if (saved) setMoved((prev) => withMove(prev, section, saved));
    setPending(null);
    if (result.error) {
      setActionError(`Moving ${section.title} failed: ${errorMessage(result.error)}`);
      return;
    }
    announce(`Moved ${section.title} to position ${m.position} of ${m.order.length}.`);
    onChanged();
  };

  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>, id: number) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    void move(moveSectionBy(order, id, e.key === 'ArrowUp' ? -1 : 1), 'keyboard');
  };

  const onDragOver = (e: DragEvent<HTMLLIElement>, id: number) => {
    if (dragged === null) return;
    e.preventDefault();
    const box = e.currentTarget.getBoundingClientRect();
    const before = e.clientY < box.top + box.height / 2;
    if (dropHint?.id !== id || dropHint.before !== before) setDropHint({ id, before });
  };
  const onDrop = (e: DragEvent<HTMLLIElement>, id: number) => {
    e.preventDefault();
    const box = e.currentTarget.getBoundingClientRect();
    const before = e.clientY < box.top + box.height / 2;
    const source = dragged;
    setDragged(null);
    setDropHint(null);
    if (source !== null) void move(moveSectionOnto(order, source, id, before), 'drop');
  };

  const rename = async (section: Section, title: string) => {
    setActionError(null);
    const result = await updateSection({ input: { projectId, sectionId: section.id, title } });
    if (result.error) {
      setActionError(`Renaming ${section.title} failed: ${errorMessage(result.error)}`);
      return false;
    }
    announce(`Renamed ${section.title} to ${title}.`);
    onChanged();
    return true;
  };

  const setVisible = async (section: Section, visible: boolean) => {
    setActionError(null);
    const result = await updateSection({ input: { projectId, sectionId: section.id, visible } });
    if (result.error) setActionError(`Changing ${section.title} failed: ${errorMessage(result.error)}`);
    else announce(visible ? `${section.title} is shown on the board.` : `${section.title} is hidden from the board.`);
    onChanged();
    return !result.error;
  };

  const askDelete = async (section: Section) => {
    // Counts as they are now, not as the page loaded them.
    const fresh = await client.query(BoardSettingsQuery, { projectId }, { requestPolicy: 'network-only' }).toPromise();
    const now = fresh.data?.project?.sections ?? sections;
    const current = now.find((s) => s.id === section.id) ?? section;
    const target = receivingSection(now, section.id);
    setConfirmation({
      title: `Delete the column ${section.title}?`,
      body:
        current.taskCount > 0 ? (
          <p>
            Its {tasks(current.taskCount)} move to <strong>{target?.title}</strong>, the first remaining column.
          </p>
        ) : (
          <p>It has no tasks.</p>
        ),
      action: 'Delete column',
      run: async () => {
        setActionError(null);
        const result = await deleteSection({ projectId, sectionId: section.id });
        if (result.error || !result.data) {
          setActionError(`Deleting ${section.title} failed: ${errorMessage(result.error)}`);
          return;
        }
        const { movedTaskCount, movedToSection } = result.data.deleteSection;
        announce(
          movedTaskCount > 0
            ? `Deleted ${section.title}; ${tasks(movedTaskCount)} moved to ${movedToSection.title}.`
            : `Deleted ${section.title}.`,
        );
        onChanged();
      },
    });
  };

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const title = String(new FormData(form).get('title') ?? '').trim();
    if (!title) return;
    setActionError(null);
    const result = await createSection({ input: { projectId, title } });
    if (result.error) return setActionError(`Adding the column failed: ${errorMessage(result.error)}`);
    form.reset();
    announce(`Added the column ${title}.`);
    onChanged();
  };

  return (
    <section aria-labelledby="columns-title" className="settings-section">
      <h2 id="columns-title">Columns</h2>
      <p id="column-move-help" className="hint">
        Drag a column by its handle, or focus the handle and press the up and down arrow keys, to reorder.
      </p>
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      <ol className="settings-list" aria-labelledby="columns-title">
        {order.map((id) => {
          const section = byId.get(id)!;
          const classes = [
            'section-row',
            dragged === id ? 'dragging' : '',
            dropHint?.id === id && dropHint.before ? 'drop-before' : '',
            dropHint?.id === id && !dropHint.before ? 'drop-after' : '',
          ];
          return (
            <li
              key={id}
              className={classes.filter(Boolean).join(' ')}
              onDragOver={(e) => onDragOver(e, id)}
              onDragLeave={() => setDropHint(null)}
              onDrop={(e) => onDrop(e, id)}
            >
              <button
                type="button"
                className="icon-button drag-handle"
                draggable
                data-section-handle={id}
                aria-label={`Move ${section.title}`}
                aria-describedby="column-move-help"
                onKeyDown={(e) => onHandleKey(e, id)}
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', section.title);
                  setDragged(id);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setDropHint(null);
                }}
              >
                ⠿
              </button>
              <SectionTitle section={section} onRename={rename} />
              <span className="hint">{tasks(section.taskCount)}</span>
              <ShownToggle section={section} onChange={setVisible} />
              <button
                type="button"
                className="danger"
                aria-label={`Delete ${section.title}`}
                disabled={sections.length === 1}
                title={sections.length === 1 ? 'A board keeps at least one column' : undefined}
                onClick={() => void askDelete(section)}
              >
                Delete
              </button>
            </li>
          );
        })}
      </ol>
      <form className="inline-form" onSubmit={add} aria-label="Add a column">
        <label>
          New column
          <input name="title" required maxLength={200} />
        </label>
        <button type="submit" className="primary">
          Add column
        </button>
      </form>
      {confirmation && <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />}
    </section>
  );
}

/**
 * A column's name as a field: Enter or leaving it saves a change, Escape
 * puts the saved name back. Another person's rename replaces it unless the
 * field is being edited.
 */
function SectionTitle({
  section,
  onRename,
}: {
  section: Section;
  onRename: (section: Section, title: string) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState(section.title);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(section.title);
  if (saved !== section.title) {
    setSaved(section.title);
    if (!editing) setDraft(section.title);
  }

  const save = async () => {
    const title = draft.trim();
    setEditing(false);
    if (!title || title === section.title) return setDraft(section.title);
    if (!(await onRename(section, title))) setDraft(section.title);
  };

  return (
    <input
      className="grow"
      aria-label={`Name of the column ${section.title}`}
      value={draft}
      maxLength={200}
      onChange={(e) => {
        setEditing(true);
        setDraft(e.target.value);
      }}
      onBlur={() => editing && void save()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void save();
        } else if (e.key === 'Escape' && editing) {
          e.preventDefault();
          e.stopPropagation();
          setEditing(false);
          setDraft(section.title);
        }
      }}
    />
  );
}

/** Whether a column is shown on the board: flips at once, back again if the save fails; follows anyone's change. */
function ShownToggle({
  section,
  onChange,
}: {
  section: Section;
  onChange: (section: Section, visible: boolean) => Promise<boolean>;
}) {
  const [checked, setChecked] = useState(section.visible);
  const [saved, setSaved] = useState(section.visible);
  if (saved !== section.visible) {
    setSaved(section.visible);
    setChecked(section.visible);
  }
  return (
    <label className="inline-check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => {
          const visible = e.target.checked;
          setChecked(visible);
          void onChange(section, visible).then((ok) => ok || setChecked(section.visible));
        }}
      />
      Shown<span className="sr-only"> on the board: {section.title}</span>
    </label>
  );
}
