import { EventEmitter } from 'node:events';

/** Work a loop of this process can be woken for. */
export type WakeKind = 'outbox' | 'deliveries';

const emitter = new EventEmitter();
emitter.setMaxListeners(0);

/** Wakes this process's loops of that kind on the next tick (after the caller's current step). */
export function wake(kind: WakeKind): void {
  setImmediate(() => emitter.emit(kind));
}

/** Subscribes a loop to wake-ups of one kind; returns the unsubscribe function. */
export function onWake(kind: WakeKind, listener: () => void): () => void {
  emitter.on(kind, listener);
  return () => emitter.off(kind, listener);
}
