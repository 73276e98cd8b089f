import { useState } from 'react';
import { errorMessage } from '../../graphql/errors';
import { Link, boardPath } from '../../router';
import { CreateTaskMutation } from '../board/board-queries';
import type { CardTask } from '../board/board-state';
import { useMutation } from 'urql';

interface Subtask {
  id: number;
  ticketNumber: string;
  title: string;
  status: string;
  section: { id: number; title: string };
}

/**
 * A task's parent (when it is a subtask) and its subtasks, each a link to
 * its own panel, with "Add subtask": a new task in this task's column with
 * this task as its parent (a subtask is always on its parent's board).
 */
export function SubtaskList({
  task,
  onCreated,
}: {
  task: {
    id: number;
    projectId: number;
    sectionId: number;
    parent?: { id: number; ticketNumber: string; title: string } | null;
    subtasks: Subtask[];
  };
  onCreated: (task: CardTask) => void;
}) {
  const [, createTask] = useMutation(CreateTaskMutation);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = task.subtasks.filter((s) => s.status !== 'NORMAL').length;

  const add = async () => {
    const text = title.trim();
    if (!text) return;
    setBusy(true);
    setError(null);
    const result = await createTask({
      input: { projectId: task.projectId, sectionId: task.sectionId, parentId: task.id, title: text },
    });
    setBusy(false);
    if (!result.data) return setError(errorMessage(result.error));
    setTitle('');
    onCreated(result.data.createTask);
  };

  return (
    <section className="subtasks" aria-labelledby="subtasks-title">
      {task.parent && (
        <p className="parent-task">
          Subtask of{' '}
          <Link to={boardPath(task.projectId, task.parent.ticketNumber)}>
            {task.parent.ticketNumber} {task.parent.title}
          </Link>
        </p>
      )}
      <h3 id="subtasks-title">
        Subtasks{' '}
        {task.subtasks.length > 0 && (
          <span className="count">
            ({done} of {task.subtasks.length} closed)
          </span>
        )}
      </h3>
      {task.subtasks.length > 0 && (
        <ul className="subtask-list">
          {task.subtasks.map((s) => (
            <li key={s.id} data-subtask-id={s.id}>
              <span className="card-ticket">{s.ticketNumber}</span>{' '}
              <Link to={boardPath(task.projectId, s.ticketNumber)}>{s.title}</Link>{' '}
              <span className="subtask-state">
                {s.status === 'NORMAL' ? s.section.title : s.status === 'ARCHIVE' ? 'Archived' : 'Deleted'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        className="subtask-form"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label>
          <span className="sr-only">New subtask</span>
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="Add a subtask…"
            maxLength={500}
            readOnly={busy}
            aria-describedby={error ? 'subtask-error' : undefined}
          />
        </label>
        <button type="submit" disabled={busy || !title.trim()}>
          Add subtask
        </button>
      </form>
      {error && (
        <p id="subtask-error" className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
