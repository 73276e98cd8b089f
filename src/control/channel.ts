import { lstatSync } from 'node:fs';
import { join } from 'node:path';

// The control channel: on the embedded database (PGlite, one process's
// files) the admin commands (`users`, `keys`, `teams`, `sessions`, `seed`, `backup`, `export`, `import`) of a CLI call
// reach the running server through a Unix socket in the data directory,
// which runs them in-process on its own open database. The socket has mode
// 0600: only the OS user the server runs as (and root) may connect. This
// module is what the CLI side and the server side share; it loads nothing
// heavy (the CLI pays for every import on every call).

/** The data directory when TASKSVC_DATA_DIR is unset (config.ts reads the same default). */
export const DEFAULT_DATA_DIR = './data';

/** Top-level commands the control channel runs. */
export const CONTROL_COMMANDS = new Set(['users', 'keys', 'teams', 'sessions', 'seed', 'backup', 'export', 'import']);

/** The socket's file name in the data directory. */
export const CONTROL_SOCKET_NAME = 'control.sock';

/** The socket path of a data directory. */
export function controlSocketPath(dataDir: string): string {
  return join(dataDir, CONTROL_SOCKET_NAME);
}

/** What the CLI sends: one JSON line. */
export interface ControlRequest {
  /** The command's arguments, without `node tasksvc` (e.g. `['users', 'create', '--email', …]`). */
  argv: string[];
  /** The line `--password-stdin` read on the CLI side, when the command takes one. */
  password?: string;
  /** The CLI's working directory: a relative path in the arguments (`backup <file>`) means one there, not in the server's. */
  cwd?: string;
}

/** What the server sends back: JSON lines of output, then the exit code. */
export type ControlMessage = { stream: 'stdout' | 'stderr'; text: string } | { exit: number };

/** Longest request line the server reads (arguments and a password, never large). */
export const MAX_REQUEST_BYTES = 64 * 1024;

/** A control socket that must not be used (another user's, too open, not a socket). */
export class UnsafeControlSocketError extends Error {
  readonly code = 'UNSAFE_CONTROL_SOCKET';
}

/**
 * Checks that the file at `path` is a socket owned by this process's user
 * with mode 0600 before anything is sent to it (a password may be) or it is
 * removed; null when there is no such file.
 */
export function checkControlSocket(path: string): 'absent' | 'ok' {
  let stat;
  try {
    stat = lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw err;
  }
  const uid = process.getuid?.();
  const mode = stat.mode & 0o777;
  const problem = !stat.isSocket()
    ? 'is not a socket'
    : uid !== undefined && stat.uid !== uid
      ? `belongs to uid ${stat.uid}, not to this user (uid ${uid})`
      : mode !== 0o600
        ? `has mode 0${mode.toString(8)}, not 0600`
        : null;
  if (problem) {
    throw new UnsafeControlSocketError(
      `refusing the control socket ${path}: it ${problem}. Only a socket of your own with mode 0600 is used; ` +
        'remove the file if no tasksvc server of yours runs on this data directory.',
    );
  }
  return 'ok';
}
