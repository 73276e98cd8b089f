import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useAnnounce } from '../../components/announcer';
import { errorCode, errorMessage } from '../../graphql/errors';
import { useApi } from '../../graphql/api-context';
import { subscribeResumable, subscriptionErrorCode } from '../../graphql/resumable';
import { Link, boardPath } from '../../router';
import { usePageTitle } from '../page-title';
import { BoardLabels } from './board-labels';
import { BoardMembers } from './board-members';
import { BoardSections } from './board-sections';
import { BoardSettingsEvents, BoardSettingsQuery, SetBoardStatus } from './board-settings-queries';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';

/** After the server ends the event stream with an error (a cursor past the retention), subscribe again this much later. */
const RESUBSCRIBE_MS = 2_000;

/**
 * Follows the board's column, label and member events and calls `onChange`
 * for each (anyone's change, through any API); resumes after a drop.
 */
function useBoardSettingsEvents(projectId: number, onChange: () => void) {
  const { ws } = useApi();
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stream: ReturnType<typeof subscribeResumable> | null = null;
    const start = () => {
      stream = subscribeResumable(
        ws,
        BoardSettingsEvents,
        { projectId, after: null },
        {
          next: () => onChange(),
          error: (error) => {
            stream?.unsubscribe();
            // No longer a member (removed meanwhile): the settings query says so; nothing to follow.
            if (cancelled) return;
            if (subscriptionErrorCode(error) === 'NOT_FOUND') return onChange();
            timer = setTimeout(() => {
              if (cancelled) return;
              onChange();
              start();
            }, RESUBSCRIBE_MS);
          },
        },
      );
    };
    start();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stream?.unsubscribe();
    };
  }, [ws, projectId, onChange]);
}

/**
 * A board's settings: its columns (add, rename, reorder by drag or keyboard,
 * hide, delete), labels (create, rename, recolour, delete), members, and
 * archiving. Live: another person's change to any of them shows at once.
 */
export function BoardSettingsScreen({ projectId }: { projectId: number }) {
  const announce = useAnnounce();
  const [{ data, error }, refetch] = useQuery({ query: BoardSettingsQuery, variables: { projectId } });
  const [, setStatus] = useMutation(SetBoardStatus);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const reload = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  useBoardSettingsEvents(projectId, reload);
  const project = data?.project;
  usePageTitle(project ? `${project.title} settings` : 'Board settings');

  // `project` is null for a board that does not exist or is not yours.
  if ((error && !data) || (data && !project)) {
    const notFound = (data && !project) || errorCode(error) === 'NOT_FOUND';
    return (
      <div className="page">
        <h1 tabIndex={-1}>{notFound ? 'Board not found' : 'The board settings could not be loaded'}</h1>
        <p role="alert">
          {notFound ? 'This board does not exist or you are not one of its members.' : errorMessage(error)}
        </p>
      </div>
    );
  }
  if (!project) return <div className="page" aria-busy="true" />;

  const archived = project.status === 'ARCHIVE';
  const changeStatus = async (status: 'ARCHIVE' | 'NORMAL') => {
    setStatusError(null);
    const result = await setStatus({ projectId, status });
    if (result.error) return setStatusError(errorMessage(result.error));
    announce(status === 'ARCHIVE' ? `Archived ${project.title}.` : `Restored ${project.title}.`);
    reload();
  };

  return (
    <div className="page settings-single">
      <div className="settings-content">
        <p className="hint">
          <Link to={boardPath(projectId)}>← Back to the board</Link>
        </p>
        <div className="page-header">
          <h1 tabIndex={-1}>{project.title}: settings</h1>
        </div>
        <p className="settings-lead">
          {project.ticketPrefix} · {project.team?.title ?? 'No team'} · every member of the board may change these.
        </p>
        {archived && (
          <p className="notice" role="status">
            This board is archived: it is kept with its tasks but left out of your boards. Restore it to work on it
            again.
          </p>
        )}
        <BoardSections projectId={projectId} sections={project.sections} onChanged={reload} />
        <BoardLabels projectId={projectId} labels={project.labels} onChanged={reload} />
        <BoardMembers projectId={projectId} members={project.members} onChanged={reload} />
        <section aria-labelledby="archive-title" className="settings-section">
          <h2 id="archive-title">{archived ? 'Restore' : 'Archive'}</h2>
          {statusError && (
            <p className="form-error" role="alert">
              {statusError}
            </p>
          )}
          {archived ? (
            <div>
              <button type="button" className="primary" onClick={() => void changeStatus('NORMAL')}>
                Restore board
              </button>
            </div>
          ) : (
            <>
              <p className="hint">
                An archived board leaves your board list (it is listed under “Archived boards”); its tasks and
                settings stay and it can be restored.
              </p>
              <div>
                <button
                  type="button"
                  className="danger"
                  onClick={() =>
                    setConfirmation({
                      title: `Archive ${project.title}?`,
                      body: <p>It leaves the board list of every member. You can restore it from “Archived boards”.</p>,
                      action: 'Archive board',
                      run: () => changeStatus('ARCHIVE'),
                    })
                  }
                >
                  Archive board
                </button>
              </div>
            </>
          )}
        </section>
      </div>
      {confirmation && <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />}
    </div>
  );
}
