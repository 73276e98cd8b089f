import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import { errorMessage } from '../../graphql/errors';
import type { BoardViewFieldsFragment, ViewLayout } from '../../gql/graphql';
import { type BoardFilter, NO_FILTER } from './board-state';
import { DEFAULT_SORT, type ListSort } from './list-sort';
import { DEFAULT_SUBTASK_SETTING, type SubtaskSetting } from './subtask-display';
import type { Layout } from './view-bar';
import { fromSavedFilters, toSavedFilters } from './view-filters';
import { CreateViewMutation, DeleteViewMutation, SavedViewsQuery, UpdateViewMutation } from './view-queries';

/** `?layout=list&view=3` as the board's URL carries them (the board layout and no view: nothing). */
export function viewQuery(layout: Layout, viewId: number | null): string {
  const params = new URLSearchParams();
  if (viewId !== null) params.set('view', String(viewId));
  if (layout === 'list') params.set('layout', 'list');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A saved view's layout as the board shows it (the board shows two of the five). */
function layoutOf(layout: ViewLayout): Layout | null {
  return layout === 'LIST' ? 'list' : layout === 'BOARD' ? 'board' : null;
}

/** The saved layout of the board's. */
const VIEW_LAYOUTS: Record<Layout, ViewLayout> = { board: 'BOARD', list: 'LIST' };

/** The layout and view a board's URL names. */
export function readViewQuery(search: string): { layout: Layout; viewId: number | null } {
  const params = new URLSearchParams(search);
  const id = Number(params.get('view'));
  return {
    layout: params.get('layout') === 'list' ? 'list' : 'board',
    viewId: Number.isInteger(id) && id > 0 ? id : null,
  };
}

/**
 * What the board shows and how: layout, saved view, filters, the list's
 * order and the subtask setting. They start from the URL (`?layout`,
 * `?view`), and choosing a view applies what it saved once the board's
 * labels are known (`ready`: label filters are saved by name). The URL
 * follows through `onUrl`.
 */
export function useBoardView(
  projectId: number,
  labels: { id: number; name: string }[],
  ready: boolean,
  onUrl: (query: string) => void,
) {
  const client = useClient();
  const [initial] = useState(() => readViewQuery(location.search));
  const [layout, setLayoutState] = useState<Layout>(initial.layout);
  const [viewId, setViewId] = useState<number | null>(initial.viewId);
  const [filter, setFilter] = useState<BoardFilter>(NO_FILTER);
  const [sort, setSort] = useState<ListSort>(DEFAULT_SORT);
  const [setting, setSetting] = useState<SubtaskSetting>(DEFAULT_SUBTASK_SETTING);
  const [error, setError] = useState<string | null>(null);
  const [{ data }, refetchViews] = useQuery({ query: SavedViewsQuery, variables: { projectId } });
  const views = data?.savedViews ?? [];
  const view = views.find((v) => v.id === viewId) ?? null;

  // The chosen view's saved state, applied once per choice (and once the labels are there).
  const [applied, setApplied] = useState<number | null>(null);
  if (ready && view && applied !== view.id) {
    setApplied(view.id);
    const saved = fromSavedFilters(view.filters, labels);
    setFilter(saved.filter);
    setSort(saved.sort);
    setSetting(view.subtaskSetting);
    const shown = layoutOf(view.layout);
    if (shown) setLayoutState(shown);
  }

  const query = viewQuery(layout, viewId);
  const apply = (nextLayout: Layout, nextView: number | null) => onUrl(viewQuery(nextLayout, nextView));

  const saved = (v: BoardViewFieldsFragment) => ({
    filters: JSON.stringify(
      toSavedFilters(fromSavedFilters(v.filters, labels).filter, labels, fromSavedFilters(v.filters, labels).sort),
    ),
    setting: v.subtaskSetting,
    layout: layoutOf(v.layout),
  });
  const now = { filters: JSON.stringify(toSavedFilters(filter, labels, sort)), setting, layout };
  const changed = view !== null && JSON.stringify(saved(view)) !== JSON.stringify(now);

  return {
    layout,
    viewId,
    view,
    views,
    filter,
    setFilter,
    sort,
    setSort,
    setting,
    setSetting,
    changed,
    error,
    query,
    setLayout: (next: Layout) => {
      setLayoutState(next);
      apply(next, viewId);
    },
    chooseView: (id: number | null) => {
      setViewId(id);
      setApplied(null);
      if (id === null) {
        setFilter(NO_FILTER);
        setSort(DEFAULT_SORT);
        setSetting(DEFAULT_SUBTASK_SETTING);
      }
      const next = id === null ? null : views.find((v) => v.id === id);
      const nextLayout = (next && layoutOf(next.layout)) ?? layout;
      apply(nextLayout, id);
    },
    /** Saves what is shown as a new view and chooses it; an error message when refused. */
    save: async (title: string, chosen: SubtaskSetting): Promise<string | null> => {
      const result = await client
        .mutation(CreateViewMutation, {
          projectId,
          title,
          layout: VIEW_LAYOUTS[layout],
          subtaskSetting: chosen,
          filters: toSavedFilters(filter, labels, sort),
        })
        .toPromise();
      if (!result.data) return errorMessage(result.error);
      const created = result.data.createSavedView;
      refetchViews({ requestPolicy: 'network-only' });
      setSetting(chosen);
      setApplied(created.id);
      setViewId(created.id);
      apply(layout, created.id);
      return null;
    },
    update: async () => {
      if (!view) return;
      setError(null);
      const result = await client
        .mutation(UpdateViewMutation, {
          id: view.id,
          layout: VIEW_LAYOUTS[layout],
          subtaskSetting: setting,
          filters: toSavedFilters(filter, labels, sort),
        })
        .toPromise();
      if (result.error) setError(errorMessage(result.error));
      else refetchViews({ requestPolicy: 'network-only' });
    },
    remove: async () => {
      if (!view) return;
      setError(null);
      const result = await client.mutation(DeleteViewMutation, { id: view.id }).toPromise();
      if (result.error) return setError(errorMessage(result.error));
      refetchViews({ requestPolicy: 'network-only' });
      setViewId(null);
      setApplied(null);
      apply(layout, null);
    },
  };
}
