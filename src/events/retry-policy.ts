const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Delay before retry n (index 0 = after the first failed attempt): 5 s,
 * 5 min, 30 min, 2 h, 5 h, then every 10 h; 12 attempts over about 2.8
 * days, after which the delivery is marked failed.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** A subscription whose deliveries keep failing for this long is disabled. */
export const DEFAULT_DISABLE_AFTER_MS = 3 * 24 * HOUR;

/**
 * A destination that keeps timing out is treated as slow (its circuit is
 * open): after `tripAfterTimeouts` attempts in a row with no answer within
 * the delivery timeout, its deliveries get `shortTimeoutMs` and it holds one delivery
 * in flight instead of its usual share, so a dead or stalled receiver costs
 * the deliverer little. Every `probeEveryMs` one attempt gets the full
 * timeout (a probe), so a receiver that is slow but answers is found again.
 * Any answer (any HTTP status) or failure that is not a timeout closes it.
 */
export interface CircuitOptions {
  tripAfterTimeouts: number;
  shortTimeoutMs: number;
  probeEveryMs: number;
}

/** The circuit breaker's defaults: open after 3 timeouts in a row, 2 s while open, a full-timeout probe a minute. */
export const DEFAULT_CIRCUIT: CircuitOptions = { tripAfterTimeouts: 3, shortTimeoutMs: 2_000, probeEveryMs: 60_000 };

/** Longest `Retry-After` honoured; a larger value is clamped to it. */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

export interface RetryPolicy {
  scheduleMs: readonly number[];
  /** Random spread, as a fraction: 0.2 means ±20 %. */
  jitter: number;
}

/**
 * The delay before the next attempt after `attempts` failed ones, or null
 * when the schedule is exhausted. A `Retry-After` (429/503) replaces the
 * backoff step, bounded to [1 s, 24 h]; the attempt still counts.
 */
export function nextRetryDelay(
  policy: RetryPolicy,
  attempts: number,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
): number | null {
  if (attempts > policy.scheduleMs.length) return null;
  if (retryAfterMs !== null) return Math.min(Math.max(retryAfterMs, SECOND), MAX_RETRY_AFTER_MS);
  const base = policy.scheduleMs[attempts - 1];
  const spread = base * policy.jitter * (random() * 2 - 1);
  return Math.max(0, Math.round(base + spread));
}
