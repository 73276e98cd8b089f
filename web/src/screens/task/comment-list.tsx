import { useCallback, useEffect, useState } from 'react';
import { useClient } from 'urql';
import { formatDateTime } from '../../components/format';
import { errorMessage } from '../../graphql/errors';
import {
  type CommentPage,
  type CommentPagesState,
  NO_COMMENTS,
  shownComments,
  withEarlierPage,
  withNewestPage,
  withoutComment,
} from './comment-pages';
import { TaskCommentsQuery } from './task-queries';

/** Comments per page: the newest page, and each "Load earlier comments". */
export const COMMENT_PAGE_SIZE = 50;

type TaskRef = { projectId: number; ticketNumber: string };

/**
 * A task's comments as the panel holds them: the newest page first, earlier
 * pages on request. `refresh` reads the newest page again (a posted comment,
 * another person's comment event); `remove` drops a deleted one.
 */
export function useTaskComments(taskRef: TaskRef) {
  const client = useClient();
  const { projectId, ticketNumber } = taskRef;
  const key = `${projectId}/${ticketNumber}`;
  // The comments held, for the task they belong to: another task (the panel switched) starts empty,
  // and a page read for the previous one is dropped.
  const [held, setHeld] = useState<{ key: string; state: CommentPagesState }>({ key, state: NO_COMMENTS });
  if (held.key !== key) setHeld({ key, state: NO_COMMENTS });
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** One page after `after` (the newest without it); an error message when it could not be read. */
  const fetchPage = useCallback(
    async (after: string | null): Promise<CommentPage | string> => {
      const result = await client
        .query(
          TaskCommentsQuery,
          { ref: { projectId, ticketNumber }, first: COMMENT_PAGE_SIZE, after },
          { requestPolicy: 'network-only' },
        )
        .toPromise();
      if (!result.data) return errorMessage(result.error);
      const c = result.data.commentsConnection;
      return {
        totalCount: c.totalCount,
        hasNextPage: c.pageInfo.hasNextPage,
        comments: c.edges.map((e) => ({ ...e.node, cursor: e.cursor })),
      };
    },
    [client, projectId, ticketNumber],
  );

  const apply = useCallback(
    (page: CommentPage | string, how: (s: CommentPagesState, page: CommentPage) => CommentPagesState) => {
      if (typeof page === 'string') return setError(page);
      setError(null);
      setHeld((h) => (h.key === key ? { key, state: how(h.state, page) } : h));
    },
    [key],
  );

  const refresh = useCallback(() => fetchPage(null).then((page) => apply(page, withNewestPage)), [fetchPage, apply]);
  useEffect(() => {
    void fetchPage(null).then((page) => apply(page, withNewestPage));
  }, [fetchPage, apply]);

  const shown = shownComments(held.state);
  const loadEarlier = async () => {
    setLoadingEarlier(true);
    apply(await fetchPage(shown.earlierCursor), withEarlierPage);
    setLoadingEarlier(false);
  };
  const remove = useCallback((id: number) => setHeld((h) => ({ key: h.key, state: withoutComment(h.state, id) })), []);

  return {
    ...shown,
    total: held.state.total,
    loaded: held.state.loaded,
    loadingEarlier,
    error,
    refresh,
    loadEarlier,
    remove,
  };
}

/** The comments heading with the count, "Load earlier comments" when some are not loaded, then the comments, oldest first. */
export function CommentList({ comments }: { comments: ReturnType<typeof useTaskComments> }) {
  const { loaded, total, earlier, loadingEarlier, error } = comments;
  return (
    <>
      <h3 id="comments-title">Comments {loaded && <span className="count">({total})</span>}</h3>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {earlier > 0 && (
        <button
          type="button"
          className="link-button load-earlier"
          disabled={loadingEarlier}
          aria-busy={loadingEarlier}
          onClick={() => void comments.loadEarlier()}
        >
          Load earlier comments ({earlier} more)
        </button>
      )}
      <ol className="comment-list">
        {comments.comments.map((c) => (
          <li key={c.id} className="comment" data-comment-id={c.id}>
            <div className="comment-meta">
              <strong>{c.author?.displayName ?? 'Someone'}</strong>{' '}
              <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
            </div>
            <div className="rendered" dangerouslySetInnerHTML={{ __html: c.text }} />
          </li>
        ))}
      </ol>
    </>
  );
}
