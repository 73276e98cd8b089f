// How a view shows subtasks (its `subtaskSetting`), as pure functions over
// the board's tasks (tested in test/web):
//   None            subtasks are not shown on their own: only top-level tasks
//   Parent          subtasks are shown under their parent (the list nests them
//                   below it; a card names its parent)
//   Flattened       subtasks are ordinary tasks (what the board shows without a view)
//   Card            subtasks are shown on their parent's card (or row), not on their own
//   Flattened_Card  both: on their own and on their parent's card
// A subtask whose parent is not on the board (archived, another board) or
// is filtered out counts as top-level: it never disappears with its parent.
import type { SubtaskSetting } from '../../gql/graphql';
import type { CardTask } from './board-state';

export type { SubtaskSetting };

/** The setting when no saved view is chosen: every task as it is (as before views). */
export const DEFAULT_SUBTASK_SETTING: SubtaskSetting = 'FLATTENED';

/** The settings in words, for the view bar and the save dialog. */
export const SUBTASK_SETTING_WORDS: Record<SubtaskSetting, string> = {
  NONE: 'Hidden',
  PARENT: 'Under their parent',
  FLATTENED: 'As tasks',
  CARD: 'On the parent’s card',
  FLATTENED_CARD: 'As tasks and on the parent’s card',
};

/** Whether `task` is a subtask of a task among `present` (by id). */
export function isNestedIn(task: Pick<CardTask, 'parentId'>, present: ReadonlySet<number>): boolean {
  return task.parentId != null && present.has(task.parentId);
}

/**
 * The tasks shown on their own (cards, rows) under `setting`, from `tasks`
 * (already filtered); `present`: the ids of every task shown on the board
 * (a column holds only some of them), by default those of `tasks`.
 */
export function ownItems<T extends Pick<CardTask, 'id' | 'parentId'>>(
  tasks: T[],
  setting: SubtaskSetting,
  present: ReadonlySet<number> = new Set(tasks.map((t) => t.id)),
): T[] {
  if (setting !== 'NONE' && setting !== 'CARD') return tasks;
  return tasks.filter((t) => !isNestedIn(t, present));
}

/** Whether a parent's card (or row) lists its subtasks under `setting`. */
export function showsOnParent(setting: SubtaskSetting): boolean {
  return setting === 'CARD' || setting === 'FLATTENED_CARD';
}

/** Subtasks by parent id, each list in the given order (of `tasks`). */
export function subtasksByParent<T extends Pick<CardTask, 'parentId'>>(tasks: Iterable<T>): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const t of tasks) {
    if (t.parentId == null) continue;
    const list = out.get(t.parentId) ?? [];
    list.push(t);
    out.set(t.parentId, list);
  }
  return out;
}

/**
 * Rows in `Parent` order: each top-level row (in the given order) followed
 * by its subtasks, depth first, each level in the given order; `depth` 0 is
 * top-level. A cycle cannot happen (the server refuses one), and a row is
 * never given twice.
 */
export function nestUnderParents<T extends Pick<CardTask, 'id' | 'parentId'>>(rows: T[]): { task: T; depth: number }[] {
  const present = new Set(rows.map((t) => t.id));
  const children = subtasksByParent(rows.filter((t) => isNestedIn(t, present)));
  const out: { task: T; depth: number }[] = [];
  const seen = new Set<number>();
  const visit = (task: T, depth: number) => {
    if (seen.has(task.id)) return;
    seen.add(task.id);
    out.push({ task, depth });
    for (const child of children.get(task.id) ?? []) visit(child, depth + 1);
  };
  for (const t of rows) if (!isNestedIn(t, present)) visit(t, 0);
  return out;
}
