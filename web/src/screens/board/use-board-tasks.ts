import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { type Client, CombinedError } from 'urql';
import { errorMessage } from '../../graphql/errors';
import { useApi } from '../../graphql/api-context';
import { type ResumableSubscription, subscribeResumable } from '../../graphql/resumable';
import { BoardEventsSubscription, BoardTasksQuery, TASK_PAGE_SIZE } from './board-queries';
import { type BoardEvent, type BoardEventEffect, boardEventEffect } from './board-events';
import { type BoardAction, type CardTask, boardReducer, initialBoardState } from './board-state';

/** After the server ends the event stream with an error, start over (reload, subscribe afresh) this much later. */
const RESTART_DELAY_MS = 2_000;

/** Hears every event of the open board, with what it did to the board. */
export type BoardEventListener = (event: BoardEvent, effect: BoardEventEffect) => void;

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
 * The board's tasks, live: every page loaded (rendered as it comes), kept
 * current by the board's `boardEvents` (each carries the changed task as the
 * viewer may see it now). After a drop (network, server restart) the
 * subscription resumes after the last event's cursor, so the board catches
 * up on exactly what it missed; it reloads in full only when it has no
 * cursor yet, or the server refuses to resume (cursor past the retention).
 * `onEvent` registers a listener for every event (the board's columns and
 * labels, the open task panel). A load that fails is `loadError`, a
 * sentence for people (the screen says so, never an endless "loading"); `retry` loads again.
 */
export function useBoardTasks(projectId: number) {
  const { client, ws, live } = useApi();
  const [state, dispatch] = useReducer(boardReducer, projectId, initialBoardState);
  const listeners = useRef(new Set<BoardEventListener>());
  const [loadError, setLoadError] = useState<string | null>(null);
  const reloadRef = useRef<(() => void) | null>(null);

  const onEvent = useCallback((listener: BoardEventListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let stream: ResumableSubscription | null = null;
    let restartTimer: ReturnType<typeof setTimeout> | undefined;
    const isCancelled = () => cancelled;

    const reload = (initial: boolean) => {
      const all: CardTask[] = [];
      setLoadError(null);
      loadAllTasks(
        client,
        projectId,
        (tasks) => (initial ? dispatch({ type: 'page', tasks, complete: false }) : all.push(...tasks)),
        isCancelled,
      ).then(
        () => {
          if (cancelled) return;
          setLoadError(null);
          dispatch(initial ? { type: 'page', tasks: [], complete: true } : { type: 'replace', tasks: all });
        },
        // Shown by the screen with a retry; reconnects retry too.
        (error: unknown) =>
          !cancelled && setLoadError(error instanceof CombinedError ? errorMessage(error) : String(error)),
      );
    };
    reloadRef.current = () => reload(false);

    const subscribe = () => {
      stream = subscribeResumable(
        ws,
        BoardEventsSubscription,
        { projectId, after: null },
        {
          next: ({ boardEvents: event }) => {
            const effect = boardEventEffect(event);
            for (const action of effect.actions) dispatch(action);
            for (const listener of listeners.current) listener(event, effect);
          },
          error: () => {
            stream?.unsubscribe();
            stream = null;
            if (cancelled) return;
            clearTimeout(restartTimer);
            restartTimer = setTimeout(() => {
              if (cancelled) return;
              subscribe();
              reload(false);
            }, RESTART_DELAY_MS);
          },
        },
      );
    };

    // Subscribe first, so that changes made while the pages load arrive too.
    subscribe();
    reload(true);
    // With no event received yet there is no cursor to resume after: reload instead.
    const offReconnect = live.onReconnect(() => {
      if (!stream?.cursor()) reload(false);
    });
    return () => {
      cancelled = true;
      clearTimeout(restartTimer);
      stream?.unsubscribe();
      offReconnect();
      reloadRef.current = null;
    };
  }, [client, ws, live, projectId]);

  const retry = useCallback(() => reloadRef.current?.(), []);
  return { state, dispatch: dispatch as (action: BoardAction) => void, onEvent, loadError, retry };
}
