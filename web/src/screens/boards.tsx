import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { graphql } from '../gql';
import { errorMessage } from '../graphql/errors';
import { Link, boardPath, boardSettingsPath, navigate } from '../router';
import { usePageTitle } from './page-title';

/** The viewer's boards with their task counts (also the command menu's board list). */
export const BoardsQuery = graphql(`
  query Boards {
    projects(limit: 100) {
      total
      items {
        id
        title
        description
        ticketPrefix
        taskCount
        team {
          id
          title
        }
      }
    }
  }
`);

/** Archived boards, listed apart (their settings restore them). */
const ArchivedBoardsQuery = graphql(`
  query ArchivedBoards {
    projects(limit: 100, status: ARCHIVE) {
      total
      items {
        id
        title
        ticketPrefix
        taskCount
        team {
          id
          title
        }
      }
    }
  }
`);

const Teams = graphql(`
  query Teams {
    teams {
      id
      title
    }
  }
`);

const CreateBoard = graphql(`
  mutation CreateBoard($input: BoardInput!) {
    createBoard(input: $input) {
      project {
        id
      }
    }
  }
`);

/** Columns a new board starts with; renamed or extended later on the board. */
const DEFAULT_SECTIONS = ['To do', 'In progress', 'Done'];

/** The boards the viewer belongs to, and a form to create one. */
export function BoardsScreen() {
  usePageTitle('Boards');
  const [{ data, error, fetching }] = useQuery({ query: BoardsQuery });
  const [creating, setCreating] = useState(false);
  const boards = data?.projects.items ?? [];

  return (
    <div className="page">
      <div className="page-header">
        <h1 tabIndex={-1}>Boards</h1>
        <button type="button" className="primary" aria-expanded={creating} onClick={() => setCreating((v) => !v)}>
          New board
        </button>
      </div>
      {creating && <NewBoardForm onCancel={() => setCreating(false)} />}
      {error && <p role="alert">{errorMessage(error)}</p>}
      {!fetching && !error && boards.length === 0 && <p>No boards yet. Create one for your team.</p>}
      <ul className="board-list" aria-busy={fetching}>
        {boards.map((b) => (
          <BoardTile key={b.id} board={b} to={boardPath(b.id)} />
        ))}
      </ul>
      <ArchivedBoards />
    </div>
  );
}

/** A board in a board list: title, prefix and team, task count; a link to `to`. */
function BoardTile({
  board: b,
  to,
  archived = false,
}: {
  board: { title: string; ticketPrefix: string; taskCount: number; team?: { title: string } | null };
  to: string;
  archived?: boolean;
}) {
  return (
    <li>
      <Link to={to} className="board-tile">
        <span className="board-title">{b.title}</span>
        <span className="board-meta">
          {b.ticketPrefix} · {b.team?.title ?? 'No team'}
          {archived && ' · archived'}
        </span>
        <span className="board-count">
          {b.taskCount} {b.taskCount === 1 ? 'task' : 'tasks'}
        </span>
      </Link>
    </li>
  );
}

/** The archived boards, folded away under their own heading; each opens its settings (to restore it). */
function ArchivedBoards() {
  const [{ data }] = useQuery({ query: ArchivedBoardsQuery });
  const boards = data?.projects.items ?? [];
  if (boards.length === 0) return null;
  return (
    <details className="archived-boards">
      <summary>
        <h2 className="inline-heading">Archived boards ({data!.projects.total})</h2>
      </summary>
      <ul className="board-list" aria-label="Archived boards">
        {boards.map((b) => (
          <BoardTile key={b.id} board={b} to={boardSettingsPath(b.id)} archived />
        ))}
      </ul>
    </details>
  );
}

function NewBoardForm({ onCancel }: { onCancel: () => void }) {
  const [{ data: teams }] = useQuery({ query: Teams });
  const [{ fetching, error }, createBoard] = useMutation(CreateBoard);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const sections = String(form.get('sections'))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((title) => ({ title }));
    const result = await createBoard({
      input: { teamId: String(form.get('team')), title: String(form.get('title')), sections },
    });
    if (result.data) navigate(boardPath(result.data.createBoard.project.id));
  };

  if (teams && teams.teams.length === 0) {
    return (
      <p className="notice">You are not on a team yet: a team owner can invite you, then you can create boards.</p>
    );
  }
  return (
    <form className="inline-form" onSubmit={submit} aria-label="New board">
      <label>
        Title
        <input name="title" required maxLength={200} autoFocus />
      </label>
      <label>
        Team
        <select name="team" required>
          {teams?.teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Columns (comma-separated)
        <input name="sections" defaultValue={DEFAULT_SECTIONS.join(', ')} required />
      </label>
      {error && <p role="alert">{errorMessage(error)}</p>}
      <div className="form-actions">
        <button type="submit" className="primary" disabled={fetching}>
          Create board
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
