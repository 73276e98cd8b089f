// Worker thread: the WebSocket subscribers, each its own graphql-ws client
// (the package's createClient over `ws`, one connection per subscriber, as
// separate browsers would have) subscribed to `taskEvents` of the project.
// The receipt time is taken when the client hands the message to the sink.

import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { ReceiverCore, serveRequests } from './event-lag-rpc.ts';
import { epochMs, parseEventData } from './event-lag-tally.ts';

const SUBSCRIPTION = /* GraphQL */ `
  subscription EventLag($projectId: Int!, $events: [String!]) {
    taskEvents(projectId: $projectId, events: $events) {
      id
      data
      timestamp
    }
  }
`;

interface TaskEvents {
  taskEvents?: { id: string; data: unknown; timestamp: string };
}

const clients: Client[] = [];
const core = new ReceiverCore(() => clients.length);
/** Messages without a bench event, GraphQL errors, and connections lost after they were up. */
const problems = { stray: 0, errors: 0, closed: 0, lastError: '' };

function fail(what: string, err: unknown): void {
  problems.errors++;
  problems.lastError = `${what}: ${err instanceof Error ? err.message : JSON.stringify(err)?.slice(0, 300)}`;
}

/** Opens one subscriber; resolves once its connection is acknowledged. */
function subscriber(sink: number, url: string, key: string, projectId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let up = false;
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
      lazy: false,
      retryAttempts: 0,
      onNonLazyError: (err) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
      on: {
        connected: () => {
          up = true;
          resolve();
        },
        closed: (event) => {
          if (up) problems.closed++;
          else reject(new Error(`closed before acknowledged: ${JSON.stringify(event)}`));
        },
      },
    });
    clients.push(client);
    client.subscribe<TaskEvents>(
      { query: SUBSCRIPTION, variables: { projectId, events: ['task.updated'] } },
      {
        next: (value) => {
          const at = epochMs();
          const event = value.data?.taskEvents;
          if (!event) return fail('message without data', value.errors);
          const ref = parseEventData(event.data);
          const tally = ref && core.tally(ref.phase);
          if (!ref || !tally) {
            problems.stray++;
            return;
          }
          tally.record(sink, ref.seq, event.id, Date.parse(event.timestamp), at);
        },
        error: (err) => fail('subscription error', err),
        complete: () => undefined,
      },
    );
  });
}

serveRequests({
  ...core.handlers(),
  /** Opens `count` subscribers (a few at a time, as clients arrive); answers once all are connected. */
  connect: async ({ url, key, projectId, count }: { url: string; key: string; projectId: number; count: number }) => {
    const wsUrl = `${url.replace(/^http/, 'ws')}/graphql`;
    for (let start = 0; start < count; start += 20) {
      const batch: Promise<void>[] = [];
      for (let i = start; i < Math.min(count, start + 20); i++) batch.push(subscriber(i, wsUrl, key, projectId));
      await Promise.all(batch);
    }
    return clients.length;
  },
  problems: () => ({ ...problems }),
  close: async () => {
    await Promise.all(clients.splice(0).map((c) => c.dispose()));
  },
});
