import type { Database, Db } from '../db/client.ts';
import { isStatementTimeout } from '../db/statement-timeout.ts';
import { ValidationError } from '../errors.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { indexKeysOf, MAX_STEMMED_WORD_LENGTH, type ParsedQuery, parseQuery, type QueryTerm, tsqueryOr } from './query-terms.ts';
import type { SearchFilters, SearchHit, SearchHitTask, SearchIndex } from './search-index.ts';
import { type MatchMode, scoreTitle } from './text-score.ts';

/** Longest a search statement may run on a PostgreSQL server before it is cancelled (400 `too_complex` on `query`). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;

/** Candidates ranked in process per search: three pages' worth, at least 50. */
const candidateCap = (limit: number) => Math.min(150, Math.max(50, limit * 3));

interface CandidateRow extends SearchHitTask {
  id: number;
  total: number;
  trigram: number;
}

/** The listed fields of a hit, over `t` (a task row), `p` (its project) and `s` (its section). */
const HIT_COLUMNS = Prisma.sql`p."ticketPrefix" || '-' || t."uniqueIndex" AS "ticketNumber", t.title, s.title AS section,
  t.priority::text AS priority, t."projectId"`;

function hitTask(row: CandidateRow): SearchHitTask {
  return {
    ticketNumber: row.ticketNumber,
    title: row.title,
    section: row.section,
    priority: row.priority,
    projectId: row.projectId,
  };
}

/**
 * The default engine: SQL over the `Task` table itself, so results are
 * always those of the committed data (nothing to sync; `indexTask`,
 * `removeTask` and `rebuild` have nothing to do beyond a REINDEX).
 *
 * A search runs, until one finds something:
 * 1. every query word matches (typo keys, English stems, last word as a
 *    prefix) through the GIN index `Task_search_idx`;
 * 2. with several words, any of them matches;
 * 3. pg_trgm word similarity of the whole query to the title (`<%`, GIN
 *    `Task_title_trgm_idx`), for words split or joined differently.
 * Up to `candidateCap` candidates (those containing the most query words
 * literally first, then the most recently updated) are scored by
 * `scoreTitle`. Exact ticket numbers (`ABC-12`) come first with score 1.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly engine = 'postgres' as const;
  private jit: Promise<boolean> | null = null;

  /**
   * `server`: a PostgreSQL server (not PGlite): each search statement runs
   * with a `statement_timeout` (`statementTimeoutMs`, default
   * {@link SEARCH_STATEMENT_TIMEOUT_MS}) and, when enabled, JIT turned off
   * (its cost estimate is high by design, see the migration, and compiling
   * would cost far more than running), in a transaction of its own on a
   * connection `session` lends (the database's, raw `pg`); REINDEX runs
   * CONCURRENTLY. On PGlite the key budget of `parseQuery` alone bounds a
   * search.
   */
  constructor(
    private readonly db: Db,
    private readonly options: { server?: boolean; session?: Database['session']; statementTimeoutMs?: number } = {},
  ) {
    if (options.server && !options.session) throw new Error('PostgresSearchIndex: a server needs `session` (the Database\'s)');
  }

  /** Checks that the migrations' function, stored vector and index exist. */
  async init(): Promise<void> {
    const rows = await this.db.$queryRaw<{ ok: boolean }[]>`
      SELECT to_regprocedure('tasksvc_search_vector(text,text)') IS NOT NULL
         AND EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('"Task"') AND attname = 'searchVector' AND NOT attisdropped)
         AND to_regclass('"Task_search_idx"') IS NOT NULL AS ok`;
    if (!rows[0]?.ok) {
      throw new Error('Search index missing: run `tasksvc migrate` (migrations 20261121010000_search, 20261201220000_task_search_vector_column).');
    }
  }

  async search(query: string, filters: SearchFilters): Promise<{ hits: SearchHit[]; total: number }> {
    if (filters.visibleProjectIds.length === 0 || filters.limit < 1) return { hits: [], total: 0 };
    const parsed = parseQuery(query);
    const tickets = await this.ticketHits(parsed, filters);
    // `ABC-12` alone and found: other tasks only when they have both words.
    const text = await this.textHits(parsed, filters, parsed.ticketsOnly && tickets.length > 0);
    const hits: SearchHit[] = [...tickets];
    const seen = new Set(tickets.map((h) => h.taskId));
    for (const h of text.hits) if (!seen.has(h.taskId)) hits.push(h);
    const extra = tickets.filter((h) => !text.candidateIds.has(h.taskId)).length;
    return { hits: hits.slice(0, filters.limit), total: text.total + extra };
  }

  /** Nothing to do: the task row's stored vector is kept by the database's triggers, its index by PostgreSQL. */
  async indexTask(_taskId: number): Promise<void> {}

  /** Nothing to do, as for `indexTask`. */
  async removeTask(_taskId: number): Promise<void> {}

  /**
   * Rebuilds the two search indexes from the table (REINDEX, without
   * blocking writes on PostgreSQL); progress counts indexes (0/2 … 2/2).
   * The stored vectors themselves are the triggers' (they change only with
   * a task's title or description, or a migration that changes the function).
   */
  async rebuild(onProgress?: (done: number, total: number) => void): Promise<void> {
    const names = ['Task_search_idx', 'Task_title_trgm_idx'];
    onProgress?.(0, names.length);
    for (const [i, name] of names.entries()) {
      // Identifiers cannot be parameters; these are constants.
      await this.db.$executeRawUnsafe(`REINDEX INDEX ${this.options.server ? 'CONCURRENTLY ' : ''}"${name}"`);
      onProgress?.(i + 1, names.length);
    }
  }

  private async ticketHits(parsed: ParsedQuery, filters: SearchFilters): Promise<SearchHit[]> {
    if (parsed.tickets.length === 0) return [];
    const projects = Prisma.sql`t."projectId" = ANY(${filters.visibleProjectIds}::int[])`;
    const only = filters.projectId != null ? Prisma.sql`t."projectId" = ${filters.projectId}` : Prisma.sql`TRUE`;
    const where = Prisma.join([projects, only, filterSql(filters)], ' AND ');
    const numbers = parsed.tickets.map((t) => t.uniqueIndex);
    const rows = await this.db.$queryRaw<(CandidateRow & { prefix: string; uniqueIndex: number })[]>`
      SELECT t.id, upper(p."ticketPrefix") AS prefix, t."uniqueIndex", ${HIT_COLUMNS}
      FROM "Task" t JOIN "Project" p ON p.id = t."projectId" JOIN "Section" s ON s.id = t."sectionId"
      WHERE ${where} AND t."uniqueIndex" = ANY(${numbers}::int[])
      ORDER BY t.id`;
    // Query order: `ABC-2 ABC-1` lists ABC-2 first.
    return parsed.tickets.flatMap((t) =>
      rows
        .filter((r) => r.prefix === t.prefix && r.uniqueIndex === t.uniqueIndex)
        .map((r) => ({ taskId: r.id, score: 1, task: hitTask(r) })),
    );
  }

  private async textHits(parsed: ParsedQuery, filters: SearchFilters, allWordsOnly: boolean) {
    const empty = { hits: [] as SearchHit[], total: 0, candidateIds: new Set<number>() };
    if (parsed.terms.length === 0) return empty;
    const { projects, where } = scopeOf(filters);
    if (projects.length === 0) return empty;
    const attempts: { mode: MatchMode; match: Prisma.Sql }[] = [
      { mode: 'all', match: vectorMatch(parsed.terms, ' && ') },
    ];
    if (!allWordsOnly) {
      if (parsed.terms.length > 1) attempts.push({ mode: 'any', match: vectorMatch(parsed.terms, ' || ') });
      attempts.push({
        mode: 'any',
        match: Prisma.sql`${parsed.text} <% t.title AND t."projectId" = ANY(${projects}::int[])`,
      });
    }
    for (const { mode, match } of attempts) {
      const rows = await this.candidates(parsed, match, where, candidateCap(filters.limit));
      if (rows.length === 0) continue;
      const scored = rows.map((r, i) => ({ r, score: scoreTitle(parsed.terms, r.title, r.trigram, mode), order: i }));
      // Stable: equal scores keep the SQL order (literal matches, then newest).
      scored.sort((a, b) => b.score - a.score || a.order - b.order);
      return {
        hits: scored.map(({ r, score }) => ({ taskId: r.id, score, task: hitTask(r) })),
        total: Number(rows[0].total),
        candidateIds: new Set(rows.map((r) => r.id)),
      };
    }
    return empty;
  }

  private async candidates(parsed: ParsedQuery, match: Prisma.Sql, where: Prisma.Sql, cap: number): Promise<CandidateRow[]> {
    const statement = candidateSql(parsed, match, where, cap);
    const { server, session } = this.options;
    if (!server || !session) return this.db.$queryRaw<CandidateRow[]>(statement);
    const timeout = Math.trunc(this.options.statementTimeoutMs ?? SEARCH_STATEMENT_TIMEOUT_MS);
    const jitOff = (await this.jitEnabled()) ? '; SET LOCAL jit = off' : '';
    try {
      // Raw `pg` on one connection, not a Prisma batch transaction: Prisma's BEGIN, settings
      // and COMMIT cost the event loop about 1 ms of CPU per search (measured), more than the
      // statement's own round trip. The transaction and its settings go in one message
      // (integers and constants only, never text of the query).
      return await session(async (sql) => {
        await sql.exec(`BEGIN; SET LOCAL statement_timeout = ${timeout}${jitOff}`);
        try {
          const rows = await sql.query<CandidateRow>(statement.text, statement.values);
          await sql.exec('COMMIT');
          return rows;
        } catch (err) {
          // The connection goes back to the pool outside any transaction, its settings undone.
          await sql.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      });
    } catch (err) {
      if (!isStatementTimeout(err)) throw err;
      throw new ValidationError(
        'query',
        `query: this search took longer than ${timeout} ms and was stopped; use fewer or shorter words.`,
        'too_complex',
      );
    }
  }

  /**
   * Whether the server compiles plans with JIT (PostgreSQL's default; never
   * PGlite): then the search statement's transaction turns it off too. Read
   * once per engine.
   */
  private jitEnabled(): Promise<boolean> {
    if (!this.options.server) return Promise.resolve(false);
    this.jit ??= this.db.$queryRaw<{ on: boolean }[]>`SELECT current_setting('jit') = 'on' AS on`.then(
      (rows) => rows[0]?.on ?? true,
      () => true,
    );
    return this.jit;
  }
}

/**
 * Tasks matching `match` (an index condition) and `where` (the filters), at
 * most `cap`: those containing the most query words literally first (a
 * cheap pre-ranking, so that the cap keeps the best ones), then the newest,
 * each with the total, its pg_trgm word similarity to the query and the
 * listed fields.
 */
function candidateSql(parsed: ParsedQuery, match: Prisma.Sql, where: Prisma.Sql, cap: number): Prisma.Sql {
  const literal = Prisma.join(
    parsed.terms.map((t) => Prisma.sql`(strpos(lower(t.title), ${t.word}) > 0)::int`),
    ' + ',
  );
  // The match runs alone, first (MATERIALIZED): the GIN index of the stored
  // vector answers it, and no plan mixes in another index or the filters
  // row by row, even without statistics (PGlite is never auto-analysed).
  return Prisma.sql`
    WITH m AS MATERIALIZED (
      SELECT t.id, t."projectId", t."uniqueIndex", t.title, t."updatedAt", t.status, t.priority, t."dueDate", t."sectionId"
      FROM "Task" t
      WHERE ${match}
    )
    SELECT t.id, t.total::int AS total, word_similarity(${parsed.text}, t.title)::float8 AS trigram, ${HIT_COLUMNS}
    FROM (
      SELECT t.*, count(*) OVER () AS total, ${literal} AS literal
      FROM m t
      WHERE ${where}
      ORDER BY literal DESC, t."updatedAt" DESC, t.id DESC
      LIMIT ${cap}
    ) t
    JOIN "Project" p ON p.id = t."projectId"
    JOIN "Section" s ON s.id = t."sectionId"
    ORDER BY t.literal DESC, t."updatedAt" DESC, t.id DESC`;
}

/**
 * The tsquery of the query words joined by `op` (` && ` all, ` || ` any),
 * each word being its index keys or its English stem, matched against the
 * task's stored vector (`searchVector`, what `Task_search_idx` indexes), so
 * PostgreSQL answers from the index.
 */
function vectorMatch(terms: QueryTerm[], op: ' && ' | ' || '): Prisma.Sql {
  const perWord = terms.map((term) => {
    const keys = Prisma.sql`${tsqueryOr(indexKeysOf(term))}::tsquery`;
    // Stop words have no stem (PostgreSQL would only warn about them), nor
    // have words longer than the index stems.
    return term.stopWord || [...term.word].length > MAX_STEMMED_WORD_LENGTH
      ? Prisma.sql`(${keys})`
      : Prisma.sql`(plainto_tsquery('english'::regconfig, ${term.word}) || ${keys})`;
  });
  return Prisma.sql`t."searchVector" @@ (${Prisma.join(perWord, op)})`;
}

/** The projects a search covers and every filter of it, as SQL over `t`. */
function scopeOf(filters: SearchFilters): { projects: number[]; where: Prisma.Sql } {
  const projects =
    filters.projectId != null
      ? filters.visibleProjectIds.filter((id) => id === filters.projectId)
      : filters.visibleProjectIds;
  return {
    projects,
    where: Prisma.join([Prisma.sql`t."projectId" = ANY(${projects}::int[])`, filterSql(filters)], ' AND '),
  };
}

/**
 * The filters of a search other than the projects, as SQL over `t` (a
 * `Task` row: id, status, priority, dueDate, sectionId); values are bound
 * parameters, never text of the query.
 */
function filterSql(f: SearchFilters): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`t.status = ${f.status ?? 'Normal'}::"Status"`];
  if (f.section != null) {
    parts.push(Prisma.sql`t."sectionId" IN (
      SELECT s.id FROM "Section" s
      WHERE s."projectId" = ANY(${f.visibleProjectIds}::int[]) AND s."deletedAt" IS NULL AND lower(s.title) = lower(${f.section}))`);
  }
  if (f.assignedTo === 'unassigned') {
    parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "TaskAssignee" a WHERE a."taskId" = t.id)`);
  } else if (f.assignedTo != null) {
    parts.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "TaskAssignee" a WHERE a."taskId" = t.id AND a."userId" = ${f.assignedTo})`,
    );
  }
  if (f.priority != null) parts.push(Prisma.sql`t.priority = ${f.priority}::"Priority"`);
  if (f.hasDueDate === true) parts.push(Prisma.sql`t."dueDate" IS NOT NULL`);
  if (f.hasDueDate === false) parts.push(Prisma.sql`t."dueDate" IS NULL`);
  return Prisma.join(parts, ' AND ');
}
