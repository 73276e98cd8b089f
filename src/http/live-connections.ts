/**
 * How many long-lived connections (graphql-ws sockets and SSE streams
 * together) each user holds open on this instance, capped at
 * LIVE_CONNECTIONS_PER_USER: one caller cannot hold every socket of the
 * service. Counted per process; behind a load balancer each instance
 * applies the cap to the connections it serves.
 */
export class LiveConnections {
  private readonly open = new Map<number, number>();

  constructor(readonly perUser: number) {}

  /** Takes a slot for `userId`; false (nothing taken) when the user already holds `perUser`. */
  take(userId: number): boolean {
    const held = this.open.get(userId) ?? 0;
    if (held >= this.perUser) return false;
    this.open.set(userId, held + 1);
    return true;
  }

  /** Gives back a slot taken by {@link take}. */
  release(userId: number): void {
    const held = (this.open.get(userId) ?? 0) - 1;
    if (held > 0) this.open.set(userId, held);
    else this.open.delete(userId);
  }

  /** Connections `userId` holds now. */
  heldBy(userId: number): number {
    return this.open.get(userId) ?? 0;
  }
}

/** WebSocket close codes of the live-connection rules (graphql-ws's own are 44xx too). */
export const LIVE_CLOSE = {
  /** The credentials the socket was opened with no longer authenticate (revoked key or session, reset user). */
  unauthorized: 4401,
  /** The credentials now identify another user than the one the socket was opened for. */
  forbidden: 4403,
  /** The user already holds LIVE_CONNECTIONS_PER_USER sockets and streams. */
  tooMany: 4429,
} as const;
