// Tenant isolation: user B (another team, no shared project) uses user A's
// ids on every project-, task-, comment-, view-, draft-, webhook- and
// notification-scoped route. Each gets 404 (never 403, never data) and the
// database does not change. The table is data: append a row for each new
// scoped route (a route with a path parameter and no row fails the guard test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src/http/app.ts';
import { createTestServer } from '../support/app.ts';
import { isolatedDatabaseEnv, snapshotDb } from '../support/db-snapshot.ts';
import { placeholderJson, placeholderWorld } from './placeholder-world.ts';
import { HOOK, MARK, makeTenantWorld, type TenantWorld } from './tenant-world.ts';

type Expectation = 'not_found' | 'not_found_or_nothing' | 'no_leak' | 'refused';
interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: (w: World) => string;
  body?: (w: World) => unknown;
  /**
   * Default `not_found`. Bulk-id routes may answer 2xx with a zero count (`not_found_or_nothing`); id-less lists
   * must not show A's data (`no_leak`); `refused`: any 4xx.
   */
  expect?: Expectation;
}

type World = TenantWorld;
const placeholder = placeholderWorld<World>();
const hook = HOOK;

const ROWS: Row[] = [
  // Tool routes (/api/mcp).
  { method: 'GET', path: (w) => `/api/mcp/tasks?task_id=${w.aTask.id}` },
  { method: 'GET', path: (w) => `/api/mcp/tasks?project_id=${w.a.projectId}` },
  { method: 'GET', path: (w) => `/api/mcp/tasks?ticket_number=${w.aTask.ticket}` },
  { method: 'GET', path: (w) => `/api/mcp/tasks/search?query=${MARK}&project_id=${w.a.projectId}` },
  { method: 'GET', path: () => `/api/mcp/tasks/search?query=${MARK}`, expect: 'no_leak' },
  { method: 'GET', path: () => `/api/mcp/tasks`, expect: 'no_leak' },
  {
    method: 'POST',
    path: () => '/api/mcp/tasks/create',
    body: (w) => ({ project_id: w.a.projectId, title: 'intruder' }),
  },
  { method: 'POST', path: () => '/api/mcp/tasks/update', body: (w) => ({ task_id: w.aTask.id, title: 'pwned' }) },
  {
    method: 'POST',
    path: () => '/api/mcp/tasks/update',
    body: (w) => ({ ticket_number: w.aTask.ticket, title: 'pwned' }),
  },
  {
    method: 'POST',
    path: () => '/api/mcp/tasks/move',
    body: (w) => ({ task_id: w.aTask.id, target_project_id: w.b.projectId }),
  },
  {
    method: 'POST',
    path: () => '/api/mcp/tasks/move',
    body: (w) => ({ task_id: w.b.taskId, target_project_id: w.a.projectId }),
  },
  {
    method: 'POST',
    path: () => '/api/mcp/assignees/assign',
    body: (w) => ({ task_id: w.aTask.id, user_id: w.b.userId }),
  },
  { method: 'GET', path: (w) => `/api/mcp/comments?task_id=${w.aTask.id}` },
  { method: 'POST', path: () => '/api/mcp/comments', body: (w) => ({ task_id: w.aTask.id, text: 'intruder' }) },
  {
    method: 'POST',
    path: () => '/api/mcp/inbox/archive',
    body: (w) => ({ notification_ids: [w.notificationId] }),
    expect: 'not_found_or_nothing',
  },
  { method: 'GET', path: () => '/api/mcp/inbox/list', expect: 'no_leak' },
  {
    method: 'POST',
    path: () => '/api/mcp/view',
    body: (w) => ({ project_id: w.a.projectId, title: 'spy', subtask_setting: 'None' }),
  },
  { method: 'PATCH', path: (w) => `/api/mcp/view/${w.viewId}`, body: () => ({ subtask_setting: 'Card' }) },
  {
    method: 'POST',
    path: () => '/api/mcp/boards',
    body: (w) => ({ team_id: w.a.teamId, title: 'spy', sections: [{ title: 'x' }] }),
  },
  { method: 'GET', path: () => '/api/mcp/projects', expect: 'no_leak' },
  { method: 'GET', path: (w) => `/api/mcp/projects/${w.a.projectId}/sections` },
  { method: 'POST', path: (w) => `/api/mcp/projects/${w.a.projectId}/sections`, body: () => ({ title: 'spy' }) },
  { method: 'GET', path: (w) => `/api/mcp/projects/${w.a.projectId}/members` },
  // REST routes (/api/v1).
  { method: 'GET', path: () => '/api/v1/user/context', expect: 'no_leak' },
  { method: 'GET', path: (w) => `/api/v1/tasks?project_id=${w.a.projectId}` },
  { method: 'GET', path: () => '/api/v1/tasks', expect: 'no_leak' },
  { method: 'GET', path: (w) => `/api/v1/tasks/search?query=${MARK}&project_id=${w.a.projectId}` },
  { method: 'GET', path: () => `/api/v1/tasks/search?query=${MARK}`, expect: 'no_leak' },
  { method: 'GET', path: (w) => `/api/v1/tasks/${w.aTask.id}` },
  { method: 'POST', path: () => '/api/v1/tasks', body: (w) => ({ project_id: w.a.projectId, title: 'intruder' }) },
  {
    method: 'POST',
    path: () => '/api/v1/tasks',
    body: (w) => ({ project_id: w.b.projectId, section_id: w.a.sectionId, title: 'intruder' }),
  },
  { method: 'PATCH', path: (w) => `/api/v1/tasks/${w.aTask.id}`, body: () => ({ title: 'pwned' }) },
  { method: 'PATCH', path: (w) => `/api/v1/tasks/${w.b.taskId}`, body: (w) => ({ section_id: w.a.sectionId }) },
  {
    method: 'POST',
    path: (w) => `/api/v1/tasks/${w.aTask.id}/move`,
    body: (w) => ({ target_project_id: w.b.projectId }),
  },
  {
    method: 'POST',
    path: (w) => `/api/v1/tasks/${w.b.taskId}/move`,
    body: (w) => ({ target_project_id: w.a.projectId }),
  },
  { method: 'POST', path: (w) => `/api/v1/tasks/${w.aTask.id}/assignees`, body: (w) => ({ user_id: w.b.userId }) },
  { method: 'DELETE', path: (w) => `/api/v1/tasks/${w.aTask.id}` },
  { method: 'PATCH', path: (w) => `/api/v1/tasks/${w.b.taskId}`, body: (w) => ({ label_ids: [w.a.labelId] }) },
  { method: 'PATCH', path: (w) => `/api/v1/tasks/${w.b.taskId}`, body: (w) => ({ parent_id: w.aTask.id }) },
  {
    method: 'POST',
    path: () => '/api/v1/tasks',
    body: (w) => ({ project_id: w.b.projectId, parent_id: w.aTask.id, title: 'intruder' }),
  },
  { method: 'POST', path: (w) => `/api/v1/tasks/${w.aTask.id}/labels`, body: (w) => ({ label_ids: [w.a.labelId] }) },
  { method: 'POST', path: (w) => `/api/v1/tasks/${w.b.taskId}/labels`, body: (w) => ({ label_ids: [w.a.labelId] }) },
  { method: 'DELETE', path: (w) => `/api/v1/tasks/${w.aTask.id}/labels/${w.a.labelId}` },
  { method: 'DELETE', path: (w) => `/api/v1/tasks/${w.b.taskId}/labels/${w.a.labelId}` },
  { method: 'GET', path: (w) => `/api/v1/tasks/${w.aTask.id}/watchers` },
  { method: 'PUT', path: (w) => `/api/v1/tasks/${w.aTask.id}/watch` },
  { method: 'DELETE', path: (w) => `/api/v1/tasks/${w.aTask.id}/watch` },
  { method: 'PATCH', path: (w) => `/api/v1/comments/${w.commentId}`, body: () => ({ text: 'pwned' }) },
  { method: 'DELETE', path: (w) => `/api/v1/comments/${w.commentId}` },
  // A's user id on B's own task: refused (A is not on B's board), whatever the status.
  {
    method: 'POST',
    path: (w) => `/api/v1/tasks/${w.b.taskId}/assignees`,
    body: (w) => ({ user_id: w.a.userId }),
    expect: 'refused',
  },
  { method: 'GET', path: () => '/api/v1/projects', expect: 'no_leak' },
  { method: 'GET', path: (w) => `/api/v1/projects/${w.a.projectId}` },
  { method: 'PATCH', path: (w) => `/api/v1/projects/${w.a.projectId}`, body: () => ({ status: 'Archive' }) },
  { method: 'GET', path: (w) => `/api/v1/projects/${w.a.projectId}/sections` },
  { method: 'POST', path: (w) => `/api/v1/projects/${w.a.projectId}/sections`, body: () => ({ title: 'spy' }) },
  {
    method: 'PATCH',
    path: (w) => `/api/v1/projects/${w.a.projectId}/sections/${w.a.sectionId}`,
    body: () => ({ title: 'pwned' }),
  },
  {
    method: 'PATCH',
    path: (w) => `/api/v1/projects/${w.b.projectId}/sections/${w.a.sectionId}`,
    body: () => ({ title: 'pwned' }),
  },
  { method: 'DELETE', path: (w) => `/api/v1/projects/${w.a.projectId}/sections/${w.a.sectionId}` },
  { method: 'DELETE', path: (w) => `/api/v1/projects/${w.b.projectId}/sections/${w.a.sectionId}` },
  { method: 'GET', path: (w) => `/api/v1/projects/${w.a.projectId}/labels` },
  { method: 'POST', path: (w) => `/api/v1/projects/${w.a.projectId}/labels`, body: () => ({ name: 'spy' }) },
  {
    method: 'PATCH',
    path: (w) => `/api/v1/projects/${w.a.projectId}/labels/${w.a.labelId}`,
    body: () => ({ name: 'pwned' }),
  },
  {
    method: 'PATCH',
    path: (w) => `/api/v1/projects/${w.b.projectId}/labels/${w.a.labelId}`,
    body: () => ({ name: 'pwned' }),
  },
  { method: 'DELETE', path: (w) => `/api/v1/projects/${w.a.projectId}/labels/${w.a.labelId}` },
  { method: 'DELETE', path: (w) => `/api/v1/projects/${w.b.projectId}/labels/${w.a.labelId}` },
  { method: 'GET', path: (w) => `/api/v1/projects/${w.a.projectId}/members` },
  {
    method: 'POST',
    path: (w) => `/api/v1/projects/${w.a.projectId}/members`,
    body: (w) => ({ userToAdd: w.b.userId }),
  },
  // A's user onto B's own board, by id and by email: the same 404 as an unknown user.
  { method: 'POST', path: (w) => `/api/v1/projects/${w.b.projectId}/members`, body: (w) => ({ userToAdd: w.a.userId }) },
  { method: 'POST', path: (w) => `/api/v1/projects/${w.b.projectId}/members`, body: (w) => ({ userToAdd: w.a.email }) },
  { method: 'DELETE', path: (w) => `/api/v1/projects/${w.b.projectId}/members`, body: (w) => ({ userToRemove: w.a.email }) },
  {
    method: 'DELETE',
    path: (w) => `/api/v1/projects/${w.a.projectId}/members`,
    body: (w) => ({ userToRemove: w.a2.userId }),
  },
  {
    method: 'POST',
    path: (w) => `/api/v1/teams/${w.a.teamUuid}/boards`,
    body: () => ({ title: 'spy', sections: [{ title: 'x' }] }),
  },
  { method: 'GET', path: (w) => `/api/v1/comments?task_id=${w.aTask.id}` },
  { method: 'POST', path: () => '/api/v1/comments', body: (w) => ({ task_id: w.aTask.id, text: 'intruder' }) },
  { method: 'GET', path: () => '/api/v1/notifications', expect: 'no_leak' },
  {
    method: 'POST',
    path: () => '/api/v1/notifications/archive',
    body: (w) => ({ notification_ids: [w.notificationId] }),
    expect: 'not_found_or_nothing',
  },
  {
    method: 'POST',
    path: () => '/api/v1/notifications/read',
    body: (w) => ({ notification_ids: [w.notificationId] }),
    expect: 'not_found_or_nothing',
  },
  { method: 'GET', path: () => '/api/v1/drafts', expect: 'no_leak' },
  { method: 'POST', path: () => '/api/v1/drafts', body: (w) => ({ project_id: w.a.projectId, title: 'spy' }) },
  { method: 'POST', path: () => '/api/v1/drafts', body: (w) => ({ project_id: w.b.projectId, section_id: w.a.sectionId, title: 'spy' }) },
  { method: 'GET', path: (w) => `/api/v1/drafts/${w.draftId}` },
  { method: 'PATCH', path: (w) => `/api/v1/drafts/${w.draftId}`, body: () => ({ title: 'pwned' }) },
  { method: 'DELETE', path: (w) => `/api/v1/drafts/${w.draftId}` },
  { method: 'POST', path: (w) => `/api/v1/drafts/${w.draftId}/publish` },
  {
    method: 'POST',
    path: () => '/api/v1/webhook/subscriptions',
    body: (w) => ({ ...hook, project_id: w.a.projectId }),
  },
  { method: 'POST', path: () => '/api/v1/webhook/subscriptions', body: (w) => ({ ...hook, team_id: w.a.teamUuid }) },
  { method: 'GET', path: () => '/api/v1/webhook/subscriptions', expect: 'no_leak' },
  { method: 'GET', path: (w) => `/api/v1/webhook/subscriptions?project_id=${w.a.projectId}` },
  { method: 'GET', path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}` },
  {
    method: 'PATCH',
    path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}`,
    body: () => ({ metadata: { 'X-Event-Type': ['task.updated'] } }),
  },
  { method: 'DELETE', path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}` },
  { method: 'GET', path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}/deliveries` },
  { method: 'POST', path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}/deliveries/${w.deliveryId}/redeliver` },
  { method: 'POST', path: (w) => `/api/v1/webhook/subscriptions/${w.webhookId}/test` },
  // User directory (/api): a session of B never reveals A.
];

let t: Awaited<ReturnType<typeof createTestServer>>;
let dropDb: () => Promise<void> = async () => undefined;
let w: World;

beforeAll(async () => {
  const isolated = await isolatedDatabaseEnv();
  dropDb = isolated.drop;
  t = await createTestServer({ env: { ...isolated.env, RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_ANON_PER_MINUTE: '0' } });
  w = await makeTenantWorld(t);
});
afterAll(async () => {
  await t?.close();
  await dropDb();
});

/** A route's Hono path as a RegExp over concrete paths (query string ignored). */
function matcher(fullPath: string) {
  return new RegExp(`^${fullPath.replace(/:\w+(\{[^}]*\})?/g, '[^/]+')}$`);
}
const routes = allRoutes().map((r) => ({ method: r.def.method, fullPath: r.fullPath, re: matcher(r.fullPath) }));
function routeOf(method: string, path: string) {
  return routes.find((r) => r.method === method && r.re.test(path.split('?')[0]));
}

describe('tenant isolation: B with A’s ids', () => {
  const named = ROWS.map((row) => {
    const body = row.body?.(placeholder);
    return [
      `${row.method} ${row.path(placeholder)}${body === undefined ? '' : ` ${placeholderJson(body)}`}`,
      row,
    ] as const;
  });
  it.each(named)('%s', async (_name, row) => {
    const path = row.path(w);
    expect(routeOf(row.method, path), `${row.method} ${path} is not a route (fix or remove the row)`).toBeDefined();
    const before = await snapshotDb(t);
    const body = row.body?.(w);
    const res = await t.fetch(path, {
      method: row.method,
      key: w.b.key,
      ...(body !== undefined ? { json: body } : {}),
    });
    const text = await res.text();
    const label = `${row.method} ${path} → ${res.status} ${text.slice(0, 300)}`;
    const expectation = row.expect ?? 'not_found';
    if (expectation === 'not_found' || (expectation === 'not_found_or_nothing' && res.status === 404)) {
      expect(res.status, label).toBe(404);
      expect(JSON.parse(text), label).toMatchObject({ success: false, error: 'NOT_FOUND' });
    } else if (expectation === 'refused') {
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
    } else {
      expect(res.status, label).toBeLessThan(300);
    }
    expect(text, label).not.toContain(MARK);
    expect(await snapshotDb(t), label).toEqual(before);
  });

  it('every route with a path parameter has a row (append rows for new scoped routes)', () => {
    const covered = new Set(ROWS.map((row) => routeOf(row.method, row.path(w))?.fullPath + ' ' + row.method));
    const missing = routes.filter((r) => r.fullPath.includes(':') && !covered.has(`${r.fullPath} ${r.method}`));
    expect(missing.map((r) => `${r.method} ${r.fullPath}`)).toEqual([]);
  });

  it('A still sees and changes its own data (the rows are not 404 for everyone)', async () => {
    const get = await t.fetch(`/api/v1/tasks/${w.aTask.id}`, { key: w.a.key });
    expect(get.status).toBe(200);
    expect(await get.text()).toContain(MARK);
    expect((await t.fetch(`/api/v1/drafts/${w.draftId}`, { key: w.a.key })).status).toBe(200);
    expect((await t.fetch(`/api/v1/webhook/subscriptions/${w.webhookId}`, { key: w.a.key })).status).toBe(200);
    expect((await t.fetch(`/api/mcp/comments?task_id=${w.aTask.id}`, { key: w.a.key })).status).toBe(200);
    const inbox = await t.fetch('/api/mcp/inbox/list', { key: w.a.key });
    expect(await inbox.text()).toContain(MARK);
    const view = await t.fetch(`/api/mcp/view/${w.viewId}`, {
      method: 'PATCH',
      key: w.a.key,
      json: { subtask_setting: 'Card' },
    });
    expect(view.status).toBe(200);
  });
});
