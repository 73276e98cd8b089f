import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * The status logged for a request whose client went away before sending it
 * all (nginx's "client closed request"); nobody receives it.
 */
export const CLIENT_CLOSED_STATUS = 499;

/** Whether the client of this request hung up before its body arrived in full. */
function clientAborted(incoming: IncomingMessage | undefined): boolean {
  if (!incoming) return false;
  return !incoming.complete && (incoming.aborted || incoming.destroyed || incoming.socket?.destroyed === true);
}

/**
 * A client that aborts its own upload is not an error of the service: reading
 * the rest of its body fails with the same socket codes (ECONNRESET) as a
 * lost database connection, which would otherwise be answered 503 and counted
 * as a database outage (so anyone could fake outage lines). Mounted inside the
 * outage middleware: such an answer becomes a 499 nobody receives, logged at
 * debug level as a client abort, and the outage monitor never sees it.
 */
export function clientAbortAnswer(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (c.res.status < 400 || !clientAborted(incoming)) return;
    c.get('logger').debug({ method: c.req.method, path: c.req.path, answered: c.res.status }, 'client closed the request before sending its body');
    c.res = new Response(null, { status: CLIENT_CLOSED_STATUS });
  };
}
