-- A task's history, kept as long as the task: every task.* outbox row is
-- copied here by a trigger in the same statement (the outbox itself is purged
-- after EVENT_RETENTION_DAYS). Text values of `changes` are cut to 1,000
-- characters. Function bodies are E'' strings with \073 for the semicolon:
-- tools that replay migrations split scripts on that character, comments
-- included, so no comment here may hold one either.

-- CreateTable
CREATE TABLE "TaskActivity" (
    "id" BIGSERIAL NOT NULL,
    "taskId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "actorId" INTEGER,
    "data" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaskActivity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TaskActivity_taskId_createdAt_id_idx" ON "TaskActivity"("taskId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "TaskActivity_actorId_idx" ON "TaskActivity"("actorId");

-- AddForeignKey
ALTER TABLE "TaskActivity" ADD CONSTRAINT "TaskActivity_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskActivity" ADD CONSTRAINT "TaskActivity_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An event's data as history keeps it: string values of `changes` cut.
CREATE FUNCTION "tasksvc_activity_data"(d jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS
  E'SELECT CASE WHEN jsonb_typeof(d->''changes'') = ''object'' THEN jsonb_set(d, ''{changes}'', (
      SELECT COALESCE(jsonb_object_agg(c.k, (
        SELECT COALESCE(jsonb_object_agg(e.side, CASE
          WHEN jsonb_typeof(e.v) = ''string'' AND length(e.v #>> ''{}'') > 1000
          THEN to_jsonb(left(e.v #>> ''{}'', 1000)) ELSE e.v END), ''{}''::jsonb)
        FROM jsonb_each(CASE WHEN jsonb_typeof(c.v) = ''object'' THEN c.v ELSE ''{}''::jsonb END) AS e(side, v)
      )), ''{}''::jsonb)
      FROM jsonb_each(d->''changes'') AS c(k, v))) ELSE d END';

-- Copies a task event of a task that still exists (a task deleted for good
-- has no history left to add to), with its actor while the account exists.
CREATE FUNCTION "tasksvc_task_activity"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN
    INSERT INTO "TaskActivity" ("taskId", "type", "actorId", "data", "createdAt")
    SELECT t.id, NEW."type", (SELECT u.id FROM "User" u WHERE u.id = NEW."actorId"),
      "tasksvc_activity_data"(NEW."data"), NEW."createdAt"
    FROM "Task" t WHERE t.id = NEW."taskId"\073
    RETURN NULL\073
  END';

CREATE TRIGGER "OutboxEvent_task_activity" AFTER INSERT ON "OutboxEvent"
  FOR EACH ROW WHEN (NEW."type" IN ('task.created', 'task.updated', 'task.assigned') AND NEW."taskId" IS NOT NULL)
  EXECUTE FUNCTION "tasksvc_task_activity"();

-- The history recorded so far (what retention has not purged yet).
INSERT INTO "TaskActivity" ("taskId", "type", "actorId", "data", "createdAt")
SELECT e."taskId", e."type", (SELECT u.id FROM "User" u WHERE u.id = e."actorId"), "tasksvc_activity_data"(e."data"), e."createdAt"
FROM "OutboxEvent" e JOIN "Task" t ON t.id = e."taskId"
WHERE e."type" IN ('task.created', 'task.updated', 'task.assigned')
ORDER BY e.id;
