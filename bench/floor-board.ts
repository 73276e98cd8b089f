// The floor's team board (POST /api/v1/teams/:team/boards, spec 4.3): the
// app's writes (src/domain/board.ts) in ONE statement — the project with
// the creator and every team member as members, the sections ranked in
// manifest order, the labels, the tasks (ticket numbers 1..n, counter at n),
// their labels, the creator watching each, one `task.created` outbox event
// per task in task order — answering the route's body. The ticket prefix
// candidates and section rankings come from the app's own functions. Not
// done: HTML sanitising of descriptions (the bench's are already clean) and
// assignees (the team manifest has none). Idempotency keys are not read.

import { generateNKeysBetween } from 'fractional-indexing';
import type pg from 'pg';
import { ticketPrefixCandidates } from '../src/domain/ticket-prefix.ts';

const iso = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * $1 team UUID, $2 user, $3 title, $4 description, $5 prefix candidates,
 * $6 section titles, $7 their rankings, $8 label names, $9..$14 the tasks'
 * titles, descriptions, section indexes (0-based), priorities, estimates,
 * due dates; $15/$16 (task number, label index) pairs → body (no row: team not visible).
 */
const BOARD_SQL = `
WITH team AS (
  SELECT t."id", t."uuid" FROM "Team" t
  WHERE t."uuid" = $1::uuid AND EXISTS (SELECT 1 FROM "TeamMember" m WHERE m."teamId" = t."id" AND m."userId" = $2)
), prefix AS (
  SELECT COALESCE((
    SELECT x.c FROM unnest($5::text[]) WITH ORDINALITY AS x(c, n)
    WHERE NOT EXISTS (SELECT 1 FROM "Project" p WHERE p."ticketPrefix" = x.c AND (p."teamId" = (SELECT "id" FROM team)
      OR EXISTS (SELECT 1 FROM "ProjectMember" m WHERE m."projectId" = p."id" AND m."userId" = $2)))
    ORDER BY x.n LIMIT 1), ($5::text[])[1]) AS p
), project AS (
  INSERT INTO "Project" ("title", "description", "teamId", "ticketPrefix", "taskCounter", "createdById", "updatedAt")
  SELECT $3, $4, team."id", prefix.p, cardinality($9::text[]), $2, now() AT TIME ZONE 'UTC' FROM team, prefix
  RETURNING "id", "title", "ticketPrefix"
), members AS (
  INSERT INTO "ProjectMember" ("projectId", "userId")
  SELECT project."id", u."userId" FROM project, (SELECT $2::int AS "userId" UNION SELECT "userId" FROM "TeamMember" WHERE "teamId" = (SELECT "id" FROM team)) u
), sections AS (
  INSERT INTO "Section" ("projectId", "title", "ranking", "updatedAt")
  SELECT project."id", s.title, s.ranking, now() AT TIME ZONE 'UTC' FROM project, unnest($6::text[], $7::text[]) AS s(title, ranking)
  RETURNING "id", "title", "ranking"
), labels AS (
  INSERT INTO "Label" ("projectId", "name") SELECT project."id", l.name FROM project, unnest($8::text[]) AS l(name)
  RETURNING "id", "name"
), tasks AS (
  INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", "title", "description", "priority", "estimateSize", "dueDate", "createdById", "createdAt", "updatedAt")
  SELECT project."id", s."id", x.n, x.title, x.description, x.priority::"Priority", x.estimate, x.due, $2, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM project, unnest($9::text[], $10::text[], $11::int[], $12::text[], $13::int[], $14::timestamp[]) WITH ORDINALITY AS x(title, description, section, priority, estimate, due, n)
  JOIN sections s ON s."ranking" = ($7::text[])[x.section + 1]
  RETURNING "id", "uniqueIndex", "title", "sectionId", "priority", "dueDate"
), task_labels AS (
  INSERT INTO "TaskLabel" ("taskId", "labelId")
  SELECT t."id", l."id" FROM unnest($15::int[], $16::int[]) AS x(task, label)
  JOIN tasks t ON t."uniqueIndex" = x.task JOIN labels l ON l."name" = ($8::text[])[x.label + 1]
), watchers AS (
  INSERT INTO "TaskWatcher" ("taskId", "userId") SELECT "id", $2 FROM tasks
), events AS (
  INSERT INTO "OutboxEvent" ("type", "taskId", "projectId", "ticketNumber", "actorId", "data")
  SELECT 'task.created', t."id", project."id", project."ticketPrefix" || '-' || t."uniqueIndex", $2,
    jsonb_build_object('title', t."title", 'priority', t."priority", 'status', 'Normal', 'section', jsonb_build_object('id', s."id", 'title', s."title"),
      'dueDate', ${iso('t."dueDate"')}, 'actor', jsonb_build_object('id', $2::int))
  FROM tasks t JOIN sections s ON s."id" = t."sectionId", project
  ORDER BY t."uniqueIndex"
)
SELECT json_build_object(
  'success', true,
  'team_id', team."uuid",
  'board', json_build_object('id', project."id", 'title', project."title"),
  'sections', (SELECT json_agg(json_build_object('id', s."id", 'title', s."title") ORDER BY array_position($7::text[], s."ranking")) FROM sections s),
  'labels', COALESCE((SELECT json_agg(json_build_object('id', l."id"::text, 'name', l."name") ORDER BY array_position($8::text[], l."name")) FROM labels l), '[]'::json),
  'tasks', COALESCE((SELECT json_agg(json_build_object('id', t."id", 'ticketNumber', project."ticketPrefix" || '-' || t."uniqueIndex", 'title', t."title") ORDER BY t."uniqueIndex") FROM tasks t), '[]'::json),
  'message', format('Board "%s" created with %s section(s), %s label(s) and %s task(s).', project."title", cardinality($6::text[]), cardinality($8::text[]), cardinality($9::text[]))
)::text AS body
FROM team, project`;

const PRIORITY_CODES = [null, 'urgent', 'high', 'medium', 'low'];
const ESTIMATE_CODES = new Set([0, 2, 3, 4, 5, 6]);

/** What is wrong with a manifest (the field), or its statement values; the checks a bench manifest needs. */
export function boardValues(teamUuid: string, userId: number, body: any): { field: string } | { values: unknown[] } {
  const title = typeof body?.title === 'string' ? body.title.trim() : '';
  if (!title || title.length > 200) return { field: 'title' };
  const sections: string[] = Array.isArray(body.sections) ? body.sections.map((s: any) => String(s?.title ?? '').trim()) : [];
  if (sections.length < 1 || sections.length > 50 || sections.some((s) => !s)) return { field: 'sections' };
  const labels: string[] = (body.labels ?? []).map((l: any) => String(l?.name ?? '').trim());
  const lower = labels.map((l) => l.toLowerCase());
  if (labels.length > 100 || labels.some((l) => !l) || new Set(lower).size !== labels.length) return { field: 'labels' };
  const tasks: any[] = body.tasks ?? [];
  if (!Array.isArray(tasks) || tasks.length > 500) return { field: 'tasks' };
  const cols = { title: [] as string[], description: [] as string[], section: [] as number[], priority: [] as (string | null)[], estimate: [] as (number | null)[], due: [] as (string | null)[] };
  const pairs = { task: [] as number[], label: [] as number[] };
  for (const [i, t] of tasks.entries()) {
    const taskTitle = typeof t?.title === 'string' ? t.title.trim() : '';
    const section = t.section_index ?? sections.findIndex((s) => s.toLowerCase() === String(t.section_title ?? '').trim().toLowerCase());
    if (!taskTitle || taskTitle.length > 500) return { field: `tasks.${i}.title` };
    if (!Number.isInteger(section) || section < 0 || section >= sections.length) return { field: `tasks.${i}.section_index` };
    if (t.priority != null && !(Number.isInteger(t.priority) && t.priority >= 0 && t.priority <= 4)) return { field: `tasks.${i}.priority` };
    if (t.estimate != null && !ESTIMATE_CODES.has(t.estimate)) return { field: `tasks.${i}.estimate` };
    const due = t.due_date != null ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(t.due_date) ? `${t.due_date}T00:00:00Z` : t.due_date) : null;
    if (due && Number.isNaN(due.getTime())) return { field: `tasks.${i}.due_date` };
    for (const name of new Set<string>(t.label_names ?? [])) {
      const label = lower.indexOf(String(name).trim().toLowerCase());
      if (label < 0) return { field: `tasks.${i}.label_names` };
      pairs.task.push(i + 1);
      pairs.label.push(label);
    }
    cols.title.push(taskTitle);
    cols.description.push(t.description ?? '');
    cols.section.push(section);
    cols.priority.push(PRIORITY_CODES[t.priority ?? 0]);
    cols.estimate.push(t.estimate ?? null);
    cols.due.push(due ? due.toISOString().replace('T', ' ').replace('Z', '') : null);
  }
  const values = [
    teamUuid, userId, title, body.description ?? '', ticketPrefixCandidates(title), sections, generateNKeysBetween(null, null, sections.length), labels,
    cols.title, cols.description, cols.section, cols.priority, cols.estimate, cols.due, pairs.task, pairs.label,
  ];
  return { values };
}

/** Creates the board; the body, or null when the team is not the user's. */
export async function createBoard(pool: pg.Pool, values: unknown[]): Promise<string | null> {
  const { rows } = await pool.query<{ body: string }>({ name: 'board', text: BOARD_SQL, values });
  return rows[0]?.body ?? null;
}
