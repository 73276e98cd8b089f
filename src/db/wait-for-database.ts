import pg from 'pg';
import pRetry, { AbortError } from 'p-retry';
import type { Logger } from '../logger.ts';
import { describeError } from './outage.ts';
import { UNREACHABLE_CODES } from './unavailable.ts';

/** PostgreSQL could not be reached (or refused us) at start-up; the message names DATABASE_URL. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Options of {@link waitForDatabase}. */
export interface WaitOptions {
  /** Give up after this long (DATABASE_WAIT_SECONDS). 0: one attempt. */
  waitMs: number;
  logger: Pick<Logger, 'warn' | 'info'>;
  /** One connection attempt may take this long (a host that drops packets never refuses). */
  attemptTimeoutMs?: number;
  /** First pause between attempts; doubles up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

// Errors that say "not yet" (the server is down, starting, restarting or
// unreachable for now): worth waiting for. Anything else (wrong password, no
// such database, bad TLS settings) will not fix itself and stops at once.
function isTransient(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return UNREACHABLE_CODES.has(code);
  // pg's own timeout and a socket closed during the handshake carry no code.
  return /timeout|terminated|Connection terminated|closed/i.test(err instanceof Error ? err.message : '');
}

/** The URL without its password, as logs may show it. */
export function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/**
 * Waits until PostgreSQL at `url` accepts a connection (`SELECT 1`),
 * retrying transient failures with exponential back-off (p-retry) for
 * `waitMs`: a service started together with its database (compose, systemd)
 * comes up once the database does instead of dying on the first
 * ECONNREFUSED. Logs one line when it starts waiting and one when the
 * database answers; throws {@link DatabaseUnavailableError} naming
 * DATABASE_URL when it gives up or the failure is not transient.
 */
export async function waitForDatabase(url: string, opts: WaitOptions): Promise<void> {
  const where = redactedUrl(url);
  const started = Date.now();
  let attempts = 0;
  let waiting = false;
  const connectOnce = async () => {
    attempts++;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: opts.attemptTimeoutMs ?? 5000 });
    // A connection dropped after connect() would otherwise be an unhandled 'error' event.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
    } catch (err) {
      if (isTransient(err)) throw err;
      throw new AbortError(new DatabaseUnavailableError(`PostgreSQL at ${where} (DATABASE_URL) refused the connection: ${describeError(err)}`));
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  try {
    await pRetry(connectOnce, {
      retries: Infinity,
      factor: 2,
      minTimeout: opts.initialDelayMs ?? 250,
      maxTimeout: opts.maxDelayMs ?? 5000,
      // The last pause is cut to what is left of the wait, and one last attempt made then.
      maxRetryTime: opts.waitMs,
      onFailedAttempt: ({ error }) => {
        if (waiting || Date.now() - started >= opts.waitMs) return;
        waiting = true;
        opts.logger.warn(
          { error: describeError(error), waitSeconds: Math.round(opts.waitMs / 1000) },
          `PostgreSQL at ${where} (DATABASE_URL) does not answer yet; retrying with back-off`,
        );
      },
    });
  } catch (err) {
    if (err instanceof DatabaseUnavailableError) throw err;
    throw new DatabaseUnavailableError(
      `cannot reach PostgreSQL at ${where} (DATABASE_URL) after ${Math.round((Date.now() - started) / 1000)} s and ${attempts} attempts: ${describeError(err)}. ` +
        'Start the database or fix DATABASE_URL; DATABASE_WAIT_SECONDS sets how long start-up waits.',
    );
  }
  if (waiting) opts.logger.info({ attempts, waitedMs: Date.now() - started }, `PostgreSQL at ${where} is reachable`);
}
