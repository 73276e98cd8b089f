// What one board event does to an open board (pure; tested in test/web):
// task and comment events carry the task as it is now, label events the
// label; sections, labels and members change the board's own query.
import type { BoardEventsSubscription } from '../../gql/graphql';
import type { BoardAction } from './board-state';

/** One event of the board's `boardEvents` subscription. */
export type BoardEvent = BoardEventsSubscription['boardEvents'];

/** The board's changes for one event: task actions, and whether its columns, labels or members changed. */
export interface BoardEventEffect {
  actions: BoardAction[];
  /** Sections, labels or members changed: the board's own query is stale. */
  refetchBoard: boolean;
}

/** Applies the BoardEvent rules of the schema to the board's state. */
export function boardEventEffect(event: BoardEvent): BoardEventEffect {
  const [kind] = event.event.split('.');
  if (kind === 'task' || kind === 'comment') {
    if (event.event === 'task.deleted' || !event.task) {
      // Gone, or no longer visible to the viewer; a comment's task that vanished too.
      return { actions: event.taskId ? [{ type: 'remove', taskId: event.taskId }] : [], refetchBoard: false };
    }
    // The reducer drops it when it moved to another board or was archived.
    return { actions: [{ type: 'upsert', task: event.task }], refetchBoard: false };
  }
  if (kind === 'label') {
    const actions: BoardAction[] =
      event.labelId === null || event.labelId === undefined || event.event === 'label.created'
        ? []
        : [
            {
              type: 'label',
              labelId: event.labelId,
              label: event.event === 'label.deleted' ? null : (event.label ?? null),
            },
          ];
    return { actions, refetchBoard: true };
  }
  // section.* and member.*: columns or people changed.
  return { actions: [], refetchBoard: kind === 'section' || kind === 'member' };
}
