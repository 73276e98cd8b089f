-- Bounded search vectors: the text-search parser never sees raw user text.
--
-- PostgreSQL's default text-search parser is quadratic on some shapes of
-- punctuation between words (`_a` repeated, also `a_`, `_1`, `a_b-`): an
-- 80 KB description of `_a` took over a minute in to_tsvector, and on PGlite
-- that minute blocked the whole service. tasksvc_search_vector now gives
-- to_tsvector only normalised words (the same words src/search/query-terms.ts
-- splits a query into), so no input reaches the parser's slow paths:
--   * HTML tags and entities are removed (as the parser itself did),
--   * the text is split on everything that is not a letter or a digit (the
--     separator class below lists ASCII punctuation and the common Unicode
--     punctuation, space and symbol blocks explicitly, so the split is the
--     same under every locale, and letters and digits of any script stay),
--   * words longer than 100 characters are dropped (nobody types them, and
--     the parser ignores words over 2,047 bytes anyway),
--   * at most 20,000 words (title first), joined by single spaces.
-- Every step is one linear pass over at most 100,000 characters.
-- A side effect: e-mail addresses, URLs, file names and hyphenated words are
-- indexed as their words (`foo@example.com` is found by `example`), which is
-- what a query word (letters and digits only) could ever match anyway.
--
-- The title keys (typo and prefix keys) are unchanged except that title
-- words are split with the same separator class.
--
-- The index holds vectors computed by the old function, so it is rebuilt
-- here: with the new function each row costs at most one bounded pass, so
-- the rebuild is linear in the number of tasks (it blocks writes to "Task"
-- while it runs on PostgreSQL, about a second per 10,000 tasks).
--
-- Written for every runner of this file: no semicolon inside a statement
-- or a comment (hence the regex escape x3b for a semicolon).

CREATE OR REPLACE FUNCTION tasksvc_search_vector(title text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL UNSAFE COST 100000 AS $$
  SELECT array_to_tsvector(coalesce((
      SELECT array_agg(k)
      FROM (
        SELECT DISTINCT w
        FROM regexp_split_to_table(lower(title),
          '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u0080-\u00a9\u00ab-\u00b1\u00b4\u00b6-\u00b8\u00bb\u00bf\u00d7\u00f7\u2000-\u206f\u20a0-\u20cf\u2190-\u245f\u2500-\u2775\u2794-\u2bff\u3000-\u3004\u3008-\u3020\u3030\u303d-\u303f\ufe10-\ufe6f\ufeff\uff00-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\U0001f000-\U0001faff]+') AS w
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
    || strip(to_tsvector('english'::regconfig, array_to_string(ARRAY(
         SELECT w
         FROM regexp_split_to_table(
           title || ' ' || regexp_replace(left(description, 100000), '<[^>]*>|&#?[[:alnum:]]+\x3b', ' ', 'g'),
           '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u0080-\u00a9\u00ab-\u00b1\u00b4\u00b6-\u00b8\u00bb\u00bf\u00d7\u00f7\u2000-\u206f\u20a0-\u20cf\u2190-\u245f\u2500-\u2775\u2794-\u2bff\u3000-\u3004\u3008-\u3020\u3030\u303d-\u303f\ufe10-\ufe6f\ufeff\uff00-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\U0001f000-\U0001faff]+') AS w
         WHERE w <> '' AND length(w) <= 100
         LIMIT 20000
       ), ' ')))
$$;

REINDEX INDEX "Task_search_idx";
