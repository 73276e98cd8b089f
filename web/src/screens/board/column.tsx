import { type DragEvent, type FormEvent, useRef, useState } from 'react';
import { CARD_MIME, TaskCard } from './task-card';
import type { CardTask, Placement } from './board-state';

/**
 * The index a drop at `clientY` lands at among a column's cards: before the
 * first card whose middle is below the pointer (the dragged card itself excluded).
 */
function dropIndex(list: HTMLOListElement, clientY: number, draggedId: number | null): number {
  const cards = [...list.querySelectorAll<HTMLElement>(':scope > li.card')].filter(
    (el) => Number(el.dataset.taskId) !== draggedId,
  );
  const index = cards.findIndex((el) => {
    const r = el.getBoundingClientRect();
    return clientY < r.top + r.height / 2;
  });
  return index < 0 ? cards.length : index;
}

/** A section as a column: a region named by its title, its cards, and "Add task". */
export function Column({
  section,
  tasks,
  total,
  draggedId,
  onDragStart,
  onDragEnd,
  onDrop,
  onMove,
  onCreate,
  createOpen,
  setCreateOpen,
  parentOf,
  subtasksOf,
}: {
  section: { id: number; title: string };
  tasks: CardTask[];
  /** Cards in the column before filtering. */
  total: number;
  draggedId: number | null;
  onDragStart: (taskId: number) => void;
  onDragEnd: () => void;
  onDrop: (placement: Placement) => void;
  onMove: (taskId: number, direction: 'up' | 'down' | 'left' | 'right') => void;
  onCreate: (sectionId: number, title: string) => Promise<boolean>;
  createOpen: boolean;
  setCreateOpen: (open: boolean) => void;
  /** Parents to name on subtask cards (the view's setting `Parent`). */
  parentOf?: ReadonlyMap<number, CardTask>;
  /** Subtasks to list on parent cards (`Card`, `Flattened_Card`). */
  subtasksOf?: ReadonlyMap<number, CardTask[]>;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);

  const dragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes(CARD_MIME)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setDropAt(dropIndex(listRef.current!, e.clientY, draggedId));
  };
  const drop = (e: DragEvent) => {
    const taskId = Number(e.dataTransfer.getData(CARD_MIME));
    setDropAt(null);
    if (!taskId) return;
    e.preventDefault();
    const others = tasks.filter((t) => t.id !== taskId);
    const index = dropIndex(listRef.current!, e.clientY, taskId);
    onDrop({ taskId, sectionId: section.id, afterTaskId: index === 0 ? null : others[index - 1].id });
  };

  const headingId = `column-${section.id}`;
  return (
    <section
      className={`column${dropAt !== null ? ' column-drop' : ''}`}
      aria-label={section.title}
      data-section-id={section.id}
      onDragOver={dragOver}
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setDropAt(null)}
      onDrop={drop}
    >
      <header className="column-header">
        <h2 id={headingId}>{section.title}</h2>
        <span
          className="column-count"
          aria-label={tasks.length === total ? `${total} tasks` : `${tasks.length} of ${total} tasks shown`}
        >
          {tasks.length === total ? total : `${tasks.length}/${total}`}
        </span>
      </header>
      <ol className="cards" ref={listRef} aria-labelledby={headingId}>
        {tasks.map((task, i) => (
          <Slot key={task.id} marker={dropAt === i}>
            <TaskCard
              task={task}
              dragging={draggedId === task.id}
              onDragStart={onDragStart}
              onDragEnd={onDragEnd}
              onMove={onMove}
              parent={parentOf?.get(task.id)}
              subtasks={subtasksOf?.get(task.id)}
            />
          </Slot>
        ))}
        {dropAt !== null && dropAt >= tasks.length && <li className="drop-marker" aria-hidden="true" />}
      </ol>
      {createOpen ? (
        <NewTaskForm section={section} onCreate={onCreate} onClose={() => setCreateOpen(false)} />
      ) : (
        <button
          type="button"
          className="add-task"
          onClick={() => setCreateOpen(true)}
          aria-label={`Add task to ${section.title}`}
        >
          + Add task
        </button>
      )}
    </section>
  );
}

function Slot({ marker, children }: { marker: boolean; children: React.ReactNode }) {
  return (
    <>
      {marker && <li className="drop-marker" aria-hidden="true" />}
      {children}
    </>
  );
}

/** Inline task creation at the bottom of a column: Enter creates and stays open for the next one. */
function NewTaskForm({
  section,
  onCreate,
  onClose,
}: {
  section: { id: number; title: string };
  onCreate: (sectionId: number, title: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const input = form.elements.namedItem('title') as HTMLInputElement;
    const title = input.value.trim();
    if (!title) return;
    setBusy(true);
    const ok = await onCreate(section.id, title);
    setBusy(false);
    if (ok) input.value = '';
    input.focus();
  };
  return (
    <form className="new-task" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <label className="sr-only" htmlFor={`new-task-${section.id}`}>
        New task title in {section.title}
      </label>
      <input
        id={`new-task-${section.id}`}
        name="title"
        placeholder="Task title"
        maxLength={500}
        autoFocus
        required
        readOnly={busy}
      />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy}>
          Create task
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
