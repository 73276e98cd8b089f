import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUser, makeUserWithProject } from '../support/factories.ts';
import { ISO_TIMESTAMP } from '../support/matchers.ts';

const t = useTestServer({ connectionClose: true });

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

describe('GET /api/mcp/tasks', () => {
  it('401 without a key', async () => {
    await expectError(await t.fetch('/api/mcp/tasks'), 401, 'authorization');
  });

  it('lists Normal tasks of my boards, newest change first, spec 2.4 task objects, {tasks, total}', async () => {
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'LST' });
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
    const stranger = await makeUserWithProject(t.db, { prefix: 'LST' });
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
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(body.tasks[0]).toMatchObject({ section: 'Backlog', priority: null, assignees: [] });
  });

  it('pages with limit (default 50, max 100) and offset (default 0)', async () => {
    const { user, key, project } = await makeUserWithProject(t.db);
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
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'ONE' });
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
    const stranger = await makeUserWithProject(t.db, { prefix: 'ONE' });
    const theirs = await createTask(t.db, stranger.user.id, { projectId: stranger.project.id, title: 'secret' });
    await expectError(await t.fetch(`/api/mcp/tasks?task_id=${theirs.id}`, { key }), 404, 'task_id');
    await expectError(await t.fetch(`/api/mcp/tasks?task_id=999999999`, { key }), 404, 'task_id');
    await expectError(await t.fetch(`/api/mcp/tasks?ticket_number=ONE-99`, { key }), 404, 'ticket_number');
    await expectError(await t.fetch(`/api/mcp/tasks?ticket_number=bad`, { key }), 400, 'ticket_number');
  });

  it('an ambiguous ticket number is a 400 naming project_id and the candidates', async () => {
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'DUP' });
    const second = await makeProject(t.db, { memberIds: [user.id], prefix: 'DUP' });
    await createTask(t.db, user.id, { projectId: project.id, title: 'a' });
    const inSecond = await createTask(t.db, user.id, { projectId: second.id, title: 'b' });
    const body = await expectError(await t.fetch('/api/mcp/tasks?ticket_number=DUP-1', { key }), 400, 'project_id');
    expect(body.message).toContain(String(second.id));
    const ok = await (await t.fetch(`/api/mcp/tasks?ticket_number=DUP-1&project_id=${second.id}`, { key })).json();
    expect(ok.tasks[0].id).toBe(inSecond.id);
  });

  it('project_id and board_id filter one board; a board of someone else → 404', async () => {
    const { user, key, project } = await makeUserWithProject(t.db);
    const other = await makeProject(t.db, { memberIds: [user.id] });
    const mine = await createTask(t.db, user.id, { projectId: project.id, title: 'here' });
    await createTask(t.db, user.id, { projectId: other.id, title: 'there' });
    for (const p of ['project_id', 'board_id']) {
      const body = await (await t.fetch(`/api/mcp/tasks?${p}=${project.id}`, { key })).json();
      expect(body.tasks.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    }
    // The list's own statements only match the viewer's boards: a stranger's board with tasks still answers 404,
    // and an empty board of the viewer answers an empty list, not 404.
    const stranger = await makeUserWithProject(t.db);
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
    const { user, key, project } = await makeUserWithProject(t.db, { sections: ['Todo', 'Review'] });
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
    const { user, key, project } = await makeUserWithProject(t.db);
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
    const { key } = await makeUserWithProject(t.db);
    await expectError(await t.fetch(`/api/mcp/tasks?${qs}`, { key }), 400, field);
  });
});
