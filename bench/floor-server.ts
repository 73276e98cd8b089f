// The floor: the fastest a Node service can answer the task list and the task
// create on this database. Bare `node:http` + `pg` (a pool of 10, as the app),
// no framework, no ORM, no GraphQL: authentication by API key hash (the same
// look-up the app does), then ONE statement that does all the work and builds
// the response JSON inside PostgreSQL, written out without parsing it.
// It answers the same bodies as the tool routes:
//   GET  /api/mcp/tasks?project_id=…&limit=…&offset=…   → {tasks, total}
//   POST /api/mcp/tasks/create {project_id, title, priority?, description?}
//        → {id, ticket_number, title, priority, section, createdAt}
// The create runs the same writes as the app's: ticket counter (row lock),
// `Backlog` section, task, creator as watcher, `task.created` outbox event and
// its notification; the floor has no dispatcher reading that outbox.
// Run: DATABASE_URL=… PORT=… node --import tsx bench/floor-server.ts

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const AUTH_SQL = `SELECT "userId" FROM "ApiKey" WHERE "hash" = $1 AND "revokedAt" IS NULL`;

// Timestamps as the app prints them (ISO 8601, UTC, milliseconds).
const iso = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const LIST_SQL = `
WITH member AS (
  SELECT 1 FROM "ProjectMember" WHERE "projectId" = $1 AND "userId" = $2
), page AS (
  SELECT t."id", t."uniqueIndex", t."title", t."description", t."priority", t."sectionId", t."createdAt", t."updatedAt"
  FROM "Task" t
  WHERE t."projectId" = $1 AND t."status" = 'Normal' AND EXISTS (SELECT 1 FROM member)
  ORDER BY t."updatedAt" DESC, t."id" DESC
  LIMIT $3 OFFSET $4
)
SELECT EXISTS (SELECT 1 FROM member) AS visible, json_build_object(
  'tasks', COALESCE((
    SELECT json_agg(json_build_object(
      'id', p."id",
      'ticket_number', pr."ticketPrefix" || '-' || p."uniqueIndex",
      'title', p."title",
      'description', p."description",
      'priority', p."priority",
      'section', s."title",
      'assignees', COALESCE((
        SELECT json_agg(json_build_object(
          'id', COALESCE(to_json(a."userId"), to_json(a."agentId")),
          'displayName', COALESCE(u."displayName", ag."displayName")) ORDER BY a."id")
        FROM "TaskAssignee" a
        LEFT JOIN "User" u ON u."id" = a."userId"
        LEFT JOIN "Agent" ag ON ag."id" = a."agentId"
        WHERE a."taskId" = p."id"), '[]'::json),
      'createdAt', ${iso('p."createdAt"')},
      'updatedAt', ${iso('p."updatedAt"')}
    ) ORDER BY p."updatedAt" DESC, p."id" DESC)
    FROM page p
    JOIN "Section" s ON s."id" = p."sectionId"
    JOIN "Project" pr ON pr."id" = $1), '[]'::json),
  'total', (SELECT count(*)::int FROM "Task" t WHERE t."projectId" = $1 AND t."status" = 'Normal' AND EXISTS (SELECT 1 FROM member))
)::text AS body`;

const CREATE_SQL = `
WITH counter AS (
  UPDATE "Project" SET "taskCounter" = "taskCounter" + 1
  WHERE "id" = $1 AND EXISTS (SELECT 1 FROM "ProjectMember" m WHERE m."projectId" = $1 AND m."userId" = $2)
  RETURNING "taskCounter", "ticketPrefix"
), section AS (
  SELECT "id", "title" FROM "Section"
  WHERE "projectId" = $1 AND "deletedAt" IS NULL AND lower("title") = 'backlog'
  ORDER BY "ranking", "id" LIMIT 1
), task AS (
  INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", "title", "description", "priority", "createdById", "createdAt", "updatedAt")
  SELECT $1, section."id", counter."taskCounter", $3, $4, $5::"Priority", $2, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
  FROM counter, section
  RETURNING "id", "uniqueIndex", "title", "priority", "createdAt", "dueDate", "status"
), watch AS (
  INSERT INTO "TaskWatcher" ("taskId", "userId") SELECT "id", $2 FROM task ON CONFLICT DO NOTHING
), event AS (
  INSERT INTO "OutboxEvent" ("type", "taskId", "projectId", "ticketNumber", "actorId", "data")
  SELECT 'task.created', task."id", $1, counter."ticketPrefix" || '-' || task."uniqueIndex", $2,
    jsonb_build_object('title', task."title", 'priority', task."priority", 'status', task."status",
      'section', jsonb_build_object('id', section."id", 'title', section."title"), 'dueDate', task."dueDate",
      'actor', jsonb_build_object('id', $2::int))
  FROM task, counter, section
)
SELECT json_build_object(
  'id', task."id",
  'ticket_number', counter."ticketPrefix" || '-' || task."uniqueIndex",
  'title', task."title",
  'priority', task."priority",
  'section', section."title",
  'createdAt', ${iso('task."createdAt"')}
)::text AS body, pg_notify('tasksvc_outbox', '') AS notified
FROM task, counter, section`;

const PRIORITIES = new Set(['urgent', 'high', 'medium', 'low']);

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function error(res: ServerResponse, status: number, code: string, field: string) {
  send(res, status, JSON.stringify({ success: false, error: code, message: `${code}: ${field}`, details: { field, code } }));
}

async function authenticate(req: IncomingMessage): Promise<number | null> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) return null;
  const hash = createHash('sha256').update(m[1]).digest('hex');
  const { rows } = await pool.query<{ userId: number }>({ name: 'auth', text: AUTH_SQL, values: [hash] });
  return rows[0]?.userId ?? null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const positiveInt = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647 ? v : null);

async function listTasks(url: URL, userId: number, res: ServerResponse) {
  const projectId = positiveInt(Number(url.searchParams.get('project_id')));
  if (!projectId) return error(res, 400, 'VALIDATION_ERROR', 'project_id');
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return error(res, 400, 'VALIDATION_ERROR', 'limit');
  if (!Number.isInteger(offset) || offset < 0) return error(res, 400, 'VALIDATION_ERROR', 'offset');
  const { rows } = await pool.query<{ visible: boolean; body: string }>({ name: 'list', text: LIST_SQL, values: [projectId, userId, limit, offset] });
  if (!rows[0].visible) return error(res, 404, 'NOT_FOUND', 'project_id');
  send(res, 200, rows[0].body);
}

async function createTask(req: IncomingMessage, userId: number, res: ServerResponse) {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(await readBody(req)) as Record<string, unknown>;
  } catch {
    return error(res, 400, 'VALIDATION_ERROR', 'body');
  }
  const projectId = positiveInt(body.project_id);
  if (!projectId) return error(res, 400, 'VALIDATION_ERROR', 'project_id');
  const title = typeof body.title === 'string' ? body.title.trim() : '';
  if (title.length < 1 || title.length > 500) return error(res, 400, 'VALIDATION_ERROR', 'title');
  const priority = body.priority ?? null;
  if (priority !== null && !PRIORITIES.has(priority as string)) return error(res, 400, 'VALIDATION_ERROR', 'priority');
  const description = typeof body.description === 'string' ? body.description : '';
  const { rows } = await pool.query<{ body: string }>({ name: 'create', text: CREATE_SQL, values: [projectId, userId, title, description, priority] });
  if (!rows.length) return error(res, 404, 'NOT_FOUND', 'project_id');
  send(res, 200, rows[0].body);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  if (url.pathname === '/healthz') return send(res, 200, '{"ok":true}');
  void (async () => {
    const userId = await authenticate(req);
    if (userId === null) return error(res, 401, 'UNAUTHENTICATED', 'authorization');
    if (req.method === 'GET' && url.pathname === '/api/mcp/tasks') return listTasks(url, userId, res);
    if (req.method === 'POST' && url.pathname === '/api/mcp/tasks/create') return createTask(req, userId, res);
    return error(res, 404, 'NOT_FOUND', 'path');
  })().catch((err: Error) => {
    process.stderr.write(`floor: ${err.stack ?? err.message}\n`);
    if (!res.headersSent) error(res, 500, 'INTERNAL', 'server');
  });
});

server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 3999), process.env.HOST ?? '127.0.0.1', () => {
  process.stdout.write(`floor listening on ${process.env.PORT}\n`);
});

const stop = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
