import { messages, type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Bounds of {@link PreparedStatements}. */
export interface PreparedStatementsOptions {
  /** Most statements kept prepared at once; the least recently used is closed past it. */
  max: number;
  /** Sightings before a statement is prepared (2: one-off SQL of ad-hoc documents never is). */
  admitAfter: number;
  /** Most unprepared statements whose sightings are remembered. */
  maxCandidates: number;
}

/** The defaults: the service's hot statements are a few dozen; each prepared one keeps its plan in PGlite's memory. */
export const DEFAULT_PREPARED_STATEMENTS: PreparedStatementsOptions = { max: 200, admitAfter: 2, maxCandidates: 1000 };

interface Prepared {
  name: string;
  paramOids: number[];
}

/** "cached plan must not change result type": a DDL changed what a prepared statement answers. */
const PLAN_CHANGED = '0A000';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Named prepared statements on the embedded database, as the PostgreSQL
 * pool has (statement-names.ts). PGlite's `query` sends every statement
 * unnamed in six calls into its WebAssembly (Parse, Describe, Bind,
 * Describe, Execute, Sync), so PostgreSQL parses, analyses and plans it on
 * every call; a prepared statement is parsed once, its plan is cached by
 * PostgreSQL (a generic plan after five custom ones, when no dearer), and
 * each call is one Bind, Describe, Execute, Sync in one call.
 *
 * Bounded: a statement is prepared on its `admitAfter`-th sighting (counted
 * in a bounded recency map) and at most `max` stay prepared (least recently
 * used closed first), so ad-hoc SQL neither gets a plan kept nor grows
 * PGlite's memory. Runs on the worker's one connection, between the
 * statements of whoever holds it (the caller serialises).
 */
export class PreparedStatements {
  private readonly prepared = new Map<string, Prepared>();
  private readonly candidates = new Map<string, number>();
  private next = 0;

  constructor(
    private readonly lite: PGlite,
    private readonly options: PreparedStatementsOptions = DEFAULT_PREPARED_STATEMENTS,
  ) {}

  /** How many statements are prepared now (tests, diagnostics). */
  get size(): number {
    return this.prepared.size;
  }

  /** Runs `sql` as PGlite's `query` would answer it: prepared when admitted, else as `query` itself. */
  async query<T>(sql: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    // Under PGlite's own lock, as its `query`: two statements of one lease may be in flight at once.
    const answer = await this.lite.runExclusive(() => this.tryPrepared<T>(sql, params, options));
    return answer ?? this.lite.query<T>(sql, params, options);
  }

  /** The answer through the prepared statement of `sql`, or null: run it unprepared. */
  private async tryPrepared<T>(sql: string, params: unknown[], options: QueryOptions): Promise<Results<T> | null> {
    const statement = await this.statementFor(sql);
    if (!statement) return null;
    try {
      return await this.run<T>(statement, params, options);
    } catch (err) {
      if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
      // The next call prepares it again. Outside a transaction nothing else was undone, so this
      // one is answered unprepared; inside, the transaction has failed and its caller retries.
      await this.close(sql);
      if (this.lite.isInTransaction()) throw err;
      return null;
    }
  }

  private async run<T>(statement: Prepared, params: unknown[], options: QueryOptions): Promise<Results<T>> {
    const serializers = this.lite.serializers;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[statement.paramOids[i] ?? 0];
      return serialize ? serialize(value) : String(value);
    });
    const replies = await this.lite.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(replies, this.lite.parsers, options)[0] as Results<T>;
  }

  /** The prepared statement of `sql` (preparing it on its admitting sighting), or null: run unprepared. */
  private async statementFor(sql: string): Promise<Prepared | null> {
    const known = this.prepared.get(sql);
    if (known) {
      // Insertion order is recency order.
      this.prepared.delete(sql);
      this.prepared.set(sql, known);
      return known;
    }
    const seen = (this.candidates.get(sql) ?? 0) + 1;
    this.candidates.delete(sql);
    if (seen < this.options.admitAfter) {
      this.candidates.set(sql, seen);
      if (this.candidates.size > this.options.maxCandidates) this.candidates.delete(this.candidates.keys().next().value as string);
      return null;
    }
    const name = `tasksvc_${(this.next++).toString(36)}`;
    // A statement PostgreSQL refuses to parse throws here, as unprepared, and is not kept.
    const replies = await this.lite.execProtocolStream(
      concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramOids: parse.parseDescribeStatementResults(replies) };
    this.prepared.set(sql, statement);
    if (this.prepared.size > this.options.max) await this.close(this.prepared.keys().next().value as string);
    return statement;
  }

  /** Closes the prepared statement of `sql` (PostgreSQL frees its plan). */
  private async close(sql: string): Promise<void> {
    const statement = this.prepared.get(sql);
    if (!statement) return;
    this.prepared.delete(sql);
    await this.lite
      .execProtocolStream(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false })
      .catch((err: unknown) => {
        // Closing a statement that is gone already is no error worth failing a query for.
        if (!(err instanceof messages.DatabaseError)) throw err;
      });
  }
}
