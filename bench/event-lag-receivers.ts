// The receivers of the event-lag benchmark (bench/event-lag.ts), in worker
// threads of their own so their parsing and signature checks never delay the
// driver's fixed-rate schedule, and a busy receiver shows up as its own
// event-loop delay. One module, two roles (workerData.role): `webhooks`, one
// HTTP endpoint per webhook subscription, each verifying every request with
// `standardwebhooks` as a real receiver would (receipt time: the whole body
// arrived); `subscribers`, one graphql-ws client per subscriber (one
// connection each, as separate browsers would have) on the project's
// `taskEvents` (receipt time: the client hands the message over). Every
// update names itself in the title it sets (`evlag <phase> <seq>`), so each
// event says which update it came from; receipts are tallied per sink and
// sequence number in the worker. The main thread calls the workers through
// ReceiverWorker.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type Client, createClient } from 'graphql-ws';
import { Webhook } from 'standardwebhooks';
import WebSocket from 'ws';

/** Phases of a run; `warm` events only prove the sinks are live and are not measured. */
export type Phase = 'warm' | 'run';

/** Milliseconds since the epoch with sub-millisecond precision, comparable across threads and processes. */
export const epochMs = () => performance.timeOrigin + performance.now();

/** The title the driver gives update `seq` of `phase`. */
export const titleOf = (phase: Phase, seq: number) => `evlag ${phase} ${seq}`;

/** The phase and sequence number of an event's `data`, or null for an event the driver did not make. */
function parseEventData(data: unknown): { phase: Phase; seq: number } | null {
  const to = (data as { changes?: { title?: { to?: unknown } } } | null)?.changes?.title?.to;
  const m = typeof to === 'string' ? /^evlag (warm|run) (\d+)$/.exec(to) : null;
  return m ? { phase: m[1] as Phase, seq: Number(m[2]) } : null;
}

/** p50/p99/max/mean of a sample, milliseconds. */
export interface Percentiles {
  n: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Percentiles of `values` (sorted in place); null without samples. */
export function percentiles(values: Float64Array): Percentiles | null {
  if (values.length === 0) return null;
  values.sort();
  const at = (q: number) => values[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
  const sum = values.reduce((a, b) => a + b, 0);
  return { n: values.length, p50: r1(at(0.5)), p99: r1(at(0.99)), max: r1(values[values.length - 1]), mean: r1(sum / values.length) };
}

/** Percentiles of an event-loop delay histogram (nanoseconds) in ms. */
export function eldPercentiles(h: ReturnType<typeof monitorEventLoopDelay>): Percentiles {
  const ms = (ns: number) => r1(ns / 1e6);
  return { n: h.count, p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max), mean: ms(h.mean) };
}

/** What one path (webhooks or WebSocket subscribers) received in a phase. */
export interface PathSummary {
  sinks: number;
  /** Events each sink should have received (the updates that answered 200). */
  expectedPerSink: number;
  /** Distinct events received, over all sinks. */
  received: number;
  lost: number;
  duplicated: number;
  /** A second event id for one update, or an update number never sent. */
  unexpected: number;
  /** Events of updates whose request failed at the driver (timed out, yet committed): neither expected nor wrong. */
  ofFailedRequests: number;
  /** Lag from the event's own timestamp (written in the transaction, just before commit). */
  lagFromEvent: Percentiles | null;
  /** Lag from the moment the update's HTTP response reached the driver (after commit). */
  lagFromResponse: Percentiles | null;
  /** Epoch ms of the last receipt. */
  lastAt: number | null;
  /** The highest p99 lag (from the event) of any one sink. */
  worstSinkP99: number | null;
}

/** Receipts of one phase: first receipt time per sink and sequence number, duplicates, event ids. */
class PhaseTally {
  private readonly receipts: Float64Array[];
  private readonly duplicates: Uint32Array;
  private readonly received: Uint32Array;
  private readonly eventTs: Float64Array;
  private readonly eventIds: (string | undefined)[];
  private unexpected = 0;
  private sinksWithAny = 0;

  constructor(readonly size: number, readonly sinks: number) {
    this.receipts = Array.from({ length: sinks }, () => new Float64Array(size).fill(NaN));
    this.duplicates = new Uint32Array(sinks);
    this.received = new Uint32Array(sinks);
    this.eventTs = new Float64Array(size).fill(NaN);
    this.eventIds = new Array(size);
  }

  /**
   * Records that `sink` got event `eventId` (update `seq`, event timestamp
   * `eventTs`) at `at`. A repeat of the same event is a duplicate; another
   * event id for the same update is unexpected (one update, one event).
   */
  record(sink: number, seq: number, eventId: string, eventTs: number, at: number): void {
    const known = seq < this.size ? this.eventIds[seq] : null;
    if (known === null || (known !== undefined && known !== eventId)) {
      this.unexpected++;
      return;
    }
    if (known === undefined) [this.eventIds[seq], this.eventTs[seq]] = [eventId, eventTs];
    const row = this.receipts[sink];
    if (!Number.isNaN(row[seq])) {
      this.duplicates[sink]++;
      return;
    }
    row[seq] = at;
    if (this.received[sink]++ === 0) this.sinksWithAny++;
  }

  /** Distinct receipts over all sinks, and how many sinks got at least one. */
  progress(): { received: number; sinksWithAny: number } {
    return { received: this.received.reduce((a, b) => a + b, 0), sinksWithAny: this.sinksWithAny };
  }

  /** Lost, duplicated and lag, given when each update's response arrived (NaN: it failed, no event is expected). */
  summarize(responseAt: Float64Array): PathSummary {
    const fromEvent = new Float64Array(this.progress().received);
    const fromResponse = new Float64Array(fromEvent.length);
    let [n, lastAt, lost, ofFailed, worstSinkP99] = [0, -Infinity, 0, 0, null as number | null];
    for (const row of this.receipts) {
      const start = n;
      for (let seq = 0; seq < this.size; seq++) {
        const at = row[seq];
        const answered = !Number.isNaN(responseAt[seq]);
        if (Number.isNaN(at)) {
          if (answered) lost++;
          continue;
        }
        if (!answered) ofFailed++;
        fromEvent[n] = at - this.eventTs[seq];
        fromResponse[n++] = answered ? at - responseAt[seq] : NaN;
        lastAt = Math.max(lastAt, at);
      }
      const p99 = percentiles(fromEvent.slice(start, n))?.p99;
      if (p99 !== undefined) worstSinkP99 = Math.max(worstSinkP99 ?? 0, p99);
    }
    return {
      sinks: this.sinks,
      expectedPerSink: responseAt.filter((v) => !Number.isNaN(v)).length,
      received: n,
      lost,
      duplicated: this.duplicates.reduce((a, b) => a + b, 0),
      unexpected: this.unexpected,
      ofFailedRequests: ofFailed,
      lagFromEvent: percentiles(fromEvent.slice(0, n)),
      lagFromResponse: percentiles(fromResponse.slice(0, n).filter((v) => !Number.isNaN(v))),
      lastAt: n ? lastAt : null,
      worstSinkP99,
    };
  }
}

type Handlers = Record<string, (args: any) => unknown>;
type Answer = { id: number; result?: unknown; error?: string };

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
  private readonly worker: Worker;

  /** Starts a receiver worker of `role`. */
  constructor(role: 'webhooks' | 'subscribers') {
    this.worker = new Worker(BOOT, { eval: true, workerData: { role } });
    this.worker.on('message', (a: Answer) => {
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
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`receiver worker exited with code ${code}`)));
  }

  /** Calls `method` in the worker. */
  call<T>(method: string, args: unknown = {}): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, method, args });
    });
  }

  /** Closes what the worker opened (its `close` method), then ends the thread. */
  async stop(): Promise<void> {
    if (!this.failure) await this.call('close').catch(() => undefined);
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/**
 * Worker side: what every receiver answers (its tallies by phase, its
 * event-loop delay, its problems) around the role's own `open` and `close`.
 */
function receiverHandlers(role: 'webhooks' | 'subscribers'): Handlers {
  const tallies = new Map<Phase, PhaseTally>();
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  /** Failed verifications or GraphQL errors, messages that carry no bench event, connections lost once up. */
  const problems = { unverified: 0, stray: 0, errors: 0, closed: 0, lastError: '' };
  const receive = (sink: number, data: unknown, eventId: string, timestamp: string | undefined, at: number) => {
    const ref = parseEventData(data);
    const tally = ref && tallies.get(ref.phase);
    if (!ref || !tally) problems.stray++;
    else tally.record(sink, ref.seq, eventId, Date.parse(timestamp ?? ''), at);
  };
  const own = role === 'webhooks' ? webhookReceivers(receive, problems) : subscriberClients(receive, problems);
  return {
    ...own,
    phase: ({ phase, size }: { phase: Phase; size: number }) => void tallies.set(phase, new PhaseTally(size, own.sinks())),
    progress: ({ phase }: { phase: Phase }) => tallies.get(phase)?.progress() ?? { received: 0, sinksWithAny: 0 },
    summarize: ({ phase, responseAt }: { phase: Phase; responseAt: Float64Array }) => tallies.get(phase)?.summarize(responseAt) ?? null,
    eld: () => {
      const p = eldPercentiles(eld);
      eld.reset();
      return p;
    },
    problems: () => ({ ...problems }),
  };
}

type Receive = (sink: number, data: unknown, eventId: string, timestamp: string | undefined, at: number) => void;
type Problems = { unverified: number; stray: number; errors: number; closed: number; lastError: string };

/** The webhook endpoints: one HTTP server per subscription, each verifying with its subscription's secret. */
function webhookReceivers(receive: Receive, problems: Problems) {
  const endpoints: { server: http.Server; verifier: Webhook | null }[] = [];

  function handle(sink: number, req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = epochMs();
      const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
      let payload: { data?: unknown; timestamp?: string };
      try {
        const verifier = endpoints[sink].verifier;
        if (!verifier) throw new Error('no secret registered yet');
        payload = verifier.verify(Buffer.concat(chunks).toString('utf8'), headers) as typeof payload;
      } catch (err) {
        problems.unverified++;
        problems.lastError = (err as Error).message;
        // Not 2xx, so the app records a failed attempt (and would retry): a bad signature is a real failure.
        res.writeHead(400).end();
        return;
      }
      res.writeHead(204).end();
      receive(sink, payload.data, headers['webhook-id'], payload.timestamp, at);
    });
  }

  return {
    sinks: () => endpoints.length,
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
    trust: ({ sink, secret }: { sink: number; secret: string }) => void (endpoints[sink].verifier = new Webhook(secret)),
    close: () => Promise.all(endpoints.map((e) => new Promise<void>((resolve) => (e.server.closeAllConnections(), e.server.close(() => resolve()))))),
  };
}

const SUBSCRIPTION = /* GraphQL */ `
  subscription EventLag($projectId: Int!, $events: [TaskEventKind!]) {
    taskEvents(projectId: $projectId, events: $events) { id data timestamp }
  }
`;

/** The WebSocket subscribers: one graphql-ws client each. */
function subscriberClients(receive: Receive, problems: Problems) {
  const clients: Client[] = [];
  const fail = (what: string, err: unknown) => {
    problems.errors++;
    problems.lastError = `${what}: ${err instanceof Error ? err.message : JSON.stringify(err)?.slice(0, 300)}`;
  };

  /** Opens one subscriber; resolves once its connection is acknowledged. */
  const subscriber = (sink: number, url: string, key: string, projectId: number) =>
    new Promise<void>((resolve, reject) => {
      let up = false;
      const client = createClient({
        url,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${key}` },
        lazy: false,
        retryAttempts: 0,
        onNonLazyError: (err) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
        on: {
          connected: () => ((up = true), resolve()),
          closed: (event) => (up ? problems.closed++ : reject(new Error(`closed before acknowledged: ${JSON.stringify(event)}`))),
        },
      });
      clients.push(client);
      client.subscribe<{ taskEvents?: { id: string; data: unknown; timestamp: string } }>(
        { query: SUBSCRIPTION, variables: { projectId, events: ['TASK_UPDATED'] } },
        {
          next: (value) => {
            const at = epochMs();
            const event = value.data?.taskEvents;
            if (!event) return fail('message without data', value.errors);
            receive(sink, event.data, event.id, event.timestamp, at);
          },
          error: (err) => fail('subscription error', err),
          complete: () => undefined,
        },
      );
    });

  return {
    sinks: () => clients.length,
    /** Opens `count` subscribers (20 at a time, as clients arrive); answers once all are connected. */
    connect: async ({ url, key, projectId, count }: { url: string; key: string; projectId: number; count: number }) => {
      const wsUrl = `${url.replace(/^http/, 'ws')}/graphql`;
      for (let start = 0; start < count; start += 20) {
        await Promise.all(Array.from({ length: Math.min(count, start + 20) - start }, (_, i) => subscriber(start + i, wsUrl, key, projectId)));
      }
      return clients.length;
    },
    close: () => Promise.all(clients.splice(0).map((c) => c.dispose())),
  };
}

if (!isMainThread && workerData?.role) {
  const handlers = receiverHandlers(workerData.role);
  const port = parentPort!;
  port.on('message', (req: { id: number; method: string; args: unknown }) => {
    Promise.resolve()
      .then(() => {
        if (!handlers[req.method]) throw new Error(`unknown method ${req.method}`);
        return handlers[req.method](req.args);
      })
      .then(
        (result) => port.postMessage({ id: req.id, result } satisfies Answer),
        (err: Error) => port.postMessage({ id: req.id, error: err.stack ?? err.message } satisfies Answer),
      );
  });
}
