// Worker thread: one HTTP endpoint per webhook subscription, each verifying
// every request with the `standardwebhooks` package (Webhook.verify, keyed
// with that subscription's secret) before counting it, as a real receiver
// would. The receipt time is taken when the whole body has arrived.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { ReceiverCore, serveRequests } from './event-lag-rpc.ts';
import { epochMs, parseEventData } from './event-lag-tally.ts';

interface Endpoint {
  server: http.Server;
  verifier: Webhook | null;
}

const endpoints: Endpoint[] = [];
const core = new ReceiverCore(() => endpoints.length);
/** Requests that failed verification, carried no bench event, or came before their phase was announced. */
const problems = { unverified: 0, stray: 0, lastError: '' };

function handle(sink: number, req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = epochMs();
    const body = Buffer.concat(chunks).toString('utf8');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    let payload: { data?: unknown; timestamp?: string };
    try {
      const verifier = endpoints[sink].verifier;
      if (!verifier) throw new Error('no secret registered yet');
      payload = verifier.verify(body, headers) as typeof payload;
    } catch (err) {
      problems.unverified++;
      problems.lastError = (err as Error).message;
      // Not 2xx, so the app records a failed attempt (and would retry): a bad signature is a real failure.
      res.writeHead(400).end();
      return;
    }
    res.writeHead(204).end();
    const ref = parseEventData(payload.data);
    const tally = ref && core.tally(ref.phase);
    if (!ref || !tally) {
      problems.stray++;
      return;
    }
    tally.record(sink, ref.seq, headers['webhook-id'], Date.parse(payload.timestamp ?? ''), at);
  });
}

serveRequests({
  ...core.handlers(),
  /** Opens `count` endpoints on 127.0.0.1; answers their ports. */
  listen: async ({ count }: { count: number }) => {
    for (let i = 0; i < count; i++) {
      const sink = endpoints.length;
      const server = http.createServer((req, res) => handle(sink, req, res));
      // Longer than any client idle time, so the app's keep-alive agent never
      // reuses a socket this side is closing (that would be a failed attempt
      // and a 5 s retry caused by the receiver, not by the app).
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
      endpoints.push({ server, verifier: null });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    }
    return endpoints.map((e) => (e.server.address() as AddressInfo).port);
  },
  /** Registers the signing secret of endpoint `sink` (shown once, when its subscription is created). */
  trust: ({ sink, secret }: { sink: number; secret: string }) => {
    endpoints[sink].verifier = new Webhook(secret);
  },
  problems: () => ({ ...problems }),
  close: async () => {
    await Promise.all(
      endpoints.map(
        (e) =>
          new Promise<void>((resolve) => {
            e.server.closeAllConnections();
            e.server.close(() => resolve());
          }),
      ),
    );
  },
});
