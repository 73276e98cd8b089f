import { useCallback, useEffect, useReducer } from 'react';
import type { Client } from 'urql';
import { useApi } from '../../graphql/api-context';
import { errorCode } from '../../graphql/errors';
import { BoardTasksQuery, CardQuery, TaskEventsSubscription } from './board-queries';
import { type BoardAction, type CardTask, boardReducer, initialBoardState } from './board-state';

/** Reads every page of the board's tasks, handing each to `onPage` as it arrives. */
async function loadAllTasks(
  client: Client,
  projectId: number,
  onPage: (tasks: CardTask[], complete: boolean) => void,
  cancelled: () => boolean,
): Promise<void> {
  const fetchPage = (after: string | null) =>
    client.query(BoardTasksQuery, { projectId, after }, { requestPolicy: 'network-only' }).toPromise();
  let after: string | null = null;
  for (;;) {
    const result = await fetchPage(after);
    if (cancelled()) return;
    if (result.error || !result.data) throw result.error ?? new Error('No data');
    const page = result.data.tasksConnection;
    onPage(
      page.edges.map((e) => e.node),
      !page.pageInfo.hasNextPage,
    );
    if (!page.pageInfo.hasNextPage) return;
    after = page.pageInfo.endCursor ?? null;
  }
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
      const pages: CardTask[] = [];
      loadAllTasks(
        client,
        projectId,
        (tasks, complete) => {
          if (initial) dispatch({ type: 'page', tasks, complete });
          else pages.push(...tasks);
          if (!initial && complete) dispatch({ type: 'replace', tasks: pages });
        },
        isCancelled,
      ).catch(() => undefined); // the error shows through the board query; events retry
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
