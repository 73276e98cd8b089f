import type { Server } from 'node:http';
import { type GraphQLSchema, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Viewer } from '../auth/viewer.ts';
import { authenticateBearer } from '../domain/api-key.ts';
import { nulError } from '../graphql/nul-guard.ts';
import { sharedSubscribe } from '../graphql/shared-subscribe.ts';
import type { Services } from '../services.ts';

/** The graphql-ws endpoint attached to an HTTP server; `close` ends every socket. */
export interface GraphqlWebSocket {
  close(): Promise<void>;
}

/**
 * Serves `graphql-ws` on `server` at /graphql: the connection is
 * authenticated once (Bearer key from the connection params or the upgrade
 * request's `Authorization` header), and each operation is checked for NUL
 * characters before it runs, like HTTP operations.
 */
export function attachGraphqlWebSocket(server: Server, schema: GraphQLSchema, services: Services): GraphqlWebSocket {
  const wss = new WebSocketServer({ server, path: '/graphql' });
  const wsCleanup = useServer<Record<string, unknown>, { viewer?: Viewer }>(
    {
      schema,
      subscribe: sharedSubscribe,
      onConnect: async (ctx) => {
        const header =
          (ctx.connectionParams?.authorization as string | undefined) ??
          (ctx.connectionParams?.Authorization as string | undefined) ??
          ctx.extra.request.headers.authorization;
        try {
          ctx.extra.viewer = await authenticateBearer(services.database.prisma, header);
          return true;
        } catch {
          return false;
        }
      },
      onSubscribe: (_ctx, _id, payload) => {
        let document;
        try {
          document = parse(payload.query);
        } catch {
          return undefined; // graphql-ws answers the syntax error itself
        }
        const error = nulError({ document, variableValues: payload.variables });
        return error ? [error] : undefined;
      },
      context: (ctx) => ({ db: services.database.prisma, services, viewer: ctx.extra.viewer ?? null, requestId: 'ws' }),
    },
    wss,
  );
  return {
    close: async () => {
      await wsCleanup.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
