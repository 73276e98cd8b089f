// The receivers of the event-lag benchmark, in worker threads of their own so
// their parsing and signature checks never delay the driver's fixed-rate
// schedule and a busy receiver shows up as its own event-loop delay. One
// module, two roles (workerData.role): `webhooks`, one HTTP endpoint per
// webhook subscription, each verifying every request with `standardwebhooks`
// (Webhook.verify, keyed with that subscription's secret) as a real receiver
// would, the receipt time taken when the whole body has arrived; and
// `subscribers`, each its own graphql-ws client (createClient over `ws`, one
// connection per subscriber, as separate browsers would have) subscribed to
// the project's `taskEvents`, the receipt time taken when the client hands
// the message over. The main thread drives them through ReceiverWorker.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type Client, createClient } from 'graphql-ws';
import { Webhook } from 'standardwebhooks';
import WebSocket from 'ws';
import { epochMs, parseEventData, type PathSummary, type Percentiles, type Phase, PhaseTally } from './event-lag-report.ts';

interface Request {
  id: number;
  method: string;
  args: unknown;
}

interface Answer {
  id: number;
  result?: unknown;
  error?: string;
}

type Handlers = Record<string, (args: any) => unknown>;

/** Worker side: the tallies of one receiver kind, by phase, and the worker's event-loop delay. */
export class ReceiverCore {
  readonly tallies = new Map<Phase, PhaseTally>();
  private readonly eld = monitorEventLoopDelay({ resolution: 5 });

  constructor(readonly sinks: () => number) {
    this.eld.enable();
  }

  /** The tally of `phase`, or undefined before the main thread announced it. */
  tally(phase: Phase): PhaseTally | undefined {
    return this.tallies.get(phase);
  }

  /** Methods every receiver worker answers. */
  handlers(): Handlers {
    return {
      phase: ({ phase, size }: { phase: Phase; size: number }) =>
        void this.tallies.set(phase, new PhaseTally(size, this.sinks())),
      progress: ({ phase }: { phase: Phase }) =>
        this.tallies.get(phase)?.progress() ?? { received: 0, sinksWithAny: 0 },
      summarize: ({
        phase,
        responseAt,
        splitAt,
      }: {
        phase: Phase;
        responseAt: Float64Array;
        splitAt: number;
      }): PathSummary | null => this.tallies.get(phase)?.summarize(responseAt, splitAt) ?? null,
      eld: (): Percentiles => {
        const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
        const r = {
          n: this.eld.count,
          p50: ms(this.eld.percentile(50)),
          p99: ms(this.eld.percentile(99)),
          max: ms(this.eld.max),
          mean: ms(this.eld.mean),
        };
        this.eld.reset();
        return r;
      },
    };
  }
}

/** Worker side: answers the main thread's requests with `handlers`. */
export function serveRequests(handlers: Handlers): void {
  const port = parentPort;
  if (!port) throw new Error('not in a worker thread');
  port.on('message', (req: Request) => {
    const handler = handlers[req.method];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown method ${req.method}`);
        return handler(req.args);
      })
      .then(
        (result) => port.postMessage({ id: req.id, result } satisfies Answer),
        (err: Error) => port.postMessage({ id: req.id, error: err.stack ?? err.message } satisfies Answer),
      );
  });
}

/** The kinds of receiver worker. */
export type ReceiverRole = 'webhooks' | 'subscribers';

/**
 * A worker thread does not inherit tsx's loader on Node 20 (nor take
 * `--import tsx` in its execArgv), so it loads this module through tsx's API.
 */
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => m.tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;

/** Main side: one receiver worker and calls into it. */
export class ReceiverWorker {
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (a: Answer) => {
      const p = this.pending.get(a.id);
      this.pending.delete(a.id);
      if (a.error !== undefined) p?.reject(new Error(a.error));
      else p?.resolve(a.result);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`receiver worker exited with code ${code}`)));
  }

  /** Starts a receiver worker of `role`. */
  static start(role: ReceiverRole): ReceiverWorker {
    return new ReceiverWorker(new Worker(BOOT, { eval: true, workerData: { role } }));
  }

  /** Calls `method` in the worker. */
  call<T>(method: string, args: unknown = {}): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, method, args } satisfies Request);
    });
  }

  /** Closes what the worker opened (its `close` method), then ends the thread. */
  async stop(): Promise<void> {
    if (!this.failure) await this.call('close').catch(() => undefined);
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

interface Endpoint {
  server: http.Server;
  verifier: Webhook | null;
}

/** Worker side of the webhook receivers. */
function webhookReceivers(): Handlers {
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

  return {
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
  };
}

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

/** Worker side of the WebSocket subscribers. */
function subscriberClients(): Handlers {
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

  return {
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
  };
}

if (!isMainThread && workerData?.role) {
  serveRequests((workerData.role as ReceiverRole) === 'webhooks' ? webhookReceivers() : subscriberClients());
}
