import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { graphql } from '../gql';
import { errorMessage } from '../graphql/errors';
import { lastBoard } from '../last-board';
import { Link, boardPath, navigate } from '../router';
import { BoardsQuery } from '../screens/boards';
import { useAnnounce } from './announcer';
import { Dialog } from './dialog';

const CreateTaskOnBoard = graphql(`
  mutation CreateTaskOnBoard($input: CreateTaskInput!) {
    createTask(input: $input) {
      id
      projectId
      ticketNumber
    }
  }
`);

const BoardColumns = graphql(`
  query CreateTaskColumns($projectId: Int!) {
    sections(projectId: $projectId) {
      id
      projectId
      title
    }
  }
`);

/**
 * "Create task" away from a board (the command menu), as Linear's new-issue
 * dialog asks for the team: pick the board (the one opened last, else the
 * first), the column (the first, as the board's own "Create task") and a
 * title; then the task's panel opens on its board.
 */
export function CreateTaskDialog({ onClose }: { onClose: () => void }) {
  const announce = useAnnounce();
  const [{ data, error }] = useQuery({ query: BoardsQuery });
  const [{ fetching }, createTask] = useMutation(CreateTaskOnBoard);
  const [actionError, setActionError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const boards = data?.projects.items ?? [];
  const remembered = lastBoard();
  const board: number | null =
    picked ?? boards.find((b) => b.id === remembered)?.id ?? (boards.length ? boards[0].id : null);
  const [{ data: loaded }] = useQuery({
    query: BoardColumns,
    variables: { projectId: board ?? 0 },
    pause: board === null,
  });
  // Only the chosen board's columns (not the previous board's while its own load).
  const sections = (loaded?.sections ?? []).filter((c) => c.projectId === board);
  const [pickedColumn, setPickedColumn] = useState<{ board: number; id: number } | null>(null);
  // The column chosen on this board, else its first (the board's own "Create task" uses the first too).
  const column: number | null =
    pickedColumn && pickedColumn.board === board
      ? pickedColumn.id
      : sections.length
        ? sections[0].id
        : null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const title = String(new FormData(e.currentTarget).get('title'));
    setActionError(null);
    if (board === null || column === null) return;
    const result = await createTask({ input: { projectId: board, sectionId: column, title } });
    if (!result.data) return setActionError(errorMessage(result.error));
    const task = result.data.createTask;
    onClose();
    navigate(boardPath(task.projectId, task.ticketNumber));
    announce(`Created ${task.ticketNumber}.`);
  };

  return (
    <Dialog title="Create task" onClose={onClose} className="create-task">
      {error && <p role="alert">{errorMessage(error)}</p>}
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      {data && boards.length === 0 ? (
        <p className="notice">
          You have no boards yet. <Link to="/">Create a board</Link> first.
        </p>
      ) : (
        <form className="stacked-form" onSubmit={submit}>
          <label>
            Board
            <select required value={board ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
              {boards.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            Column
            <select
              required
              value={column ?? ''}
              onChange={(e) => board !== null && setPickedColumn({ board, id: Number(e.target.value) })}
            >
              {sections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            Title
            <input name="title" required maxLength={500} data-autofocus />
          </label>
          <button type="submit" className="primary" disabled={fetching || column === null}>
            Create task
          </button>
        </form>
      )}
    </Dialog>
  );
}
