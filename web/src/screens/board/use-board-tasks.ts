import { useCallback, useEffect, useReducer } from 'react';
import type { Client } from 'urql';
import { useApi } from '../../graphql/api-context';
import { errorCode } from '../../graphql/errors';
import { BoardTasksQuery, CardQuery, TASK_PAGE_SIZE, TaskEventsSubscription } from './board-queries';
import { type BoardAction, type CardTask, boardReducer, initialBoardState } from './board-state';

/**
 * Reads every page of the board's tasks: the first, then the rest in
 * parallel; each is handed to `onPage` as it arrives. Resolves when all have.
 */
async function loadAllTasks(
  client: Client,
  projectId: number,
  onPage: (tasks: CardTask[]) => void,
  cancelled: () => boolean,
): Promise<void> {
  const fetchPage = async (offset: number) => {
    const result = await client
      .query(BoardTasksQuery, { projectId, offset }, { requestPolicy: 'network-only' })
      .toPromise();
    if (result.error || !result.data) throw result.error ?? new Error('No data');
    if (!cancelled()) onPage(result.data.tasks.items);
    return result.data.tasks.total;
  };
  const total = await fetchPage(0);
  const offsets: number[] = [];
  for (let offset = TASK_PAGE_SIZE; offset < total; offset += TASK_PAGE_SIZE) offsets.push(offset);
  await Promise.all(offsets.map(fetchPage));
}

/**
 * The board's tasks, live: all pages loaded (rendered as they come), then
 * kept current by the board's task events (each changed task is refetched as
 * the viewer may see it), and reloaded in full after the live connection
 * comes back (catching up on what happened while it was down).
 */
export function useBoardTasks(projectId: number) {
  const { client, live } = useApi();
  const [state, dispatch] = useReducer(boardReducer, projectId, initialBoardState);

  const refetchTask = useCallback(
    async (taskId: number) => {
      const result = await client.query(CardQuery, { taskId }, { requestPolicy: 'network-only' }).toPromise();
      if (result.data) dispatch({ type: 'upsert', task: result.data.task });
      else if (errorCode(result.error) === 'NOT_FOUND') dispatch({ type: 'remove', taskId });
    },
    [client],
  );

  useEffect(() => {
    let cancelled = false;
    const isCancelled = () => cancelled;
    const reload = (initial: boolean) => {
      const all: CardTask[] = [];
      loadAllTasks(
        client,
        projectId,
        (tasks) => (initial ? dispatch({ type: 'page', tasks, complete: false }) : all.push(...tasks)),
        isCancelled,
      ).then(
        () =>
          !cancelled &&
          dispatch(initial ? { type: 'page', tasks: [], complete: true } : { type: 'replace', tasks: all }),
        () => undefined, // the error shows through the board query; events and reconnects retry
      );
    };
    reload(true);

    const events = client.subscription(TaskEventsSubscription, { projectId }).subscribe((result) => {
      const event = result.data?.taskEvents;
      if (event) void refetchTask(event.taskId);
    });
    const offReconnect = live.onReconnect(() => reload(false));
    return () => {
      cancelled = true;
      events.unsubscribe();
      offReconnect();
    };
  }, [client, live, projectId, refetchTask]);

  return { state, dispatch: dispatch as (action: BoardAction) => void, refetchTask };
}
