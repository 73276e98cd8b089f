import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useAnnounce } from '../components/announcer';
import { formatDateTime } from '../components/format';
import { graphql } from '../gql';
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

const InboxQuery = graphql(`
  query Inbox($unreadOnly: Boolean!) {
    inbox(unreadOnly: $unreadOnly, limit: 100) {
      total
      items {
        id
        type
        message
        read
        createdAt
        ticketNumber
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

/** Notifications about tasks the viewer watches or is mentioned in: open, mark read, archive. */
export function InboxScreen({ onCountChanged }: { onCountChanged: () => void }) {
  usePageTitle('Inbox');
  const announce = useAnnounce();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [{ data, error, fetching }, refetch] = useQuery({
    query: InboxQuery,
    variables: { unreadOnly },
    requestPolicy: 'cache-and-network',
  });
  const [, markRead] = useMutation(MarkRead);
  const [, archive] = useMutation(Archive);
  const items = data?.inbox.items ?? [];
  const unread = items.filter((n) => !n.read).map((n) => n.id);

  const after = () => {
    refetch({ requestPolicy: 'network-only' });
    onCountChanged();
  };

  return (
    <div className="page">
      <div className="page-header">
        <h1 tabIndex={-1}>Inbox</h1>
        <label className="inline-check">
          <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />
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
      {error && <p role="alert">{errorMessage(error)}</p>}
      {!fetching && items.length === 0 && (
        <p>Nothing here. You hear about tasks you watch, are assigned to or are mentioned in.</p>
      )}
      <ul className="inbox-list" aria-busy={fetching}>
        {items.map((n) => (
          <li key={n.id} className={n.read ? 'read' : 'unread'}>
            <Link
              to={boardPath(n.task.projectId, n.ticketNumber)}
              className="inbox-link"
              onClick={() => !n.read && void markRead({ ids: [n.id] }).then(after)}
            >
              {!n.read && <span className="sr-only">Unread: </span>}
              <span className="ticket">{n.ticketNumber}</span> {n.task.title}
              <span className="inbox-message">{n.message}</span>
            </Link>
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
    </div>
  );
}
