// The receivers of the event-lag benchmark (bench/event-lag.ts), in worker threads so their parsing and signature
// checks never delay the driver's schedule: `webhooks`, one HTTP endpoint per subscription verifying every request with
// `standardwebhooks` (receipt: the whole body arrived); `subscribers`, one graphql-ws client and connection per
// subscriber, as separate browsers would have (receipt: the client hands the message over). Each update names itself
// in its title (`evlag <phase> <seq>`); the worker tallies receipts per sink and update, the main thread reads counts
// from shared memory during the run and gets the summary at the end.

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

/** Failed signature checks, GraphQL errors, messages that carry no bench event, connections lost once up. */
const problems = { unverified: 0, errors: 0, stray: 0, closed: 0, lastError: '' };
const fail = (kind: 'unverified' | 'errors', message: string) => {
  problems[kind]++;
  problems.lastError = message;
};

/** One worker's receipts: per sink and measured update, the lag of the first; `progress` (shared with the main thread): [sinks warm, receipts]. */
class Tally {
  private readonly lags: Float64Array[];
  private readonly eventIds: (string | undefined)[];
  private readonly warm = new Set<number>();
  private readonly n = { received: 0, duplicated: 0, unexpected: 0 };
  private lastAt = -Infinity;

  constructor(private readonly size: number, private readonly sinks: number, private readonly progress: Int32Array) {
    this.lags = Array.from({ length: sinks }, () => new Float64Array(size).fill(NaN));
    this.eventIds = new Array(size);
  }

  /** A repeat is a duplicate; an update never sent, or a second event id for one update, is unexpected; an event the driver did not cause is stray. */
  receive(sink: number, event: { id: string; data: unknown; timestamp: string }, at: number): void {
    const to = (event.data as { changes?: { title?: { to?: unknown } } } | null)?.changes?.title?.to;
    const [, phase, n] = /^evlag (warm|run) (\d+)$/.exec(String(to)) ?? [];
    const [seq, known] = [Number(n), this.eventIds[Number(n)]];
    if (phase === 'warm') this.progress[0] = this.warm.add(sink).size;
    else if (!phase) problems.stray++;
    else if (seq >= this.size || (known !== undefined && known !== event.id)) this.n.unexpected++;
    else if (!Number.isNaN(this.lags[sink][seq])) this.n.duplicated++;
    else {
      this.eventIds[seq] = event.id;
      this.lags[sink][seq] = at - Date.parse(event.timestamp);
      this.progress[1] = ++this.n.received;
      this.lastAt = Math.max(this.lastAt, at);
    }
  }

  /** The path's summary, given when each update was answered (NaN: it failed, so no event is expected). */
  summarize(responseAt: Float64Array) {
    const expectedPerSink = responseAt.filter((at) => !Number.isNaN(at)).length;
    // Missing: the event of an answered update that a sink never got.
    const missing = this.lags.reduce((sum, row) => sum + row.filter((lag, seq) => Number.isNaN(lag) && !Number.isNaN(responseAt[seq])).length, 0);
    const perSink = this.lags.map((row) => row.filter((lag) => !Number.isNaN(lag)));
    const all = Float64Array.from(perSink.flatMap((lags) => [...lags]));
    const worstSinkP99 = all.length ? Math.max(...perSink.map((lags) => percentiles(lags)?.p99 ?? 0)) : null;
    return { sinks: this.sinks, expectedPerSink, ...this.n, missing, lag: percentiles(all), worstSinkP99, lastAt: all.length ? this.lastAt : null, problems };
  }
}

/** What one path (webhooks or WebSocket subscribers) received in the measured phase. */
export type PathSummary = ReturnType<Tally['summarize']>;

/** A receiver worker's sinks: `count` webhook endpoints on free ports, or subscribers to the app's project; `size` measured updates. */
type Config = { count: number; size: number } & ({ role: 'webhooks' } | { role: 'subscribers'; url: string; key: string; projectId: number });

/** A worker thread does not inherit tsx's loader on Node 20 (nor take `--import tsx` in its execArgv): it loads this module through tsx's API. */
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => m.tsImport(${JSON.stringify(import.meta.url)}, ${JSON.stringify(import.meta.url)}))`;

/**
 * Main side: a receiver worker. It answers twice: `ready`, once listening (the webhook endpoints' ports) or
 * connected, and `summarize`. `trust` hands the endpoints their subscriptions' signing secrets, in port order.
 */
export function receiverWorker(config: Config) {
  const progress = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(BOOT, { eval: true, workerData: { ...config, progress } });
  // A crash while an answer is awaited rejects it (once() listens for 'error'); one before, when it is asked for.
  let failure: Error | undefined;
  worker.on('error', (err) => (failure = err));
  const answer = <T>() => (failure ? Promise.reject(failure) : once(worker, 'message').then(([m]) => m as T));
  return {
    ready: answer<number[]>(),
    progress: () => ({ sinks: config.count, warm: progress[0], received: progress[1] }),
    trust: (secrets: string[]) => worker.postMessage(secrets),
    summarize: (responseAt: Float64Array) => (worker.postMessage(responseAt), answer<PathSummary>()),
    stop: () => worker.terminate(),
  };
}

/** One HTTP endpoint for webhook sink `sink`, verifying with its subscription's secret. */
function webhookEndpoint(sink: number, verifiers: Webhook[], tally: Tally) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
      const at = epochMs();
      let payload: { data?: unknown; timestamp: string };
      try {
        payload = verifiers[sink].verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>) as typeof payload;
      } catch (err) {
        fail('unverified', (err as Error).message);
        // Not 2xx, so the app records a failed attempt (and would retry): a bad signature is a real failure.
        return void res.writeHead(400).end();
      }
      res.writeHead(204).end();
      tally.receive(sink, { id: String(req.headers['webhook-id']), data: payload.data, timestamp: payload.timestamp }, at);
    });
  });
  // Longer than any client idle time, so the app's keep-alive agent never reuses a socket this side is closing
  // (that would be a failed attempt and a 5 s retry caused by the receiver, not by the app).
  [server.keepAliveTimeout, server.headersTimeout] = [65_000, 66_000];
  return server.listen(0, '127.0.0.1');
}

const SUBSCRIPTION = `subscription EventLag($projectId: Int!, $events: [TaskEventKind!]) { taskEvents(projectId: $projectId, events: $events) { id data timestamp } }`;

/** A graphql-ws client for subscriber `sink`; resolves once its connection is acknowledged. */
function subscriber(c: Extract<Config, { role: 'subscribers' }>, sink: number, tally: Tally) {
  const error = (what: string, err: unknown) => fail('errors', `${what}: ${err instanceof Error ? err.message : JSON.stringify(err)?.slice(0, 300)}`);
  return new Promise<void>((resolve, reject) => {
    const client = createClient({
      url: `${c.url.replace(/^http/, 'ws')}/graphql`, connectionParams: { authorization: `Bearer ${c.key}` }, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0,
      // Refused, or closed before its acknowledgement; a connection lost later counts as closed.
      onNonLazyError: (err) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
      on: { connected: () => resolve(), closed: () => problems.closed++ },
    });
    client.subscribe<{ taskEvents?: { id: string; data: unknown; timestamp: string } }>(
      { query: SUBSCRIPTION, variables: { projectId: c.projectId, events: ['TASK_UPDATED'] } },
      {
        next: ({ data, errors }) => (data?.taskEvents ? tally.receive(sink, data.taskEvents, epochMs()) : error('message without data', errors)),
        error: (err) => error('subscription error', err),
        complete: () => undefined,
      },
    );
  });
}

if (!isMainThread && workerData?.role) {
  const c = workerData as Config & { progress: Int32Array };
  const [tally, verifiers, port] = [new Tally(c.size, c.count, c.progress), [] as Webhook[], parentPort!];
  port.on('message', (m: string[] | Float64Array) => (m instanceof Float64Array ? port.postMessage(tally.summarize(m)) : m.forEach((s, i) => (verifiers[i] = new Webhook(s)))));
  // Sockets close with the thread (terminate). Subscribers connect 20 at a time, as clients arrive; a refused one is an unhandled rejection: the worker dies and `ready` rejects.
  if (c.role === 'webhooks') {
    const servers = Array.from({ length: c.count }, (_, sink) => webhookEndpoint(sink, verifiers, tally));
    await Promise.all(servers.map((s) => once(s, 'listening')));
    port.postMessage(servers.map((s) => (s.address() as AddressInfo).port));
  } else {
    for (let i = 0; i < c.count; i += 20) await Promise.all(Array.from({ length: Math.min(20, c.count - i) }, (_, j) => subscriber(c, i + j, tally)));
    port.postMessage([]);
  }
}
