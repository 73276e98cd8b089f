import { chmodSync, unlinkSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { Command } from 'commander';
import { commandFailure } from '../cli/failure.ts';
import type { Services } from '../services.ts';
import { CONTROL_COMMANDS, type ControlMessage, type ControlRequest, MAX_REQUEST_BYTES, checkControlSocket, controlSocketPath } from './channel.ts';
import { inControlRun } from './context.ts';

/** The running control channel of a server. */
export interface ControlChannel {
  path: string;
  close(): Promise<void>;
}

/** Whether something accepts connections on the Unix socket `path`. */
function listening(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(path);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * Listens on the control socket of `dataDir` (see channel.ts) and runs the
 * admin commands clients send with this server's services. A socket left by
 * a server that is gone is removed; a live one (another server) or a file
 * that is not this user's socket with mode 0600 is refused (an error). The
 * socket is created with mode 0600 (umask while binding, chmod after).
 */
export async function startControlChannel(services: Services, dataDir: string): Promise<ControlChannel> {
  const path = controlSocketPath(dataDir);
  if (checkControlSocket(path) === 'ok') {
    if (await listening(path)) {
      throw new Error(`another tasksvc server is listening on ${path}: one server per data directory`);
    }
    unlinkSync(path);
  }
  const server = createServer((socket) => void serve(socket, services));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // The socket file is created while binding (synchronously, inside listen): with this umask it is 0600 from the start.
    const umask = process.umask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(path, 0o600);
  return {
    path,
    close: () => closeServer(server, path),
  };
}

async function closeServer(server: Server, path: string) {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

/** Reads one request line, runs it, streams the output and the exit code, closes. */
async function serve(socket: Socket, services: Services) {
  socket.on('error', () => undefined);
  const send = (message: ControlMessage) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };
  let request: ControlRequest;
  try {
    request = await readRequest(socket);
  } catch (err) {
    send({ stream: 'stderr', text: `error: ${err instanceof Error ? err.message : String(err)}\n` });
    send({ exit: 2 });
    socket.end();
    return;
  }
  const drained = () => (socket.writableNeedDrain && !socket.destroyed ? new Promise<void>((resolve) => {
    socket.once('drain', resolve);
    socket.once('close', resolve);
  }) : Promise.resolve());
  const code = await runCommand(request, services, (stream, text) => send({ stream, text }), drained);
  send({ exit: code });
  socket.end();
}

function readRequest(socket: Socket): Promise<ControlRequest> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    socket.setEncoding('utf8');
    const onData = (chunk: string) => {
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (newline < 0) {
        if (buffered.length > MAX_REQUEST_BYTES) reject(new Error('control request too large'));
        return;
      }
      socket.off('data', onData);
      try {
        const parsed = JSON.parse(buffered.slice(0, newline)) as Partial<ControlRequest>;
        if (!Array.isArray(parsed.argv) || !parsed.argv.every((a) => typeof a === 'string')) throw new Error('argv');
        if (parsed.password !== undefined && typeof parsed.password !== 'string') throw new Error('password');
        if (parsed.cwd !== undefined && (typeof parsed.cwd !== 'string' || !isAbsolute(parsed.cwd))) throw new Error('cwd');
        resolve({ argv: parsed.argv, password: parsed.password, cwd: parsed.cwd });
      } catch {
        reject(new Error('malformed control request (expected one JSON line {argv, password?, cwd?})'));
      }
    };
    socket.on('data', onData);
    socket.once('end', () => reject(new Error('control request ended before its line')));
  });
}

/**
 * Runs one admin command (the CLI's own command functions) with the server's
 * services; answers its exit code. Only the admin commands
 * (CONTROL_COMMANDS) run here.
 */
export async function runCommand(
  request: ControlRequest,
  services: Services,
  write: (stream: 'stdout' | 'stderr', text: string) => void,
  drained?: () => Promise<void>,
): Promise<number> {
  const [name] = request.argv;
  if (!name || !CONTROL_COMMANDS.has(name)) {
    write('stderr', `error: the control channel runs ${[...CONTROL_COMMANDS].join(', ')} only\n`);
    return 2;
  }
  const [{ registerAdminCommands }, { registerSeedCommand }, { registerBackupCommand }, { registerExportCommand }, { registerImportCommand }] =
    await Promise.all([
      import('../cli/admin-commands.ts'),
      import('../cli/seed.ts'),
      import('../cli/backup-commands.ts'),
      import('../cli/export-commands.ts'),
      import('../cli/import-commands.ts'),
    ]);
  const program = new Command('tasksvc')
    .exitOverride()
    .configureOutput({ writeOut: (s) => write('stdout', s), writeErr: (s) => write('stderr', s) });
  registerAdminCommands(program);
  registerSeedCommand(program);
  registerBackupCommand(program);
  registerExportCommand(program);
  registerImportCommand(program);
  try {
    await inControlRun({ services, write, drained, password: request.password, cwd: request.cwd }, () =>
      program.parseAsync(request.argv, { from: 'user' }),
    );
    return 0;
  } catch (err) {
    const failure = commandFailure(err, request.argv.includes('--json'));
    if (failure.stdout) write('stdout', failure.stdout);
    if (failure.stderr) write('stderr', failure.stderr);
    return failure.code;
  }
}
