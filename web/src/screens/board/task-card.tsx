import { type DragEvent, type KeyboardEvent, memo } from 'react';
import { formatDate, initials, isOverdue } from '../../components/format';
import { LabelChip } from '../../components/label-chip';
import { Link, boardPath } from '../../router';
import type { CardTask } from './board-state';
import type { Priority } from '../../gql/graphql';

/** The drag payload type: a card's task id. */
export const CARD_MIME = 'application/x-tasksvc-task';

const PRIORITY_WORDS: Record<Priority, string> = { URGENT: 'Urgent', HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' };

/** Keyboard moves of a focused card: Alt + arrow keys. */
const MOVE_KEYS: Record<string, 'up' | 'down' | 'left' | 'right'> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/**
 * A task card: ticket number, title (the link that opens the task panel),
 * its parent or its subtasks (as the view's subtask setting says),
 * priority, due date, labels and assignees. Draggable with the mouse; with the
 * keyboard, Alt + arrow keys move the focused card (described to screen readers).
 */
export const TaskCard = memo(function TaskCard({
  task,
  onMove,
  dragging,
  onDragStart,
  onDragEnd,
  parent,
  subtasks,
}: {
  task: CardTask;
  /** Its parent, when the view shows subtasks under their parent (the card names it). */
  parent?: CardTask;
  /** Its subtasks, when the view shows them on their parent's card. */
  subtasks?: CardTask[];
  onMove: (taskId: number, direction: 'up' | 'down' | 'left' | 'right') => void;
  dragging: boolean;
  onDragStart: (taskId: number) => void;
  onDragEnd: () => void;
}) {
  const keyDown = (e: KeyboardEvent) => {
    const direction = MOVE_KEYS[e.key];
    if (!direction || !e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    onMove(task.id, direction);
  };
  const dragStart = (e: DragEvent) => {
    e.dataTransfer.setData(CARD_MIME, String(task.id));
    e.dataTransfer.setData('text/plain', task.ticketNumber);
    e.dataTransfer.effectAllowed = 'move';
    onDragStart(task.id);
  };
  const overdue = isOverdue(task.dueDate);
  return (
    <li
      className={`card${dragging ? ' card-dragging' : ''}`}
      data-task-id={task.id}
      draggable
      onDragStart={dragStart}
      onDragEnd={onDragEnd}
    >
      <Link
        to={boardPath(task.projectId, task.ticketNumber)}
        className="card-link"
        data-card-link={task.id}
        onKeyDown={keyDown}
        aria-describedby="card-move-help"
        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight"
        draggable={false}
      >
        <span className="card-ticket">{task.ticketNumber}</span>
        <span className="card-title">{task.title}</span>
      </Link>
      {parent && (
        <span className="card-parent">
          <span aria-hidden="true">↳ </span>Subtask of {parent.ticketNumber}
        </span>
      )}
      {subtasks && subtasks.length > 0 && (
        <ul className="card-subtasks" aria-label={`Subtasks of ${task.ticketNumber}`}>
          {subtasks.map((s) => (
            <li key={s.id}>
              <span className="card-ticket">{s.ticketNumber}</span> {s.title}
            </li>
          ))}
        </ul>
      )}
      <div className="card-meta">
        {task.priority && (
          <span className={`chip priority priority-${task.priority.toLowerCase()}`}>
            <span className="sr-only">Priority: </span>
            {PRIORITY_WORDS[task.priority]}
          </span>
        )}
        {task.dueDate && (
          <span className={`chip due${overdue ? ' overdue' : ''}`}>
            <span className="sr-only">{overdue ? 'Overdue, due ' : 'Due '}</span>
            <time dateTime={task.dueDate}>{formatDate(task.dueDate)}</time>
          </span>
        )}
        {task.labels.map((l) => (
          <LabelChip key={l.id} label={l} />
        ))}
        {task.commentCount > 0 && (
          <span className="chip comments">
            {/* A drawn bubble: emoji fonts are missing on many Linux desktops. */}
            <svg className="icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
              <path
                d="M2 3h12v8H7l-3 3v-3H2z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinejoin="round"
              />
            </svg>
            <span aria-hidden="true">{task.commentCount}</span>
            <span className="sr-only">
              {task.commentCount} {task.commentCount === 1 ? 'comment' : 'comments'}
            </span>
          </span>
        )}
        {task.assignees.length > 0 && (
          <ul className="avatars" aria-label="Assignees">
            {task.assignees.map((a) => (
              <li key={a.id} className="avatar" title={a.displayName}>
                <span aria-hidden="true">{initials(a.displayName)}</span>
                <span className="sr-only">{a.displayName}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
});
