-- Task search (issue 6): typo-tolerant full-text search straight on "Task",
-- so results always match the committed data (no second store to sync).
-- The engine is src/search/postgres-engine.ts. Query words are split and
-- keyed by src/search/query-terms.ts exactly as the function below does.
--
-- "Task_search_idx" (GIN) indexes tasksvc_search_vector(title, description):
--   * `~` + each title word (lower-case letters and digits, at most 40),
--     and `~` + each of its 1-deletion variants (words of 4+ letters), and
--     `~~` + each of its 2-deletion variants (words of 8 to 20 letters).
--     A query word within one edit (two for 8+ letters: insert, delete,
--     substitute, or swap two letters) of a title word shares one of these
--     keys with the query word's own deletion variants (the symmetric delete
--     scheme), so typo candidates are exact index look-ups.
--   * `^` + each prefix (3+ letters) of each title word: the last query word
--     also matches as a prefix, as in search-as-you-type.
--   * the English stems of title and description (HTML tags removed):
--     full-text matches in descriptions, and inflections (crashes, crash).
-- "Task_title_trgm_idx" (GIN, pg_trgm) serves word-similarity matches on
-- the title when no word matches ("signin" vs "sign in").
-- Both index existing columns: no new column, nothing to backfill.
--
-- Written for every runner of this file: no semicolon inside a statement
-- or a comment (the driver-adapter schema engine of `npm run db:diff` splits
-- scripts at each one), hence a plain SQL function rather than PL/pgSQL.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The indexed search vector of a task (see the header).
-- Only built-in functions are called, so it is safe under the restricted
-- search_path of maintenance commands (ANALYZE, REINDEX) in PostgreSQL 17.
-- Series have constant bounds so that the planner of the body never sees
-- huge row estimates (JIT would compile it for every row).
-- COST: computing it is slow, so plans must answer from the index, never
-- row by row, even without table statistics (PGlite is never analysed).
-- PARALLEL UNSAFE: a search reads a few hundred index entries, and starting
-- parallel workers for it costs more than the whole search.
CREATE OR REPLACE FUNCTION tasksvc_search_vector(title text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL UNSAFE COST 100000 AS $$
  SELECT array_to_tsvector(coalesce((
      SELECT array_agg(k)
      FROM (
        SELECT DISTINCT w
        FROM regexp_split_to_table(lower(title), '[^[:alnum:]]+') AS w
        WHERE w <> '' AND length(w) <= 40
      ) AS words,
      LATERAL (
        SELECT '~' || w
        UNION ALL
        SELECT '^' || left(w, i) FROM generate_series(3, 39) AS i WHERE i < length(w)
        UNION ALL
        SELECT '~' || left(w, i - 1) || substr(w, i + 1)
        FROM generate_series(1, 40) AS i
        WHERE length(w) >= 4 AND i <= length(w)
        UNION ALL
        SELECT '~~' || left(w, i - 1) || substr(w, i + 1, j - i) || substr(w, j + 2)
        FROM generate_series(1, 19) AS i, generate_series(1, 19) AS j
        WHERE length(w) BETWEEN 8 AND 20 AND i <= j AND j < length(w)
      ) AS keys(k)
    ), ARRAY[]::text[]))
    || strip(to_tsvector('english'::regconfig,
         title || ' ' || regexp_replace(left(description, 100000), '<[^>]*>', ' ', 'g')))
$$;

-- fastupdate off: with it, new entries wait in an unsorted pending list that
-- every search reads whole, until a VACUUM (which PGlite never runs) merges it.
CREATE INDEX "Task_search_idx" ON "Task" USING GIN (tasksvc_search_vector("title", "description")) WITH (fastupdate = off);

CREATE INDEX "Task_title_trgm_idx" ON "Task" USING GIN ("title" gin_trgm_ops) WITH (fastupdate = off);
