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

/** The task an event is about (task and comment events), or null (sections, labels, members). */
export function eventTaskId(event: BoardEvent): number | null {
  return event.__typename === 'TaskBoardEvent' || event.__typename === 'CommentBoardEvent' ? event.taskId : null;
}

/** Applies the BoardEvent rules of the schema to the board's state, by the event's family (its type). */
export function boardEventEffect(event: BoardEvent): BoardEventEffect {
  switch (event.__typename) {
    case 'TaskBoardEvent':
    case 'CommentBoardEvent':
      if (event.event === 'TASK_DELETED' || !event.task) {
        // Gone, or no longer visible to the viewer; a comment's task that vanished too.
        return { actions: [{ type: 'remove', taskId: event.taskId }], refetchBoard: false };
      }
      // The reducer drops it when it moved to another board or was archived.
      return { actions: [{ type: 'upsert', task: event.task }], refetchBoard: false };
    case 'LabelBoardEvent': {
      const actions: BoardAction[] =
        event.event === 'LABEL_CREATED'
          ? []
          : [{ type: 'label', labelId: event.labelId, label: event.event === 'LABEL_DELETED' ? null : (event.label ?? null) }];
      return { actions, refetchBoard: true };
    }
    default:
      // Sections and members: columns or people changed.
      return { actions: [], refetchBoard: true };
  }
}
