import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { describeError } from '../db/outage.ts';
import type { Logger } from '../logger.ts';

/**
 * Wakes the live-event feeds of every instance when new outbox positions are
 * stamped. It carries no events, only "positions up to N exist": what a
 * subscriber receives is always read from the outbox, so a lost wake-up
 * costs latency (until the feed's next poll), never an event.
 */
export interface WakeChannel {
  readonly kind: 'memory' | 'redis' | 'cluster';
  /** Tells every instance (this one included) that positions up to `position` are stamped. */
  publish(position: bigint): void;
  /** Calls `listener` with the position of each wake-up; returns the unsubscribe function. */
  onWake(listener: (position: bigint) => void): () => void;
  /** Whether wake-ups of other instances can arrive now. */
  readonly connected: boolean;
  /** Calls `listener` when `connected` changes; returns the unsubscribe function. */
  onConnectionChange(listener: (connected: boolean) => void): () => void;
  close(): Promise<void>;
}

/** The channel name under the deployment's Redis prefix. */
export const WAKE_CHANNEL = 'events:wake';

/**
 * In-process wake-ups: enough for one instance (and for several on
 * PostgreSQL, where every dispatcher hears the outbox NOTIFY and wakes its
 * own feed).
 */
export function memoryWakeChannel(): WakeChannel {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    connected: true,
    publish: (position) => void setImmediate(() => emitter.emit('wake', position)),
    onWake: (listener) => {
      emitter.on('wake', listener);
      return () => emitter.off('wake', listener);
    },
    onConnectionChange: () => () => undefined,
    close: async () => void emitter.removeAllListeners(),
  };
}

/**
 * Wake-ups over Redis pub/sub on `<prefix>events:wake`, so an instance that
 * runs no dispatcher hears positions stamped elsewhere. The channel counts
 * as connected only once its SUBSCRIBE is confirmed (so a feed that reads
 * the outbox at that moment misses no wake-up after it). While Redis is
 * unreachable it reports disconnected; the feeds then poll, and the
 * transition is logged once each way, not per event or per retry.
 */
export function redisWakeChannel(opts: { url: string; prefix: string; logger: Logger }): WakeChannel {
  const channel = opts.prefix + WAKE_CHANNEL;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // Publishing fails at once while Redis is down (no offline queue): wake-ups are worthless late.
  const publisher = new Redis(opts.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // Re-subscribing is done here, after each connect, so `connected` means "SUBSCRIBE confirmed".
  const subscriber = new Redis(opts.url, { lazyConnect: true, autoResubscribe: false, maxRetriesPerRequest: null });
  let connected = false;
  let closing = false;
  let lastError: unknown = null;
  // Whether the "lost" line was logged and the "back" line is owed.
  let reportedDown = false;

  const reportDown = () => {
    if (reportedDown || closing) return;
    reportedDown = true;
    // The error in one line (describeError), never its stack: this is the outage's one line.
    opts.logger.warn({ channel, ...(lastError ? { error: describeError(lastError) } : {}) }, 'live-event wake-ups (Redis) unavailable: feeds poll the outbox until Redis is back');
  };
  const setConnected = (value: boolean) => {
    if (value === connected || closing) return;
    connected = value;
    if (!value) reportDown();
    else if (reportedDown) {
      reportedDown = false;
      opts.logger.info({ channel }, 'live-event wake-ups (Redis) are back');
    }
    emitter.emit('connection', value);
  };

  // ioredis emits 'error' on every failed reconnect: remember it for the one transition log line.
  publisher.on('error', (err) => void (lastError = err));
  subscriber.on('error', (err) => void (lastError = err));
  subscriber.on('close', () => setConnected(false));
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => setConnected(true),
      (err) => {
        lastError = err;
        // The connection is odd if SUBSCRIBE fails on it: drop it and let ioredis reconnect.
        subscriber.disconnect(true);
      },
    );
  });
  subscriber.on('message', (ch: string, message: string) => {
    if (ch !== channel || !/^\d{1,19}$/.test(message)) return;
    emitter.emit('wake', BigInt(message));
  });
  subscriber.connect().catch((err) => {
    // Not reachable at start: say so once (ioredis keeps retrying).
    lastError = err;
    reportDown();
  });

  return {
    kind: 'redis',
    get connected() {
      return connected;
    },
    publish: (position) => {
      emitter.emit('wake', position);
      if (publisher.status === 'wait') publisher.connect().catch(() => undefined);
      publisher.publish(channel, position.toString()).catch(() => undefined);
    },
    onWake: (listener) => {
      emitter.on('wake', listener);
      return () => emitter.off('wake', listener);
    },
    onConnectionChange: (listener) => {
      emitter.on('connection', listener);
      return () => emitter.off('connection', listener);
    },
    close: async () => {
      closing = true;
      emitter.removeAllListeners();
      await Promise.all([publisher, subscriber].map(closeClient));
    },
  };
}

/** QUIT when connected, but never wait more than a second for it. */
async function closeClient(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await Promise.race([client.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
  }
  client.disconnect();
}
