import type { Server } from 'node:http';
import type { Services } from '../services.ts';
import { createApp } from './app.ts';
import { type ListenOptions, type Listeners, bindListeners, capConnectionsPerAddress } from './listen.ts';
import { attachGraphqlWebSocket } from './websocket.ts';

export interface RunningServer {
  url: string;
  /** Base URL of the tool-route listener, when `mcpPort` was given. */
  toolUrl: string | null;
  port: number;
  server: Server;
  close(): Promise<void>;
}

const toolOnly = (req: Request) => {
  const path = new URL(req.url).pathname;
  return path.startsWith('/api/mcp/') || path === '/mcp' || path === '/healthz' || path === '/readyz';
};

/**
 * Serves the app with `graphql-ws` at /graphql on `listeners` (bound by
 * {@link bindListeners}), or on listeners bound now from `opts`.
 */
export async function startServer(services: Services, opts: ListenOptions | Listeners): Promise<RunningServer> {
  const listeners = 'main' in opts ? opts : await bindListeners(opts);
  const { app, schema, limiter, connections, documents, trusted } = createApp(services);
  const { main, tool } = listeners;
  const server = main.server;

  // Longer than the usual client/proxy idle timeouts, so the server is never the side
  // that closes an idle keep-alive connection just as a client reuses it (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS, the budget of its
  // handling too: a body trickled in byte by byte is answered 408 and closed then, not after
  // Node's default of 300 s.
  const { REQUEST_TIMEOUT_MS, MAX_CONNECTIONS_PER_IP, TRUST_PROXY } = services.config;
  for (const s of tool ? [server, tool.server] : [server]) {
    s.requestTimeout = REQUEST_TIMEOUT_MS;
    s.headersTimeout = Math.min(66_000, REQUEST_TIMEOUT_MS);
    // Behind a trusted proxy every connection comes from the proxy: the cap would cap it.
    capConnectionsPerAddress(s, TRUST_PROXY ? 0 : MAX_CONNECTIONS_PER_IP);
  }

  const webSocket = attachGraphqlWebSocket(server, schema, services, { limiter, connections, documents, trusted });
  main.handle((req, env) => app.fetch(req, env as object));
  tool?.handle((req, env) =>
    toolOnly(req)
      ? app.fetch(req, env as object)
      : Response.json(
          { success: false, error: 'NOT_FOUND', message: 'This listener serves /api/mcp/* only', details: { field: null, code: 'not_found' } },
          { status: 404 },
        ),
  );

  const host = listeners.host !== '0.0.0.0' ? listeners.host : 'localhost';
  return {
    url: `http://${host}:${main.port}`,
    toolUrl: tool ? `http://${host}:${tool.port}` : null,
    port: main.port,
    server,
    close: async () => {
      await webSocket.close();
      for (const s of tool ? [server, tool.server] : [server]) {
        s.closeAllConnections?.();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}
