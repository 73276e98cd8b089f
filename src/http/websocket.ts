import type { Server } from 'node:http';
import { type GraphQLSchema, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Viewer } from '../auth/viewer.ts';
import { sessionSecret } from '../auth/session.ts';
import { nulError } from '../graphql/nul-guard.ts';
import { sharedSubscribe } from '../graphql/shared-subscribe.ts';
import type { Services } from '../services.ts';
import { identifyCaller } from './auth-middleware.ts';
import { originPolicy } from './origin.ts';

/** The graphql-ws endpoint attached to an HTTP server; `close` ends every socket. */
export interface GraphqlWebSocket {
  close(): Promise<void>;
}

/**
 * Serves `graphql-ws` on `server` at /graphql: the connection is
 * authenticated once by the same rule as HTTP (identifyCaller): a Bearer
 * key from the connection params or the upgrade's `Authorization` header,
 * else the upgrade's session cookies. Cookies count only when the upgrade's
 * `Origin` is the service's own or listed in CORS_ORIGINS (or absent: not a
 * browser); a foreign page's socket carrying a visitor's cookies is closed
 * with 4403. Each operation is checked for NUL characters before it runs,
 * like HTTP operations.
 */
export function attachGraphqlWebSocket(server: Server, schema: GraphQLSchema, services: Services): GraphqlWebSocket {
  const wss = new WebSocketServer({ server, path: '/graphql' });
  const secret = sessionSecret(services.config).secret;
  const origins = originPolicy(services.config);
  const wsCleanup = useServer<Record<string, unknown>, { viewer?: Viewer }>(
    {
      schema,
      subscribe: sharedSubscribe,
      onConnect: async (ctx) => {
        const param = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        const { headers } = ctx.extra.request;
        const authorization = typeof param === 'string' ? param : headers.authorization;
        const origin = headers.origin;
        const cookiesCount = origin === undefined || origins.allows(origin, headers.host);
        const caller = await identifyCaller(services.database.prisma, secret, {
          authorization,
          cookie: cookiesCount ? headers.cookie : undefined,
        });
        if (!caller.viewer) return false;
        ctx.extra.viewer = caller.viewer;
        return true;
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
