import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Services } from '../services.ts';
import { createApp } from './app.ts';
import { attachGraphqlWebSocket } from './websocket.ts';

export interface RunningServer {
  url: string;
  /** Base URL of the tool-route listener, when `mcpPort` was given. */
  toolUrl: string | null;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves the app on `port` (0 picks a free one) with `graphql-ws` on the
 * same server at /graphql. Resolves once listening.
 */
export async function startServer(
  services: Services,
  opts: { port: number; host?: string; mcpPort?: number },
): Promise<RunningServer> {
  const { app, schema } = createApp(services);
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: opts.port, hostname: opts.host ?? '0.0.0.0' }, () => resolve(s as Server));
  });

  // Longer than the usual client/proxy idle timeouts, so the server is never the side
  // that closes an idle keep-alive connection just as a client reuses it (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  const webSocket = attachGraphqlWebSocket(server, schema, services);

  // Optional `{mcp_base_url}`: a second listener that serves only the tool routes.
  const toolServer = opts.mcpPort !== undefined
    ? await new Promise<Server>((resolve) => {
        const s = serve(
          {
            fetch: (req: Request) => {
              const path = new URL(req.url).pathname;
              return path.startsWith('/api/mcp/') || path === '/mcp' || path === '/healthz' || path === '/readyz'
                ? app.fetch(req)
                : Response.json(
                    { success: false, error: 'NOT_FOUND', message: 'This listener serves /api/mcp/* only', details: { field: null, code: 'not_found' } },
                    { status: 404 },
                  );
            },
            port: opts.mcpPort,
            hostname: opts.host ?? '0.0.0.0',
          },
          () => resolve(s as Server),
        );
      })
    : null;

  const port = (server.address() as AddressInfo).port;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : 'localhost';
  return {
    url: `http://${host}:${port}`,
    toolUrl: toolServer ? `http://${host}:${(toolServer.address() as AddressInfo).port}` : null,
    port,
    server,
    close: async () => {
      await webSocket.close();
      for (const s of toolServer ? [server, toolServer] : [server]) {
        s.closeAllConnections?.();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}
