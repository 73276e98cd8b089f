import type { Server } from 'node:http';
import { type GraphQLSchema, parse } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { WebSocketServer } from 'ws';
import type { Viewer } from '../auth/viewer.ts';
import { authenticateBearer } from '../domain/api-key.ts';
import { MAX_INPUT_DEPTH, jsonTextTooDeep } from '../domain/text-input.ts';
import { documentBudgetError } from '../graphql/document-budget.ts';
import { nulError } from '../graphql/nul-guard.ts';
import { maskUnexpectedErrors } from '../graphql/mask-errors.ts';
import { sharedSubscribe } from '../graphql/shared-subscribe.ts';
import type { Services } from '../services.ts';
import { type SocketExtra, serveGraphqlWs } from './graphql-ws-server.ts';

/** The graphql-ws endpoint attached to an HTTP server; `close` ends every socket. */
export interface GraphqlWebSocket {
  close(): Promise<void>;
}

type Extra = SocketExtra & { viewer?: Viewer };

/**
 * Serves `graphql-ws` on `server` at /graphql: the connection is
 * authenticated once (Bearer key from the connection params or the upgrade
 * request's `Authorization` header). A message larger than MAX_BODY_BYTES
 * closes the socket with 1009 (the HTTP body limit); one nesting deeper than
 * MAX_INPUT_DEPTH closes it with 4400 before it is parsed; each operation's
 * document is held to DOCUMENT_LIMITS and checked for NUL characters before
 * it runs, and unexpected errors are masked, like HTTP operations.
 */
export function attachGraphqlWebSocket(server: Server, schema: GraphQLSchema, services: Services): GraphqlWebSocket {
  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: services.config.MAX_BODY_BYTES });
  const sockets = serveGraphqlWs<Extra>(
    wss,
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
