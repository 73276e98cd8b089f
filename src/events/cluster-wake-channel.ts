import { EventEmitter } from 'node:events';
import type { WakeChannel } from './wake-channel.ts';

/** The IPC message a worker of `tasksvc serve --workers N` sends (and receives) for a wake-up. */
export interface WakeMessage {
  tasksvc: 'wake';
  /** The last stamped position, as decimal text (a bigint does not survive IPC's JSON). */
  position: string;
}

/** Whether an IPC message is a wake-up. */
export function isWakeMessage(message: unknown): message is WakeMessage {
  const m = message as Partial<WakeMessage> | null;
  return typeof m === 'object' && m !== null && m.tasksvc === 'wake' && typeof m.position === 'string' && /^\d{1,19}$/.test(m.position);
}

/**
 * Wake-ups between the workers of one `tasksvc serve --workers N` without
 * Redis: a worker's publish goes to the primary over the cluster's IPC
 * channel, and the primary relays it to every other worker (see
 * src/cli/serve-cluster.ts). Like the other channels it carries only
 * "positions up to N exist": a lost message costs latency until the feed's
 * poll, never an event. With REDIS_URL set the Redis channel is used
 * instead (it also reaches other machines).
 */
export function clusterWakeChannel(): WakeChannel {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const onMessage = (message: unknown) => {
    if (isWakeMessage(message)) emitter.emit('wake', BigInt(message.position));
  };
  process.on('message', onMessage);
  return {
    kind: 'cluster',
    get connected() {
      return process.connected;
    },
    publish: (position) => {
      setImmediate(() => emitter.emit('wake', position));
      if (process.connected) process.send?.({ tasksvc: 'wake', position: position.toString() } satisfies WakeMessage);
    },
    onWake: (listener) => {
      emitter.on('wake', listener);
      return () => emitter.off('wake', listener);
    },
    // The IPC channel only goes with the primary, and a worker stops when it does.
    onConnectionChange: () => () => undefined,
    close: async () => {
      process.off('message', onMessage);
      emitter.removeAllListeners();
    },
  };
}
