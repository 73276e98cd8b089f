import type { Logger } from '../logger.ts';
import { Backoff, describeError } from './outage.ts';

// A database that does not answer (down, restarting, unreachable, out of
// connections) is not a bug of the request that met it: the caller gets 503
// with `Retry-After` (src/errors.ts UNAVAILABLE), and the outage is logged
// once when it starts and once when it ends, not a stack per request.

/**
 * Error codes that mean "the database cannot be reached or refused the
 * connection for now": socket errors, PostgreSQL's connection-exception and
 * operator-intervention classes, and Prisma's connection errors.
 */
export const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND', // a compose service name resolves only once its container exists
  'EPIPE',
  '57P01', // admin_shutdown (also pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  'P1001', // Prisma: can't reach database server
  'P1002', // Prisma: the server was reached but timed out
  'P1017', // Prisma: the server closed the connection
  'P2024', // Prisma: timed out fetching a connection from the pool
]);

/** Prisma driver-adapter error kinds of the same meaning. */
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/** Messages of the pg driver's connection errors, which carry no code. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|Client has encountered a connection error/i;

/**
 * True when `err` (or what it wraps: `cause`, `originalError`, Prisma's
 * `meta.driverAdapterError`, an AggregateError's `errors`) says the database
 * could not be reached, rather than that a query was wrong.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 6) return false;
  const e = err as {
    code?: unknown;
    kind?: unknown;
    originalCode?: unknown;
    message?: unknown;
    cause?: unknown;
    originalError?: unknown;
    errors?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
  if (typeof e.originalCode === 'string' && UNREACHABLE_CODES.has(e.originalCode)) return true;
  if (typeof e.kind === 'string' && UNREACHABLE_KINDS.has(e.kind)) return true;
  if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
  const inner = [e.cause, e.originalError, e.meta?.driverAdapterError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((i) => i !== err && isDatabaseUnavailable(i, depth + 1));
}

/** Options of {@link DatabaseOutageMonitor}. */
export interface OutageMonitorOptions {
  /** First pause between probes while the database is away; doubles up to `maxProbeMs`. */
  initialProbeMs?: number;
  maxProbeMs?: number;
  /** While it lasts, a reminder at most this often (with the count of refused requests). */
  remindMs?: number;
}

/**
 * Follows the database's availability as requests meet it: the first request
 * answered 503 because the database did not answer starts an outage, later
 * ones only count. A probe (`SELECT 1`) runs at once and then with
 * exponential back-off: its first failure is logged (one warning with the
 * error in one line), and the probe that succeeds ends the outage (one info
 * line with how long it lasted and how many requests got 503). A reminder is
 * logged at most every `remindMs` while it lasts.
 */
export class DatabaseOutageMonitor {
  private since: number | null = null;
  private refused = 0;
  private logged = false;
  private lastLogged = 0;
  private readonly backoff: Backoff;
  private readonly remindMs: number;
  private timer: NodeJS.Timeout | null = null;
  private probing = false;
  private closed = false;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly logger: Pick<Logger, 'warn' | 'info'>,
    opts: OutageMonitorOptions = {},
  ) {
    this.backoff = new Backoff(opts.initialProbeMs ?? 500, opts.maxProbeMs ?? 15_000);
    this.remindMs = opts.remindMs ?? 60_000;
  }

  /** True between the first refused request of an outage and the probe that finds the database back. */
  get unavailable(): boolean {
    return this.since !== null;
  }

  /** Seconds a refused caller should wait: the probe's current pace, at least 1. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.backoff.peek() / 1000));
  }

  /** A request was answered 503 because the database did not answer. */
  refuse(): void {
    this.refused++;
    if (this.since !== null || this.closed) return;
    this.since = Date.now();
    void this.check();
  }

  private async check(): Promise<void> {
    this.timer = null;
    if (this.probing || this.closed) return;
    this.probing = true;
    let error: unknown = null;
    try {
      await this.probe();
    } catch (err) {
      error = err ?? new Error('probe failed');
    } finally {
      this.probing = false;
    }
    if (this.closed || this.since === null) return;
    const now = Date.now();
    if (error === null) {
      this.logger.info(
        { refused: this.refused, unavailableForMs: now - this.since },
        this.logged ? 'database available again' : 'a request found the database unavailable; it answers again',
      );
      this.since = null;
      this.refused = 0;
      this.logged = false;
      this.backoff.reset();
      return;
    }
    if (!this.logged) {
      this.logged = true;
      this.lastLogged = now;
      this.logger.warn(
        { error: describeError(error) },
        'database unavailable: requests are answered 503 with Retry-After until it answers again',
      );
    } else if (now - this.lastLogged >= this.remindMs) {
      this.lastLogged = now;
      this.logger.warn(
        { error: describeError(error), refused: this.refused, unavailableForMs: now - this.since },
        'database still unavailable',
      );
    }
    this.timer = setTimeout(() => void this.check(), this.backoff.fail());
    this.timer.unref();
  }

  /** Stops probing (the instance is closing). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
