import type { MiddlewareHandler } from 'hono';
import type { Viewer } from '../auth/viewer.ts';
import { errorCodeOf } from '../errors.ts';
import type { Services } from '../services.ts';
import { identifyCaller } from './auth-middleware.ts';
import type { AppEnv } from './env.ts';
import type { LiveConnections } from './live-connections.ts';

/** The identification an HTTP request was authenticated with (identifyCaller), re-run on its headers. */
async function identifyAgain(services: Services, headers: Headers): Promise<Viewer | null> {
  const caller = await identifyCaller(services.database.prisma, services.sessionKey, {
    authorization: headers.get('authorization') ?? undefined,
    cookie: headers.get('cookie') ?? undefined,
  });
  if (caller.failure) throw caller.failure;
  return caller.viewer;
}

/**
 * SSE streams of /graphql (`Accept: text/event-stream`) under the socket
 * rules: each takes one of the user's LIVE_CONNECTIONS_PER_USER slots (429
 * RATE_LIMITED `live_connections` above), and every CREDENTIAL_RECHECK_MS
 * the request's identification re-runs; once it no longer names the same
 * user (revoked key or session, reset user) the stream ends: a final
 * `event: complete` and the response closes, ending the subscription.
 */
export function liveStreamLimits(services: Services, connections: LiveConnections): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const viewer = c.get('viewer');
    if (!viewer || !(c.req.header('accept') ?? '').includes('text/event-stream')) return next();
    if (!connections.take(viewer.userId)) {
      const message = `Too many live connections (at most ${connections.perUser} sockets and streams).`;
      return c.json({ errors: [{ message, extensions: { code: 'RATE_LIMITED', field: null, detail: 'live_connections' } }] }, 429);
    }
    let released = false;
    const release = () => {
      if (!released) connections.release(viewer.userId);
      released = true;
    };
    try {
      await next();
    } catch (err) {
      release();
      throw err;
    }
    const body = c.res.body;
    if (!body || !(c.res.headers.get('content-type') ?? '').includes('text/event-stream')) {
      release();
      return;
    }
    const reader = body.getReader();
    const headers = c.req.raw.headers;
    let timer: NodeJS.Timeout | undefined;
    const stop = () => {
      clearInterval(timer);
      release();
      void reader.cancel().catch(() => undefined);
    };
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        timer = setInterval(async () => {
          let now: Viewer | null = null;
          try {
            now = await identifyAgain(services, headers);
          } catch (err) {
            if (errorCodeOf(err) !== 'UNAUTHENTICATED') return; // a database hiccup is not a revocation
          }
          if (now?.userId === viewer.userId) return;
          stop();
          try {
            controller.enqueue(new TextEncoder().encode('event: complete\ndata:\n\n'));
            controller.close();
          } catch {
            // already closed by the client
          }
        }, services.config.CREDENTIAL_RECHECK_MS);
        timer.unref();
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            stop();
            controller.close();
          } else controller.enqueue(value);
        } catch (err) {
          stop();
          controller.error(err);
        }
      },
      cancel: () => stop(),
    });
    c.res = new Response(stream, { status: c.res.status, headers: c.res.headers });
  };
}
