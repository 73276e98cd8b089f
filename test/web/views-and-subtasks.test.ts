import { describe, expect, it } from 'vitest';
import { sortTasks } from '../../web/src/screens/board/list-sort';
import { nestUnderParents, ownItems, showsOnParent } from '../../web/src/screens/board/subtask-display';
import { readViewQuery, viewQuery } from '../../web/src/screens/board/use-board-view';
import { fromSavedFilters, toSavedFilters } from '../../web/src/screens/board/view-filters';
import { NO_FILTER } from '../../web/src/screens/board/board-state';
import { activityWords } from '../../web/src/screens/task/activity-words';
import { cardTask as task } from '../support/web-tasks';

// The list view's order, the subtask settings, saved filters and the
// history's words: the pure parts of the list view, saved views and history.

const parent = task(1, { title: 'Parent' });
const child = task(2, { parentId: 1, title: 'Child' });
const grandchild = task(3, { parentId: 2, title: 'Grandchild' });
const orphan = task(4, { parentId: 99, title: 'Parent elsewhere' });
const all = [parent, child, grandchild, orphan];

describe('subtask settings', () => {
  it('None and Card show top-level tasks only (a subtask whose parent is not shown counts as one)', () => {
    for (const s of ['NONE', 'CARD'] as const) expect(ownItems(all, s).map((t) => t.id)).toEqual([1, 4]);
    for (const s of ['PARENT', 'FLATTENED', 'FLATTENED_CARD'] as const) expect(ownItems(all, s)).toHaveLength(4);
    // The parent filtered out: its subtask is shown on its own.
    expect(ownItems([child, grandchild], 'NONE').map((t) => t.id)).toEqual([2]);
  });

  it('Card and Flattened_Card list subtasks on the parent', () => {
    expect((['NONE', 'PARENT', 'FLATTENED', 'CARD', 'FLATTENED_CARD'] as const).filter(showsOnParent)).toEqual([
      'CARD',
      'FLATTENED_CARD',
    ]);
  });

  it('Parent nests subtasks under their parent, depth first, in the given order', () => {
    const rows = [grandchild, orphan, child, parent, task(5, { parentId: 1 })];
    expect(nestUnderParents(rows).map(({ task, depth }) => [task.id, depth])).toEqual([
      [4, 0],
      [1, 0],
      [2, 1],
      [3, 2],
      [5, 1],
    ]);
  });
});

describe('list order', () => {
  const rank = new Map([
    [10, 0],
    [11, 1],
  ]);
  const tasks = [
    task(1, { ticketNumber: 'T-1', priority: 'LOW', dueDate: null, sectionId: 11, title: 'b' }),
    task(2, { ticketNumber: 'T-2', priority: null, dueDate: '2026-03-01T00:00:00.000Z', title: 'a' }),
    task(3, { ticketNumber: 'T-10', priority: 'URGENT', dueDate: '2026-01-01T00:00:00.000Z', title: 'c' }),
  ];
  const ids = (field: Parameters<typeof sortTasks>[1]['field'], dir: 'asc' | 'desc') =>
    sortTasks(tasks, { field, dir }, rank).map((t) => t.id);

  it('sorts by ticket number as a number, title, column in board order, priority urgent → none', () => {
    expect(ids('ticket', 'asc')).toEqual([1, 2, 3]);
    expect(ids('ticket', 'desc')).toEqual([3, 2, 1]);
    expect(ids('title', 'asc')).toEqual([2, 1, 3]);
    expect(ids('section', 'asc')).toEqual([2, 3, 1]);
    expect(ids('priority', 'asc')).toEqual([3, 1, 2]);
    expect(ids('priority', 'desc')).toEqual([2, 1, 3]);
  });

  it('puts tasks without a due date last in both directions', () => {
    expect(ids('dueDate', 'asc')).toEqual([3, 2, 1]);
    expect(ids('dueDate', 'desc')).toEqual([2, 3, 1]);
  });
});

describe('saved filters', () => {
  const labels = [
    { id: 7, name: 'Bug' },
    { id: 8, name: 'UI' },
  ];
  it('are saved in the task list’s argument names, labels by name, and read back', () => {
    const filter = { ...NO_FILTER, assignee: 'me', label: '8', priority: 'high' };
    const saved = toSavedFilters(filter, labels, { field: 'dueDate', dir: 'asc' });
    expect(saved).toEqual({ assignedTo: 'me', labels: ['UI'], priority: 'high', sortBy: 'dueDate', sortOrder: 'asc' });
    expect(fromSavedFilters(JSON.parse(JSON.stringify(saved)), labels)).toEqual({
      filter,
      sort: { field: 'dueDate', dir: 'asc' },
    });
  });

  it('leave out what they cannot read (a deleted label, a foreign sort, not an object)', () => {
    expect(fromSavedFilters({ labels: ['gone'], sortBy: 'drop table' }, labels)).toEqual({
      filter: NO_FILTER,
      sort: { field: 'ticket', dir: 'desc' },
    });
    expect(fromSavedFilters('nonsense', labels).filter).toEqual(NO_FILTER);
  });

  it('the layout and view travel in the URL', () => {
    expect(viewQuery('board', null)).toBe('');
    expect(viewQuery('list', 3)).toBe('?view=3&layout=list');
    expect(readViewQuery('?view=3&layout=list')).toEqual({ layout: 'list', viewId: 3 });
    expect(readViewQuery('?view=-1&layout=grid')).toEqual({ layout: 'board', viewId: null });
  });
});

describe('history in words', () => {
  const names = {
    section: (id: number) => ({ 1: 'Todo', 2: 'Done' })[id],
    task: (id: number) => (id === 5 ? 'T-5 Parent' : undefined),
  };
  it('says who did what from → to', () => {
    expect(activityWords('TASK_CREATED', [], names)).toBe('created the task');
    expect(
      activityWords(
        'TASK_UPDATED',
        [
          { field: 'title', from: 'a', to: 'b' },
          { field: 'sectionId', from: 1, to: 2 },
          { field: 'position', from: null, to: 'a0' },
        ],
        names,
      ),
    ).toBe('renamed it from “a” to “b”, moved it from Todo to Done');
    expect(activityWords('TASK_UPDATED', [{ field: 'priority', from: null, to: 'high' }], names)).toBe(
      'set priority to High',
    );
    expect(activityWords('TASK_UPDATED', [{ field: 'labels', from: ['x'], to: ['y'] }], names)).toBe(
      'added label y and removed label x',
    );
    expect(activityWords('TASK_ASSIGNED', [{ field: 'assignees', from: null, to: 'Ada' }], names)).toBe('assigned Ada');
    expect(activityWords('TASK_UPDATED', [{ field: 'parentId', from: null, to: 5 }], names)).toBe(
      'made it a subtask of T-5 Parent',
    );
    expect(activityWords('TASK_UPDATED', [{ field: 'description', from: '<p>a</p>', to: '<p>b</p>' }], names)).toBe(
      'edited the description',
    );
  });
});

describe('subtask settings across columns', () => {
  it('a subtask in another column than its parent is still nested (None, Card)', () => {
    const present = new Set([1, 2]);
    expect(ownItems([task(2, { parentId: 1, sectionId: 11 })], 'NONE', present)).toEqual([]);
    expect(ownItems([task(2, { parentId: 1, sectionId: 11 })], 'FLATTENED', present)).toHaveLength(1);
  });
});
