// The floor's task search: the app's PostgreSQL search (src/search/postgres-engine.ts) with nothing around it. The
// query is parsed, keyed and the candidates scored by the app's own pure functions (query-terms.ts, text-score.ts),
// so the answer is the app's; what the floor saves is the rest: one statement per attempt with the visibility rule
// inside it (the app reads the viewer's project ids first, then runs each attempt in a transaction that sets the
// statement timeout and turns JIT off; the floor's connections have JIT off). Ticket numbers (`ABC-12`) are not
// looked up: the bench's queries have none.

import type pg from 'pg';
import { indexKeysOf, parseQuery, type QueryTerm, tsqueryOr } from '../src/search/query-terms.ts';
import { scoreTitle } from '../src/search/text-score.ts';

type Row = { id: number; total: number; trigram: number; ticket_number: string; title: string; section: string; priority: string | null };

/**
 * One search attempt's statement; its text depends only on the mode and which words are stop words, so it is
 * prepared once per shape. $1 user, $2 the words, $3 the candidates' cap, the words, then (not for the trigram
 * attempt) each word's index keys as a tsquery.
 */
function attemptSql(terms: QueryTerm[], kind: 'all' | 'any' | 'trigram'): string {
  const word = (i: number) => `$${4 + i}::text`;
  const keys = (i: number) => `$${4 + terms.length + i}::tsquery`;
  const perWord = terms.map((t, i) => (t.stopWord ? `(${keys(i)})` : `(plainto_tsquery('english'::regconfig, ${word(i)}) || ${keys(i)})`));
  const visible = `t."projectId" IN (SELECT "projectId" FROM "ProjectMember" WHERE "userId" = $1)`;
  const match = kind === 'trigram' ? `$2::text <% t.title AND ${visible}` : `t."searchVector" @@ (${perWord.join(kind === 'all' ? ' && ' : ' || ')})`;
  const literal = terms.map((_, i) => `(strpos(lower(t.title), ${word(i)}) > 0)::int`).join(' + ');
  return `
    WITH m AS MATERIALIZED (
      SELECT t.id, t."projectId", t."uniqueIndex", t.title, t."updatedAt", t.status, t.priority, t."sectionId" FROM "Task" t WHERE ${match}
    )
    SELECT t.id, t.total::int AS total, word_similarity($2::text, t.title)::float8 AS trigram,
      p."ticketPrefix" || '-' || t."uniqueIndex" AS ticket_number, t.title, s.title AS section, t.priority::text AS priority
    FROM (
      SELECT t.*, count(*) OVER () AS total, ${literal} AS literal FROM m t WHERE ${visible} AND t.status = 'Normal'
      ORDER BY literal DESC, t."updatedAt" DESC, t.id DESC LIMIT $3
    ) t
    JOIN "Project" p ON p.id = t."projectId" JOIN "Section" s ON s.id = t."sectionId"
    ORDER BY t.literal DESC, t."updatedAt" DESC, t.id DESC`;
}

/** Searches the user's tasks (status Normal) as the app does; the tool route's body. */
export async function searchTasks(pool: pg.Pool, userId: number, query: string, limit: number): Promise<string> {
  const parsed = parseQuery(query);
  // The app's attempts: every word, any word (more than one), trigram similarity.
  const attempts = ([['all', 'all'], ['any', 'any'], ['trigram', 'any']] as const).filter(([kind]) => kind !== 'any' || parsed.terms.length > 1);
  // Candidates ranked per search: as the app's engine (three pages' worth, at least 50, at most 150).
  const words = [userId, parsed.text, Math.min(150, Math.max(50, limit * 3)), ...parsed.terms.map((t) => t.word)];
  const keys = parsed.terms.map((t) => tsqueryOr(indexKeysOf(t)));
  for (const [kind, mode] of parsed.terms.length ? attempts : []) {
    const name = `search:${kind}:${parsed.terms.map((t) => (t.stopWord ? 's' : 'w')).join('')}`;
    const { rows } = await pool.query<Row>({ name, text: attemptSql(parsed.terms, kind), values: kind === 'trigram' ? words : [...words, ...keys] });
    if (!rows.length) continue;
    const scored = rows.map((r, i) => ({ r, score: scoreTitle(parsed.terms, r.title, r.trigram, mode), order: i }));
    scored.sort((a, b) => b.score - a.score || a.order - b.order);
    const tasks = scored.slice(0, limit).map(({ r, score }) => ({ id: r.id, ticket_number: r.ticket_number, title: r.title, section: r.section, priority: r.priority, score }));
    return JSON.stringify({ tasks, total: Number(rows[0].total) });
  }
  return JSON.stringify({ tasks: [], total: 0 });
}
