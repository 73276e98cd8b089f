// The floor: the fastest a Node service can answer the bench's requests on
// this database. Bare `node:http` + `pg` (a pool of 10, as the app), no
// framework, no ORM, no GraphQL: authentication by API key hash (the same
// look-up the app does), then ONE statement that does all the work and builds
// the response JSON inside PostgreSQL (bench/floor-sql.ts), written out
// without parsing it. It answers the same bodies as the app's routes:
//   GET  /api/mcp/tasks?project_id=…&limit=…&offset=…   → {tasks, total}
//   POST /api/mcp/tasks/create {project_id, title, priority?, description?}
//   POST /api/mcp/tasks/update {task_id, title?, priority?}
//   GET  /api/mcp/tasks/search?query=…&limit=…            (bench/floor-search.ts)
//   GET  /api/v1/projects?limit=…&offset=…
//   POST /api/v1/teams/:team/boards                        (the minimum SQL of a board)
// The task writes are the rows the app's leave: ticket counter (row lock),
// `Backlog` section, task, creator as watcher, outbox events (whose trigger
// notifies); inbox entries of an update's watchers. The board writes only
// its own rows (bench/floor-sql.ts says what it leaves out). The floor has no dispatcher: the app's
// reads the floor's outbox rows too. Other parameters than these are 400.
// Run: DATABASE_URL=… PORT=… node --import tsx bench/floor-server.ts

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { searchTasks } from './floor-search.ts';
import { BOARD_SQL, CREATE_SQL, LIST_SQL, PROJECTS_SQL, UPDATE_SQL } from './floor-sql.ts';

// JIT off, as the app's search turns it off (the search vector's high COST would make PostgreSQL compile plans).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });

const AUTH_SQL = `SELECT "userId" FROM "ApiKey" WHERE "hash" = $1 AND "revokedAt" IS NULL`;

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

async function jsonBody(req: IncomingMessage): Promise<Record<string, any> | null> {
  try {
    const body: unknown = JSON.parse(await readBody(req));
    return body && typeof body === 'object' ? (body as Record<string, any>) : null;
  } catch {
    return null;
  }
}

async function createTask(req: IncomingMessage, userId: number, res: ServerResponse) {
  const body = await jsonBody(req);
  if (!body) return error(res, 400, 'VALIDATION_ERROR', 'body');
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

async function updateTask(req: IncomingMessage, userId: number, res: ServerResponse) {
  const body = await jsonBody(req);
  if (!body) return error(res, 400, 'VALIDATION_ERROR', 'body');
  const taskId = positiveInt(body.task_id);
  if (!taskId) return error(res, 400, 'VALIDATION_ERROR', 'task_id');
  const other = Object.keys(body).find((k) => !['task_id', 'title', 'priority'].includes(k));
  if (other) return error(res, 400, 'VALIDATION_ERROR', other);
  const title = body.title === undefined ? null : typeof body.title === 'string' ? body.title.trim() : '';
  if (title !== null && (title.length < 1 || title.length > 500)) return error(res, 400, 'VALIDATION_ERROR', 'title');
  if (body.priority != null && !PRIORITIES.has(body.priority)) return error(res, 400, 'VALIDATION_ERROR', 'priority');
  const { rows } = await pool.query<{ body: string }>({ name: 'update', text: UPDATE_SQL, values: [taskId, userId, title, 'priority' in body, body.priority ?? null] });
  if (!rows.length) return error(res, 404, 'NOT_FOUND', 'task_id');
  send(res, 200, rows[0].body);
}

async function search(url: URL, userId: number, res: ServerResponse) {
  const query = (url.searchParams.get('query') ?? '').trim();
  if (!query || query.length > 200) return error(res, 400, 'VALIDATION_ERROR', 'query');
  const limit = Number(url.searchParams.get('limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) return error(res, 400, 'VALIDATION_ERROR', 'limit');
  send(res, 200, await searchTasks(pool, userId, query, limit));
}

async function listProjects(url: URL, userId: number, res: ServerResponse) {
  const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 50));
  const offset = Number(url.searchParams.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit < 1) return error(res, 400, 'VALIDATION_ERROR', 'limit');
  if (!Number.isInteger(offset) || offset < 0) return error(res, 400, 'VALIDATION_ERROR', 'offset');
  const { rows } = await pool.query<{ body: string }>({ name: 'projects', text: PROJECTS_SQL, values: [userId, limit, offset] });
  send(res, 200, rows[0].body);
}

async function teamBoard(req: IncomingMessage, teamUuid: string, userId: number, res: ServerResponse) {
  const manifest = await jsonBody(req);
  if (!manifest) return error(res, 400, 'VALIDATION_ERROR', 'body');
  if (!/^[0-9a-f-]{36}$/i.test(teamUuid)) return error(res, 404, 'NOT_FOUND', 'teamId');
  const { rows } = await pool.query<{ body: string }>({ name: 'board', text: BOARD_SQL, values: [teamUuid, userId, JSON.stringify(manifest)] });
  if (!rows.length) return error(res, 404, 'NOT_FOUND', 'teamId');
  send(res, 201, rows[0].body);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  if (url.pathname === '/healthz') return send(res, 200, '{"ok":true}');
  void (async () => {
    const userId = await authenticate(req);
    if (userId === null) return error(res, 401, 'UNAUTHENTICATED', 'authorization');
    if (req.method === 'GET' && url.pathname === '/api/mcp/tasks') return listTasks(url, userId, res);
    if (req.method === 'POST' && url.pathname === '/api/mcp/tasks/create') return createTask(req, userId, res);
    if (req.method === 'POST' && url.pathname === '/api/mcp/tasks/update') return updateTask(req, userId, res);
    if (req.method === 'GET' && url.pathname === '/api/mcp/tasks/search') return search(url, userId, res);
    if (req.method === 'GET' && url.pathname === '/api/v1/projects') return listProjects(url, userId, res);
    const board = req.method === 'POST' && /^\/api\/v1\/teams\/([^/]+)\/boards$/.exec(url.pathname);
    if (board) return teamBoard(req, decodeURIComponent(board[1]), userId, res);
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
