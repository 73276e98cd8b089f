import { useEffect, useRef } from 'react';
import { graphql } from '../gql';
import { useApi } from '../graphql/api-context';
import { type ResumableSubscription, subscribeResumable } from '../graphql/resumable';

/** New entries in the viewer's inbox, from the same socket as the board's events. */
export const InboxEventsSubscription = graphql(`
  subscription InboxEvents($after: ID) {
    inboxEvents(after: $after) {
      cursor
      type
      taskId
    }
  }
`);

/** How long after a failed subscription it is made again (resuming after the last event). */
const RESTART_DELAY_MS = 2_000;

/**
 * Calls `onChange` each time entries are added to the viewer's inbox (a
 * mention, an assignment, a watched task changed), as the board hears its
 * events: live over graphql-ws, resumed after the last event's cursor when
 * the socket comes back, so nothing written meanwhile is missed.
 */
export function useInboxEvents(onChange: () => void) {
  const { ws } = useApi();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    let cancelled = false;
    let stream: ResumableSubscription | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscribe = () => {
      stream = subscribeResumable(
        ws,
        InboxEventsSubscription,
        { after: null },
        {
          next: () => latest.current(),
          error: () => {
            stream?.unsubscribe();
            stream = null;
            if (cancelled) return;
            clearTimeout(timer);
            // Again from now; what was written meanwhile shows through the refetch.
            timer = setTimeout(() => {
              if (cancelled) return;
              latest.current();
              subscribe();
            }, RESTART_DELAY_MS);
          },
        },
      );
    };
    subscribe();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stream?.unsubscribe();
    };
  }, [ws]);
}
