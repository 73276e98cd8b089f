// The app's one GraphQL client: urql over HTTP (POST /graphql) for queries
// and mutations, graphql-ws on the same path for subscriptions. Both carry
// the session cookie (same origin); no API key ever lives in the page. Both
// send trusted document ids, not document text (./trusted-documents.ts).
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { Client, cacheExchange, fetchExchange, mapExchange, subscriptionExchange } from 'urql';
import { leaveForSignIn } from '../auth/session-ended';
import { errorCode } from './errors';
import { trustedDocumentsExchange } from './trusted-documents';

/** What the live connection is doing, for the status indicator and catch-up. */
export type LiveState = 'connecting' | 'connected' | 'reconnecting';

type Listener = () => void;

/**
 * Live connection state with a store interface for `useSyncExternalStore`,
 * and reconnect listeners: after a drop (network, server restart) the
 * subscriptions are re-established by graphql-ws, and screens catch up on
 * what they missed by refetching.
 */
export class LiveConnection {
  state: LiveState = 'connecting';
  private listeners = new Set<Listener>();
  private reconnectListeners = new Set<Listener>();
  private connectedOnce = false;

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getState = () => this.state;

  /** Calls `listener` after every reconnect (not the first connect). */
  onReconnect(listener: Listener) {
    this.reconnectListeners.add(listener);
    return () => void this.reconnectListeners.delete(listener);
  }

  set(state: LiveState) {
    if (state === this.state) return;
    this.state = state;
    for (const l of this.listeners) l();
    if (state === 'connected') {
      if (this.connectedOnce) for (const l of this.reconnectListeners) l();
      this.connectedOnce = true;
    }
  }
}

/**
 * Retry delays after a drop: quick at first, at most 2 s (a restarted server
 * has the board live again within a few seconds), jittered so restarts do
 * not stampede.
 */
export function retryDelay(retries: number): number {
  const base = Math.min(2_000, 250 * 2 ** retries);
  return base / 2 + Math.random() * (base / 2);
}

/**
 * Close codes that mean the socket's credentials are no longer accepted: the
 * server's 4401 (session revoked or expired while open) and 4403 (refused at
 * connect: graphql-ws's answer to a connection its onConnect turns down).
 * Retrying those cannot help; the person signs in again.
 */
export const SIGNED_OUT_CLOSE_CODES = new Set([4401, 4403]);

/** Whether a graphql-ws close (a CloseEvent, or anything else it reports) is {@link SIGNED_OUT_CLOSE_CODES}. */
export function isSignedOutClose(event: unknown): boolean {
  const code = (event as { code?: unknown } | null)?.code;
  return typeof code === 'number' && SIGNED_OUT_CLOSE_CODES.has(code);
}

/** The client pair and its connection state. */
export interface Api {
  client: Client;
  ws: WsClient;
  live: LiveConnection;
}

/** Makes the client for the page's own origin. */
export function createApi(origin: string = window.location.origin): Api {
  const live = new LiveConnection();
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let socket: WebSocket | null = null;
  const ws = createWsClient({
    url: `${origin.replace(/^http/, 'ws')}/graphql`,
    lazy: true,
    // Stay connected between board visits (one socket for the session).
    lazyCloseTimeout: 60_000,
    keepAlive: 10_000,
    retryAttempts: Infinity,
    shouldRetry: (event) => !isSignedOutClose(event),
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelay(retries))),
    on: {
      opened: (s) => (socket = s as WebSocket),
      connected: () => live.set('connected'),
      closed: (event) => {
        if (isSignedOutClose(event)) return leaveForSignIn();
        live.set(live.state === 'connecting' ? 'connecting' : 'reconnecting');
      },
      // A dead network never closes the socket by itself: no pong within 5 s
      // of a ping closes it, and the retry loop takes over.
      ping: (received) => {
        if (!received)
          pongTimer = setTimeout(
            () => socket?.readyState === WebSocket.OPEN && socket.close(4408, 'Pong timeout'),
            5_000,
          );
      },
      pong: (received) => received && clearTimeout(pongTimer),
    },
  });
  // The browser knows first when the network comes back.
  window.addEventListener('online', () => socket?.readyState === WebSocket.OPEN || ws.terminate());

  const client = new Client({
    url: '/graphql',
    fetchOptions: { credentials: 'same-origin' },
    // Lists are kept fresh by events and refetches, not by cache invalidation rules.
    requestPolicy: 'cache-and-network',
    exchanges: [
      // A 401 on any request: the session ended (expired, revoked, cookie gone).
      mapExchange({ onError: (error) => void (errorCode(error) === 'UNAUTHENTICATED' && leaveForSignIn()) }),
      cacheExchange,
      // Past the cache: what is sent is the document's id (the service's trusted documents).
      trustedDocumentsExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({ unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink) }),
        }),
      }),
    ],
  });
  return { client, ws, live };
}
