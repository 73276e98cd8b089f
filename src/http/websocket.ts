import type { Server } from 'node:http';
import { type GraphQLSchema, parse } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { WebSocketServer } from 'ws';
import type { Viewer } from '../auth/viewer.ts';
import { sessionSecret } from '../auth/session.ts';
import { MAX_INPUT_DEPTH, jsonTextTooDeep } from '../domain/text-input.ts';
import { documentBudgetError } from '../graphql/document-budget.ts';
import { nulError } from '../graphql/nul-guard.ts';
import { maskUnexpectedErrors } from '../graphql/mask-errors.ts';
import { sharedSubscribe } from '../graphql/shared-subscribe.ts';
import type { Services } from '../services.ts';
import { type SocketExtra, serveGraphqlWs } from './graphql-ws-server.ts';
import { identifyCaller } from './auth-middleware.ts';
import { originPolicy } from './origin.ts';

/** The graphql-ws endpoint attached to an HTTP server; `close` ends every socket. */
export interface GraphqlWebSocket {
  close(): Promise<void>;
}

type Extra = SocketExtra & { viewer?: Viewer };

/**
 * Serves `graphql-ws` on `server` at /graphql: the connection is
 * authenticated once by the same rule as HTTP (identifyCaller): a Bearer
 * key from the connection params or the upgrade's `Authorization` header,
 * else the upgrade's session cookies. Cookies count only when the upgrade's
 * `Origin` is the service's own or listed in CORS_ORIGINS (or absent: not a
 * browser); a foreign page's socket carrying a visitor's cookies is closed
 * with 4403. A message larger than MAX_BODY_BYTES closes the socket with
 * 1009 (the HTTP body limit); one nesting deeper than MAX_INPUT_DEPTH closes
 * it with 4400 before it is parsed; each operation's document is held to
 * DOCUMENT_LIMITS and checked for NUL characters before it runs, and
 * unexpected errors are masked, like HTTP operations.
 */
export function attachGraphqlWebSocket(server: Server, schema: GraphQLSchema, services: Services): GraphqlWebSocket {
  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: services.config.MAX_BODY_BYTES });
  const secret = sessionSecret(services.config).secret;
  const origins = originPolicy(services.config);
  const sockets = serveGraphqlWs<Extra>(
    wss,
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
        const overBudget = documentBudgetError(payload.query);
        if (overBudget) return [overBudget];
        let document;
        try {
          document = parse(payload.query);
        } catch {
          return undefined; // graphql-ws answers the syntax error itself
        }
        const error = nulError({ document, variableValues: payload.variables });
        return error ? [error] : undefined;
      },
      // As on HTTP (yoga's masking): an unexpected error's message and stack stay in the log.
      onNext: (_ctx, _id, _payload, _args, result) => maskUnexpectedErrors(result, services.logger),
      context: (ctx) => ({ db: services.database.prisma, services, viewer: ctx.extra.viewer ?? null, requestId: 'ws' }),
    },
    {
      screenMessage: (text) => {
        const key = jsonTextTooDeep(text);
        if (key === null) return null;
        return { code: CloseCode.BadRequest, reason: `${key || 'message'}: nests deeper than ${MAX_INPUT_DEPTH} levels` };
      },
    },
  );
  return {
    close: async () => {
      await sockets.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
