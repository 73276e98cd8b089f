// The SQL every REST and tool route runs, as a snapshot: for each route, the
// statements of one successful request against a fixed world (lists hold
// several rows, so a per-row query shows as more statements), normalised
// (parameters and IN-list lengths folded, order-independent). Loading a
// relation or column a route does not answer with, or an N+1, changes the
// snapshot; review the change, and accept it with `vitest -u` (on both databases)
// when intended.
// Every compiled route has a request here or a reason in NOT_RUN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/http/app.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { HOOK, MARK, makeTenantWorld, type TenantWorld } from '../security/tenant-world.ts';

interface World extends TenantWorld {
  /** A second board of A (a target for moves). */
  projectA2: number;
  /** Tasks of A's board made for the routes that change or remove one. */
  spare: { moveTool: number; moveRest: number; remove: number; draft: number };
  /** A user of A's team who is not on A's board (to add as a member). */
  outsider: number;
  /** A delivery of a task event to A's webhook. */
  taskDelivery: number;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: (w: World) => string;
  body?: (w: World) => unknown;
}

/** Routes this snapshot does not run, and why. */
const NOT_RUN: Record<string, string> = {
  'POST /api/v1/webhook/subscriptions/:subscriptionId/test': 'sends an HTTP request to the endpoint (no outbound network in tests)',
  'POST /api/resetUser': 'an operator route (admin password), not a resource read',
  'GET /api/users/search': 'needs a signed session cookie',
  'GET /api/users/getByEmails': 'needs a signed session cookie',
};

// In order: reads first, then the routes that change rows, removals last.
const CALLS: Call[] = [
  { method: 'GET', path: () => '/api/mcp/user/context' },
  { method: 'GET', path: () => '/api/mcp/projects' },
  { method: 'GET', path: (w) => `/api/mcp/tasks?project_id=${w.a.projectId}` },
  { method: 'GET', path: (w) => `/api/mcp/tasks/search?query=${MARK}&project_id=${w.a.projectId}` },
  { method: 'GET', path: (w) => `/api/mcp/comments?task_id=${w.aTask.id}` },
  { method: 'GET', path: () => '/api/mcp/inbox/list' },
  { method: 'GET', path: (w) => `/api/mcp/projects/${w.a.projectId}/sections` },
  { method: 'GET', path: (w) => `/api/mcp/projects/${w.a.projectId}/members` },
  { method: 'GET', path: () => '/api/v1/user/context' },
  { method: 'GET', path: () => '/api/v1/projects' },
  { method: 'GET', path: (w) => `/api/v1/projects/${w.a.projectId}` },
  { method: 'GET', path: (w) => `/api/v1/tasks?project_id=${w.a.projectId}` },
  { method: 'GET', path: (w) => `/api/v1/tasks/search?query=${MARK}&project_id=${w.a.projectId}` },
  { method: 'GET', path: (w) => `/api/v1/tasks/${w.aTask.id}` },
  { method: 'GET', path: (w) => `/api/v1/tasks/${w.aTask.id}/watchers` },
  { method: 'GET', path: (w) => `/api/v1/comments?task_id=${w.aTask.id}` },
  { method: 'GET', path: () => '/api/v1/notifications' },
  { method: 'GET', path: (w) => `/api/v1/projects/${w.a.projectId}/sections` },
  { method: 'GET', path: (w) => `/api/v1/projects/${w.a.projectId}/labels` },
  { method: 'GET', path: (w) => `/api/v1/projects/${w.a.projectId}/members` },
  { method: 'GET', path: () => '/api/v1/drafts' },
  { method: 'GET', path: (w) => `/api/v1/drafts/${w.draftId}` },
  { method: 'GET', path: (w) => `/api/v1/webhook/subscriptions?project_id=${w.a.projectId}` },
  { method: 'GET', path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}` },
  { method: 'GET', path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}/deliveries` },

  { method: 'POST', path: () => '/api/mcp/tasks/create', body: (w) => ({ project_id: w.a.projectId, title: 'tool task' }) },
  { method: 'POST', path: () => '/api/mcp/tasks/update', body: (w) => ({ task_id: w.aTask.id, title: `${MARK} task, renamed` }) },
  { method: 'POST', path: () => '/api/mcp/tasks/move', body: (w) => ({ task_id: w.spare.moveTool, target_project_id: w.projectA2 }) },
  { method: 'POST', path: () => '/api/mcp/assignees/assign', body: (w) => ({ task_id: w.aTask.id, user_id: w.a2.userId }) },
  { method: 'POST', path: () => '/api/mcp/comments', body: (w) => ({ task_id: w.aTask.id, text: 'tool comment' }) },
  { method: 'POST', path: () => '/api/mcp/inbox/archive', body: (w) => ({ notification_ids: [w.notificationId] }) },
  { method: 'POST', path: () => '/api/mcp/view', body: (w) => ({ project_id: w.a.projectId, title: 'view' }) },
  { method: 'PATCH', path: (w) => `/api/mcp/view/${w.viewId}`, body: () => ({ subtask_setting: 'Card' }) },
  { method: 'POST', path: () => '/api/mcp/boards', body: (w) => ({ team_id: w.a.teamId, title: 'Tool board', sections: [{ title: 'x' }] }) },
  { method: 'POST', path: (w) => `/api/mcp/projects/${w.a.projectId}/sections`, body: () => ({ title: 'tool section' }) },
  { method: 'POST', path: () => '/api/v1/tasks', body: (w) => ({ project_id: w.a.projectId, title: 'rest task' }) },
  { method: 'PATCH', path: (w) => `/api/v1/tasks/${w.aTask.id}`, body: () => ({ priority: 'high' }) },
  { method: 'POST', path: (w) => `/api/v1/tasks/${w.spare.moveRest}/move`, body: (w) => ({ target_project_id: w.projectA2 }) },
  { method: 'POST', path: (w) => `/api/v1/tasks/${w.aTask.id}/assignees`, body: (w) => ({ user_id: w.a.userId }) },
  { method: 'POST', path: (w) => `/api/v1/tasks/${w.aTask.id}/labels`, body: (w) => ({ label_ids: [w.a.labelId] }) },
  { method: 'PUT', path: (w) => `/api/v1/tasks/${w.aTask.id}/watch` },
  { method: 'POST', path: () => '/api/v1/comments', body: (w) => ({ task_id: w.aTask.id, text: 'rest comment' }) },
  { method: 'PATCH', path: (w) => `/api/v1/comments/${w.commentId}`, body: () => ({ text: 'edited' }) },
  { method: 'PATCH', path: (w) => `/api/v1/projects/${w.a.projectId}`, body: () => ({ status: 'Normal' }) },
  { method: 'POST', path: (w) => `/api/v1/projects/${w.a.projectId}/sections`, body: () => ({ title: 'rest section' }) },
  { method: 'PATCH', path: (w) => `/api/v1/projects/${w.a.projectId}/sections/${w.a.sectionId}`, body: () => ({ title: 'Renamed' }) },
  { method: 'POST', path: (w) => `/api/v1/projects/${w.a.projectId}/labels`, body: () => ({ name: 'new label' }) },
  { method: 'PATCH', path: (w) => `/api/v1/projects/${w.a.projectId}/labels/${w.a.labelId}`, body: () => ({ name: 'renamed label' }) },
  { method: 'POST', path: (w) => `/api/v1/projects/${w.a.projectId}/members`, body: (w) => ({ userToAdd: w.outsider }) },
  { method: 'POST', path: (w) => `/api/v1/teams/${w.a.teamUuid}/boards`, body: () => ({ title: 'Rest board', sections: [{ title: 'x' }] }) },
  { method: 'POST', path: () => '/api/v1/notifications/read', body: (w) => ({ notification_ids: [w.notificationId] }) },
  { method: 'POST', path: () => '/api/v1/notifications/archive', body: (w) => ({ notification_ids: [w.notificationId] }) },
  { method: 'POST', path: () => '/api/v1/drafts', body: (w) => ({ project_id: w.a.projectId, title: 'draft' }) },
  { method: 'PATCH', path: (w) => `/api/v1/drafts/${w.draftId}`, body: () => ({ title: 'draft, renamed' }) },
  { method: 'POST', path: () => '/api/v1/webhook/subscriptions', body: (w) => ({ ...HOOK, project_id: w.a.projectId }) },
  {
    method: 'PATCH',
    path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}`,
    body: () => ({ metadata: { 'X-Event-Type': ['task.updated'] } }),
  },
  { method: 'POST', path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}/deliveries/${w.taskDelivery}/redeliver` },

  { method: 'DELETE', path: (w) => `/api/v1/tasks/${w.aTask.id}/labels/${w.a.labelId}` },
  { method: 'DELETE', path: (w) => `/api/v1/tasks/${w.aTask.id}/watch` },
  { method: 'DELETE', path: (w) => `/api/v1/comments/${w.commentId}` },
  { method: 'DELETE', path: (w) => `/api/v1/projects/${w.a.projectId}/members`, body: (w) => ({ userToRemove: w.outsider }) },
  { method: 'DELETE', path: (w) => `/api/v1/projects/${w.a.projectId}/labels/${w.a.labelId}` },
  { method: 'DELETE', path: (w) => `/api/v1/projects/${w.a.projectId}/sections/${w.a.sectionId}` },
  { method: 'POST', path: (w) => `/api/v1/drafts/${w.draftId}/publish` },
  { method: 'DELETE', path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}` },
  { method: 'DELETE', path: (w) => `/api/v1/drafts/${w.spare.draft}` },
  { method: 'DELETE', path: (w) => `/api/v1/tasks/${w.spare.remove}` },
];

let t: TestApp;
let w: World;
let recording = false;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => recording && statements.push(sql) });
  const world = await makeTenantWorld(t);
  const as = { key: world.a.key };
  const newTask = async (title: string) => {
    const res = await t.fetch('/api/v1/tasks', { method: 'POST', ...as, json: { project_id: world.a.projectId, title } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { task: { id: number } }).task.id;
  };
  // Lists answer several rows, each with assignees and labels: a query per row would show.
  for (const title of ['second', 'third']) {
    const id = await newTask(`${MARK} ${title}`);
    await t.fetch(`/api/v1/tasks/${id}/labels`, { method: 'POST', ...as, json: { label_ids: [world.a.labelId] } });
    await t.fetch(`/api/v1/tasks/${id}/assignees`, { method: 'POST', ...as, json: { user_id: world.a2.userId } });
    await t.fetch('/api/v1/comments', { method: 'POST', ...as, json: { task_id: world.aTask.id, text: `comment on ${title}` } });
  }
  const taskEvent = await t.db.outboxEvent.findFirstOrThrow({ where: { projectId: world.a.projectId, taskId: { not: null } }, orderBy: { id: 'asc' } });
  // A user of A's team who is not on A's board yet: the one add-member may add.
  const teamMate = async () => {
    const user = await makeUser(t.db, 'Mate');
    await t.db.teamMember.create({ data: { teamId: world.a.teamId, userId: user.id } });
    return user.id;
  };
  const projectA2 = await makeProject(t.db, { memberIds: [world.a.userId], teamId: world.a.teamId, prefix: 'TWO' });
  w = {
    ...world,
    projectA2: projectA2.id,
    spare: {
      moveTool: await newTask('moved by tool'),
      moveRest: await newTask('moved by rest'),
      remove: await newTask('removed'),
      draft: ((await (await t.fetch('/api/v1/drafts', { method: 'POST', ...as, json: { title: 'removed' } })).json()) as { draft: { id: number } }).draft.id,
    },
    outsider: await teamMate(),
    taskDelivery: (await t.db.webhookDelivery.create({ data: { subscriptionId: world.webhookId, eventId: taskEvent.id, status: 'failed' } })).id,
  };
  // The world's own delivery may be of a board event without a task; deliveries are only of task events.
  await t.db.webhookDelivery.delete({ where: { id: world.deliveryId } });
}, 120_000);
afterAll(() => t?.close());

/** `"public"."Task"."title"` → `Task.title`, parameters and multi-row VALUES folded, white space collapsed. */
function normaliseSql(sql: string): string {
  return sql
    .replace(/"public"\./g, '')
    .replace(/"(\w+)"/g, '$1')
    .replace(/\$\d+(\s*,\s*\$\d+)*/g, '$')
    .replace(/\s+/g, ' ')
    .replace(/\(\$\)(, \(\$\))+/g, '($), …')
    .trim();
}

/** Runs one call as A; answers its status and normalised statements (authentication's own left out). */
async function run(method: string, path: string, body: unknown) {
  statements.length = 0;
  recording = true;
  const res = await t.fetch(path, { method, key: w.a.key, ...(body === undefined ? {} : { json: body }) });
  recording = false;
  const text = await res.text();
  const sql = statements.map(normaliseSql).filter((s) => !/\bFROM ApiKey\b|^UPDATE ApiKey\b/.test(s));
  return { status: res.status, text, sql };
}

describe('SQL of every facade route', () => {
  it('every route has a call or a reason not to run', () => {
    const keys = allRoutes().map((r) => `${r.def.method} ${r.fullPath}`);
    const called = new Set(CALLS.map((c) => `${c.method} ${templateOf(c.path(w), keys, c.method)}`));
    const missing = keys.filter((k) => !called.has(k) && !(k in NOT_RUN));
    expect(missing).toEqual([]);
  });

  it('matches the snapshot', async () => {
    const keys = allRoutes().map((r) => `${r.def.method} ${r.fullPath}`);
    const lines: string[] = [];
    for (const call of CALLS) {
      const path = call.path(w);
      const r = await run(call.method, path, call.body?.(w));
      expect(r.status, `${call.method} ${path}: ${r.text.slice(0, 300)}`).toBeLessThan(300);
      const key = `${call.method} ${templateOf(path, keys, call.method)}`;
      lines.push(`## ${key} — ${r.sql.length} statement(s)`, ...[...r.sql].sort().map((s) => `- ${s}`), '');
    }
    // One snapshot per database: PostgreSQL's search runs in a transaction with JIT off (src/search).
    await expect(lines.join('\n')).toMatchFileSnapshot(`./__snapshots__/facade-sql.${t.services.database.kind}.txt`);
  }, 240_000);
});

/** The route template (`/api/v1/tasks/:id{[0-9]+}`) a concrete path and method match. */
function templateOf(path: string, keys: string[], method: string): string {
  const bare = path.split('?')[0];
  for (const key of keys) {
    const [m, template] = key.split(' ');
    if (m !== method) continue;
    const pattern = template.replace(/:\w+\{([^}]*)\}/g, '($1)').replace(/:\w+/g, '[^/]+');
    if (new RegExp(`^${pattern}$`).test(bare)) return template;
  }
  return bare;
}
