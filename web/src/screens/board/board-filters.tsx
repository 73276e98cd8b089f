import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { BoardSearchQuery } from './board-queries';
import { type BoardFilter, NO_FILTER, isFiltered } from './board-state';

/**
 * The board's filter bar: assignee, label and priority (applied in the page,
 * instantly), and a search box that asks the server's typo-tolerant search
 * (debounced) and shows only the matching cards.
 */
export function BoardFilters({
  projectId,
  filter,
  setFilter,
  members,
  labels,
  searchRef,
}: {
  projectId: number;
  filter: BoardFilter;
  setFilter: Dispatch<SetStateAction<BoardFilter>>;
  members: { id: number; displayName: string }[];
  labels: { id: number; name: string }[];
  searchRef: React.RefObject<HTMLInputElement | null>;
}) {
  const client = useClient();
  const [query, setQuery] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  /** What the search found so far: for which query, how many match, whether another page has hits. */
  const [found, setFound] = useState<{ query: string; shown: number; total: number; hasMore: boolean } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  /** The search box's text as last typed (read when a page arrives). */
  const typed = useRef('');

  /** A page of hits for `q` from `offset`; the first replaces the filter's ids, later ones add to them. */
  const searchPage = useCallback(
    async (q: string, offset: number) => {
      const result = await client
        .query(BoardSearchQuery, { projectId, query: q, offset }, { requestPolicy: 'network-only' })
        .toPromise();
      if (result.error) {
        setSearchError(result.error.graphQLErrors[0]?.message ?? 'Search failed.');
        return;
      }
      // The box changed while this page was on its way: its own search answers it.
      if (typed.current.trim() !== q) return;
      setSearchError(null);
      const { items, total, hasMore } = result.data!.searchTasks;
      setFilter((f) => {
        const searchIds = new Set(offset > 0 && f.searchIds ? f.searchIds : []);
        for (const i of items) searchIds.add(i.id);
        return { ...f, searchIds };
      });
      setFound({ query: q, shown: offset + items.length, total, hasMore });
    },
    [client, projectId, setFilter],
  );

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const timer = setTimeout(() => void searchPage(q, 0), 250);
    return () => clearTimeout(timer);
  }, [query, searchPage]);

  const loadMore = async () => {
    if (!found) return;
    setLoadingMore(true);
    await searchPage(found.query, found.shown);
    setLoadingMore(false);
  };
  const summary = query.trim() && found?.query === query.trim() ? found : null;

  const set = (patch: Partial<BoardFilter>) => setFilter((f) => ({ ...f, ...patch }));
  return (
    <div className="filters" role="search" aria-label="Filter tasks">
      <label className="search">
        <span className="sr-only">Search tasks</span>
        <input
          ref={searchRef}
          type="search"
          placeholder="Search tasks…"
          value={query}
          onChange={(e) => {
            typed.current = e.target.value;
            setQuery(e.target.value);
            if (!e.target.value.trim()) {
              setFilter((f) => ({ ...f, searchIds: null }));
              setSearchError(null);
            }
          }}
          maxLength={200}
          aria-describedby={searchError ? 'search-error' : undefined}
        />
      </label>
      {searchError && (
        <span id="search-error" className="form-error" role="alert">
          {searchError}
        </span>
      )}
      {summary && !searchError && (
        <span className="search-summary" role="status">
          {summary.shown >= summary.total
            ? `${summary.total} ${summary.total === 1 ? 'match' : 'matches'}`
            : `Showing ${summary.shown} of ${summary.total} matches`}
          {summary.shown < summary.total &&
            (summary.hasMore ? (
              <>
                {' '}
                <button type="button" className="link-button" disabled={loadingMore} onClick={() => void loadMore()}>
                  Load more
                </button>
              </>
            ) : (
              ' (the best; refine the search for the others)'
            ))}
        </span>
      )}
      <label>
        Assignee
        <select value={filter.assignee} onChange={(e) => set({ assignee: e.target.value })}>
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="unassigned">Unassigned</option>
          {members.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.displayName}
            </option>
          ))}
        </select>
      </label>
      <label>
        Label
        <select value={filter.label} onChange={(e) => set({ label: e.target.value })}>
          <option value="">Any</option>
          {labels.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Priority
        <select value={filter.priority} onChange={(e) => set({ priority: e.target.value })}>
          <option value="">Any</option>
          <option value="urgent">Urgent</option>
          <option value="high">High</option>
          <option value="medium">Medium</option>
          <option value="low">Low</option>
          <option value="none">None</option>
        </select>
      </label>
      {isFiltered(filter) && (
        <button
          type="button"
          onClick={() => {
            typed.current = '';
            setQuery('');
            setFilter(NO_FILTER);
          }}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
