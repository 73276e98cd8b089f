import type { SqlRunner } from './client.ts';

/*
 * Checkpoints for the embedded database.
 *
 * PGlite runs PostgreSQL as one single-user backend, without the
 * checkpointer process. PostgreSQL asks that process for a checkpoint once
 * the WAL written since the last one passes max_wal_size ÷ (1 +
 * checkpoint_completion_target), about 540 MB at the default 1 GB. In PGlite
 * that request is never answered: the commit whose WAL write crosses the line
 * spins in `pg_usleep` under `XLogFlush` for good, holding the only
 * connection and the main thread (measured with PGlite 0.4: a PGlite that
 * was written to without pause stopped answering at 532 MB of WAL;
 * bench/BENCHMARKS.md, session 10). A burst of task
 * updates on a large board writes that much WAL in a few minutes, since the
 * first change of a page after a checkpoint logs the whole page.
 *
 * So the service checkpoints the embedded database itself, as the
 * checkpointer would: `CHECKPOINT` (run in-process by a single-user backend)
 * whenever the WAL since the last checkpoint passes `maxWalBytes`, or is not
 * empty and older than `maxAgeMs` (PostgreSQL's checkpoint_timeout). And it
 * starts PGlite with a max_wal_size so large that a late round can never
 * reach the request that stalls (pglite-settings.ts). A checkpoint also lets
 * PostgreSQL recycle the WAL segments before it, which bounds pg_wal on disk
 * (or in memory, for an in-memory database).
 */

/** When the embedded database is checkpointed. */
export interface WalCheckpointOptions {
  /** How often the WAL written since the last checkpoint is looked at (one cheap statement). */
  intervalMs: number;
  /** Checkpoint once this much WAL was written since the last checkpoint. */
  maxWalBytes: number;
  /** Checkpoint when some WAL (at least a segment's worth of bytes) is this old. */
  maxAgeMs: number;
}

export const DEFAULT_WAL_CHECKPOINTS: WalCheckpointOptions = {
  intervalMs: 2_000,
  // A checkpoint writes the pages changed since the last one; 64 MB of WAL
  // keeps that a short pause (tens of milliseconds measured) and pg_wal small.
  maxWalBytes: 64 * 2 ** 20,
  maxAgeMs: 5 * 60_000,
};

/** WAL bytes below this are no reason for a time-based checkpoint (a checkpoint logs a record itself). */
const SEGMENT_BYTES = 16 * 2 ** 20;

/** What the checkpoints report (for logs and tests). */
export interface WalCheckpointEvents {
  /** A checkpoint ran: the WAL it covered and how long it held the connection. */
  onCheckpoint?: (info: { walBytes: number; ms: number }) => void;
  /** A look or a checkpoint failed (retried at the next interval). */
  onError?: (err: Error) => void;
}

/** The WAL written since the last checkpoint, and the age of that checkpoint. */
export async function walSinceCheckpoint(sql: SqlRunner): Promise<{ walBytes: number; ageMs: number }> {
  const rows = await sql.query<{ walBytes: number; ageMs: number }>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 AS "walBytes",
            (extract(epoch FROM now() - checkpoint_time) * 1000)::float8 AS "ageMs"
     FROM pg_control_checkpoint()`,
  );
  const row = rows[0];
  return { walBytes: row?.walBytes ?? 0, ageMs: row?.ageMs ?? 0 };
}

/**
 * Checkpoints the embedded database behind `sql` whenever its WAL since the
 * last checkpoint is too large or too old (see above), looking every
 * `intervalMs`. PGlite runs each statement between transactions, never
 * inside another caller's. Returns a stop function that waits for a round in
 * progress.
 */
export function keepWalCheckpointed(
  sql: SqlRunner,
  options: WalCheckpointOptions = DEFAULT_WAL_CHECKPOINTS,
  events: WalCheckpointEvents = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = async () => {
    const { walBytes, ageMs } = await walSinceCheckpoint(sql);
    if (walBytes < options.maxWalBytes && (walBytes < SEGMENT_BYTES || ageMs < options.maxAgeMs)) return;
    const started = performance.now();
    await sql.exec('CHECKPOINT');
    events.onCheckpoint?.({ walBytes, ms: performance.now() - started });
  };
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = round()
      .catch((err: unknown) => events.onError?.(err instanceof Error ? err : new Error(String(err))))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs);
  timer.unref?.();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
