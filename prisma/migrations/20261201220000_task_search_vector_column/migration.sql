-- The search vector of a task as a stored column, kept by a trigger that
-- computes it only when its inputs (title, description) change.
--
-- Until now "Task_search_idx" indexed the expression
-- tasksvc_search_vector(title, description). Every task update sets
-- "updatedAt", which another index covers, so no update is HOT and every
-- one computed the expression again for the GIN index: a status, priority,
-- position or assignee change re-parsed the whole text (3 to 6 ms per
-- update on the embedded database at ordinary sizes, about 30 ms with a
-- 100 KB description). Now the vector is computed on INSERT and on an
-- UPDATE whose title or description really changes (or that writes the
-- column itself: the column always equals the function of its inputs).
-- The function and its bounds on hostile text are unchanged.
--
-- The existing rows: the column is first added as a generated column, which
-- rewrites the table once computing every vector (a compact table, where an
-- UPDATE of every row would leave a dead copy of each, and the embedded
-- database never vacuums), then becomes a plain column kept by the triggers
-- (DROP EXPRESSION keeps the values). The old index goes first, so the
-- rewrite does not compute every vector a second time for it. Writes to
-- "Task" wait while this runs on PostgreSQL (about a second per 10,000
-- tasks, like the rebuild of the previous search migration).
--
-- Written for every runner of this file: no semicolon inside a statement
-- or a comment (the function body is an E'' string with \073 for it).

DROP INDEX "Task_search_idx";

ALTER TABLE "Task" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (tasksvc_search_vector("title", "description")) STORED;

ALTER TABLE "Task" ALTER COLUMN "searchVector" DROP EXPRESSION;

-- fastupdate off, as before: the pending list would be read whole by every
-- search until a VACUUM, which the embedded database never runs.
CREATE INDEX "Task_search_idx" ON "Task" USING GIN ("searchVector") WITH (fastupdate = off);

-- Sets the row's search vector from its title and description.
CREATE FUNCTION "tasksvc_task_search_vector"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN NEW."searchVector" := tasksvc_search_vector(NEW."title", NEW."description")\073 RETURN NEW\073 END';

CREATE TRIGGER "Task_search_vector_insert" BEFORE INSERT ON "Task"
  FOR EACH ROW EXECUTE FUNCTION "tasksvc_task_search_vector"();

-- UPDATE OF: not even the WHEN is evaluated for an UPDATE that sets none of
-- these columns (status, priority, position, moves, version bumps).
CREATE TRIGGER "Task_search_vector_update" BEFORE UPDATE OF "title", "description", "searchVector" ON "Task"
  FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title"
     OR OLD."description" IS DISTINCT FROM NEW."description"
     OR OLD."searchVector" IS DISTINCT FROM NEW."searchVector")
  EXECUTE FUNCTION "tasksvc_task_search_vector"();
