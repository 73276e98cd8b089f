import { connect } from 'node:net';
import { readFirstStdinLine } from '../cli/password-stdin.ts';
import { type ControlMessage, type ControlRequest, DEFAULT_DATA_DIR, checkControlSocket, controlSocketPath } from './channel.ts';

/**
 * Runs an admin command through the control channel of a server running on
 * the embedded database in this data directory: sends the arguments (and the
 * `--password-stdin` line, read here), writes what the server streams back to
 * this process's stdout/stderr, and answers the command's exit code. Null
 * when there is nothing to forward to (PostgreSQL, an in-memory database, no
 * socket, or a stale one nobody listens on): the command then runs here, on
 * the database directly. Refuses a socket that is not this user's with mode
 * 0600 (see checkControlSocket).
 */
export async function forwardToRunningServer(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number | null> {
  if (env.DATABASE_URL) return null;
  const dataDir = env.TASKSVC_DATA_DIR || DEFAULT_DATA_DIR;
  if (dataDir.startsWith('memory://')) return null;
  const path = controlSocketPath(dataDir);
  if (checkControlSocket(path) === 'absent') return null;
  const socket = await new Promise<import('node:net').Socket | null>((resolve, reject) => {
    const s = connect(path);
    s.once('connect', () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? resolve(null) : reject(err),
    );
  });
  if (!socket) return null;
  const request: ControlRequest = { argv, cwd: process.cwd() };
  if (argv.includes('--password-stdin')) request.password = await readFirstStdinLine();
  socket.write(`${JSON.stringify(request)}\n`);
  return new Promise<number>((resolve, reject) => {
    let buffered = '';
    let exit: number | null = null;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const message = JSON.parse(buffered.slice(0, newline)) as ControlMessage;
        buffered = buffered.slice(newline + 1);
        if ('exit' in message) exit = message.exit;
        else (message.stream === 'stderr' ? process.stderr : process.stdout).write(message.text);
      }
    });
    socket.once('error', reject);
    socket.once('close', () =>
      exit === null ? reject(new Error(`the server closed its control channel (${path}) before the command ended`)) : resolve(exit),
    );
  });
}
