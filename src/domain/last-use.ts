/**
 * When a row's "last used" time is worth writing again: at most once per
 * `intervalMs` for each row of each database. Kept per database (the client
 * object), not per id alone: ids repeat across databases, and one process
 * can hold several (tests, benchmarks), where a row of one database must not
 * stop the write of a row with the same id in another.
 */
export function lastUseThrottle(intervalMs: number): (db: object, id: number, now: number) => boolean {
  const written = new WeakMap<object, Map<number, number>>();
  return (db, id, now) => {
    let rows = written.get(db);
    if (!rows) written.set(db, (rows = new Map()));
    if ((rows.get(id) ?? 0) >= now - intervalMs) return false;
    rows.set(id, now);
    return true;
  };
}
