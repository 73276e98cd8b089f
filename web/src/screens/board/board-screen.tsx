import { Suspense, lazy, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { useMe } from '../../auth/session';
import { useAnnounce } from '../../components/announcer';
import { useScreenCommands } from '../../commands';
import { errorCode, errorMessage } from '../../graphql/errors';
import { useLiveState } from '../../graphql/api-context';
import { rememberBoard } from '../../last-board';
import { Link, boardPath, boardSettingsPath, navigate } from '../../router';
import { usePageTitle } from '../page-title';
import { TaskPanel } from '../task/task-panel';
import { BoardFilters } from './board-filters';
import { BoardQuery, CreateTaskMutation, PlaceTaskMutation } from './board-queries';
import { type CardTask, type Placement, buildColumns, keyboardPlacement, matchesFilter } from './board-state';
import { Column } from './column';
import { sortTasks } from './list-sort';
import { ownItems, showsOnParent, subtasksByParent } from './subtask-display';
import { useBoardTasks } from './use-board-tasks';
import { useBoardView } from './use-board-view';
import { ViewBar } from './view-bar';

// Not on the first screen (the board is): loaded when the list is first shown.
const ListView = lazy(() => import('./list-view'));

/**
 * A board: its sections as columns of task cards (or its tasks as a sortable
 * list), live, with filters, saved views, the subtask setting and the task panel.
 */
export function BoardScreen({ projectId, ticket }: { projectId: number; ticket: string | null }) {
  const client = useClient();
  const meId = useMe()?.id ?? 0;
  const announce = useAnnounce();
  const live = useLiveState();
  const [{ data, error, fetching }, refetchBoard] = useQuery({ query: BoardQuery, variables: { projectId } });
  const { state, dispatch, onEvent, loadError, retry: retryTasks } = useBoardTasks(projectId);
  const view = useBoardView(projectId, data?.labels ?? [], !!data, (query) =>
    navigate(boardPath(projectId, ticket, query), { replace: true }),
  );
  const { filter, setFilter, setting } = view;
  const [draggedId, setDraggedId] = useState<number | null>(null);
  const [creatingIn, setCreatingIn] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const focusAfterRender = useRef<number | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  usePageTitle(data?.project?.title);
  useEffect(() => {
    if (data) rememberBoard(projectId);
  }, [data, projectId]);

  const sections = useMemo(() => data?.sections ?? [], [data]);
  const sectionIds = useMemo(() => sections.map((s) => s.id), [sections]);
  const columns = useMemo(() => buildColumns(state, sectionIds), [state, sectionIds]);
  const visible = useMemo(() => {
    const out = new Map<number, CardTask[]>();
    const shown = new Map<number, CardTask[]>();
    const present = new Set<number>();
    for (const [id, list] of columns) {
      const matching = list.filter((t) => matchesFilter(t, filter, meId));
      shown.set(id, matching);
      for (const t of matching) present.add(t.id);
    }
    // A subtask's parent may be in another column: nesting looks across the board.
    for (const [id, list] of shown) out.set(id, ownItems(list, setting, present));
    return out;
  }, [columns, filter, meId, setting]);
  // What cards show of their relatives under the view's subtask setting.
  const subtasksOf = useMemo(
    () =>
      showsOnParent(setting) ? subtasksByParent([...state.tasks.values()].sort((a, b) => a.id - b.id)) : undefined,
    [state.tasks, setting],
  );
  const parentOf = useMemo(() => {
    if (setting !== 'PARENT') return undefined;
    const out = new Map<number, CardTask>();
    for (const t of state.tasks.values()) {
      const parent = t.parentId != null ? state.tasks.get(t.parentId) : undefined;
      if (parent) out.set(t.id, parent);
    }
    return out;
  }, [state.tasks, setting]);
  const sectionRank = useMemo(() => new Map(sections.map((s, i) => [s.id, i])), [sections]);
  const rows = useMemo(
    () =>
      view.layout !== 'list'
        ? []
        : sortTasks(
            ownItems(
              [...state.tasks.values()].filter((t) => matchesFilter(t, filter, meId)),
              setting,
            ),
            view.sort,
            sectionRank,
          ),
    [view.layout, view.sort, state.tasks, filter, meId, setting, sectionRank],
  );

  // Sections, labels or members changed (by anyone): the columns and the filter lists follow.
  useEffect(
    () => onEvent((_, effect) => effect.refetchBoard && refetchBoard({ requestPolicy: 'network-only' })),
    [onEvent, refetchBoard],
  );

  // A task in a section this page does not know: a column was added elsewhere.
  const unknownSection = [...state.tasks.values()].some((t) => data && !sectionIds.includes(t.sectionId));
  useEffect(() => {
    if (unknownSection) refetchBoard({ requestPolicy: 'network-only' });
  }, [unknownSection, refetchBoard]);

  useEffect(() => {
    const id = focusAfterRender.current;
    if (id === null) return;
    focusAfterRender.current = null;
    document.querySelector<HTMLElement>(`[data-card-link="${id}"]`)?.focus();
  });

  // The card callbacks read the latest board through a ref, so they stay the
  // same functions across renders and the memoised cards skip re-rendering
  // while pages of a big board arrive.
  const latest = useRef({ state, visible, sections, sectionIds });
  useLayoutEffect(() => {
    latest.current = { state, visible, sections, sectionIds };
  });

  const place = useCallback(
    async (p: Placement, how: 'drop' | 'keyboard') => {
      const task = latest.current.state.tasks.get(p.taskId);
      if (!task) return;
      setActionError(null);
      dispatch({ type: 'place', placement: p });
      if (how === 'keyboard') focusAfterRender.current = p.taskId;
      const result = await client.mutation(PlaceTaskMutation, p).toPromise();
      if (result.data) {
        // The column's unplaced tasks the placement gave positions to, then the task itself.
        for (const task of result.data.placeTask.alsoPlaced) dispatch({ type: 'upsert', task });
        dispatch({ type: 'upsert', task: result.data.placeTask.task });
      }
      dispatch({ type: 'settle', taskId: p.taskId });
      if (how === 'keyboard') focusAfterRender.current = p.taskId;
      if (result.error) {
        setActionError(`Moving ${task.ticketNumber} failed: ${errorMessage(result.error)}`);
        return;
      }
      const section = latest.current.sections.find((s) => s.id === p.sectionId);
      const list = latest.current.visible.get(p.sectionId) ?? [];
      const others = list.filter((t) => t.id !== p.taskId);
      const index = p.afterTaskId === null ? 0 : others.findIndex((t) => t.id === p.afterTaskId) + 1;
      announce(`Moved ${task.ticketNumber} to ${section?.title}, position ${index + 1} of ${others.length + 1}.`);
    },
    [dispatch, client, announce],
  );

  const onMove = useCallback(
    (taskId: number, direction: 'up' | 'down' | 'left' | 'right') => {
      const { visible, sectionIds } = latest.current;
      const placement = keyboardPlacement(visible, sectionIds, taskId, direction);
      if (placement) void place(placement, 'keyboard');
    },
    [place],
  );

  const onCreate = useCallback(
    async (sectionId: number, title: string) => {
      setActionError(null);
      const result = await client.mutation(CreateTaskMutation, { input: { projectId, sectionId, title } }).toPromise();
      if (!result.data) {
        setActionError(`Creating the task failed: ${errorMessage(result.error)}`);
        return false;
      }
      dispatch({ type: 'upsert', task: result.data.createTask });
      announce(`Created ${result.data.createTask.ticketNumber}.`);
      return true;
    },
    [client, projectId, dispatch, announce],
  );

  // The drag ends here, not only in the card's `dragend`: a card dropped in another column is a new
  // element there, and the browser fires `dragend` on the old one, detached, where React never hears it.
  const onDrop = useCallback(
    (p: Placement) => {
      setDraggedId(null);
      void place(p, 'drop');
    },
    [place],
  );
  const onDragEnd = useCallback(() => setDraggedId(null), []);
  useEffect(() => {
    if (draggedId === null) return;
    // A drop anywhere else, or a drag given up (Escape) over a card that has since been re-rendered away.
    window.addEventListener('drop', onDragEnd, true);
    window.addEventListener('dragend', onDragEnd, true);
    return () => {
      window.removeEventListener('drop', onDragEnd, true);
      window.removeEventListener('dragend', onDragEnd, true);
    };
  }, [draggedId, onDragEnd]);

  const commands = useMemo(
    () => [
      { id: 'create-task', label: 'Create task', run: () => setCreatingIn(sectionIds[0] ?? null) },
      { id: 'search-board', label: 'Search tasks on this board', run: () => searchRef.current?.focus() },
    ],
    [sectionIds],
  );
  useScreenCommands(commands);

  // A failed load says so and offers to try again (the board and its tasks), never a blank page.
  const retry = () => {
    refetchBoard({ requestPolicy: 'network-only' });
    retryTasks();
  };
  // `project` is null for a board that does not exist or is not yours; its lists answer NOT_FOUND.
  const project = data?.project;
  if ((error && !data) || (data && !project)) {
    const notFound = (data && !project) || errorCode(error) === 'NOT_FOUND';
    return (
      <div className="page">
        <h1 tabIndex={-1}>{notFound ? 'Board not found' : 'The board could not be loaded'}</h1>
        <p role="alert">
          {notFound ? 'This board does not exist or you are not one of its members.' : errorMessage(error)}
        </p>
        <p className="form-actions">
          {!notFound && (
            <button type="button" className="primary" onClick={retry} disabled={fetching}>
              Try again
            </button>
          )}
          <Link to="/">Go to your boards</Link>
        </p>
      </div>
    );
  }
  if (!data || !project) return <div className="page" aria-busy="true" />;

  const total = state.tasks.size;
  // What an empty board needs next: a column to put tasks in, or a first task.
  const emptyState =
    sections.length === 0 ? (
      <p className="empty-board">
        This board has no columns to show. Add one, or show a hidden one, in{' '}
        <Link to={boardSettingsPath(projectId)}>Board settings</Link>.
      </p>
    ) : state.complete && total === 0 && !loadError ? (
      <p className="empty-board">No tasks yet. Add the first one with “+ Add task” in a column.</p>
    ) : null;
  return (
    <div className="board-page">
      <div className="board-header">
        <h1 tabIndex={-1}>{project.title}</h1>
        <span className="board-summary">
          {project.team?.title} · {total} {total === 1 ? 'task' : 'tasks'}
          {!state.complete && !loadError && ' (loading…)'}
        </span>
        <span className={`live live-${live}`} role="status">
          {live === 'connected' ? 'Live' : live === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
        </span>
        <Link to={boardSettingsPath(projectId)} className="settings-link">
          Board settings
        </Link>
      </div>
      <ViewBar
        layout={view.layout}
        onLayout={view.setLayout}
        views={view.views}
        viewId={view.viewId}
        onChooseView={view.chooseView}
        setting={setting}
        onSetting={view.setSetting}
        changed={view.changed}
        onSave={view.save}
        onUpdate={view.update}
        onDelete={view.remove}
      />
      <BoardFilters
        projectId={projectId}
        filter={filter}
        setFilter={setFilter}
        members={data.projectMembers}
        labels={data.labels}
        searchRef={searchRef}
      />
      {loadError && (
        <div className="form-error" role="alert">
          <p>The tasks could not be loaded: {loadError}</p>
          <button type="button" onClick={retryTasks}>
            Try again
          </button>
        </div>
      )}
      {(actionError ?? view.error) && (
        <p className="form-error" role="alert">
          {actionError ?? view.error}
        </p>
      )}
      {view.layout === 'list' ? (
        <Suspense fallback={<p aria-busy="true">Loading the list…</p>}>
          <ListView
            title={project.title}
            rows={rows}
            allTasks={state.tasks}
            sections={sections}
            sort={view.sort}
            onSort={view.setSort}
            setting={setting}
            query={view.query}
          />
        </Suspense>
      ) : (
        <>
          <p id="card-move-help" className="sr-only">
            Alt and arrow keys move the task between columns and within its column.
          </p>
          {emptyState}
          <div className="columns" aria-busy={!state.complete && !loadError}>
            {sections.map((section) => (
              <Column
                key={section.id}
                section={section}
                tasks={visible.get(section.id) ?? []}
                total={columns.get(section.id)?.length ?? 0}
                draggedId={draggedId}
                onDragStart={setDraggedId}
                onDragEnd={onDragEnd}
                onDrop={onDrop}
                onMove={onMove}
                onCreate={onCreate}
                createOpen={creatingIn === section.id}
                setCreateOpen={(open) => setCreatingIn(open ? section.id : null)}
                parentOf={parentOf}
                subtasksOf={subtasksOf}
              />
            ))}
          </div>
        </>
      )}
      {ticket && (
        <TaskPanel
          projectId={projectId}
          ticket={ticket}
          sections={sections}
          members={data.projectMembers}
          labels={data.labels}
          onBoardEvent={onEvent}
          onChanged={(task) => dispatch({ type: 'upsert', task })}
          onRemoved={(taskId) => dispatch({ type: 'remove', taskId })}
          onClose={() => navigate(boardPath(projectId, null, view.query))}
          taskName={(id) => {
            const t = state.tasks.get(id);
            return t && `${t.ticketNumber} ${t.title}`;
          }}
        />
      )}
    </div>
  );
}
