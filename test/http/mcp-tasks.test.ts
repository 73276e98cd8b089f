import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { createTestServer } from '../support/app.ts';
import { makeProject, makeUser, makeUserWithKey } from '../support/factories.ts';

type T = Awaited<ReturnType<typeof createTestServer>>;
let t: T;
beforeAll(async () => {
  t = await createTestServer();
  // A fresh connection per request: under load (PGlite shares the event loop) a
  // kept-alive socket can be closed by the server just as the client reuses it.
  const base = t.fetch;
  t.fetch = (path, init = {}) =>
    base(path, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), connection: 'close' } });
});
afterAll(() => t.close());

const TOOL_TASK_KEYS = [
  'assignees',
  'createdAt',
  'description',
  'id',
  'priority',
  'section',
  'ticket_number',
  'title',
  'updatedAt',
];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A user with a key and a board of theirs. */
async function setup(opts: { prefix?: string; sections?: string[] } = {}) {
  const { user, key } = await makeUserWithKey(t.db);
  const project = await makeProject(t.db, {
    memberIds: [user.id],
    prefix: opts.prefix ?? 'TL',
    sections: opts.sections ?? ['Todo', 'Doing'],
  });
  return { user, key, project };
}

/**
 * Everything a rejected request must leave as it was, in the given projects
 * (scoped, as other test files share the PostgreSQL database).
 */
async function dbState(...projectIds: number[]) {
  const inProjects = { projectId: { in: projectIds } };
  const ofTasks = { task: inProjects };
  const [tasks, events, notifications, counters, sections, labels, assignees, watchers] = await Promise.all([
    t.db.task.findMany({ where: inProjects, orderBy: { id: 'asc' } }),
    t.db.outboxEvent.count({ where: inProjects }),
    t.db.notification.count({ where: ofTasks }),
    t.db.project.findMany({
      where: { id: { in: projectIds } },
      select: { id: true, taskCounter: true, updatedAt: true },
      orderBy: { id: 'asc' },
    }),
    t.db.section.findMany({ where: inProjects, orderBy: { id: 'asc' } }),
    t.db.taskLabel.count({ where: ofTasks }),
    t.db.taskAssignee.count({ where: ofTasks }),
    t.db.taskWatcher.count({ where: ofTasks }),
  ]);
  expect(counters).toHaveLength(projectIds.length);
  return { tasks, events, notifications, counters, sections, labels, assignees, watchers };
}

async function expectError(res: Response, status: number, field: string | null, code?: string) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body).toMatchObject({
    success: false,
    error: expect.any(String),
    message: expect.any(String),
    details: { field },
  });
  if (code) expect(body.details.code).toBe(code);
  return body;
}

describe('tool task routes: authentication', () => {
  it.each([
    ['GET', '/api/mcp/tasks'],
    ['POST', '/api/mcp/tasks/create'],
    ['POST', '/api/mcp/tasks/update'],
    ['POST', '/api/mcp/tasks/move'],
  ])('%s %s without a key → 401', async (method, path) => {
    const res = await t.fetch(path, { method, json: method === 'POST' ? { project_id: 1, title: 'x' } : undefined });
    await expectError(res, 401, 'authorization');
  });
});

describe('GET /api/mcp/tasks', () => {
  it('lists Normal tasks of my boards, newest change first, spec 2.4 task objects, {tasks, total}', async () => {
    const { user, key, project } = await setup({ prefix: 'LST' });
    const mate = await makeUser(t.db, 'Mate');
    await t.db.projectMember.create({ data: { projectId: project.id, userId: mate.id } });
    const a = await createTask(t.db, user.id, {
      projectId: project.id,
      title: 'A',
      sectionId: project.sections[0].id,
      priority: 'high',
      description: '<p>x</p>',
      assigneeUserIds: [mate.id],
    });
    const b = await createTask(t.db, user.id, { projectId: project.id, title: 'B' });
    await createTask(t.db, user.id, { projectId: project.id, title: 'archived', status: 'Archive' });
    const stranger = await setup({ prefix: 'LST' });
    await createTask(t.db, stranger.user.id, { projectId: stranger.project.id, title: 'not yours' });

    const res = await t.fetch('/api/mcp/tasks', { key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['tasks', 'total']);
    expect(body.total).toBe(2);
    expect(body.tasks.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    const first = body.tasks[1];
    expect(Object.keys(first).sort()).toEqual(TOOL_TASK_KEYS);
    expect(first).toEqual({
      id: a.id,
      ticket_number: 'LST-1',
      title: 'A',
      description: '<p>x</p>',
      priority: 'high',
      section: 'Todo',
      assignees: [{ id: mate.id, displayName: mate.displayName }],
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(body.tasks[0]).toMatchObject({ section: 'Backlog', priority: null, assignees: [] });
  });

  it('pages with limit (default 50, max 100) and offset (default 0)', async () => {
    const { user, key, project } = await setup();
    // Bulk rows, T100 changed last (creating through the rules is tested elsewhere).
    await t.db.task.createMany({
      data: Array.from({ length: 101 }, (_, i) => ({
        projectId: project.id,
        sectionId: project.sections[0].id,
        uniqueIndex: i + 1,
        title: `T${i}`,
        createdById: user.id,
        updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      })),
    });
    const q = (s: string) =>
      t
        .fetch(`/api/mcp/tasks?project_id=${project.id}${s}`, { key })
        .then(async (r) => ({ status: r.status, body: await r.json() }));
    const def = await q('');
    expect(def.body.tasks).toHaveLength(50);
    expect(def.body.total).toBe(101);
    expect(def.body.tasks[0].title).toBe('T100');
    expect((await q('&limit=1')).body.tasks).toHaveLength(1);
    expect((await q('&limit=100')).body.tasks).toHaveLength(100);
    const last = await q('&limit=100&offset=100');
    expect(last.body.tasks.map((x: { title: string }) => x.title)).toEqual(['T0']);
    expect((await q('&offset=200')).body).toEqual({ tasks: [], total: 101 });
    await expectError(await t.fetch(`/api/mcp/tasks?limit=101`, { key }), 400, 'limit');
    await expectError(await t.fetch(`/api/mcp/tasks?limit=0`, { key }), 400, 'limit');
    await expectError(await t.fetch(`/api/mcp/tasks?limit=ten`, { key }), 400, 'limit');
    await expectError(await t.fetch(`/api/mcp/tasks?limit=1.5`, { key }), 400, 'limit');
    await expectError(await t.fetch(`/api/mcp/tasks?offset=-1`, { key }), 400, 'offset');
  });

  it('task_id or ticket_number fetch one task in the same shape, any status; foreign or unknown → 404', async () => {
    const { user, key, project } = await setup({ prefix: 'ONE' });
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'one', status: 'Archive' });
    await createTask(t.db, user.id, { projectId: project.id, title: 'two' });
    for (const qs of [
      `task_id=${task.id}`,
      'ticket_number=ONE-1',
      `ticket_number=one-1&project_id=${project.id}`,
      `task_id=${task.id}&priority=low`,
    ]) {
      const res = await t.fetch(`/api/mcp/tasks?${qs}`, { key });
      const body = await res.json();
      expect(res.status, qs).toBe(200);
      expect(body.total).toBe(1);
      expect(body.tasks).toHaveLength(1);
      expect(body.tasks[0]).toMatchObject({ id: task.id, ticket_number: 'ONE-1' });
    }
    const stranger = await setup({ prefix: 'ONE' });
    const theirs = await createTask(t.db, stranger.user.id, { projectId: stranger.project.id, title: 'secret' });
    await expectError(await t.fetch(`/api/mcp/tasks?task_id=${theirs.id}`, { key }), 404, 'task_id');
    await expectError(await t.fetch(`/api/mcp/tasks?task_id=999999999`, { key }), 404, 'task_id');
    await expectError(await t.fetch(`/api/mcp/tasks?ticket_number=ONE-99`, { key }), 404, 'ticket_number');
    await expectError(await t.fetch(`/api/mcp/tasks?ticket_number=bad`, { key }), 400, 'ticket_number');
  });

  it('an ambiguous ticket number is a 400 naming project_id and the candidates', async () => {
    const { user, key, project } = await setup({ prefix: 'DUP' });
    const second = await makeProject(t.db, { memberIds: [user.id], prefix: 'DUP' });
    await createTask(t.db, user.id, { projectId: project.id, title: 'a' });
    const inSecond = await createTask(t.db, user.id, { projectId: second.id, title: 'b' });
    const body = await expectError(await t.fetch('/api/mcp/tasks?ticket_number=DUP-1', { key }), 400, 'project_id');
    expect(body.message).toContain(String(second.id));
    const ok = await (await t.fetch(`/api/mcp/tasks?ticket_number=DUP-1&project_id=${second.id}`, { key })).json();
    expect(ok.tasks[0].id).toBe(inSecond.id);
  });

  it('project_id and board_id filter one board; a board of someone else → 404', async () => {
    const { user, key, project } = await setup();
    const other = await makeProject(t.db, { memberIds: [user.id] });
    const mine = await createTask(t.db, user.id, { projectId: project.id, title: 'here' });
    await createTask(t.db, user.id, { projectId: other.id, title: 'there' });
    for (const p of ['project_id', 'board_id']) {
      const body = await (await t.fetch(`/api/mcp/tasks?${p}=${project.id}`, { key })).json();
      expect(body.tasks.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    }
    // The list's own statements only match the viewer's boards: a stranger's board with tasks still answers 404,
    // and an empty board of the viewer answers an empty list, not 404.
    const stranger = await setup();
    await createTask(t.db, stranger.user.id, { projectId: stranger.project.id, title: 'theirs' });
    await expectError(await t.fetch(`/api/mcp/tasks?project_id=${stranger.project.id}`, { key }), 404, 'project_id');
    const empty = await makeProject(t.db, { memberIds: [user.id] });
    const none = await t.fetch(`/api/mcp/tasks?project_id=${empty.id}`, { key });
    expect(none.status).toBe(200);
    expect((await none.json()).tasks).toEqual([]);
    await expectError(await t.fetch(`/api/mcp/tasks?board_id=${stranger.project.id}`, { key }), 404, 'board_id');
    await expectError(
      await t.fetch(`/api/mcp/tasks?project_id=${project.id}&board_id=${other.id}`, { key }),
      400,
      'board_id',
    );
    await expectError(await t.fetch(`/api/mcp/tasks?project_id=abc`, { key }), 400, 'project_id');
    await expectError(await t.fetch(`/api/mcp/tasks?project_id=0`, { key }), 400, 'project_id');
  });

  it('filters: section, assigned_to, priority, status, labels, created_by, search', async () => {
    const { user, key, project } = await setup({ sections: ['Todo', 'Review'] });
    const mate = await makeUser(t.db, 'Mate');
    await t.db.projectMember.create({ data: { projectId: project.id, userId: mate.id } });
    const bug = await t.db.label.create({ data: { projectId: project.id, name: 'Bug' } });
    const ui = await t.db.label.create({ data: { projectId: project.id, name: 'ui' } });
    const s0 = project.sections[0].id;
    const mineTask = await createTask(t.db, user.id, {
      projectId: project.id,
      title: 'Fix Login page',
      sectionId: s0,
      priority: 'urgent',
      assigneeUserIds: [user.id],
      labelIds: [bug.id],
    });
    const mateTask = await createTask(t.db, mate.id, {
      projectId: project.id,
      title: 'Design review',
      sectionId: project.sections[1].id,
      priority: 'low',
      assigneeUserIds: [mate.id],
      labelIds: [ui.id, bug.id],
    });
    const free = await createTask(t.db, user.id, { projectId: project.id, title: 'Unowned', sectionId: s0 });
    const archived = await createTask(t.db, user.id, {
      projectId: project.id,
      title: 'Old',
      sectionId: s0,
      status: 'Archive',
    });
    const deleted = await createTask(t.db, user.id, {
      projectId: project.id,
      title: 'Gone',
      sectionId: s0,
      status: 'Deleted',
    });
    const ids = async (qs: string) => {
      const res = await t.fetch(`/api/mcp/tasks?project_id=${project.id}&${qs}`, { key });
      const body = await res.json();
      expect(res.status, `${qs}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.total).toBe(body.tasks.length);
      return body.tasks.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b);
    };
    const sorted = (...xs: number[]) => xs.sort((a, b) => a - b);
    expect(await ids('section=review')).toEqual([mateTask.id]);
    expect(await ids('section=Todo')).toEqual(sorted(mineTask.id, free.id));
    expect(await ids('section=Nope')).toEqual([]);
    expect(await ids('assigned_to=me')).toEqual([mineTask.id]);
    expect(await ids('assigned_to=ME')).toEqual([mineTask.id]);
    expect(await ids(`assigned_to=${mate.id}`)).toEqual([mateTask.id]);
    expect(await ids('assigned_to=unassigned')).toEqual([free.id]);
    expect(await ids('priority=urgent')).toEqual([mineTask.id]);
    expect(await ids('priority=low')).toEqual([mateTask.id]);
    expect(await ids('status=Normal')).toEqual(sorted(mineTask.id, mateTask.id, free.id));
    expect(await ids('status=Archive')).toEqual([archived.id]);
    expect(await ids('status=Deleted')).toEqual([deleted.id]);
    expect(await ids('labels=bug')).toEqual(sorted(mineTask.id, mateTask.id));
    expect(await ids('labels=UI')).toEqual([mateTask.id]);
    expect(await ids('labels=ui,nothing')).toEqual([mateTask.id]);
    expect(await ids('labels=nothing')).toEqual([]);
    expect(await ids(`created_by=${mate.id}`)).toEqual([mateTask.id]);
    expect(await ids('search=LOGIN')).toEqual([mineTask.id]);
    expect(await ids('search=re')).toEqual(sorted(mateTask.id));
    expect(await ids('priority=urgent&assigned_to=me&labels=bug&section=todo')).toEqual([mineTask.id]);
    expect(await ids('priority=urgent&assigned_to=unassigned')).toEqual([]);
  });

  it('filters: due dates, created/updated since, comments, attachments', async () => {
    const { user, key, project } = await setup();
    const s0 = project.sections[0].id;
    const early = await createTask(t.db, user.id, {
      projectId: project.id,
      title: 'early',
      sectionId: s0,
      dueDate: '2026-01-10',
    });
    const late = await createTask(t.db, user.id, {
      projectId: project.id,
      title: 'late',
      sectionId: s0,
      dueDate: '2026-03-10T12:00:00Z',
      attachments: ['https://f.test/a.pdf'],
    });
    const none = await createTask(t.db, user.id, { projectId: project.id, title: 'none', sectionId: s0 });
    await t.db.comment.create({ data: { taskId: none.id, authorId: user.id, text: 'hi' } });
    await t.db.task.update({
      where: { id: early.id },
      data: { createdAt: new Date('2025-01-01T00:00:00Z'), updatedAt: new Date('2025-01-02T00:00:00Z') },
    });
    const ids = async (qs: string) => {
      const res = await t.fetch(`/api/mcp/tasks?project_id=${project.id}&${qs}`, { key });
      const body = await res.json();
      expect(res.status, `${qs}: ${JSON.stringify(body)}`).toBe(200);
      return body.tasks.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b);
    };
    expect(await ids('has_due_date=true')).toEqual([early.id, late.id]);
    expect(await ids('has_due_date=false')).toEqual([none.id]);
    expect(await ids('due_date_before=2026-02-01')).toEqual([early.id]);
    expect(await ids('due_date_before=2026-01-10')).toEqual([]);
    expect(await ids('due_date_after=2026-01-10')).toEqual([late.id]);
    expect(await ids('due_date_after=2026-01-09&due_date_before=2026-12-31')).toEqual([early.id, late.id]);
    expect(await ids('due_date_after=2026-03-10T12:00:00Z')).toEqual([]);
    expect(await ids('created_since=2025-06-01T00:00:00Z')).toEqual([late.id, none.id]);
    expect(await ids('created_since=2024-01-01')).toEqual([early.id, late.id, none.id]);
    expect(await ids('updated_since=2025-06-01')).toEqual([late.id, none.id]);
    expect(await ids('has_comments=true')).toEqual([none.id]);
    expect(await ids('has_comments=false')).toEqual([early.id, late.id]);
    expect(await ids('has_attachments=true')).toEqual([late.id]);
    expect(await ids('has_attachments=false')).toEqual([early.id, none.id]);
  });

  it.each([
    ['task_id=abc', 'task_id'],
    ['task_id=-3', 'task_id'],
    ['created_by=x', 'created_by'],
    ['has_due_date=yes', 'has_due_date'],
    ['has_comments=', 'has_comments'],
    ['has_attachments=2', 'has_attachments'],
    ['due_date_before=tomorrow', 'due_date_before'],
    ['due_date_after=2026-13-45', 'due_date_after'],
    ['created_since=01/02/2026', 'created_since'],
    ['updated_since=yesterday', 'updated_since'],
    ['priority=critical', 'priority'],
    ['status=Open', 'status'],
    ['assigned_to=someone', 'assigned_to'],
    ['assigned_to=0', 'assigned_to'],
    ['labels=,,', 'labels'],
    [`search=${'s'.repeat(201)}`, 'search'],
    ['section=', 'section'],
  ])('a wrongly typed %s → 400 naming the parameter', async (qs, field) => {
    const { key } = await setup();
    await expectError(await t.fetch(`/api/mcp/tasks?${qs}`, { key }), 400, field);
  });
});

describe('POST /api/mcp/tasks/create', () => {
  it('creates in Backlog with the spec response {id, ticket_number, title, priority, section, createdAt}', async () => {
    const { user, key, project } = await setup({ prefix: 'NEW' });
    const res = await t.fetch('/api/mcp/tasks/create', {
      key,
      method: 'POST',
      json: {
        project_id: project.id,
        title: 'Write docs',
        priority: 'medium',
        estimate: 45,
        images: ['https://i.test/a.png'],
        attachments: ['https://f.test/b.pdf'],
        due_date: '2026-04-01',
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      ticket_number: 'NEW-1',
      title: 'Write docs',
      priority: 'medium',
      section: 'Backlog',
      createdAt: expect.stringMatching(ISO),
    });
    const row = await t.db.task.findUniqueOrThrow({ where: { id: body.id } });
    expect(row).toMatchObject({
      estimateMinutes: 45,
      images: ['https://i.test/a.png'],
      attachments: ['https://f.test/b.pdf'],
      createdById: user.id,
      projectId: project.id,
    });
    expect(row.dueDate?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    const sections = await t.db.section.findMany({ where: { projectId: project.id }, orderBy: { ranking: 'asc' } });
    expect(sections.map((s) => s.title)).toEqual(['Todo', 'Doing', 'Backlog']);
    const second = await (
      await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        json: { project_id: project.id, title: 'Next', section_id: project.sections[1].id },
      })
    ).json();
    expect(second).toMatchObject({ ticket_number: 'NEW-2', section: 'Doing', priority: null });
  });

  it('renders markdown (spec 4.6) and sanitises HTML', async () => {
    const { key, project } = await setup();
    const create = async (description: string, content_type?: string) => {
      const res = await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        json: { project_id: project.id, title: 'md', description, content_type },
      });
      expect(res.status).toBe(200);
      return (await t.db.task.findUniqueOrThrow({ where: { id: (await res.json()).id } })).description;
    };
    const table = await create('| a | b |\n|---|---|\n| 1 | 2 |', 'markdown');
    expect(table).toContain('<table>');
    expect(table).toContain('<th>a</th>');
    expect(table).toContain('<td>2</td>');
    expect(await create('```ts\nconst a = 1 < 2;\n```', 'markdown')).toBe(
      '<pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>',
    );
    const list = await create('- [x] done\n- [ ] open', 'markdown');
    expect(list).toContain('<input type="checkbox" checked disabled> done');
    expect(list).toContain('<input type="checkbox" disabled> open');
    expect(await create('![diagram](https://img.test/d.png)', 'markdown')).toBe(
      '<p><a href="https://img.test/d.png">diagram</a></p>',
    );
    expect(await create('![just alt]()', 'markdown')).toBe('<p>just alt</p>');
    const script = await create('Hello <script>alert(1)</script>', 'markdown');
    expect(script).toBe('<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(script).not.toContain('<script');
    expect(await create('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(await create('<b>bold</b>', 'html')).toBe('<b>bold</b>');
    expect(await create('**not bold**')).toBe('**not bold**');
  });

  it.each([
    [{ project_id: undefined, title: 'x' }, 'project_id', 400],
    [{ project_id: '1', title: 'x' }, 'project_id', 400],
    [{ project_id: 1.5, title: 'x' }, 'project_id', 400],
    [{ project_id: -1, title: 'x' }, 'project_id', 400],
    [{ PROJECT: 1 }, 'project_id', 400],
    [{ title: 'a'.repeat(501) }, 'title', 400],
    [{ title: '' }, 'title', 400],
    [{ title: '   ' }, 'title', 400],
    [{ title: 5 }, 'title', 400],
    [{}, 'title', 400],
    [{ title: 'x', content_type: 'rtf', description: 'a' }, 'content_type', 400],
    [{ title: 'x', content_type: 'HTML' }, 'content_type', 400],
    [{ title: 'x', labels: ['bug'] }, 'labels', 400],
    [{ title: 'x', labels: [] }, 'labels', 400],
    [{ title: 'x', label_ids: [1] }, 'labels', 400],
    [{ title: 'x', priority: 'critical' }, 'priority', 400],
    [{ title: 'x', priority: 1 }, 'priority', 400],
    [{ title: 'x', estimate: -5 }, 'estimate', 400],
    [{ title: 'x', estimate: 'an hour' }, 'estimate', 400],
    [{ title: 'x', estimate: 2.5 }, 'estimate', 400],
    [{ title: 'x', due_date: 'next week' }, 'due_date', 400],
    [{ title: 'x', images: 'https://i.test/a.png' }, 'images', 400],
    [{ title: 'x', images: ['ftp://i.test/a.png'] }, 'images.0', 400],
    [{ title: 'x', section_id: 999999999 }, 'section_id', 404],
    [{ title: 'x', section_id: 'Todo' }, 'section_id', 400],
  ])('bad body %j → %s %s, nothing written', async (extra, field, status) => {
    const { key, project } = await setup();
    const before = await dbState(project.id);
    const json = 'project_id' in extra || 'PROJECT' in extra ? extra : { project_id: project.id, ...extra };
    await expectError(await t.fetch('/api/mcp/tasks/create', { key, method: 'POST', json }), status, field);
    expect(await dbState(project.id)).toEqual(before);
  });

  it('a board of another user or a section of another board → 404; invalid JSON → 400', async () => {
    const { user, key, project } = await setup();
    const stranger = await setup();
    const mineToo = await makeProject(t.db, { memberIds: [user.id] });
    const before = await dbState(project.id, stranger.project.id, mineToo.id);
    await expectError(
      await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        json: { project_id: stranger.project.id, title: 'x' },
      }),
      404,
      'project_id',
    );
    await expectError(
      await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        json: { project_id: project.id, title: 'x', section_id: mineToo.sections[0].id },
      }),
      404,
      'section_id',
    );
    await expectError(
      await t.fetch('/api/mcp/tasks/create', {
        key,
        method: 'POST',
        body: '{"project_id":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'body',
    );
    expect(await dbState(project.id, stranger.project.id, mineToo.id)).toEqual(before);
  });
});

describe('POST /api/mcp/tasks/update', () => {
  it('updates by each identification form, with sectionId in camel case; response {id, ticket_number, title, section, updatedAt}', async () => {
    const { user, key, project } = await setup({ prefix: 'UP' });
    const task = await createTask(t.db, user.id, {
      projectId: project.id,
      title: 'Old',
      sectionId: project.sections[0].id,
      priority: 'low',
      estimateMinutes: 10,
      dueDate: '2026-01-01',
    });
    await new Promise((r) => setTimeout(r, 10));
    const res = await t.fetch('/api/mcp/tasks/update', {
      key,
      method: 'POST',
      json: {
        task_id: task.id,
        title: 'New',
        sectionId: project.sections[1].id,
        priority: 'urgent',
        estimate: 120,
        status: 'Archive',
        due_date: '2026-02-02T10:00:00Z',
      },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      id: task.id,
      ticket_number: 'UP-1',
      title: 'New',
      section: 'Doing',
      updatedAt: expect.stringMatching(ISO),
    });
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThan(task.updatedAt.getTime());
    const row = await t.db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(row).toMatchObject({
      priority: 'urgent',
      estimateMinutes: 120,
      status: 'Archive',
      sectionId: project.sections[1].id,
    });
    expect(row.dueDate?.toISOString()).toBe('2026-02-02T10:00:00.000Z');

    const byTicket = await (
      await t.fetch('/api/mcp/tasks/update', {
        key,
        method: 'POST',
        json: { ticket_number: 'UP-1', priority: null, estimate: null, due_date: null },
      })
    ).json();
    expect(byTicket.id).toBe(task.id);
    expect(await t.db.task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({
      priority: null,
      estimateMinutes: null,
      dueDate: null,
    });
    const byIndex = await t.fetch('/api/mcp/tasks/update', {
      key,
      method: 'POST',
      json: {
        project_id: project.id,
        unique_index: 1,
        section_id: project.sections[0].id,
        description: '_em_',
        content_type: 'markdown',
      },
    });
    expect((await byIndex.json()).section).toBe('Todo');
    expect((await t.db.task.findUniqueOrThrow({ where: { id: task.id } })).description).toBe('<p><em>em</em></p>');
  });

  it('changing nothing keeps updatedAt and writes no event', async () => {
    const { user, key, project } = await setup();
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'Same' });
    const events = await t.db.outboxEvent.count({ where: { taskId: task.id } });
    const body = await (
      await t.fetch('/api/mcp/tasks/update', { key, method: 'POST', json: { task_id: task.id, title: 'Same' } })
    ).json();
    expect(body.updatedAt).toBe(task.updatedAt.toISOString());
    expect(await t.db.outboxEvent.count({ where: { taskId: task.id } })).toBe(events);
  });

  it.each([
    [{}, 'task_id', 400],
    [{ task_id: 'abc' }, 'task_id', 400],
    [{ TASK: 1, ticket_number: 'X-1' }, 'task_id', 400],
    [{ unique_index: 1 }, 'project_id', 400],
    [{ title: 'a'.repeat(501) }, 'title', 400],
    [{ title: null }, 'title', 400],
    [{ labels: ['bug'] }, 'labels', 400],
    [{ label_ids: [1] }, 'labels', 400],
    [{ content_type: 'xml', description: 'x' }, 'content_type', 400],
    [{ priority: 'p1' }, 'priority', 400],
    [{ status: 'Closed' }, 'status', 400],
    [{ estimate: -1 }, 'estimate', 400],
    [{ due_date: 'soon' }, 'due_date', 400],
    [{ sectionId: 'Doing' }, 'sectionId', 400],
    [{ sectionId: 999999999 }, 'sectionId', 404],
    [{ task_id: 999999999 }, 'task_id', 404],
  ])('bad body %j → %s %s, nothing changed', async (extra, field, status) => {
    const { user, key, project } = await setup();
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'keep' });
    const before = await dbState(project.id);
    const json =
      'task_id' in extra || 'TASK' in extra || 'unique_index' in extra || Object.keys(extra).length === 0
        ? { title: 'changed', ...extra }
        : { task_id: task.id, ...extra };
    if ('TASK' in json) delete (json as Record<string, unknown>).ticket_number;
    await expectError(await t.fetch('/api/mcp/tasks/update', { key, method: 'POST', json }), status, field);
    expect(await dbState(project.id)).toEqual(before);
  });

  it('another user’s task → 404 and unchanged; a section of another board → 404', async () => {
    const { key, user, project } = await setup();
    const stranger = await setup();
    const theirs = await createTask(t.db, stranger.user.id, { projectId: stranger.project.id, title: 'theirs' });
    const mine = await createTask(t.db, user.id, { projectId: project.id, title: 'mine' });
    const before = await dbState(project.id, stranger.project.id);
    await expectError(
      await t.fetch('/api/mcp/tasks/update', { key, method: 'POST', json: { task_id: theirs.id, title: 'hacked' } }),
      404,
      'task_id',
    );
    await expectError(
      await t.fetch('/api/mcp/tasks/update', {
        key,
        method: 'POST',
        json: { task_id: mine.id, sectionId: stranger.project.sections[0].id },
      }),
      404,
      'sectionId',
    );
    expect(await dbState(project.id, stranger.project.id)).toEqual(before);
  });
});

describe('POST /api/mcp/tasks/move', () => {
  it('moves to another board: {id, ticket_number, project_id, section} with the target’s number and first section', async () => {
    const { user, key, project } = await setup({ prefix: 'FROM' });
    const target = await makeProject(t.db, { memberIds: [user.id], prefix: 'TO', sections: ['Inbox', 'Later'] });
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'travel' });
    const res = await t.fetch('/api/mcp/tasks/move', {
      key,
      method: 'POST',
      json: { ticket_number: 'FROM-1', target_project_id: target.id },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ id: task.id, ticket_number: 'TO-1', project_id: target.id, section: 'Inbox' });
    const back = await (
      await t.fetch('/api/mcp/tasks/move', {
        key,
        method: 'POST',
        json: {
          project_id: target.id,
          unique_index: 1,
          target_project_id: project.id,
          target_section_id: project.sections[1].id,
        },
      })
    ).json();
    expect(back).toEqual({ id: task.id, ticket_number: 'FROM-2', project_id: project.id, section: 'Doing' });
  });

  it.each([
    [{ task_id: 1 }, 'target_project_id', 400],
    [{ target_project_id: 'x' }, 'target_project_id', 400],
    [{ target_section_id: 1.5 }, 'target_section_id', 400],
    [{ target_project_id: 'OTHER' }, 'target_project_id', 404],
    [{ target_section_id: 'FOREIGN' }, 'target_section_id', 404],
    [{ task_id: 999999999 }, 'task_id', 404],
  ])('bad body %j → %s %s, nothing moved', async (extra, field, status) => {
    const { user, key, project } = await setup();
    const target = await makeProject(t.db, { memberIds: [user.id] });
    const stranger = await setup();
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'stay' });
    const json: Record<string, unknown> = { task_id: task.id, target_project_id: target.id, ...extra };
    if (json.target_project_id === 'OTHER') json.target_project_id = stranger.project.id;
    if (json.target_section_id === 'FOREIGN') json.target_section_id = project.sections[0].id;
    if ('task_id' in extra && !('target_project_id' in extra) && extra.task_id === 1) delete json.target_project_id;
    const before = await dbState(project.id, target.id, stranger.project.id);
    await expectError(await t.fetch('/api/mcp/tasks/move', { key, method: 'POST', json }), status, field);
    expect(await dbState(project.id, target.id, stranger.project.id)).toEqual(before);
  });
});
