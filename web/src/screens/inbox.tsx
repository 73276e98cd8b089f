import { useEffect, useState } from 'react';
import { useClient, useMutation } from 'urql';
import { useAnnounce } from '../components/announcer';
import { formatDateTime } from '../components/format';
import { graphql } from '../gql';
import type { InboxQuery as InboxResult } from '../gql/graphql';
import { errorMessage } from '../graphql/errors';
import { Link, boardPath } from '../router';
import { usePageTitle } from './page-title';

/** The unread count in the header (refreshed by the app shell). */
export const UnreadCountQuery = graphql(`
  query UnreadCount {
    inbox(unreadOnly: true, limit: 1) {
      total
    }
  }
`);

/** Entries per page of the inbox ("Load more" reads the next). */
const INBOX_PAGE_SIZE = 50;

const InboxQuery = graphql(`
  query Inbox($unreadOnly: Boolean!, $offset: Int!) {
    inbox(unreadOnly: $unreadOnly, limit: 50, offset: $offset) {
      total
      items {
        id
        type
        message
        read
        createdAt
        ticketNumber
        taskId
        actor {
          id
          displayName
        }
        task {
          id
          projectId
          title
        }
      }
    }
  }
`);

const MarkRead = graphql(`
  mutation MarkNotificationsRead($ids: [Int!]!) {
    markNotificationsRead(ids: $ids)
  }
`);

const Archive = graphql(`
  mutation ArchiveNotifications($ids: [Int!]!) {
    archiveNotifications(ids: $ids)
  }
`);

type Entry = InboxResult['inbox']['items'][number];

/** The entries grouped by task, the group of the newest entry first; entries newest first in each. */
export function groupByTask<T extends { taskId: number }>(entries: T[]): { taskId: number; entries: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const e of entries) {
    const list = groups.get(e.taskId);
    if (list) list.push(e);
    else groups.set(e.taskId, [e]);
  }
  return [...groups].map(([taskId, list]) => ({ taskId, entries: list }));
}

/**
 * Notifications about tasks the viewer watches or is mentioned in, grouped by
 * task, a page at a time ("Load more"): open, mark read, archive. `version`
 * changes when the inbox's live events say entries were added: the pages
 * shown are read again.
 */
export function InboxScreen({ onCountChanged, version }: { onCountChanged: () => void; version: number }) {
  usePageTitle('Inbox');
  const announce = useAnnounce();
  const client = useClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [pages, setPages] = useState(1);
  const [list, setList] = useState<{ key: string; items: Entry[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const [, markRead] = useMutation(MarkRead);
  const [, archive] = useMutation(Archive);
  const key = `${unreadOnly}`;

  // Every page shown, read again whenever the inbox changed (live event, an action, the filter, "Load more").
  useEffect(() => {
    let cancelled = false;
    const reads = Array.from({ length: pages }, (_, i) =>
      client
        .query(InboxQuery, { unreadOnly, offset: i * INBOX_PAGE_SIZE }, { requestPolicy: 'network-only' })
        .toPromise(),
    );
    void Promise.all(reads).then((results) => {
      if (cancelled) return;
      const failed = results.find((r) => !r.data);
      if (failed) return setError(errorMessage(failed.error));
      setError(null);
      const seen = new Set<number>();
      const items = results
        .flatMap((r) => r.data!.inbox.items)
        .filter((n) => !seen.has(n.id) && (seen.add(n.id), true));
      setList({ key: `${unreadOnly}`, items, total: results[0].data!.inbox.total });
    });
    return () => {
      cancelled = true;
    };
  }, [client, unreadOnly, pages, version, reloads]);

  const shown = list?.key === key ? list : null;
  const items = shown?.items ?? [];
  const unread = items.filter((n) => !n.read).map((n) => n.id);

  const after = () => {
    setReloads((n) => n + 1);
    onCountChanged();
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1 tabIndex={-1}>Inbox</h1>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => {
              setUnreadOnly(e.target.checked);
              setPages(1);
            }}
          />
          Unread only
        </label>
        <button
          type="button"
          disabled={unread.length === 0}
          onClick={async () => (await markRead({ ids: unread }), after(), announce('All marked as read.'))}
        >
          Mark all read
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
      {shown && items.length === 0 && (
        <p>Nothing here. You hear about tasks you watch, are assigned to or are mentioned in.</p>
      )}
      <ul className="inbox-groups" aria-busy={!shown}>
        {groupByTask(items).map((group) => {
          const first = group.entries[0];
          return (
            <li key={group.taskId} className="inbox-group" aria-label={`${first.ticketNumber}: ${first.task.title}`}>
              <Link
                to={boardPath(first.task.projectId, first.ticketNumber)}
                className="inbox-task"
                onClick={() => {
                  const ids = group.entries.filter((n) => !n.read).map((n) => n.id);
                  if (ids.length) void markRead({ ids }).then(after);
                }}
              >
                <span className="ticket">{first.ticketNumber}</span> {first.task.title}
              </Link>
              <ul className="inbox-list">
                {group.entries.map((n) => (
                  <li key={n.id} className={`inbox-entry ${n.read ? 'read' : 'unread'}`}>
                    <span className="inbox-message">
                      {!n.read && <span className="sr-only">Unread: </span>}
                      {n.message}
                    </span>
                    <span className="inbox-meta">
                      {n.actor?.displayName} · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                    </span>
                    <span className="inbox-actions">
                      {!n.read && (
                        <button
                          type="button"
                          className="link-button"
                          onClick={async () => (await markRead({ ids: [n.id] }), after())}
                          aria-label={`Mark ${n.ticketNumber} notification read`}
                        >
                          Mark read
                        </button>
                      )}
                      <button
                        type="button"
                        className="link-button"
                        onClick={async () => {
                          await archive({ ids: [n.id] });
                          after();
                          announce(`Archived the ${n.ticketNumber} notification.`);
                        }}
                        aria-label={`Archive ${n.ticketNumber} notification`}
                      >
                        Archive
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      {shown && items.length < shown.total && (
        <p className="load-more">
          Showing {items.length} of {shown.total}{' '}
          <button type="button" onClick={() => setPages((n) => n + 1)}>
            Load more
          </button>
        </p>
      )}
    </div>
  );
}
