// The floor: the fastest a Node service can answer the bench's requests on this database. Bare `node:http` + `pg`
// (a pool of 10, as the app), no framework, no ORM, no GraphQL: the app's API-key look-up, then ONE statement that
// does the request's work (the rows the app's leave; bench/floor-sql.ts says which) and builds the response JSON in
// PostgreSQL, written out unparsed. It answers the app's bodies on `ROUTES`, other parameters are 400. No dispatcher:
// the app's also dispatches the floor's outbox events.
// Run: DATABASE_URL=… PORT=… node --import tsx bench/floor-server.ts

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { searchTasks } from './floor-search.ts';
import { BOARD_SQL, CREATE_SQL, LIST_SQL, PROJECTS_SQL, UPDATE_SQL } from './floor-sql.ts';

// JIT off, as the app's search turns it off (the search vector's high COST would make PostgreSQL compile plans).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: '-c jit=off' });
const PRIORITIES = new Set(['urgent', 'high', 'medium', 'low']);

/** A refused request: the app's error body. */
class Refusal {
  constructor(readonly field: string, readonly status = 400, readonly code = status === 400 ? 'VALIDATION_ERROR' : 'NOT_FOUND') {}
}
const refuse = (field: string, status?: number, code?: string): never => {
  throw new Refusal(field, status, code);
};
/** `v` if an integer in [min, max], else a 400 naming `field`; `param` reads a query parameter so. */
const int = (v: unknown, field: string, min = 1, max = 2147483647) => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : refuse(field));
const param = (q: URLSearchParams, name: string, fallback: number, min?: number, max?: number) => int(Number(q.get(name) ?? fallback), name, min, max);
const title = (v: unknown) => (typeof v === 'string' && v.trim().length >= 1 && v.trim().length <= 500 ? v.trim() : refuse('title'));
const priority = (v: unknown) => (v == null || PRIORITIES.has(v as string) ? (v ?? null) : refuse('priority'));
/** The only row of a statement, or a 404 naming `field` when it has none (not the user's). */
async function row(name: string, text: string, values: unknown[], field: string): Promise<Record<string, any>> {
  return (await pool.query({ name, text, values })).rows[0] ?? refuse(field, 404);
}

/** A request to a route: its query, user, JSON body (POST) and path parameter (a board's team). */
type Request = { q: URLSearchParams; userId: number; body: Record<string, any>; team: string };

/** Route (method and path, `:team` a parameter) → status and body. */
const ROUTES: Record<string, (r: Request) => Promise<[number, string]>> = {
  'GET /api/mcp/tasks': async ({ q, userId }) => {
    const values = [param(q, 'project_id', 0), userId, param(q, 'limit', 50, 1, 100), param(q, 'offset', 0, 0, Infinity)];
    const r = await row('list', LIST_SQL, values, 'project_id');
    return r.visible ? [200, r.body] : refuse('project_id', 404);
  },
  'POST /api/mcp/tasks/create': async ({ body, userId }) => {
    const values = [int(body.project_id, 'project_id'), userId, title(body.title), typeof body.description === 'string' ? body.description : '', priority(body.priority)];
    return [200, (await row('create', CREATE_SQL, values, 'project_id')).body];
  },
  'POST /api/mcp/tasks/update': async ({ body, userId }) => {
    const taskId = int(body.task_id, 'task_id');
    const other = Object.keys(body).find((k) => !['task_id', 'title', 'priority'].includes(k));
    const values = [taskId, userId, other ? refuse(other) : body.title === undefined ? null : title(body.title), 'priority' in body, priority(body.priority)];
    return [200, (await row('update', UPDATE_SQL, values, 'task_id')).body];
  },
  'GET /api/mcp/tasks/search': async ({ q, userId }) => {
    const query = (q.get('query') ?? '').trim();
    if (!query || query.length > 200) refuse('query');
    return [200, await searchTasks(pool, userId, query, param(q, 'limit', 10, 1, 50))];
  },
  'GET /api/v1/projects': async ({ q, userId }) => {
    const values = [userId, Math.min(100, param(q, 'limit', 50, 1, Infinity)), param(q, 'offset', 0, 0, Infinity)];
    return [200, (await row('projects', PROJECTS_SQL, values, 'user')).body];
  },
  'POST /api/v1/teams/:team/boards': async ({ body, team, userId }) => {
    if (!/^[0-9a-f-]{36}$/i.test(team)) refuse('teamId', 404);
    return [201, (await row('board', BOARD_SQL, [team, userId, JSON.stringify(body)], 'teamId')).body];
  },
};

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return body && typeof body === 'object' ? (body as Record<string, any>) : refuse('body');
  } catch {
    return refuse('body');
  }
}

async function answer(req: IncomingMessage, url: URL): Promise<[number, string]> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  const hash = bearer && createHash('sha256').update(bearer[1]).digest('hex');
  const auth = hash ? await pool.query({ name: 'auth', text: `SELECT "userId" FROM "ApiKey" WHERE "hash" = $1 AND "revokedAt" IS NULL`, values: [hash] }) : null;
  const userId = (auth?.rows[0]?.userId as number | undefined) ?? refuse('authorization', 401, 'UNAUTHENTICATED');
  const board = /^\/api\/v1\/teams\/([^/]+)\/boards$/.exec(url.pathname);
  const route = ROUTES[`${req.method} ${board ? '/api/v1/teams/:team/boards' : url.pathname}`] ?? refuse('path', 404);
  const body = req.method === 'POST' ? await readBody(req) : {};
  return route({ q: url.searchParams, userId, body, team: board ? decodeURIComponent(board[1]) : '' });
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  if (url.pathname === '/healthz') return send(res, 200, '{"ok":true}');
  answer(req, url).then(
    ([status, body]) => send(res, status, body),
    (err: unknown) => {
      if (!(err instanceof Refusal)) process.stderr.write(`floor: ${(err as Error).stack ?? String(err)}\n`);
      const { status, code, field } = err instanceof Refusal ? err : new Refusal('server', 500, 'INTERNAL');
      if (!res.headersSent) send(res, status, JSON.stringify({ success: false, error: code, message: `${code}: ${field}`, details: { field, code } }));
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 3999), process.env.HOST ?? '127.0.0.1', () => process.stdout.write(`floor listening on ${process.env.PORT}\n`));

// Stopped by a signal: the pool's connections closed first, so PostgreSQL sees clean disconnections.
const stop = () => void pool.end().finally(() => process.exit(0));
process.once('SIGTERM', stop).once('SIGINT', stop);
