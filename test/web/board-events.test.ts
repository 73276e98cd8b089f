import { describe, expect, it } from 'vitest';
import { type BoardEvent, boardEventEffect } from '../../web/src/screens/board/board-events';
import { type CardTask, boardReducer, initialBoardState } from '../../web/src/screens/board/board-state';
import { cardTask as task } from '../support/web-tasks';


/** The GraphQL type of each event family. */
const FAMILY = {
  task: 'TaskBoardEvent',
  section: 'SectionBoardEvent',
  label: 'LabelBoardEvent',
  comment: 'CommentBoardEvent',
  member: 'MemberBoardEvent',
} as const;

/** A board event as the subscription delivers it: `task.created` is a TaskBoardEvent named `TASK_CREATED`. */
function event(name: string, over: Record<string, unknown> = {}): BoardEvent {
  const __typename = FAMILY[name.split('.')[0] as keyof typeof FAMILY];
  const kind = name.replace('.', '_').toUpperCase();
  const fields =
    __typename === 'TaskBoardEvent' || __typename === 'CommentBoardEvent'
      ? { taskId: 0, task: null, ...(__typename === 'CommentBoardEvent' ? { commentId: 0 } : {}) }
      : __typename === 'LabelBoardEvent'
        ? { labelId: 0, label: null }
        : {};
  return { __typename, cursor: '1', event: kind, ...fields, ...over } as BoardEvent;
}

/** The board after applying `events` to `tasks`. */
function apply(tasks: CardTask[], ...events: BoardEvent[]) {
  let state = boardReducer(initialBoardState(1), { type: 'replace', tasks });
  for (const e of events) for (const action of boardEventEffect(e).actions) state = boardReducer(state, action);
  return state;
}

const later = '2026-01-02T00:00:00.000Z';

describe('board events on an open board', () => {
  it('task events put the task as it is now in place', () => {
    const state = apply(
      [task(1)],
      event('task.created', { taskId: 2, task: task(2, { title: 'new' }) }),
      event('task.updated', { taskId: 1, task: task(1, { sectionId: 20, updatedAt: later }) }),
    );
    expect(state.tasks.get(2)!.title).toBe('new');
    expect(state.tasks.get(1)!.sectionId).toBe(20);
  });

  it('a deleted task, one no longer visible, moved to another board or archived leaves the board', () => {
    const state = apply(
      [task(1), task(2), task(3), task(4), task(5)],
      event('task.deleted', { taskId: 1 }),
      event('task.updated', { taskId: 2, task: null }),
      event('task.updated', { taskId: 3, task: task(3, { projectId: 9, updatedAt: later }) }),
      event('task.updated', { taskId: 4, task: task(4, { status: 'ARCHIVE', updatedAt: later }) }),
    );
    expect([...state.tasks.keys()]).toEqual([5]);
  });

  it('comment events refresh the task (its comment count) without touching the board query', () => {
    const effect = boardEventEffect(
      event('comment.created', { taskId: 1, commentId: 7, task: task(1, { commentCount: 1 }) }),
    );
    expect(effect.refetchBoard).toBe(false);
    expect(
      apply([task(1)], event('comment.created', { taskId: 1, task: task(1, { commentCount: 1 }) })).tasks.get(1)!
        .commentCount,
    ).toBe(1);
  });

  it('a label renamed or deleted changes every card that has it, and the board query', () => {
    const bug = { id: 5, name: 'bug', color: null };
    const ui = { id: 6, name: 'ui', color: null };
    const tasks = [task(1, { labels: [bug, ui] }), task(2, { labels: [ui] }), task(3)];
    let state = apply(tasks, event('label.updated', { labelId: 5, label: { id: 5, name: 'defect', color: '#f00' } }));
    expect(state.tasks.get(1)!.labels).toEqual([{ id: 5, name: 'defect', color: '#f00' }, ui]);
    expect(state.tasks.get(2)).toBe(tasks[1]);
    state = apply(tasks, event('label.deleted', { labelId: 6 }));
    expect(state.tasks.get(1)!.labels).toEqual([bug]);
    expect(state.tasks.get(2)!.labels).toEqual([]);
    expect(boardEventEffect(event('label.created', { labelId: 7, label: { id: 7, name: 'x', color: null } }))).toEqual({
      actions: [],
      refetchBoard: true,
    });
  });

  it('section and member events refetch the board (columns, people)', () => {
    for (const name of ['section.created', 'section.updated', 'section.deleted', 'member.added', 'member.removed'])
      expect(boardEventEffect(event(name))).toEqual({ actions: [], refetchBoard: true });
    expect(boardEventEffect(event('task.updated', { taskId: 1, task: task(1) })).refetchBoard).toBe(false);
  });
});
