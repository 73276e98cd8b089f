import { useCallback, useEffect, useState } from 'react';
import { useClient } from 'urql';
import { formatDateTime } from '../../components/format';
import { errorMessage } from '../../graphql/errors';
import { type ActivityChange, type ActivityNames, activityWords } from './activity-words';
import { TaskActivityQuery } from './task-queries';
import type { TaskEventKind } from '../../gql/graphql';

/** History entries per page: the newest page, and each "Show older activity". */
export const ACTIVITY_PAGE_SIZE = 20;

interface Entry {
  id: string;
  cursor: string;
  event: TaskEventKind;
  createdAt: string;
  actor: { id: number; displayName: string } | null;
  changes: ActivityChange[];
}

/** Newer first: ids are decimal integers that grow with time (longer is larger). */
function newerFirst(a: Entry, b: Entry): number {
  return b.id.length - a.id.length || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0);
}

/** Entries held plus a page, newest first, each once. */
function merge(held: Entry[], page: Entry[]): Entry[] {
  const byId = new Map(held.map((e) => [e.id, e]));
  for (const e of page) byId.set(e.id, e);
  return [...byId.values()].sort(newerFirst);
}

/**
 * The task's history in the panel: who changed what, from → to, and when,
 * newest first, a page at a time ("Show older activity"). History is only
 * ever added to, so a change by anyone (`version` moves, or a board event
 * arrives) reads the newest page again and merges it in.
 */
export function TaskActivity({
  taskRef,
  version,
  names,
}: {
  taskRef: { projectId: number; ticketNumber: string };
  /** The task's version: every change moves it, and with it the newest page is read again. */
  version: number;
  names: ActivityNames;
}) {
  const client = useClient();
  const { projectId, ticketNumber } = taskRef;
  const key = `${projectId}/${ticketNumber}`;
  const [held, setHeld] = useState<{ key: string; entries: Entry[]; total: number; more: boolean; loaded: boolean }>({
    key,
    entries: [],
    total: 0,
    more: false,
    loaded: false,
  });
  if (held.key !== key) setHeld({ key, entries: [], total: 0, more: false, loaded: false });
  const [error, setError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);

  /** One page after `after` (the newest without it), or an error message. */
  const readPage = useCallback(
    async (after: string | null) => {
      const result = await client
        .query(
          TaskActivityQuery,
          { ref: { projectId, ticketNumber }, first: ACTIVITY_PAGE_SIZE, after },
          { requestPolicy: 'network-only' },
        )
        .toPromise();
      if (!result.data) return errorMessage(result.error);
      const c = result.data.taskActivity;
      return {
        after,
        total: c.totalCount,
        hasNextPage: c.pageInfo.hasNextPage,
        entries: c.edges.map((e): Entry => ({ ...e.node, cursor: e.cursor })),
      };
    },
    [client, projectId, ticketNumber],
  );

  const apply = useCallback(
    (page: Awaited<ReturnType<typeof readPage>>) => {
      if (typeof page === 'string') return setError(page);
      setError(null);
      setHeld((h) =>
        h.key !== key
          ? h
          : {
              key,
              entries: merge(h.entries, page.entries),
              total: page.total,
              // The newest page says whether anything is older only while nothing older is held.
              more: page.after !== null || !h.loaded ? page.hasNextPage : h.more,
              loaded: true,
            },
      );
    },
    [key],
  );

  useEffect(() => {
    void readPage(null).then(apply);
  }, [readPage, apply, version]);

  const older = held.entries.at(-1)?.cursor ?? null;
  return (
    <section className="activity" aria-labelledby="activity-title">
      <h3 id="activity-title">Activity {held.loaded && <span className="count">({held.total})</span>}</h3>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ol className="activity-list" aria-busy={!held.loaded}>
        {held.entries.map((e) => (
          <li key={e.id} className="activity-entry" data-activity-id={e.id}>
            <strong>{e.actor?.displayName ?? 'Someone'}</strong> {activityWords(e.event, e.changes, names)}{' '}
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
          </li>
        ))}
      </ol>
      {held.more && held.entries.length < held.total && (
        <button
          type="button"
          className="link-button load-earlier"
          disabled={loadingOlder}
          aria-busy={loadingOlder}
          onClick={async () => {
            setLoadingOlder(true);
            apply(await readPage(older));
            setLoadingOlder(false);
          }}
        >
          Show older activity ({held.total - held.entries.length} more)
        </button>
      )}
    </section>
  );
}
