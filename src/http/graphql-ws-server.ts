import type { IncomingMessage } from 'node:http';
import { CloseCode, type ServerOptions, handleProtocols, makeServer } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';

/** What graphql-ws hands to every callback about the socket (its `ctx.extra`). */
export interface SocketExtra {
  socket: WebSocket;
  request: IncomingMessage;
}

/** A refusal of a socket: the WebSocket close code and its reason. */
export interface SocketRefusal {
  code: number;
  reason: string;
}

/** Checks around the graphql-ws protocol that it has no hook for. */
export interface SocketGuards<E extends SocketExtra = SocketExtra> {
  /**
   * Looks at a message's raw text before graphql-ws parses it (sizes and
   * nesting are cheap to check on text, costly after JSON.parse); a refusal
   * closes the socket with its code.
   */
  screenMessage?(text: string, extra: E): SocketRefusal | null;
  /** Called once when a socket is closed (release what `onConnect` took). */
  onClosed?(extra: E): void;
}

// Closing reasons are limited to 123 bytes by the WebSocket protocol.
const reasonOf = (text: string) => (Buffer.byteLength(text) <= 123 ? text : text.slice(0, 120) + '…');

/**
 * graphql-ws on a `ws` server: the same wiring as graphql-ws's `useServer`
 * (keep-alive pings, the protocol's close codes) plus {@link SocketGuards}.
 * Internal errors close the socket with 4500 and a fixed reason: no message
 * or stack of the error reaches the client.
 */
export function serveGraphqlWs<E extends SocketExtra>(
  wss: WebSocketServer,
  options: ServerOptions<Record<string, unknown> | undefined, E>,
  guards: SocketGuards<E> = {},
  keepAliveMs = 12_000,
): { dispose(): Promise<void> } {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  wss.on('connection', (socket, request) => {
    const extra = { socket, request } as E;
    const fail = (err: unknown) => {
      console.error('graphql-ws: internal error', err);
      socket.close(CloseCode.InternalServerError, 'Internal server error');
    };
    // A protocol error of the client (an oversized message: 1009, bad framing): ws closes the socket itself.
    socket.once('error', () => undefined);
    let pongWait: NodeJS.Timeout | null = null;
    const ping = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), keepAliveMs);
      socket.once('pong', () => {
        if (pongWait) clearTimeout(pongWait);
        pongWait = null;
      });
      socket.ping();
    }, keepAliveMs);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (err) => (err ? reject(err) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (cb) =>
          socket.on('message', async (data) => {
            const text = String(data);
            const refusal = guards.screenMessage?.(text, extra);
            if (refusal) return socket.close(refusal.code, reasonOf(refusal.reason));
            try {
              await cb(text);
            } catch (err) {
              fail(err);
            }
          }),
      },
      extra,
    );
    socket.once('close', (code, reason) => {
      if (pongWait) clearTimeout(pongWait);
      clearInterval(ping);
      guards.onClosed?.(extra);
      void closed(code, String(reason));
    });
  });
  return {
    dispose: async () => {
      for (const client of wss.clients) client.close(1001, 'Going away');
      wss.removeAllListeners('connection');
    },
  };
}
