// The receivers of the event-lag benchmark (bench/event-lag.ts), in worker threads so their parsing and signature
// checks never delay the driver's fixed-rate schedule. One module, two roles (workerData.role): `webhooks`, one HTTP
// endpoint per webhook subscription, each verifying every request with `standardwebhooks` as a real receiver would
// (receipt time: the whole body arrived); `subscribers`, one graphql-ws client per subscriber (one connection each, as
// separate browsers would have) on the project's `taskEvents` (receipt time: the client hands the message over). Every
// update names itself in the title it sets (`evlag <phase> <seq>`), so each event says which update it came from;
// receipts are tallied per sink and sequence number in the worker, and only the summary crosses to the main thread.

import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createClient } from 'graphql-ws';
import { Webhook } from 'standardwebhooks';
import WebSocket from 'ws';

/** Milliseconds since the epoch with sub-millisecond precision, comparable across threads and processes. */
export const epochMs = () => performance.timeOrigin + performance.now();

/** The title the driver gives update `seq`; `warm` events only prove a sink is live and are not measured. */
export const titleOf = (phase: 'warm' | 'run', seq: number) => `evlag ${phase} ${seq}`;

/** p50/p99/max of a sample (sorted in place), ms to 0.1; null without samples. */
export function percentiles(v: Float64Array) {
  if (!v.length) return null;
  v.sort();
  const at = (q: number) => Math.round(v[Math.ceil(q * v.length) - 1] * 10) / 10;
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}
export type Percentiles = NonNullable<ReturnType<typeof percentiles>>;

/** Failed signature checks or GraphQL errors, messages that carry no bench event, connections lost once up. */
const problems = { unverified: 0, stray: 0, errors: 0, closed: 0, lastError: '' };

/**
 * The receipts of one worker's sinks: which sinks saw a warm-up event, and the first receipt time per sink and
 * measured update. `progress` (shared with the main thread, read while the run goes on): [warm sinks, receipts].
 */
class Tally {
  private readonly receipts: Float64Array[];
  private readonly eventTs: Float64Array;
  private readonly eventIds: (string | undefined)[];
  private readonly warm = new Set<number>();
  private readonly n = { received: 0, duplicated: 0, unexpected: 0 };

  constructor(private readonly size: number, private readonly sinks: number, private readonly progress: Int32Array) {
    this.receipts = Array.from({ length: sinks }, () => new Float64Array(size).fill(NaN));
    this.eventTs = new Float64Array(size).fill(NaN);
    this.eventIds = new Array(size);
  }

  /**
   * `sink` got event `eventId` (data, timestamp) at `at`. A repeat is a duplicate; an update never sent, or a second
   * event id for one update, is unexpected; an event whose title the driver did not set is stray.
   */
  receive(sink: number, data: unknown, eventId: string, timestamp: string | undefined, at: number): void {
    const to = (data as { changes?: { title?: { to?: unknown } } } | null)?.changes?.title?.to;
    const [, phase, n] = (typeof to === 'string' && /^evlag (warm|run) (\d+)$/.exec(to)) || [];
    const [seq, known] = [Number(n), this.eventIds[Number(n)]];
    if (phase === 'warm') this.progress[0] = this.warm.add(sink).size;
    else if (!phase) problems.stray++;
    else if (seq >= this.size || (known !== undefined && known !== eventId)) this.n.unexpected++;
    else if (!Number.isNaN(this.receipts[sink][seq])) this.n.duplicated++;
    else {
      if (known === undefined) [this.eventIds[seq], this.eventTs[seq]] = [eventId, Date.parse(timestamp ?? '')];
      [this.receipts[sink][seq], this.progress[1]] = [at, ++this.n.received];
    }
  }

  /** The path's summary, given when each update was answered (NaN: it failed, so no event is expected). */
  summarize(responseAt: Float64Array) {
    const lags = new Float64Array(this.n.received);
    let [n, lastAt, missing, worstSinkP99] = [0, -Infinity, 0, null as number | null];
    for (const row of this.receipts) {
      const start = n;
      row.forEach((at, seq) => {
        if (Number.isNaN(at)) missing += Number.isNaN(responseAt[seq]) ? 0 : 1;
        else [lags[n++], lastAt] = [at - this.eventTs[seq], Math.max(lastAt, at)];
      });
      const p99 = percentiles(lags.slice(start, n))?.p99;
      if (p99 !== undefined) worstSinkP99 = Math.max(worstSinkP99 ?? 0, p99);
    }
    // expectedPerSink: the updates that answered 200; lag: receipt − the event's own timestamp (written in the
    // transaction, just before commit); lastAt: epoch ms of the last receipt.
    const expectedPerSink = responseAt.filter((v) => !Number.isNaN(v)).length;
    return { sinks: this.sinks, expectedPerSink, ...this.n, missing, lag: percentiles(lags), worstSinkP99, lastAt: n ? lastAt : null, problems };
  }
}

/** What one path (webhooks or WebSocket subscribers) received in the measured phase. */
export type PathSummary = ReturnType<Tally['summarize']>;

/** A receiver worker's sinks: `count` webhook endpoints on free ports, or subscribers of the app's project; `size` measured updates. */
type Config = { count: number; size: number } & ({ role: 'webhooks' } | { role: 'subscribers'; url: string; key: string; projectId: number });

/** A worker thread does not inherit tsx's loader on Node 20 (nor take `--import tsx` in its execArgv): it loads this module through tsx's API. */
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => m.tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;

/**
 * Main side: starts a receiver worker. Its messages: first `ready`, the ports of its webhook endpoints once
 * listening (subscribers: once all are connected); then one summary for each `summarize`. `trust` hands the
 * endpoints their subscriptions' signing secrets, in port order.
 */
export function receiverWorker(config: Config) {
  const progress = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(BOOT, { eval: true, workerData: { ...config, progress } });
  let failure: Error | undefined;
  worker.on('error', (err) => (failure = err));
  const gone = new Promise<never>((_, reject) => worker.once('exit', (code) => reject(failure ?? new Error(`receiver worker exited with code ${code}`))));
  gone.catch(() => undefined);
  const answer = <T>() => Promise.race([once(worker, 'message').then(([m]) => m as T), gone]);
  return {
    ready: answer<number[]>(),
    progress: () => ({ sinks: config.count, warm: progress[0], received: progress[1] }),
    trust: (secrets: string[]) => worker.postMessage(secrets),
    summarize: (responseAt: Float64Array) => (worker.postMessage(responseAt), answer<PathSummary>()),
    stop: () => worker.terminate(),
  };
}

type Receive = Tally['receive'];

/** One HTTP endpoint per subscription, each verifying with its own subscription's secret (`verifiers`, in port order). */
function webhookEndpoints(count: number, verifiers: Webhook[], receive: Receive) {
  return Array.from({ length: count }, (_, sink) => {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
        const at = epochMs();
        const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
        let payload: { data?: unknown; timestamp?: string };
        try {
          payload = verifiers[sink].verify(Buffer.concat(chunks).toString('utf8'), headers) as typeof payload;
        } catch (err) {
          [problems.unverified, problems.lastError] = [problems.unverified + 1, (err as Error).message];
          // Not 2xx, so the app records a failed attempt (and would retry): a bad signature is a real failure.
          return void res.writeHead(400).end();
        }
        res.writeHead(204).end();
        receive(sink, payload.data, headers['webhook-id'], payload.timestamp, at);
      });
    });
    // Longer than any client idle time, so the app's keep-alive agent never reuses a socket this side is
    // closing (that would be a failed attempt and a 5 s retry caused by the receiver, not by the app).
    [server.keepAliveTimeout, server.headersTimeout] = [65_000, 66_000];
    return server.listen(0, '127.0.0.1');
  });
}

const SUBSCRIPTION = `subscription EventLag($projectId: Int!, $events: [TaskEventKind!]) { taskEvents(projectId: $projectId, events: $events) { id data timestamp } }`;

/** One graphql-ws client (its own connection) for subscriber `sink`; resolves once its connection is acknowledged. */
function subscriber(c: Extract<Config, { role: 'subscribers' }>, sink: number, receive: Receive) {
  const fail = (what: string, err: unknown) => {
    problems.errors++;
    problems.lastError = `${what}: ${err instanceof Error ? err.message : JSON.stringify(err)?.slice(0, 300)}`;
  };
  return new Promise<void>((resolve, reject) => {
    let up = false;
    const client = createClient({
      url: `${c.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${c.key}` },
      lazy: false,
      retryAttempts: 0,
      onNonLazyError: (err) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
      on: {
        connected: () => ((up = true), resolve()),
        closed: (event) => (up ? problems.closed++ : reject(new Error(`closed before acknowledged: ${JSON.stringify(event)}`))),
      },
    });
    client.subscribe<{ taskEvents?: { id: string; data: unknown; timestamp: string } }>(
      { query: SUBSCRIPTION, variables: { projectId: c.projectId, events: ['TASK_UPDATED'] } },
      {
        next: ({ data, errors }) => (data?.taskEvents ? receive(sink, data.taskEvents.data, data.taskEvents.id, data.taskEvents.timestamp, epochMs()) : fail('message without data', errors)),
        error: (err) => fail('subscription error', err),
        complete: () => undefined,
      },
    );
  });
}

if (!isMainThread && workerData?.role) {
  const c = workerData as Config & { progress: Int32Array };
  const [tally, verifiers, port] = [new Tally(c.size, c.count, c.progress), [] as Webhook[], parentPort!];
  const receive: Receive = (...args) => tally.receive(...args);
  port.on('message', (m: string[] | Float64Array) => (m instanceof Float64Array ? port.postMessage(tally.summarize(m)) : m.forEach((s, i) => (verifiers[i] = new Webhook(s)))));
  // The sockets are left to the worker's end (terminate). A refused subscriber is an unhandled rejection: the worker dies and `ready` rejects.
  if (c.role === 'webhooks') {
    const servers = webhookEndpoints(c.count, verifiers, receive);
    await Promise.all(servers.map((s) => once(s, 'listening')));
    port.postMessage(servers.map((s) => (s.address() as AddressInfo).port));
  } else {
    // 20 at a time, as clients arrive.
    for (let i = 0; i < c.count; i += 20) await Promise.all(Array.from({ length: Math.min(20, c.count - i) }, (_, j) => subscriber(c, i + j, receive)));
    port.postMessage([]);
  }
}
