// graphql-ws clients (the package's own client over the ws package) for the event tests.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

const clients: Client[] = [];

/** Closes every client made by wsSubscribe. */
export async function disposeClients() {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
}

export const SUBSCRIPTION = /* GraphQL */ `
  subscription Watch($projectId: Int!, $events: [String!]) {
    taskEvents(projectId: $projectId, events: $events) {
      id
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
export function wsSubscribe(url: string, key: string, variables: Record<string, unknown>) {
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
    { query: SUBSCRIPTION, variables },
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
 * Waits until the server has registered a subscription (graphql-ws and SSE
 * do not acknowledge one): publishes probe events (id `probe`) on `pubsub`
 * until `arrived()` says one came through.
 */
export async function probeUntil(
  pubsub: import('../../src/events/pubsub.ts').EventPubSub,
  projectId: number,
  arrived: () => boolean,
  event: 'task.created' | 'task.updated' | 'task.assigned' = 'task.updated',
  // Generous: on a loaded CI machine the first Redis SUBSCRIBE of an instance can be slow.
  ms = 20_000,
) {
  const until = Date.now() + ms;
  while (!arrived()) {
    if (Date.now() > until) throw new Error('subscription not registered in time');
    pubsub.publish('taskEvents', projectId, {
      id: 'probe',
      event,
      taskId: 0,
      ticketNumber: 'PROBE-0',
      projectId,
      actorId: null,
      data: {},
      timestamp: new Date().toISOString(),
    });
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 100)); // let late probes land
}

/** probeUntil for a graphql-ws subscription; the probes are then removed from `sub.got`. */
export async function untilSubscribed(
  pubsub: import('../../src/events/pubsub.ts').EventPubSub,
  projectId: number,
  sub: ReturnType<typeof wsSubscribe>,
  event: 'task.created' | 'task.updated' | 'task.assigned' = 'task.updated',
) {
  const isProbe = (g: { data?: { taskEvents: { id: string } } }) => g.data?.taskEvents.id === 'probe';
  await probeUntil(
    pubsub,
    projectId,
    () => {
      if (sub.error()) throw new Error(`subscription failed: ${JSON.stringify(sub.error())}`);
      return sub.got.some(isProbe);
    },
    event,
  );
  for (let i = sub.got.length - 1; i >= 0; i--) if (isProbe(sub.got[i])) sub.got.splice(i, 1);
}
