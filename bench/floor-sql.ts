// The floor's statements (bench/floor-server.ts): one per request after the API-key look-up, each doing the app's
// whole job for that request and, but for the search (ranked in Node by the app's own scorer, floor-search.ts),
// building the response JSON inside PostgreSQL. The task create and update are also PostGraphile's
// (REFERENCE_WRITES_SQL): the same writes, only the answer differs.

// Timestamps as the app prints them (ISO 8601, UTC, milliseconds).
const iso = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const member = (projectId: string, userId: string) => `EXISTS (SELECT 1 FROM "ProjectMember" m WHERE m."projectId" = ${projectId} AND m."userId" = ${userId})`;
const utcNow = `now() AT TIME ZONE 'UTC'`;

/** GET /api/mcp/tasks: $1 project, $2 user, $3 limit, $4 offset → visible, body. */
export const LIST_SQL = `
WITH member AS (SELECT 1 FROM "ProjectMember" WHERE "projectId" = $1 AND "userId" = $2),
page AS (
  SELECT t."id", t."uniqueIndex", t."title", t."description", t."priority", t."sectionId", t."createdAt", t."updatedAt" FROM "Task" t
  WHERE t."projectId" = $1 AND t."status" = 'Normal' AND EXISTS (SELECT 1 FROM member) ORDER BY t."updatedAt" DESC, t."id" DESC LIMIT $3 OFFSET $4
)
SELECT EXISTS (SELECT 1 FROM member) AS visible, json_build_object(
  'tasks', COALESCE((
    SELECT json_agg(json_build_object(
      'id', p."id", 'ticket_number', pr."ticketPrefix" || '-' || p."uniqueIndex", 'title', p."title",
      'description', p."description", 'priority', p."priority", 'section', s."title",
      'assignees', COALESCE((
        SELECT json_agg(json_build_object(
          'id', COALESCE(to_json(a."userId"), to_json(a."agentId")), 'displayName', COALESCE(u."displayName", ag."displayName")) ORDER BY a."id")
        FROM "TaskAssignee" a LEFT JOIN "User" u ON u."id" = a."userId" LEFT JOIN "Agent" ag ON ag."id" = a."agentId"
        WHERE a."taskId" = p."id"), '[]'::json),
      'createdAt', ${iso('p."createdAt"')}, 'updatedAt', ${iso('p."updatedAt"')}
    ) ORDER BY p."updatedAt" DESC, p."id" DESC)
    FROM page p JOIN "Section" s ON s."id" = p."sectionId" JOIN "Project" pr ON pr."id" = $1), '[]'::json),
  'total', (SELECT count(*)::int FROM "Task" t WHERE t."projectId" = $1 AND t."status" = 'Normal' AND EXISTS (SELECT 1 FROM member))
)::text AS body`;

/**
 * A task create's writes, as the app's: ticket counter (row lock, membership checked), the `Backlog` section, the
 * task (RETURNING `returning`), the creator as watcher, the `task.created` event. $1 project, $2 user, $3 title.
 */
const createWrites = (description: string, priority: string, returning: string) => `
WITH counter AS (
  UPDATE "Project" SET "taskCounter" = "taskCounter" + 1 WHERE "id" = $1 AND ${member('$1', '$2')} RETURNING "taskCounter", "ticketPrefix"
), section AS (
  SELECT "id", "title" FROM "Section" WHERE "projectId" = $1 AND "deletedAt" IS NULL AND lower("title") = 'backlog' ORDER BY "ranking", "id" LIMIT 1
), task AS (
  INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", "title", "description", "priority", "createdById", "createdAt", "updatedAt")
  SELECT $1, section."id", counter."taskCounter", $3, ${description}, ${priority}, $2, ${utcNow}, ${utcNow} FROM counter, section
  RETURNING ${returning}
), watch AS (
  INSERT INTO "TaskWatcher" ("taskId", "userId") SELECT "id", $2 FROM task ON CONFLICT DO NOTHING
), event AS (
  INSERT INTO "OutboxEvent" ("type", "taskId", "projectId", "ticketNumber", "actorId", "data")
  SELECT 'task.created', task."id", $1, counter."ticketPrefix" || '-' || task."uniqueIndex", $2,
    jsonb_build_object('title', task."title", 'priority', task."priority", 'status', task."status",
      'section', jsonb_build_object('id', section."id", 'title', section."title"), 'dueDate', task."dueDate", 'actor', jsonb_build_object('id', $2::int))
  FROM task, counter, section
)`;

/** POST /api/mcp/tasks/create: $1 project, $2 user, $3 title, $4 description, $5 priority → body (no row: not visible). */
export const CREATE_SQL = `${createWrites('$4', '$5::"Priority"', '"id", "uniqueIndex", "title", "priority", "createdAt", "dueDate", "status"')}
SELECT json_build_object(
  'id', task."id", 'ticket_number', counter."ticketPrefix" || '-' || task."uniqueIndex", 'title', task."title",
  'priority', task."priority", 'section', section."title", 'createdAt', ${iso('task."createdAt"')}
)::text AS body, pg_notify('tasksvc_outbox', '') AS notified
FROM task, counter, section`;

/**
 * A task update's writes (title and priority), as the app's: only real changes are written, with a new `updatedAt`,
 * a `task.updated` event `{changes: {field: {from, to}}}` and an inbox entry for each watcher but the actor naming
 * the changed fields. $1 task, $2 user, $3 title (null: unchanged); `priority` the new priority's expression.
 */
const updateWrites = (priority: string, returning: string) => `
WITH old AS (
  SELECT t."id", t."projectId", t."uniqueIndex", t."title", t."priority", t."sectionId", t."updatedAt", p."ticketPrefix" || '-' || t."uniqueIndex" AS ticket,
    COALESCE($3::text, t."title") AS new_title, ${priority} AS new_priority
  FROM "Task" t JOIN "Project" p ON p."id" = t."projectId"
  WHERE t."id" = $1 AND ${member('t."projectId"', '$2')}
), diff AS (
  SELECT old.*,
    CASE WHEN new_title IS DISTINCT FROM "title" THEN jsonb_build_object('title', jsonb_build_object('from', "title", 'to', new_title)) ELSE '{}' END
    || CASE WHEN new_priority IS DISTINCT FROM "priority" THEN jsonb_build_object('priority', jsonb_build_object('from', "priority", 'to', new_priority)) ELSE '{}' END AS changes,
    array_to_string(ARRAY[CASE WHEN new_title IS DISTINCT FROM "title" THEN 'title' END, CASE WHEN new_priority IS DISTINCT FROM "priority" THEN 'priority' END], ', ') AS fields
  FROM old
), updated AS (
  UPDATE "Task" t SET "title" = d.new_title, "priority" = d.new_priority, "updatedAt" = ${utcNow}
  FROM diff d WHERE t."id" = d."id" AND d.changes <> '{}'
  RETURNING ${returning}
), event AS (
  INSERT INTO "OutboxEvent" ("type", "taskId", "projectId", "ticketNumber", "actorId", "data")
  SELECT 'task.updated', d."id", d."projectId", d.ticket, $2, jsonb_build_object('changes', d.changes, 'actor', jsonb_build_object('id', $2::int))
  FROM diff d, updated
), inbox AS (
  INSERT INTO "Notification" ("userId", "type", "taskId", "actorId", "message")
  SELECT w."userId", 'task_updated', d."id", $2,
    COALESCE((SELECT "displayName" FROM "User" WHERE "id" = $2), 'Someone') || ' updated ' || d.fields || ' of ' || d.ticket || ': ' || u."title"
  FROM diff d, updated u, "TaskWatcher" w WHERE w."taskId" = d."id" AND w."userId" <> $2
)`;

/** POST /api/mcp/tasks/update: $1 task, $2 user, $3 title, $4 whether priority was given, $5 priority → body (no row: not visible). */
export const UPDATE_SQL = `${updateWrites('CASE WHEN $4::boolean THEN $5::"Priority" ELSE t."priority" END', 't."id", t."title", t."updatedAt"')}
SELECT json_build_object(
  'id', d."id", 'ticket_number', d.ticket, 'title', COALESCE(u."title", d."title"), 'section', s."title",
  'updatedAt', ${iso('COALESCE(u."updatedAt", d."updatedAt")')}
)::text AS body
FROM diff d JOIN "Section" s ON s."id" = d."sectionId" LEFT JOIN updated u ON TRUE`;

/** PostGraphile's create (empty description) and update: the floor's writes, answering the task row (bench/reference-server.ts). */
export const REFERENCE_WRITES_SQL = `
CREATE OR REPLACE FUNCTION bench_ref.add_task(project_id int, user_id int, title text, priority "Priority")
RETURNS "Task" LANGUAGE sql VOLATILE AS $$ ${createWrites(`''`, '$4', '*')} SELECT task.* FROM task $$;
CREATE OR REPLACE FUNCTION bench_ref.update_task(task_id int, user_id int, title text, priority "Priority")
RETURNS "Task" LANGUAGE sql VOLATILE AS $$ ${updateWrites('$4', 't.*')}
SELECT * FROM updated UNION ALL SELECT t.* FROM "Task" t JOIN diff d ON d."id" = t."id" WHERE NOT EXISTS (SELECT 1 FROM updated) $$;`;

/**
 * GET /api/v1/projects (defaults: Normal, by title case-insensitively, then title, then id): $1 user, $2 limit,
 * $3 offset → body. Counts as the app's: members, tasks not Deleted; shown sections in board order; labels by name.
 */
export const PROJECTS_SQL = `
WITH visible AS (
  SELECT p."id", p."title", p."status", p."createdAt", p."description" FROM "Project" p WHERE p."status" = 'Normal' AND ${member('p."id"', '$1')}
), page AS (SELECT * FROM visible ORDER BY lower("title"), "title", "id" LIMIT $2 OFFSET $3)
SELECT json_build_object(
  'success', true,
  'projects', COALESCE((SELECT json_agg(json_build_object(
    'id', p."id", 'title', p."title", 'status', p."status", 'createdAt', ${iso('p."createdAt"')}, 'description', p."description",
    'memberCount', (SELECT count(*)::int FROM "ProjectMember" m WHERE m."projectId" = p."id"),
    'taskCount', (SELECT count(*)::int FROM "Task" t WHERE t."projectId" = p."id" AND t."status" <> 'Deleted'),
    'sections', COALESCE((SELECT json_agg(json_build_object('id', s."id", 'section_title', s."title") ORDER BY s."ranking", s."id")
      FROM "Section" s WHERE s."projectId" = p."id" AND s."deletedAt" IS NULL AND s."visible"), '[]'::json),
    'labels', COALESCE((SELECT json_agg(json_build_object('id', l."id"::text, 'name', l."name") ORDER BY l."name")
      FROM "Label" l WHERE l."projectId" = p."id"), '[]'::json)
  ) ORDER BY lower(p."title"), p."title", p."id") FROM page p), '[]'::json),
  'total', (SELECT count(*)::int FROM visible), 'limit', $2::int, 'offset', $3::int
)::text AS body`;

/**
 * POST /api/v1/teams/:team/boards: $1 team UUID, $2 user, $3 the manifest (JSON, read as sent) → body (no row: team
 * not the user's). The minimum SQL of a board, in one statement: the project (a fixed ticket prefix), the creator as
 * its member, the sections (ranked by position), the labels, the tasks numbered 1..n and their labels. Not done, as
 * they are the app's rules: validation, the prefix choice, team members as members, watchers, `task.created` events.
 */
export const BOARD_SQL = `
WITH team AS (
  SELECT t."id", t."uuid" FROM "Team" t WHERE t."uuid" = $1::uuid AND EXISTS (SELECT 1 FROM "TeamMember" m WHERE m."teamId" = t."id" AND m."userId" = $2)
), in_tasks AS (
  SELECT x.t, x.n FROM jsonb_array_elements(COALESCE($3::jsonb->'tasks', '[]')) WITH ORDINALITY AS x(t, n)
), project AS (
  INSERT INTO "Project" ("title", "description", "teamId", "ticketPrefix", "taskCounter", "createdById", "updatedAt")
  SELECT $3::jsonb->>'title', COALESCE($3::jsonb->>'description', ''), team."id", 'BRD', (SELECT count(*) FROM in_tasks), $2, ${utcNow} FROM team
  RETURNING "id", "title", "ticketPrefix"
), member AS (
  INSERT INTO "ProjectMember" ("projectId", "userId") SELECT "id", $2 FROM project
), sections AS (
  INSERT INTO "Section" ("projectId", "title", "ranking", "updatedAt")
  SELECT project."id", s->>'title', lpad(i::text, 4, '0'), ${utcNow} FROM project, jsonb_array_elements($3::jsonb->'sections') WITH ORDINALITY AS x(s, i)
  RETURNING "id", "title", "ranking"
), labels AS (
  INSERT INTO "Label" ("projectId", "name") SELECT project."id", l->>'name' FROM project, jsonb_array_elements(COALESCE($3::jsonb->'labels', '[]')) AS l
  RETURNING "id", "name"
), tasks AS (
  INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", "title", "description", "priority", "estimateSize", "dueDate", "createdById", "createdAt", "updatedAt")
  SELECT project."id", s."id", x.n, x.t->>'title', COALESCE(x.t->>'description', ''), (ARRAY['urgent', 'high', 'medium', 'low']::"Priority"[])[(x.t->>'priority')::int],
    (x.t->>'estimate')::int, (x.t->>'due_date')::timestamp, $2, ${utcNow}, ${utcNow}
  FROM project, in_tasks x JOIN sections s ON s."ranking" = lpad(((x.t->>'section_index')::int + 1)::text, 4, '0')
  RETURNING "id", "uniqueIndex", "title"
), task_labels AS (
  INSERT INTO "TaskLabel" ("taskId", "labelId")
  SELECT t."id", l."id" FROM tasks t JOIN in_tasks x ON x.n = t."uniqueIndex", jsonb_array_elements_text(COALESCE(x.t->'label_names', '[]')) AS n(name) JOIN labels l ON l."name" = n.name
)
SELECT json_build_object(
  'success', true, 'team_id', team."uuid", 'board', json_build_object('id', project."id", 'title', project."title"),
  'sections', (SELECT json_agg(json_build_object('id', s."id", 'title', s."title") ORDER BY s."ranking") FROM sections s),
  'labels', COALESCE((SELECT json_agg(json_build_object('id', l."id"::text, 'name', l."name")) FROM labels l), '[]'::json),
  'tasks', COALESCE((SELECT json_agg(json_build_object('id', t."id", 'ticketNumber', project."ticketPrefix" || '-' || t."uniqueIndex", 'title', t."title") ORDER BY t."uniqueIndex") FROM tasks t), '[]'::json),
  'message', 'Board created.'
)::text AS body
FROM team, project`;
