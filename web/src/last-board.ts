// The board a person opened last, remembered in this browser, so that
// "Create task" away from a board starts on it (as Linear's new-issue dialog
// starts on the team you were last in).

const KEY = 'tasksvc:last-board';

/** Records the board being opened. */
export function rememberBoard(projectId: number): void {
  try {
    localStorage.setItem(KEY, String(projectId));
  } catch {
    // Storage off (private mode, quota): the choice falls back to the first board.
  }
}

/** The board opened last in this browser, if any. */
export function lastBoard(): number | null {
  try {
    const value = Number(localStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
