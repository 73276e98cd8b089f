import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub, type PubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import type { TaskEventMessage } from './task-event-message.ts';

/** Topics: `taskEvents:<projectId>` carries every event of that project. */
export type EventTopics = {
  taskEvents: [projectId: number, message: TaskEventMessage];
};

export type EventPubSub = PubSub<EventTopics>;

/** The pub/sub of one instance and how to release its connections. */
export interface EventBus {
  pubsub: EventPubSub;
  kind: 'memory' | 'redis';
  close(): Promise<void>;
}

/**
 * GraphQL subscriptions' pub/sub. In memory by default; with `redisUrl`
 * every instance publishes to and listens on Redis, so a subscriber on
 * instance B sees an event dispatched by instance A.
 */
export function createEventBus(opts: { redisUrl?: string; redisPrefix?: string; logger: Logger }): EventBus {
  if (!opts.redisUrl) {
    return { pubsub: createPubSub<EventTopics>(), kind: 'memory', close: async () => undefined };
  }
  // A subscribed ioredis connection cannot publish, hence two clients; they
  // connect on first use, so processes that never publish open none. The
  // subscriber queues commands until Redis is back (ioredis re-subscribes on
  // reconnect); a publish gives up after a few retries (live subscribers
  // miss events while Redis is down; webhooks do not depend on it).
  const publishClient = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
  for (const [name, client] of [
    ['publish', publishClient],
    ['subscribe', subscribeClient],
  ] as const) {
    client.on('error', (err) => opts.logger.warn({ err, client: name }, 'redis pub/sub connection error'));
  }
  // The event target does not await these commands: catch their failures
  // here, or a rejected (UN)SUBSCRIBE during shutdown would be unhandled.
  const warn = (what: string) => (err: unknown) => opts.logger.warn({ err }, `redis ${what} failed`);
  const publisher = {
    publish: (channel: string, message: string) => publishClient.publish(channel, message).catch(warn('publish')),
  };
  const subscriber = {
    on: (event: string, listener: (channel: string, message: string) => void) => subscribeClient.on(event, listener),
    subscribe: (channel: string) => subscribeClient.subscribe(channel).catch(warn('subscribe')),
    unsubscribe: (channel: string) => subscribeClient.unsubscribe(channel).catch(warn('unsubscribe')),
  };
  const eventTarget = prefixed(
    createRedisEventTarget<CustomEvent>({ publishClient: publisher as never, subscribeClient: subscriber as never }),
    opts.redisPrefix ?? '',
  );
  return {
    pubsub: createPubSub<EventTopics>({ eventTarget: eventTarget as never }),
    kind: 'redis',
    close: async () => {
      await Promise.all([publishClient, subscribeClient].map(closeClient));
    },
  };
}

/** QUIT (flushing pending publishes) when connected, but never wait more than a second for it. */
async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await Promise.race([client.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
  }
  client.disconnect();
}

type Listener = Parameters<EventTarget['addEventListener']>[1];

/** Namespaces every channel of an event target with `prefix` (deployments sharing one Redis stay apart). */
function prefixed(inner: ReturnType<typeof createRedisEventTarget<CustomEvent>>, prefix: string) {
  if (!prefix) return inner;
  return {
    addEventListener: (type: string, listener: Listener) => inner.addEventListener(prefix + type, listener as never),
    removeEventListener: (type: string, listener: Listener) =>
      inner.removeEventListener(prefix + type, listener as never),
    dispatchEvent: (event: CustomEvent) =>
      inner.dispatchEvent(new CustomEvent(prefix + event.type, { detail: event.detail })),
  };
}
