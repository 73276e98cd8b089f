import type { Logger } from '../logger.ts';

// During a database (or Redis) outage every loop fails on every attempt. Two
// rules keep that calm: retry with exponential back-off instead of at the
// normal pace, and log the state changes (failing, recovered) once each with
// the error in one line, not a stack per attempt.

/** An error in a few words: its code and its telling line, never a stack. */
export function describeError(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; errors?: unknown[] };
  // Node's AggregateError (IPv4 and IPv6 both refused) has an empty message.
  const message =
    typeof e.message === 'string' && e.message
      ? e.message
      : Array.isArray(e.errors) && e.errors.length
        ? describeError(e.errors[0])
        : String(err);
  const lines = message.split('\n').map((l) => l.trim()).filter(Boolean);
  // Prisma leads with "Invalid `prisma.x()` invocation:" and ends with the driver's reason.
  const line = (/^Invalid `.*` invocation/.test(lines[0] ?? '') ? lines[lines.length - 1] : lines[0]) ?? '';
  const code = typeof e.code === 'string' && !line.includes(e.code) ? `${e.code}: ` : '';
  return `${code}${line}`.slice(0, 300);
}

/** Delays of consecutive failures: `initialMs`, doubling, at most `maxMs`. */
export class Backoff {
  private failures = 0;

  constructor(
    private readonly initialMs: number,
    private readonly maxMs: number,
  ) {}

  /** Records a failure and returns how long to wait before the next attempt. */
  fail(): number {
    this.failures++;
    return Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.failures - 1, 30));
  }

  /** The delay the next failure would get, without recording one. */
  peek(): number {
    return Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.failures, 30));
  }

  /** Consecutive failures so far (0 after a success). */
  get count(): number {
    return this.failures;
  }

  reset(): void {
    this.failures = 0;
  }
}

/**
 * Logs a recurring operation's health changes: the first failure (warn, one
 * line), a reminder at most every `remindMs` while it keeps failing, and the
 * recovery (info, with how many attempts failed and for how long).
 */
export class OutageLog {
  private since: number | null = null;
  private failures = 0;
  private lastLogged = 0;

  constructor(
    private readonly logger: Pick<Logger, 'warn' | 'info'>,
    /** What failed, e.g. `event loop "outbox"`. */
    private readonly what: string,
    private readonly context: Record<string, unknown> = {},
    private readonly remindMs = 60_000,
  ) {}

  /** True while failing (between a failure and the next success). */
  get failing(): boolean {
    return this.since !== null;
  }

  /** Records a failure; logs only the first of an outage and then a reminder every `remindMs`. */
  failure(err: unknown, retryInMs?: number): void {
    const now = Date.now();
    this.failures++;
    if (this.since === null) {
      this.since = now;
      this.lastLogged = now;
      this.logger.warn({ ...this.context, error: describeError(err), retryInMs }, `${this.what} failing; retrying with back-off`);
    } else if (now - this.lastLogged >= this.remindMs) {
      this.lastLogged = now;
      this.logger.warn(
        { ...this.context, error: describeError(err), failures: this.failures, failingForMs: now - this.since, retryInMs },
        `${this.what} still failing`,
      );
    }
  }

  /** Records a success; logs the recovery if it was failing. */
  success(): void {
    if (this.since === null) return;
    this.logger.info({ ...this.context, failures: this.failures, failedForMs: Date.now() - this.since }, `${this.what} recovered`);
    this.since = null;
    this.failures = 0;
  }
}
