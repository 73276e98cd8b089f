import type pg from 'pg';

/**
 * Resolves once at least `count` sessions of this database wait for a lock
 * (PostgreSQL only): how a concurrency test knows that the operation it
 * started is blocked where it means it to be, by an order of events rather
 * than by a sleep. `watcher` is a connection of its own.
 */
export async function waitForBlockedSessions(watcher: pg.Client, count: number): Promise<void> {
  for (;;) {
    const { rows } = await watcher.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0',
    );
    if (rows[0].n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
