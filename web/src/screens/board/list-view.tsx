import { formatDate, formatDateTime, isOverdue } from '../../components/format';
import { LabelChip } from '../../components/label-chip';
import { Link, boardPath } from '../../router';
import type { CardTask } from './board-state';
import { type ListSort, type SortField } from './list-sort';
import { type SubtaskSetting, nestUnderParents, showsOnParent } from './subtask-display';
import type { Priority } from '../../gql/graphql';

const PRIORITY_WORDS: Record<Priority, string> = { URGENT: 'Urgent', HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' };

const COLUMNS: { field: SortField | null; label: string }[] = [
  { field: 'ticket', label: 'Ticket' },
  { field: 'title', label: 'Title' },
  { field: 'section', label: 'Column' },
  { field: 'priority', label: 'Priority' },
  { field: 'dueDate', label: 'Due' },
  { field: null, label: 'Assignees' },
  { field: null, label: 'Labels' },
  { field: 'updatedAt', label: 'Updated' },
];

/**
 * The list view: the board's tasks as a table, one row per task shown
 * (filters and the view's subtask setting applied by the board), sorted by
 * the column whose header was chosen (again: the other direction). Under
 * `Parent` subtasks follow their parent, indented; under `Card` and
 * `Flattened_Card` a parent's title cell lists its subtasks. Rows link to
 * the task panel, as cards do; the board's live events update it the same.
 */
export default function ListView({
  title,
  rows,
  allTasks,
  sections,
  sort,
  onSort,
  setting,
  query,
}: {
  title: string;
  /** The tasks shown on their own, already sorted. */
  rows: CardTask[];
  /** Every task of the board, for subtasks on their parent's row. */
  allTasks: ReadonlyMap<number, CardTask>;
  sections: { id: number; title: string }[];
  sort: ListSort;
  onSort: (sort: ListSort) => void;
  setting: SubtaskSetting;
  /** The query string links keep (layout, view). */
  query: string;
}) {
  const sectionTitle = new Map(sections.map((s) => [s.id, s.title]));
  const shown = setting === 'PARENT' ? nestUnderParents(rows) : rows.map((task) => ({ task, depth: 0 }));
  const onParent = showsOnParent(setting);
  const children = new Map<number, CardTask[]>();
  if (onParent) {
    for (const t of allTasks.values()) {
      if (t.parentId == null) continue;
      children.set(t.parentId, [...(children.get(t.parentId) ?? []), t]);
    }
  }
  return (
    <div className="table-scroll" role="region" aria-label={`Tasks of ${title} as a list`} tabIndex={0}>
      <table className="task-table">
        <thead>
          <tr>
            {COLUMNS.map((c) => {
              const active = c.field !== null && sort.field === c.field;
              return (
                <th
                  key={c.label}
                  scope="col"
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {c.field ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() =>
                        onSort({ field: c.field!, dir: active ? (sort.dir === 'asc' ? 'desc' : 'asc') : 'asc' })
                      }
                    >
                      {c.label}
                      <span aria-hidden="true" className="sort-mark">
                        {active ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                      </span>
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length} className="empty">
                No tasks match.
              </td>
            </tr>
          )}
          {shown.map(({ task, depth }) => {
            const parent = task.parentId != null ? allTasks.get(task.parentId) : undefined;
            const subtasks = onParent ? (children.get(task.id) ?? []) : [];
            return (
              <tr key={task.id} data-task-id={task.id} className={depth > 0 ? 'subtask-row' : undefined}>
                <td className="ticket-cell">{task.ticketNumber}</td>
                <td className="title-cell" style={depth > 0 ? { paddingLeft: `${depth * 1.25 + 0.5}rem` } : undefined}>
                  {depth > 0 && (
                    <span aria-hidden="true" className="subtask-mark">
                      ↳{' '}
                    </span>
                  )}
                  <Link to={boardPath(task.projectId, task.ticketNumber) + query}>{task.title}</Link>
                  {parent && (setting === 'PARENT' || setting === 'FLATTENED' || setting === 'FLATTENED_CARD') && (
                    <span className={depth > 0 ? 'sr-only' : 'parent-ref'}> (subtask of {parent.ticketNumber})</span>
                  )}
                  {subtasks.length > 0 && (
                    <ul className="row-subtasks" aria-label={`Subtasks of ${task.ticketNumber}`}>
                      {subtasks.map((s) => (
                        <li key={s.id}>
                          <Link to={boardPath(s.projectId, s.ticketNumber) + query}>
                            {s.ticketNumber} {s.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>{sectionTitle.get(task.sectionId) ?? ''}</td>
                <td>{task.priority ? PRIORITY_WORDS[task.priority] : ''}</td>
                <td className={isOverdue(task.dueDate) ? 'overdue' : undefined}>
                  {task.dueDate && <time dateTime={task.dueDate}>{formatDate(task.dueDate)}</time>}
                </td>
                <td>{task.assignees.map((a) => a.displayName).join(', ')}</td>
                <td>
                  {task.labels.length > 0 && (
                    <ul className="label-list">
                      {task.labels.map((l) => (
                        <LabelChip key={l.id} label={l} as="li" />
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  <time dateTime={task.updatedAt}>{formatDateTime(task.updatedAt)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
