// A task as the web app's board holds it, for tests of the board's pure parts (test/web).
import type { CardTask } from '../../web/src/screens/board/board-state';

/** Task `id` in section 10 of board 1, with `over` applied. */
export function cardTask(id: number, over: Partial<CardTask> = {}): CardTask {
  return {
    id,
    projectId: 1,
    sectionId: 10,
    parentId: null,
    position: null,
    status: 'NORMAL',
    ticketNumber: `T-${id}`,
    title: `task ${id}`,
    priority: null,
    dueDate: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    commentCount: 0,
    assignees: [],
    labels: [],
    ...over,
  };
}
