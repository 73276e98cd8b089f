// Every create of REST and the tool routes honours Idempotency-Key (Stripe's
// rules, src/domain/idempotency.ts): the same request again with the same key
// answers the kept answer (Idempotent-Replayed: true) and makes nothing more;
// another body with that key is 422; without a key each request makes its own.
// The board creates have their own tests (v1-boards, idempotency-crash).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestApp } from '../support/app.ts';
import { errorBody } from '../support/errors.ts';
import { makeUserWithProject } from '../support/factories.ts';

const t = useTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

type World = Awaited<ReturnType<typeof world>>;

async function world() {
  const w = await makeUserWithProject(t.db, { prefix: 'IDM' });
  const task = await createTask(t.db, w.user.id, { projectId: w.project.id, title: 'Target' });
  return { ...w, task };
}

interface CreateCase {
  name: string;
  path: (w: World) => string;
  body: (w: World) => Record<string, unknown>;
  /** Rows of the kind the route makes. */
  count: (w: World) => Promise<number>;
  /** Its success status (REST creates answer 201, the tool routes 200). */
  status: number;
}

const tasksOf = (w: World) => t.db.task.count({ where: { projectId: w.project.id } });
const CASES: CreateCase[] = [
  {
    status: 201,
    name: 'POST /api/v1/tasks',
    path: () => '/api/v1/tasks',
    body: (w) => ({ project_id: w.project.id, title: 'Retried' }),
    count: tasksOf,
  },
  {
    status: 200,
    name: 'POST /api/mcp/tasks/create',
    path: () => '/api/mcp/tasks/create',
    body: (w) => ({ project_id: w.project.id, title: 'Retried' }),
    count: tasksOf,
  },
  {
    status: 201,
    name: 'POST /api/v1/projects/{id}/sections',
    path: (w) => `/api/v1/projects/${w.project.id}/sections`,
    body: () => ({ title: 'Later' }),
    count: (w) => t.db.section.count({ where: { projectId: w.project.id } }),
  },
  {
    status: 200,
    name: 'POST /api/mcp/projects/{id}/sections',
    path: (w) => `/api/mcp/projects/${w.project.id}/sections`,
    body: () => ({ title: 'Later' }),
    count: (w) => t.db.section.count({ where: { projectId: w.project.id } }),
  },
  {
    status: 201,
    name: 'POST /api/v1/projects/{id}/labels',
    path: (w) => `/api/v1/projects/${w.project.id}/labels`,
    // A new name per pair of calls: label names are unique in a project.
    body: () => ({ name: `label-${randomUUID().slice(0, 6)}` }),
    count: (w) => t.db.label.count({ where: { projectId: w.project.id } }),
  },
  {
    status: 201,
    name: 'POST /api/v1/comments',
    path: () => '/api/v1/comments',
    body: (w) => ({ task_id: w.task.id, text: 'Once' }),
    count: (w) => t.db.comment.count({ where: { taskId: w.task.id } }),
  },
  {
    status: 200,
    name: 'POST /api/mcp/comments',
    path: () => '/api/mcp/comments',
    body: (w) => ({ task_id: w.task.id, text: 'Once' }),
    count: (w) => t.db.comment.count({ where: { taskId: w.task.id } }),
  },
  {
    status: 201,
    name: 'POST /api/v1/drafts',
    path: () => '/api/v1/drafts',
    body: (w) => ({ project_id: w.project.id, title: 'Draft' }),
    count: (w) => t.db.taskDraft.count({ where: { userId: w.user.id } }),
  },
  {
    status: 200,
    name: 'POST /api/mcp/view',
    path: () => '/api/mcp/view',
    body: (w) => ({ project_id: w.project.id, title: 'Mine' }),
    count: (w) => t.db.savedView.count({ where: { creatorId: w.user.id } }),
  },
  {
    status: 201,
    name: 'POST /api/v1/webhook/subscriptions',
    path: () => '/api/v1/webhook/subscriptions',
    body: (w) => ({
      url: 'http://127.0.0.1:9/hook',
      project_id: w.project.id,
      metadata: { 'X-Event-Type': ['task.created'] },
    }),
    count: (w) => t.db.webhookSubscription.count({ where: { createdById: w.user.id } }),
  },
];

async function post(w: World, c: CreateCase, body: Record<string, unknown>, idempotencyKey?: string) {
  const res = await t.fetch(c.path(w), {
    method: 'POST',
    key: w.key,
    json: body,
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
  });
  return { status: res.status, body: await res.json(), replayed: res.headers.get('idempotent-replayed') };
}

describe('Idempotency-Key on every create', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: a retry with the same key makes one; another body is 422; no key makes two',
    async (_name, c) => {
      const w = await world();
      const before = await c.count(w);
      const body = c.body(w);
      const key = `retry-${randomUUID()}`;
      const first = await post(w, c, body, key);
      expect(first.status, JSON.stringify(first.body)).toBe(c.status);
      expect(first.replayed).toBeNull();
      const retry = await post(w, c, body, key);
      expect(retry).toEqual({ status: c.status, body: first.body, replayed: 'true' });
      expect(await c.count(w)).toBe(before + 1);

      // The same key with another body: one of its text fields changed.
      const changed = ['title', 'name', 'text', 'url'].find((f) => typeof body[f] === 'string')!;
      const other = await post(
        w,
        c,
        { ...body, [changed]: changed === 'url' ? 'http://127.0.0.1:9/other' : 'other-value' },
        key,
      );
      expect(other).toMatchObject({
        status: 422,
        body: errorBody('UNPROCESSABLE', 'Idempotency-Key', 'idempotency_key_reused'),
      });

      const fresh = c.body(w);
      expect((await post(w, c, fresh)).status).toBe(c.status);
      expect((await post(w, c, { ...fresh, ...c.body(w) })).status).toBe(c.status);
      expect(await c.count(w)).toBe(before + 3);
    },
  );

  it('POST /api/v1/drafts/{id}/publish: a retry answers the published task again, one task', async () => {
    const w = await world();
    const draft = await post(
      w,
      CASES.find((c) => c.name === 'POST /api/v1/drafts')!,
      { project_id: w.project.id, title: 'Ship it' },
    );
    const before = await tasksOf(w);
    const publish = () =>
      t.fetch(`/api/v1/drafts/${draft.body.draft.id}/publish`, {
        method: 'POST',
        key: w.key,
        headers: { 'Idempotency-Key': 'publish-1' },
      });
    const first = await publish();
    expect(first.status).toBe(201);
    const again = await publish();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await tasksOf(w)).toBe(before + 1);
  });
});
