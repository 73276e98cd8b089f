-- PostGraphile's functions (bench/reference-server.ts runs this file, then floor-sql.ts's REFERENCE_WRITES_SQL, on
-- the benchmark's database at start-up; not part of the app's schema). A VOLATILE function is a mutation; a function
-- "Table_field" whose first argument is the table's row is a computed field.
CREATE SCHEMA IF NOT EXISTS bench_ref;

-- The project list: the user's Normal projects in the app's order (title case-insensitively, title, id); computed
-- fields: the app's taskCount (tasks not Deleted), the sections the list shows (not deleted, visible, in board order).
CREATE OR REPLACE FUNCTION bench_ref.visible_projects(user_id int) RETURNS SETOF "Project" LANGUAGE sql STABLE AS $$
  SELECT p.* FROM "Project" p
  WHERE p."status" = 'Normal' AND EXISTS (SELECT 1 FROM "ProjectMember" m WHERE m."projectId" = p."id" AND m."userId" = user_id)
  ORDER BY lower(p."title"), p."title", p."id"
$$;
CREATE OR REPLACE FUNCTION bench_ref."Project_task_count"(p "Project") RETURNS int LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM "Task" t WHERE t."projectId" = p."id" AND t."status" <> 'Deleted'
$$;
CREATE OR REPLACE FUNCTION bench_ref."Project_shown_sections"(p "Project") RETURNS SETOF "Section" LANGUAGE sql STABLE AS $$
  SELECT s.* FROM "Section" s WHERE s."projectId" = p."id" AND s."deletedAt" IS NULL AND s."visible" ORDER BY s."ranking", s."id"
$$;

-- The task search: the app's statement (src/search/postgres-engine.ts), the query keyed in SQL as query-terms.ts keys
-- it (stop words, typo budget, 1- and 2-deletion keys, last word as a prefix, English stems), its three attempts
-- (every word, any word, trigram) and candidates (visible, Normal, literal matches then newest, max(50, 3 × limit)),
-- ranked by a simpler score than text-score.ts's (literal share of the words and trigram similarity).
DROP TYPE IF EXISTS bench_ref.search_hit CASCADE;
CREATE TYPE bench_ref.search_hit AS (id int, ticket_number text, title text, section text, priority "Priority", score float8, total int);

CREATE OR REPLACE FUNCTION bench_ref.word_query(word text, stop boolean, typos int, prefix boolean) RETURNS tsquery LANGUAGE sql IMMUTABLE AS $$
  WITH one AS (
    SELECT word AS v UNION SELECT left(word, i - 1) || substr(word, i + 1) FROM generate_series(1, length(word)) AS i WHERE typos >= 1
  ), variants AS (
    SELECT v FROM one UNION SELECT left(v, j - 1) || substr(v, j + 1) FROM one, generate_series(1, length(v)) AS j WHERE typos >= 2
  ), keys AS (
    SELECT '~' || v AS k FROM variants WHERE v <> ''
    UNION ALL SELECT '~~' || v FROM variants WHERE v <> '' AND typos >= 2
    UNION ALL SELECT '^' || word WHERE prefix
  )
  SELECT CASE WHEN stop THEN q ELSE plainto_tsquery('english'::regconfig, word) || q END
  FROM (SELECT string_agg(quote_literal(k), ' | ')::tsquery AS q FROM keys) AS x
$$;

-- The query's words (at most 16, stop words only if nothing else) with their tsquery, in query order.
CREATE OR REPLACE FUNCTION bench_ref.query_keys(query text) RETURNS TABLE (word text, q tsquery) LANGUAGE sql IMMUTABLE AS $$
  WITH split AS (
    SELECT w, min(n) AS n FROM regexp_split_to_table(lower(query), '[^[:alnum:]]+') WITH ORDINALITY AS x(w, n)
    WHERE w <> '' GROUP BY w ORDER BY min(n) LIMIT 16
  ), marked AS (
    SELECT w, n, ts_lexize('english_stem', w) = '{}' AS stop FROM split
  ), chosen AS (
    SELECT w, n, stop, row_number() OVER (ORDER BY n) AS i, count(*) OVER () AS k FROM marked
    WHERE NOT stop OR NOT EXISTS (SELECT 1 FROM marked WHERE NOT stop)
  )
  SELECT w, bench_ref.word_query(w, stop,
    CASE WHEN length(w) > 40 THEN 0 WHEN length(w) >= 8 THEN CASE WHEN length(w) > 20 THEN 1 ELSE 2 END WHEN length(w) >= 4 THEN 1 ELSE 0 END,
    i = k AND length(w) >= 3)
  FROM chosen ORDER BY n
$$;

CREATE OR REPLACE FUNCTION bench_ref.search_tasks(user_id int, query text, lim int)
RETURNS SETOF bench_ref.search_hit LANGUAGE plpgsql STABLE SET jit = off AS $$
DECLARE
  w record; words text[] := '{}'; all_q tsquery; any_q tsquery;
BEGIN
  FOR w IN SELECT * FROM bench_ref.query_keys(query) LOOP
    all_q := CASE WHEN all_q IS NULL THEN w.q ELSE all_q && w.q END;
    any_q := CASE WHEN any_q IS NULL THEN w.q ELSE any_q || w.q END;
    words := words || w.word;
  END LOOP;
  IF cardinality(words) = 0 THEN RETURN; END IF;
  FOR attempt IN 1..3 LOOP
    CONTINUE WHEN attempt = 2 AND cardinality(words) < 2;
    -- EXECUTE: a plan for this attempt's match alone, so the index answers it.
    RETURN QUERY EXECUTE format($q$
      WITH m AS MATERIALIZED (
        SELECT t.id, t."projectId", t."uniqueIndex", t.title, t."updatedAt", t.status, t.priority, t."sectionId" FROM "Task" t WHERE %s
      ), c AS (
        SELECT t.*, count(*) OVER () AS total, (SELECT count(*) FROM unnest($3) AS w WHERE strpos(lower(t.title), w) > 0)::int AS literal
        FROM m t WHERE t."projectId" IN (SELECT "projectId" FROM "ProjectMember" WHERE "userId" = $4) AND t.status = 'Normal'
        ORDER BY literal DESC, t."updatedAt" DESC, t.id DESC LIMIT least(150, greatest(50, $5 * 3))
      )
      SELECT c.id, p."ticketPrefix" || '-' || c."uniqueIndex", c.title, s.title, c.priority,
        round((0.75 * c.literal / cardinality($3) + 0.25 * word_similarity($2, c.title))::numeric, 4)::float8 AS score, c.total::int
      FROM c JOIN "Project" p ON p.id = c."projectId" JOIN "Section" s ON s.id = c."sectionId"
      ORDER BY score DESC, c.literal DESC, c."updatedAt" DESC, c.id DESC LIMIT $5$q$,
      CASE WHEN attempt = 3 THEN '$2 <% t.title' ELSE 't."searchVector" @@ $1' END)
    USING CASE WHEN attempt = 1 THEN all_q ELSE any_q END, array_to_string(words, ' '), words, user_id, lim;
    IF FOUND THEN RETURN; END IF;
  END LOOP;
END
$$;

-- Ticket prefix candidates of a board title, best first: src/domain/ticket-prefix.ts in SQL.
CREATE OR REPLACE FUNCTION bench_ref.ticket_prefix_candidates(title text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  WITH ws AS (
    SELECT coalesce(array_agg(w ORDER BY n) FILTER (WHERE w <> ''), '{}') AS ws FROM (
      SELECT upper(regexp_replace(w, '[^A-Za-z]', '', 'g')) AS w, n
      FROM regexp_split_to_table(regexp_replace(normalize(title, NFD), '[\u0300-\u036f]', '', 'g'), '[^A-Za-z0-9]+') WITH ORDINALITY AS x(w, n)
    ) AS x
  ), ini AS (
    SELECT ws, (SELECT string_agg(left(w, 1), '' ORDER BY i) FROM unnest(ws) WITH ORDINALITY AS u(w, i)) AS initials FROM ws
  ), raw AS (
    SELECT 0 AS o, left(initials, 5) AS c FROM ini WHERE cardinality(ws) >= 2
    UNION ALL SELECT n, left(left(ws[1], n) || substr(initials, 2), 5) FROM ini, generate_series(2, length(ws[1])) AS n WHERE cardinality(ws) >= 2
    UNION ALL SELECT 0, ws[1] || ws[1] FROM ini WHERE cardinality(ws) = 1 AND length(ws[1]) = 1
    UNION ALL SELECT n, left(ws[1], n) FROM ini, generate_series(3, least(5, length(ws[1]))) AS n WHERE cardinality(ws) = 1
    UNION ALL SELECT 9, ws[1] FROM ini WHERE cardinality(ws) = 1 AND length(ws[1]) = 2
  ), firsts AS (
    SELECT c, min(o) AS o FROM raw WHERE length(c) BETWEEN 2 AND 5 GROUP BY c ORDER BY min(o) LIMIT 6
  )
  SELECT coalesce((SELECT array_agg(c ORDER BY o) FROM firsts), ARRAY['PRJ'])
$$;

-- The team board (POST /api/v1/teams/:team/boards, spec 4.3 manifest as JSON): the app's writes in one statement
-- reading the manifest in SQL: project (the app's prefix choice), members (creator and team), sections ranked in
-- manifest order (fractional keys a0, a1…), labels, tasks 1..n with their labels, the creator watching each, a
-- `task.created` event per task in task order. No validation beyond the columns', no HTML sanitising, no assignees.
CREATE OR REPLACE FUNCTION bench_ref.create_team_board(team_id uuid, user_id int, manifest jsonb) RETURNS "Project" LANGUAGE sql VOLATILE AS $$
WITH team AS (
  SELECT t."id" FROM "Team" t WHERE t."uuid" = team_id AND EXISTS (SELECT 1 FROM "TeamMember" m WHERE m."teamId" = t."id" AND m."userId" = user_id)
), in_sections AS (
  SELECT trim(s->>'title') AS title, i, 'a' || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', i::int, 1) AS ranking
  FROM jsonb_array_elements(manifest->'sections') WITH ORDINALITY AS x(s, i)
), in_tasks AS (
  SELECT t, n FROM jsonb_array_elements(coalesce(manifest->'tasks', '[]')) WITH ORDINALITY AS x(t, n)
), prefix AS (
  SELECT coalesce((
    SELECT x.c FROM unnest(bench_ref.ticket_prefix_candidates(trim(manifest->>'title'))) WITH ORDINALITY AS x(c, n)
    WHERE NOT EXISTS (SELECT 1 FROM "Project" p WHERE p."ticketPrefix" = x.c AND (p."teamId" = (SELECT "id" FROM team)
      OR EXISTS (SELECT 1 FROM "ProjectMember" m WHERE m."projectId" = p."id" AND m."userId" = user_id)))
    ORDER BY x.n LIMIT 1), (bench_ref.ticket_prefix_candidates(trim(manifest->>'title')))[1]) AS p
), project AS (
  INSERT INTO "Project" ("title", "description", "teamId", "ticketPrefix", "taskCounter", "createdById", "updatedAt")
  SELECT trim(manifest->>'title'), coalesce(manifest->>'description', ''), team."id", prefix.p, (SELECT count(*) FROM in_tasks), user_id, now() AT TIME ZONE 'UTC'
  FROM team, prefix RETURNING *
), members AS (
  INSERT INTO "ProjectMember" ("projectId", "userId")
  SELECT project."id", u."userId" FROM project, (SELECT user_id AS "userId" UNION SELECT "userId" FROM "TeamMember" WHERE "teamId" = (SELECT "id" FROM team)) u
), sections AS (
  INSERT INTO "Section" ("projectId", "title", "ranking", "updatedAt")
  SELECT project."id", s.title, s.ranking, now() AT TIME ZONE 'UTC' FROM project, in_sections s ORDER BY s.i RETURNING "id", "title", "ranking"
), labels AS (
  INSERT INTO "Label" ("projectId", "name")
  SELECT project."id", trim(l->>'name') FROM project, jsonb_array_elements(coalesce(manifest->'labels', '[]')) WITH ORDINALITY AS x(l, i) ORDER BY x.i
  RETURNING "id", "name"
), tasks AS (
  INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", "title", "description", "priority", "estimateSize", "dueDate", "createdById", "createdAt", "updatedAt")
  SELECT project."id", s."id", x.n, trim(x.t->>'title'), coalesce(x.t->>'description', ''),
    (ARRAY['urgent', 'high', 'medium', 'low']::"Priority"[])[(x.t->>'priority')::int], (x.t->>'estimate')::int, (x.t->>'due_date')::timestamp,
    user_id, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM project, in_tasks x
  JOIN in_sections i ON i.i = coalesce((x.t->>'section_index')::int + 1, (SELECT i FROM in_sections WHERE lower(title) = lower(trim(x.t->>'section_title'))))
  JOIN sections s ON s."ranking" = i.ranking
  ORDER BY x.n RETURNING "id", "uniqueIndex", "title", "sectionId", "priority", "dueDate"
), task_labels AS (
  INSERT INTO "TaskLabel" ("taskId", "labelId")
  SELECT DISTINCT t."id", l."id" FROM tasks t JOIN in_tasks x ON x.n = t."uniqueIndex",
    jsonb_array_elements_text(coalesce(x.t->'label_names', '[]')) AS n(name) JOIN labels l ON lower(l."name") = lower(trim(n.name))
), watchers AS (
  INSERT INTO "TaskWatcher" ("taskId", "userId") SELECT "id", user_id FROM tasks
), events AS (
  INSERT INTO "OutboxEvent" ("type", "taskId", "projectId", "ticketNumber", "actorId", "data")
  SELECT 'task.created', t."id", project."id", project."ticketPrefix" || '-' || t."uniqueIndex", user_id,
    jsonb_build_object('title', t."title", 'priority', t."priority", 'status', 'Normal', 'section', jsonb_build_object('id', s."id", 'title', s."title"),
      'dueDate', to_char(t."dueDate", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'actor', jsonb_build_object('id', user_id))
  FROM tasks t JOIN sections s ON s."id" = t."sectionId", project ORDER BY t."uniqueIndex"
)
SELECT project.* FROM project
$$;
