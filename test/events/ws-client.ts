// graphql-ws clients (the package's own client over the ws package) for the event tests.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

const clients: Client[] = [];

/** Closes every client made by wsSubscribe. */
export async function disposeClients() {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
}

export const SUBSCRIPTION = /* GraphQL */ `
  subscription Watch($projectId: Int!, $events: [TaskEventKind!], $after: ID) {
    taskEvents(projectId: $projectId, events: $events, after: $after) {
      id
      cursor
      event
      taskId
      ticketNumber
      projectId
      actorId
      data
      timestamp
    }
  }
`;

interface Got {
  data?: {
    taskEvents: {
      id: string;
      cursor: string;
      event: string;
      taskId: number;
      ticketNumber: string;
      projectId: number;
      actorId: number | null;
      data: Record<string, unknown>;
      timestamp: string;
    };
  };
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** A graphql-ws client (the package's own) subscribed with `key`. */
export function wsSubscribe(url: string, key: string, variables: Record<string, unknown>, query = SUBSCRIPTION) {
  const client = createClient({
    url: url.replace(/^http/, 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${key}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => undefined, // reported through the sink below
  });
  clients.push(client);
  const got: (Got & { at: number })[] = [];
  let error: unknown = null;
  let completed = false;
  const dispose = client.subscribe<Got['data']>(
    { query, variables },
    {
      next: (v) => void got.push({ ...(v as Got), at: performance.now() }),
      error: (e) => void (error = e),
      complete: () => void (completed = true),
    },
  );
  return {
    client,
    got,
    dispose,
    error: () => error as { message?: string; extensions?: { code?: string } }[] | Error | null,
    completed: () => completed,
  };
}

/**
 * Waits until `count` more subscriptions than when it was made are
 * registered with an instance's live-event feed (graphql-ws and SSE do not
 * acknowledge a subscription): from then on, every event committed reaches
 * them. Make it before subscribing; call it after.
 */
export function feedWaiter(feed: import('../../src/events/event-feed.ts').EventFeed) {
  const before = feed.size;
  return async (count = 1, ms = 20_000) => {
    const until = Date.now() + ms;
    while (feed.size < before + count) {
      if (Date.now() > until) throw new Error(`subscriptions not registered in time (${feed.size - before} of ${count})`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
}

/**
 * Waits until every committed event is numbered and read by the feed, so that
 * a subscription made next starts after them. Without it, events committed
 * just before subscribing can still arrive (the feed has not read them yet),
 * which is right for clients and makes a test's first event a matter of timing.
 */
export async function eventsSettled(
  db: { $queryRawUnsafe<T>(sql: string): Promise<T> },
  feed: import('../../src/events/event-feed.ts').EventFeed,
  ms = 20_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const [row] = await db.$queryRawUnsafe<{ pending: boolean; last: bigint | null }[]>(
      'SELECT EXISTS (SELECT 1 FROM "OutboxEvent" WHERE position IS NULL) AS pending, (SELECT "lastPosition" FROM "OutboxSequence" WHERE id = 1) AS last',
    );
    const last = BigInt(row?.last ?? 0);
    if (!row?.pending && (feed.size === 0 || feed.position >= last)) return;
    if (Date.now() > until) throw new Error('committed events not numbered and read in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
