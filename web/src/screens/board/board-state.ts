// The board's task state, kept as plain data and pure functions (tested in
// test/web): loaded pages, live upserts and removals, drag-and-drop
// placements shown before the server confirms them, and the filters.
import type { CardFieldsFragment } from '../../gql/graphql';

/** A task as a card shows it. */
export type CardTask = CardFieldsFragment;

/** Where a card was dropped: into a section, after a task (null: first). */
export interface Placement {
  taskId: number;
  sectionId: number;
  afterTaskId: number | null;
}

/** The board's tasks by id, and placements not yet confirmed by the server. */
export interface BoardState {
  projectId: number;
  tasks: Map<number, CardTask>;
  pending: Placement[];
  /** Every page of the first load has arrived. */
  complete: boolean;
}

export type BoardAction =
  | { type: 'page'; tasks: CardTask[]; complete: boolean }
  | { type: 'replace'; tasks: CardTask[] }
  | { type: 'upsert'; task: CardTask }
  | { type: 'remove'; taskId: number }
  | { type: 'label'; labelId: number; label: CardTask['labels'][number] | null }
  | { type: 'place'; placement: Placement }
  | { type: 'settle'; taskId: number };

export function initialBoardState(projectId: number): BoardState {
  return { projectId, tasks: new Map(), pending: [], complete: false };
}

/** Whether a task belongs on this board (open tasks of the project). */
function onBoard(state: BoardState, task: CardTask) {
  return task.projectId === state.projectId && task.status === 'NORMAL';
}

/** Keeps the newer of two versions of a task (events and replies can cross). */
function newer(current: CardTask | undefined, incoming: CardTask) {
  return !current || incoming.updatedAt >= current.updatedAt;
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'page':
    case 'replace': {
      const tasks = action.type === 'page' ? new Map(state.tasks) : new Map<number, CardTask>();
      for (const task of action.tasks) {
        if (!onBoard(state, task)) continue;
        if (action.type === 'replace' || newer(tasks.get(task.id), task)) tasks.set(task.id, task);
      }
      return { ...state, tasks, complete: action.type === 'replace' || action.complete };
    }
    case 'upsert': {
      const { task } = action;
      if (!newer(state.tasks.get(task.id), task)) return state;
      const tasks = new Map(state.tasks);
      if (onBoard(state, task)) tasks.set(task.id, task);
      else tasks.delete(task.id);
      return { ...state, tasks };
    }
    case 'remove': {
      if (!state.tasks.has(action.taskId)) return state;
      const tasks = new Map(state.tasks);
      tasks.delete(action.taskId);
      return { ...state, tasks, pending: state.pending.filter((p) => p.taskId !== action.taskId) };
    }
    case 'label': {
      // A label renamed, recoloured (label given) or deleted (null) on every card that has it.
      const { labelId, label } = action;
      let tasks: Map<number, CardTask> | null = null;
      for (const task of state.tasks.values()) {
        if (!task.labels.some((l) => l.id === labelId)) continue;
        tasks ??= new Map(state.tasks);
        const labels = label
          ? task.labels.map((l) => (l.id === labelId ? label : l))
          : task.labels.filter((l) => l.id !== labelId);
        tasks.set(task.id, { ...task, labels });
      }
      return tasks ? { ...state, tasks } : state;
    }
    case 'place':
      return {
        ...state,
        pending: [...state.pending.filter((p) => p.taskId !== action.placement.taskId), action.placement],
      };
    case 'settle':
      return { ...state, pending: state.pending.filter((p) => p.taskId !== action.taskId) };
  }
}

/**
 * Board order within a section: `position` ascending (byte order, as the
 * server compares), then unplaced tasks by id (the server's TASK_ORDER).
 */
export function compareTasks(a: CardTask, b: CardTask): number {
  if (a.position !== b.position) {
    if (a.position === null) return 1;
    if (b.position === null) return -1;
    return a.position < b.position ? -1 : 1;
  }
  return a.id - b.id;
}

/** The cards of each section in board order, pending placements applied. */
export function buildColumns(state: BoardState, sectionIds: number[]): Map<number, CardTask[]> {
  const columns = new Map<number, CardTask[]>(sectionIds.map((id) => [id, []]));
  const moving = new Set(state.pending.map((p) => p.taskId));
  for (const task of state.tasks.values()) {
    if (!moving.has(task.id)) columns.get(task.sectionId)?.push(task);
  }
  for (const list of columns.values()) list.sort(compareTasks);
  for (const p of state.pending) {
    const task = state.tasks.get(p.taskId);
    const list = columns.get(p.sectionId);
    if (!task || !list) continue;
    const after = p.afterTaskId === null ? -1 : list.findIndex((t) => t.id === p.afterTaskId);
    list.splice(after + 1, 0, { ...task, sectionId: p.sectionId });
  }
  return columns;
}

/** The board's filters; empty strings mean "any". */
export interface BoardFilter {
  /** `me`, `unassigned`, or a user id. */
  assignee: string;
  /** A label id. */
  label: string;
  /** A priority, or `none`. */
  priority: string;
  /** Ids matched by the search box; null when it is empty. */
  searchIds: Set<number> | null;
}

export const NO_FILTER: BoardFilter = { assignee: '', label: '', priority: '', searchIds: null };

/** Whether any filter is set. */
export function isFiltered(f: BoardFilter): boolean {
  return f.assignee !== '' || f.label !== '' || f.priority !== '' || f.searchIds !== null;
}

/** Whether a card passes the filters (for the viewer `meId`). */
export function matchesFilter(task: CardTask, f: BoardFilter, meId: number): boolean {
  if (f.searchIds && !f.searchIds.has(task.id)) return false;
  // The filter speaks the saved views' words (`high`, `none`: the spec's names), the task GraphQL's (`HIGH`).
  if (f.priority && (task.priority?.toLowerCase() ?? 'none') !== f.priority) return false;
  if (f.label && !task.labels.some((l) => String(l.id) === f.label)) return false;
  if (f.assignee === 'unassigned') return task.assignees.length === 0;
  if (f.assignee) {
    const userId = f.assignee === 'me' ? meId : Number(f.assignee);
    return task.assignees.some((a) => a.userId === userId);
  }
  return true;
}

/**
 * Where a keyboard move puts a card: up/down within its column, left/right to
 * the neighbouring column at the same index (clamped). Null at the edges.
 */
export function keyboardPlacement(
  columns: Map<number, CardTask[]>,
  sectionIds: number[],
  taskId: number,
  direction: 'up' | 'down' | 'left' | 'right',
): Placement | null {
  const col = sectionIds.findIndex((id) => columns.get(id)?.some((t) => t.id === taskId));
  if (col < 0) return null;
  const list = columns.get(sectionIds[col])!;
  const index = list.findIndex((t) => t.id === taskId);
  if (direction === 'up' || direction === 'down') {
    const target = index + (direction === 'up' ? -1 : 1);
    if (target < 0 || target >= list.length) return null;
    const rest = list.filter((t) => t.id !== taskId);
    return { taskId, sectionId: sectionIds[col], afterTaskId: target === 0 ? null : rest[target - 1].id };
  }
  const nextCol = col + (direction === 'left' ? -1 : 1);
  if (nextCol < 0 || nextCol >= sectionIds.length) return null;
  const next = columns.get(sectionIds[nextCol]) ?? [];
  const at = Math.min(index, next.length);
  return { taskId, sectionId: sectionIds[nextCol], afterTaskId: at === 0 ? null : next[at - 1].id };
}
