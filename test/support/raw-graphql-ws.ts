import WebSocket from 'ws';

/** One message or the close of a raw graphql-ws socket, in arrival order. */
export type RawWsEvent = { type: 'message'; message: any } | { type: 'close'; code: number; reason: string };

/**
 * A graphql-transport-ws socket driven by hand: messages are sent as the
 * exact text given (so a test can send what the real client refuses to
 * build: huge, deep or malformed payloads) and every message and the close
 * are recorded. `next()` waits for the next event.
 */
export class RawGraphqlWs {
  readonly events: RawWsEvent[] = [];
  private waiters: (() => void)[] = [];
  private read = 0;
  readonly socket: WebSocket;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.socket = new WebSocket(url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws', { headers });
    this.socket.on('message', (data) => this.push({ type: 'message', message: JSON.parse(String(data)) }));
    this.socket.on('close', (code, reason) => this.push({ type: 'close', code, reason: String(reason) }));
    this.socket.on('error', () => undefined);
  }

  private push(event: RawWsEvent) {
    this.events.push(event);
    for (const w of this.waiters.splice(0)) w();
  }

  /** Opens the socket and completes `connection_init` with `payload`; answers the first reply. */
  async init(payload: Record<string, unknown> = {}): Promise<RawWsEvent> {
    if (this.socket.readyState !== WebSocket.OPEN) {
      await new Promise<void>((resolve, reject) => {
        this.socket.once('open', () => resolve());
        this.socket.once('error', reject);
      });
    }
    this.send(JSON.stringify({ type: 'connection_init', payload }));
    return this.next();
  }

  /** Sends text as it is. */
  send(text: string) {
    this.socket.send(text);
  }

  /** The next event not yet read (waits up to `ms`). */
  async next(ms = 30_000): Promise<RawWsEvent> {
    const deadline = Date.now() + ms;
    while (this.read >= this.events.length) {
      if (Date.now() > deadline) throw new Error('no graphql-ws event in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events[this.read++];
  }

  close() {
    this.socket.close();
  }
}
