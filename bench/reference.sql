-- The reference server's create (PostGraphile exposes a VOLATILE function as a
-- mutation): the same writes as the app's task create and the floor's —
-- ticket counter (row lock, membership checked), the `Backlog` section, the
-- task, the creator as watcher, the `task.created` outbox event and its
-- notification. Made by bench/reference-server.ts on the benchmark's own database;
-- not part of the app's schema. (`add_task.title`: a bare `title` inside would be the section's column.)
CREATE SCHEMA IF NOT EXISTS bench_ref;

CREATE OR REPLACE FUNCTION bench_ref.add_task(project_id int, user_id int, title text, priority "Priority")
RETURNS "Task" LANGUAGE sql VOLATILE AS $$
WITH counter AS (
  UPDATE "Project" SET "taskCounter" = "taskCounter" + 1
  WHERE "id" = project_id AND EXISTS (SELECT 1 FROM "ProjectMember" m WHERE m."projectId" = project_id AND m."userId" = user_id)
  RETURNING "taskCounter", "ticketPrefix"
), section AS (
  SELECT "id", "title" FROM "Section"
  WHERE "projectId" = project_id AND "deletedAt" IS NULL AND lower("title") = 'backlog'
  ORDER BY "ranking", "id" LIMIT 1
), task AS (
  INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", "title", "description", "priority", "createdById", "createdAt", "updatedAt")
  SELECT project_id, section."id", counter."taskCounter", add_task.title, '', priority, user_id, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM counter, section
  RETURNING *
), watch AS (
  INSERT INTO "TaskWatcher" ("taskId", "userId") SELECT "id", user_id FROM task ON CONFLICT DO NOTHING
), event AS (
  INSERT INTO "OutboxEvent" ("type", "taskId", "projectId", "ticketNumber", "actorId", "data")
  SELECT 'task.created', task."id", project_id, counter."ticketPrefix" || '-' || task."uniqueIndex", user_id,
    jsonb_build_object('title', task."title", 'priority', task."priority", 'status', task."status",
      'section', jsonb_build_object('id', section."id", 'title', section."title"), 'dueDate', task."dueDate",
      'actor', jsonb_build_object('id', user_id))
  FROM task, counter, section
)
SELECT task.* FROM task
$$;
