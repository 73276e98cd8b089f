import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
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

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const timer = setTimeout(async () => {
      const result = await client
        .query(BoardSearchQuery, { projectId, query: q }, { requestPolicy: 'network-only' })
        .toPromise();
      if (result.error) setSearchError(result.error.graphQLErrors[0]?.message ?? 'Search failed.');
      else {
        setSearchError(null);
        const searchIds = new Set(result.data!.searchTasks.items.map((i) => i.id));
        setFilter((f) => ({ ...f, searchIds }));
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [query, projectId, client, setFilter]);

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
