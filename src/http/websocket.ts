import type { Server } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { WebSocketServer } from 'ws';
import type { Viewer } from '../auth/viewer.ts';
import { MAX_INPUT_DEPTH, jsonTextTooDeep } from '../domain/text-input.ts';
import { AppError, UnauthenticatedError, errorCodeOf } from '../errors.ts';
import type { DocumentCache } from '../graphql/document-cache.ts';
import { type TrustedDocuments, documentAndId, freeFormRefused, mayRunAnyDocument, unknownDocument } from '../graphql/trusted-documents.ts';
import { maskUnexpectedErrors } from '../graphql/mask-errors.ts';
import { nulError } from '../graphql/nul-guard.ts';
import { sharedSubscribe } from '../graphql/shared-subscribe.ts';
import type { Services } from '../services.ts';
import { type SocketExtra, serveGraphqlWs } from './graphql-ws-server.ts';
import { identifyCaller } from './auth-middleware.ts';
import { originPolicy } from './origin.ts';
import { LIVE_CLOSE, type LiveConnections } from './live-connections.ts';
import type { RateLimiter } from './rate-limit.ts';

/** The graphql-ws endpoint attached to an HTTP server; `close` ends every socket. */
export interface GraphqlWebSocket {
  close(): Promise<void>;
}

/** What the socket rules share with HTTP: the rate limiter, the live-connection count and the document cache. */
export interface SocketLimits {
  limiter: RateLimiter | null;
  connections: LiveConnections;
  /** Parsed and validated documents within budget (shared with /graphql). */
  documents: DocumentCache;
  /** The web app's documents, run by `documentId` (shared with /graphql). */
  trusted: TrustedDocuments;
}

type Extra = SocketExtra & {
  viewer?: Viewer;
  /** Re-runs the identification the socket was opened with. */
  identify?: () => Promise<Viewer>;
  /** The credential re-check timer, once the socket is acknowledged. */
  recheck?: NodeJS.Timeout;
  /** True while the socket holds a live-connection slot of its viewer. */
  counted?: boolean;
};

/** Why a re-identification refuses the socket: 4401 (credentials gone), 4403 (another user now), or null (still fine). */
async function recheckRefusal(extra: Extra): Promise<{ code: number; reason: string } | null> {
  try {
    const now = await extra.identify!();
    if (now.userId !== extra.viewer!.userId) return { code: LIVE_CLOSE.forbidden, reason: 'Forbidden: the credentials now identify another user' };
    return null;
  } catch (err) {
    // Only a refusal of the credentials ends the socket; a database hiccup does not.
    if (errorCodeOf(err) === 'UNAUTHENTICATED') return { code: LIVE_CLOSE.unauthorized, reason: 'Unauthorized: the credentials were revoked' };
    return null;
  }
}

/**
 * Serves `graphql-ws` on `server` at /graphql under the HTTP rules:
 * - the connection is authenticated by the same rule as HTTP
 *   (identifyCaller): a Bearer key from the connection params or the
 *   upgrade's `Authorization` header, else the upgrade's session cookies.
 *   Cookies count only when the upgrade's `Origin` is the service's own or
 *   listed in CORS_ORIGINS (or absent: not a browser); a foreign page's
 *   socket carrying a visitor's cookies is closed with 4403;
 * - the same identification re-runs before every operation and every
 *   CREDENTIAL_RECHECK_MS: revoked credentials (key, session, reset user)
 *   close the socket with 4401, credentials now naming another user with 4403;
 * - each operation spends a token of the caller's HTTP rate-limit bucket
 *   (RATE_LIMITED error for that operation when empty);
 * - a user holds at most LIVE_CONNECTIONS_PER_USER sockets and SSE streams
 *   (close 4429 above);
 * - a message above MAX_BODY_BYTES closes the socket with 1009, one nesting
 *   deeper than MAX_INPUT_DEPTH with 4400 before it is parsed; each
 *   document is held to DOCUMENT_LIMITS and checked for NUL characters, and
 *   unexpected errors are masked, as on HTTP.
 */
export function attachGraphqlWebSocket(server: Server, schema: GraphQLSchema, services: Services, limits: SocketLimits): GraphqlWebSocket {
  const { config, logger } = services;
  const db = services.database.prisma;
  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: config.MAX_BODY_BYTES });
  const origins = originPolicy(config);
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
        const extra = ctx.extra;
        // The same identification at connect, before each operation and on every re-check.
        extra.identify = async () => {
          const caller = await identifyCaller(db, services.sessionKey, { authorization, cookie: cookiesCount ? headers.cookie : undefined });
          if (caller.viewer) return caller.viewer;
          throw caller.failure ?? new UnauthenticatedError();
        };
        try {
          extra.viewer = await extra.identify();
        } catch {
          return false;
        }
        if (!limits.connections.take(extra.viewer.userId)) {
          extra.socket.close(LIVE_CLOSE.tooMany, `Too many live connections (at most ${limits.connections.perUser})`);
          return false;
        }
        extra.counted = true;
        extra.recheck = setInterval(async () => {
          const refusal = await recheckRefusal(extra);
          if (refusal) extra.socket.close(refusal.code, refusal.reason);
        }, config.CREDENTIAL_RECHECK_MS);
        extra.recheck.unref();
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const refusal = await recheckRefusal(ctx.extra);
        if (refusal) {
          ctx.extra.socket.close(refusal.code, refusal.reason);
          return [new AppError('UNAUTHENTICATED', refusal.reason, 'authorization', 'revoked')];
        }
        const decision = limits.limiter && (await limits.limiter.spend(limits.limiter.bucketOf(ctx.extra.viewer!)));
        if (decision && !decision.allowed) {
          return [new AppError('RATE_LIMITED', `Too many requests: retry in ${decision.retryAfterSeconds} s.`, null, 'rate_limited')];
        }
        // graphql-ws's protocol requires `query` (a string): a trusted document comes as `query: ""` and `documentId`.
        const documentId = (payload as { documentId?: unknown }).documentId;
        let document;
        if (documentId != null) {
          if (payload.query !== '') return [documentAndId()];
          document = typeof documentId === 'string' ? limits.trusted.document(documentId) : null;
          if (!document) return [unknownDocument(String(documentId))];
        } else {
          if (!mayRunAnyDocument(ctx.extra.viewer ?? null, config.GRAPHQL_SESSION_DOCUMENTS)) return [freeFormRefused()];
          try {
            document = limits.documents.parse(payload.query);
          } catch (err) {
            // A budget refusal is answered here; graphql-ws answers a syntax error itself.
            return err instanceof AppError ? [err] : undefined;
          }
          const invalid = limits.documents.validate(document);
          if (invalid.length) return [...invalid];
        }
        const error = nulError({ document, variableValues: payload.variables });
        if (error) return [error];
        // Parsed and validated already: graphql-ws runs these arguments as they are (adding context and root).
        return { schema, document, variableValues: payload.variables, operationName: payload.operationName };
      },
      // As on HTTP (yoga's masking): an unexpected error's message and stack stay in the log.
      onNext: (_ctx, _id, _payload, _args, result) => maskUnexpectedErrors(result, logger),
      context: (ctx) => ({ db, services, viewer: ctx.extra.viewer ?? null, requestId: 'ws' }),
    },
    {
      screenMessage: (text) => {
        const key = jsonTextTooDeep(text);
        if (key === null) return null;
        return { code: CloseCode.BadRequest, reason: `${key || 'message'}: nests deeper than ${MAX_INPUT_DEPTH} levels` };
      },
      onClosed: (extra) => {
        clearInterval(extra.recheck);
        if (extra.counted) limits.connections.release(extra.viewer!.userId);
        extra.counted = false;
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
