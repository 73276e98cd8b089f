import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';

// Binding comes first at start-up: a port that is taken is reported before
// the database is opened or a migration runs, and load balancers see a
// listener (answering 503 "starting") while the service gets ready. This
// module loads no app code, so `tasksvc serve` binds within milliseconds.

/** The port could not be bound (in use, or not permitted); the message is one line naming the setting. */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}

type Handler = (request: Request, env: unknown) => unknown;

/** A bound HTTP listener whose requests go to a handler given later. */
export interface Listener {
  server: Server;
  port: number;
  /** Routes every request (from now on) to `handler`. */
  handle(handler: Handler): void;
}

const STARTING_BODY = JSON.stringify({
  success: false,
  error: 'UNAVAILABLE',
  message: 'The service is starting (database and migrations); retry shortly.',
  details: { field: null, code: 'starting' },
});

/** Answer of a listener that has no handler yet. */
function starting(): Response {
  return new Response(STARTING_BODY, { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1' } });
}

/**
 * Binds `port` on `host` (0 picks a free port). `setting` names where the
 * port came from (`PORT`, `MCP_PORT`) in the error of a port that is taken.
 */
export async function listen(port: number, host: string, setting: string): Promise<Listener> {
  let handler: Handler | null = null;
  const server = createAdaptorServer({
    fetch: (req, env) => (handler ? handler(req, env) : starting()),
    hostname: host,
    // Node checks its request and header deadlines this often (default 30 s): a body trickled in
    // byte by byte is cut close to REQUEST_TIMEOUT_MS (set by startServer), not half a minute later.
    serverOptions: { connectionsCheckingInterval: 1000 },
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.close();
      reject(listenError(err, port, host, setting));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    handle: (h) => {
      handler = h;
    },
  };
}

function listenError(err: NodeJS.ErrnoException, port: number, host: string, setting: string): Error {
  const where = `${host}:${port}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return new ListenError(`port ${port} is already in use on ${host} (EADDRINUSE): stop the program listening there or choose another port with ${setting}.`, err.code);
    case 'EACCES':
      return new ListenError(`not permitted to listen on ${where} (EACCES): ports below 1024 need privileges; choose another with ${setting}.`, err.code);
    case 'EADDRNOTAVAIL':
      return new ListenError(`cannot listen on ${where} (EADDRNOTAVAIL): ${host} is not an address of this machine; check HOST.`, err.code);
    default:
      return new ListenError(`cannot listen on ${where}: ${err.code ?? ''} ${err.message}`.trim(), err.code ?? 'LISTEN');
  }
}

/** Where to listen: `port` (0 picks a free one), and optionally a tool-route-only `mcpPort`. */
export interface ListenOptions {
  port: number;
  host?: string;
  mcpPort?: number;
}

/** The bound listeners of one instance, answering 503 "starting" until `startServer` serves the app on them. */
export interface Listeners {
  main: Listener;
  /** Optional `{mcp_base_url}`: a second listener that serves only the tool routes. */
  tool: Listener | null;
  host: string;
}

/**
 * Binds the listeners (the main port, then MCP_PORT if given). Throws
 * `ListenError` (one line naming the setting) when a port is taken; the
 * main port is released again if the tool port fails.
 */
export async function bindListeners(opts: ListenOptions): Promise<Listeners> {
  const host = opts.host ?? '0.0.0.0';
  const main = await listen(opts.port, host, 'PORT or --port');
  try {
    const tool = opts.mcpPort !== undefined ? await listen(opts.mcpPort, host, 'MCP_PORT') : null;
    return { main, tool, host };
  } catch (err) {
    await new Promise((resolve) => main.server.close(resolve));
    throw err;
  }
}

const TOO_MANY_CONNECTIONS = JSON.stringify({
  success: false,
  error: 'RATE_LIMITED',
  message: 'Too many open connections from this address; close some and retry.',
  details: { field: null, code: 'too_many_connections' },
});

/**
 * Caps the open connections of one peer address on `server` (`max` 0: no
 * cap). A connection over the cap gets a one-off 429 and is closed before
 * any request is read, so holding many idle or trickling connections cannot
 * exhaust the listener for everyone else. The address is the socket's: with
 * TRUST_PROXY the peer is the proxy, so the caller passes 0 there.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  // Before Node's own listener, so a refused socket is answered here and never handed a request.
  server.prependListener('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.pause();
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(TOO_MANY_CONNECTIONS)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${TOO_MANY_CONNECTIONS}`,
        () => socket.destroy(),
      );
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
