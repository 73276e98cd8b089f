import { describe, expect, it } from 'vitest';
import {
  type CardTask,
  NO_FILTER,
  boardReducer,
  buildColumns,
  initialBoardState,
  keyboardPlacement,
  matchesFilter,
} from '../../web/src/screens/board/board-state';
import { cardTask as task } from '../support/web-tasks';

const TODO = 10; // cardTask's section
const DONE = 20;


const ids = (list: CardTask[] | undefined) => (list ?? []).map((t) => t.id);

function board(tasks: CardTask[]) {
  return boardReducer(initialBoardState(1), { type: 'replace', tasks });
}

describe('board state', () => {
  it('orders a column as the server does: by position (bytes), unplaced after, by id', () => {
    const state = board([
      task(3),
      task(1),
      task(2, { position: 'a1' }),
      task(4, { position: 'a0' }),
      task(5, { position: 'Zz' }),
    ]);
    // 'Zz' < 'a0' in byte order (upper case before lower case).
    expect(ids(buildColumns(state, [TODO, DONE]).get(TODO))).toEqual([5, 4, 2, 1, 3]);
  });

  it('shows a pending placement at once and drops it when settled', () => {
    let state = board([task(1, { position: 'a0' }), task(2, { position: 'a1' }), task(3, { sectionId: DONE })]);
    state = boardReducer(state, { type: 'place', placement: { taskId: 1, sectionId: DONE, afterTaskId: 3 } });
    let columns = buildColumns(state, [TODO, DONE]);
    expect(ids(columns.get(TODO))).toEqual([2]);
    expect(ids(columns.get(DONE))).toEqual([3, 1]);
    // The server's answer arrives, then the placement settles.
    state = boardReducer(state, {
      type: 'upsert',
      task: task(1, { sectionId: DONE, position: 'a0', updatedAt: '2026-01-02T00:00:00.000Z' }),
    });
    state = boardReducer(state, { type: 'settle', taskId: 1 });
    columns = buildColumns(state, [TODO, DONE]);
    expect(ids(columns.get(DONE))).toEqual([1, 3]);
  });

  it('keeps the newer version of a task; archived or moved-away tasks leave the board', () => {
    let state = board([task(1, { title: 'new', updatedAt: '2026-01-02T00:00:00.000Z' })]);
    state = boardReducer(state, { type: 'upsert', task: task(1, { title: 'old' }) });
    expect(state.tasks.get(1)!.title).toBe('new');
    state = boardReducer(state, {
      type: 'upsert',
      task: task(1, { status: 'ARCHIVE', updatedAt: '2026-01-03T00:00:00.000Z' }),
    });
    expect(state.tasks.has(1)).toBe(false);
    state = boardReducer(state, { type: 'upsert', task: task(2, { projectId: 9 }) });
    expect(state.tasks.has(2)).toBe(false);
  });

  it('pages add up; a full reload replaces everything', () => {
    let state = boardReducer(initialBoardState(1), { type: 'page', tasks: [task(1)], complete: false });
    state = boardReducer(state, { type: 'page', tasks: [task(2)], complete: true });
    expect([...state.tasks.keys()]).toEqual([1, 2]);
    expect(state.complete).toBe(true);
    state = boardReducer(state, { type: 'replace', tasks: [task(3)] });
    expect([...state.tasks.keys()]).toEqual([3]);
  });

  it('keyboard moves: within the column, to the neighbour column at the same index, none past the edges', () => {
    const state = board([task(1), task(2), task(3), task(4, { sectionId: DONE })]);
    const columns = buildColumns(state, [TODO, DONE]);
    const sections = [TODO, DONE];
    expect(keyboardPlacement(columns, sections, 2, 'up')).toEqual({ taskId: 2, sectionId: TODO, afterTaskId: null });
    expect(keyboardPlacement(columns, sections, 2, 'down')).toEqual({ taskId: 2, sectionId: TODO, afterTaskId: 3 });
    expect(keyboardPlacement(columns, sections, 1, 'up')).toBeNull();
    expect(keyboardPlacement(columns, sections, 3, 'down')).toBeNull();
    expect(keyboardPlacement(columns, sections, 1, 'left')).toBeNull();
    expect(keyboardPlacement(columns, sections, 1, 'right')).toEqual({ taskId: 1, sectionId: DONE, afterTaskId: null });
    expect(keyboardPlacement(columns, sections, 3, 'right')).toEqual({ taskId: 3, sectionId: DONE, afterTaskId: 4 });
    expect(keyboardPlacement(columns, sections, 4, 'right')).toBeNull();
  });

  it('filters by assignee (me, unassigned, a user), label, priority and search hits', () => {
    const mine = task(1, {
      priority: 'HIGH',
      assignees: [{ id: 'a', kind: 'USER', userId: 7, displayName: 'Me' }],
      labels: [{ id: 5, name: 'bug', color: null }],
    });
    const theirs = task(2, { assignees: [{ id: 'b', kind: 'USER', userId: 8, displayName: 'Them' }] });
    const nobody = task(3);
    const pass = (f: Partial<typeof NO_FILTER>) =>
      [mine, theirs, nobody].filter((t) => matchesFilter(t, { ...NO_FILTER, ...f }, 7)).map((t) => t.id);
    expect(pass({})).toEqual([1, 2, 3]);
    expect(pass({ assignee: 'me' })).toEqual([1]);
    expect(pass({ assignee: '8' })).toEqual([2]);
    expect(pass({ assignee: 'unassigned' })).toEqual([3]);
    expect(pass({ label: '5' })).toEqual([1]);
    expect(pass({ priority: 'high' })).toEqual([1]);
    expect(pass({ priority: 'none' })).toEqual([2, 3]);
    expect(pass({ searchIds: new Set([2, 3]), assignee: 'unassigned' })).toEqual([3]);
  });
});
