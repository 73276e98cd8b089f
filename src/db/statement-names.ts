/**
 * Names for PostgreSQL prepared statements, so each connection parses and
 * plans a hot statement once instead of on every call (`@prisma/adapter-pg`
 * sends unnamed statements unless it is given a `statementNameGenerator`).
 *
 * Bounded on both sides: `pg` keeps every statement a connection has
 * prepared for the connection's life and PostgreSQL keeps its plan, and
 * ad-hoc GraphQL documents produce SQL nobody will send again. So a
 * statement is named only once it has been seen `admitAfter` times (counted
 * in a bounded recency map), and at most `maxNamed` statements are ever
 * named; anything else runs unnamed, as before.
 */
export interface StatementNamerOptions {
  /** Most distinct statements ever given a name (per process). */
  maxNamed?: number;
  /** Sightings before a statement is named (1 names it on first use). */
  admitAfter?: number;
  /** Most unnamed statements whose sightings are remembered. */
  maxCandidates?: number;
}

/** Returns the prepared-statement name for `sql`, or undefined to run it unnamed. */
export type StatementNamer = (query: { sql: string }) => string | undefined;

/** A statement namer with the bounds above (defaults: 1,000 named, admitted on the 2nd sighting). */
export function createStatementNamer(options: StatementNamerOptions = {}): StatementNamer & { size(): number } {
  const maxNamed = options.maxNamed ?? 1000;
  const admitAfter = options.admitAfter ?? 2;
  const maxCandidates = options.maxCandidates ?? 2000;
  const named = new Map<string, string>();
  // Insertion order is recency order: a sighting re-inserts, the oldest goes first.
  const candidates = new Map<string, number>();
  const namer = ({ sql }: { sql: string }) => {
    const name = named.get(sql);
    if (name !== undefined || named.size >= maxNamed) return name;
    const seen = (candidates.get(sql) ?? 0) + 1;
    candidates.delete(sql);
    if (seen >= admitAfter) {
      const fresh = `s${named.size.toString(36)}`;
      named.set(sql, fresh);
      return fresh;
    }
    candidates.set(sql, seen);
    if (candidates.size > maxCandidates) candidates.delete(candidates.keys().next().value as string);
    return undefined;
  };
  return Object.assign(namer, { size: () => named.size });
}
