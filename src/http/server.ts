import type { Server } from 'node:http';
import type { Services } from '../services.ts';
import { createApp } from './app.ts';
import { type ListenOptions, type Listeners, bindListeners } from './listen.ts';
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
  const { app, schema, limiter, connections, documents } = createApp(services);
  const { main, tool } = listeners;
  const server = main.server;

  // Longer than the usual client/proxy idle timeouts, so the server is never the side
  // that closes an idle keep-alive connection just as a client reuses it (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  const webSocket = attachGraphqlWebSocket(server, schema, services, { limiter, connections, documents });
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
