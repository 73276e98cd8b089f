// A saved view's `filters` (pure; tested in test/web). They are stored in
// the task list's argument names where one exists (`assignedTo`, `labels`
// by name, `priority`), so the API's users read them as task-list filters;
// `priority: "none"` (no priority) and the list's order (`sortBy`,
// `sortOrder`) are ours. The search box is not saved: it asks the server's
// search, whose answer changes with the tasks.
import { type BoardFilter, NO_FILTER } from './board-state';
import { DEFAULT_SORT, type ListSort, SORT_FIELDS } from './list-sort';

/** What a view's `filters` holds. */
export interface SavedFilters {
  assignedTo?: string;
  labels?: string[];
  priority?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

/** The filters and order to save, from the board's. */
export function toSavedFilters(
  filter: BoardFilter,
  labels: { id: number; name: string }[],
  sort: ListSort,
): SavedFilters {
  const out: SavedFilters = {};
  if (filter.assignee) out.assignedTo = filter.assignee;
  const label = labels.find((l) => String(l.id) === filter.label);
  if (label) out.labels = [label.name];
  if (filter.priority) out.priority = filter.priority;
  out.sortBy = sort.field;
  out.sortOrder = sort.dir;
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The board's filters and order from a view's `filters` (anything unknown or malformed is left out). */
export function fromSavedFilters(
  raw: unknown,
  labels: { id: number; name: string }[],
): { filter: BoardFilter; sort: ListSort } {
  const f = isRecord(raw) ? raw : {};
  const name = Array.isArray(f.labels) && typeof f.labels[0] === 'string' ? f.labels[0].toLowerCase() : null;
  const label = name === null ? undefined : labels.find((l) => l.name.toLowerCase() === name);
  const field = SORT_FIELDS.find((s) => s === f.sortBy);
  return {
    filter: {
      ...NO_FILTER,
      assignee: typeof f.assignedTo === 'string' ? f.assignedTo : '',
      label: label ? String(label.id) : '',
      priority: typeof f.priority === 'string' ? f.priority : '',
    },
    sort: field ? { field, dir: f.sortOrder === 'asc' ? 'asc' : 'desc' } : DEFAULT_SORT,
  };
}
