import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { ISO_TIMESTAMP } from '../support/matchers.ts';
import { projectState } from '../support/project-state.ts';
import { makeProject, makeTeam, makeUser, makeUserWithProject } from '../support/factories.ts';

const t = useTestServer({ connectionClose: true });

const REST_TASK_KEYS = [
  'assignees',
  'attachments',
  'comment_count',
  'createdAt',
  'created_by',
  'description',
  'due_date',
  'estimate',
  'estimate_size',
  'id',
  'images',
  'labels',
  'parent_id',
  'priority',
  'project_id',
  'section',
  'status',
  'subtasks',
  'ticket_number',
  'title',
  'unique_index',
  'updatedAt',
  'version',
];




describe('REST task routes', () => {
  it.each([
    ['GET', '/api/v1/tasks'],
    ['GET', '/api/v1/tasks/1'],
    ['POST', '/api/v1/tasks'],
    ['PATCH', '/api/v1/tasks/1'],
    ['POST', '/api/v1/tasks/1/move'],
  ])('%s %s without a key → 401', async (method, path) => {
    await expectError(await t.fetch(path, { method, json: method === 'GET' ? undefined : {} }), 401, 'authorization');
  });

  it('GET /tasks: {success, tasks, total, limit, offset} with full task objects', async () => {
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'LIS' });
    const team = await makeTeam(t.db, [user.id]);
    await t.db.project.update({ where: { id: project.id }, data: { teamId: team.id } });
    const agent = await t.db.agent.create({ data: { teamId: team.id, displayName: 'Bot' } });
    const label = await t.db.label.create({ data: { projectId: project.id, name: 'bug' } });
    const parent = await createTask(t.db, user.id, { projectId: project.id, title: 'Parent' });
    const task = await createTask(t.db, user.id, {
      projectId: project.id,
      title: 'Child',
      parentId: parent.id,
      labelIds: [label.id],
      assigneeUserIds: [user.id],
      priority: 'medium',
      estimateMinutes: 15,
      estimateSize: 4,
      dueDate: '2026-06-01',
      images: ['https://i.test/1.png'],
      sectionId: project.sections[1].id,
    });
    await t.db.taskAssignee.create({ data: { taskId: task.id, agentId: agent.id } });
    await t.db.comment.create({ data: { taskId: task.id, authorId: user.id, text: 'c' } });
    await t.db.task.update({ where: { id: task.id }, data: { updatedAt: new Date(Date.now() + 60_000) } });

    const res = await t.fetch(`/api/v1/tasks?project_id=${project.id}&limit=1`, { key });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, total: 2, limit: 1, offset: 0 });
    expect(Object.keys(body.tasks[0]).sort()).toEqual(REST_TASK_KEYS);
    expect(body.tasks[0]).toEqual({
      id: task.id,
      ticket_number: 'LIS-2',
      unique_index: 2,
      title: 'Child',
      description: '',
      priority: 'medium',
      status: 'Normal',
      project_id: project.id,
      section: { id: project.sections[1].id, title: 'Doing' },
      assignees: [
        { id: user.id, displayName: user.displayName, kind: 'user' },
        { id: agent.id, displayName: 'Bot', kind: 'agent' },
      ],
      labels: [{ id: String(label.id), name: 'bug' }],
      estimate: 15,
      estimate_size: 4,
      due_date: '2026-06-01T00:00:00.000Z',
      images: ['https://i.test/1.png'],
      attachments: [],
      parent_id: parent.id,
      subtasks: [],
      created_by: { id: user.id, displayName: user.displayName },
      comment_count: 1,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      version: 1,
    });
    const defaults = await (await t.fetch(`/api/v1/tasks?project_id=${project.id}`, { key })).json();
    expect(defaults).toMatchObject({ limit: 50, offset: 0, total: 2 });
    await expectError(await t.fetch('/api/v1/tasks?limit=101', { key }), 400, 'limit');
    await expectError(await t.fetch('/api/v1/tasks?has_comments=maybe', { key }), 400, 'has_comments');
    const stranger = await makeUserWithProject(t.db, { prefix: 'RST' });
    await expectError(await t.fetch(`/api/v1/tasks?project_id=${stranger.project.id}`, { key }), 404, 'project_id');
  });

  it('GET /tasks/{id}: {success, task}; another user’s or unknown → 404; non-numeric → 404 route', async () => {
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'GET' });
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'one' });
    const body = await (await t.fetch(`/api/v1/tasks/${task.id}`, { key })).json();
    expect(body).toMatchObject({
      success: true,
      task: { id: task.id, ticket_number: 'GET-1', section: { title: 'Backlog' } },
    });
    const stranger = await makeUserWithProject(t.db, { prefix: 'RST' });
    const theirs = await createTask(t.db, stranger.user.id, { projectId: stranger.project.id, title: 'secret' });
    const denied = await expectError(await t.fetch(`/api/v1/tasks/${theirs.id}`, { key }), 404, 'id');
    expect(JSON.stringify(denied)).not.toContain('secret');
    await expectError(await t.fetch('/api/v1/tasks/99999999', { key }), 404, 'id');
    await expectError(await t.fetch('/api/v1/tasks/99999999999', { key }), 400, 'id');
    expect((await t.fetch('/api/v1/tasks/abc', { key })).status).toBe(404);
  });

  it('POST /tasks: 201 {success, task}; bad input → 400/404 with nothing written', async () => {
    const { key, project } = await makeUserWithProject(t.db, { prefix: 'CRE' });
    const res = await t.fetch('/api/v1/tasks', {
      key,
      method: 'POST',
      json: {
        project_id: project.id,
        title: 'REST task',
        description: '- [ ] a',
        content_type: 'markdown',
        estimate: 30,
        priority: 'low',
      },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.success).toBe(true);
    expect(body.task).toMatchObject({
      ticket_number: 'CRE-1',
      title: 'REST task',
      section: { title: 'Backlog' },
      estimate: 30,
      priority: 'low',
      labels: [],
      assignees: [],
    });
    expect(body.task.description).toContain('<input type="checkbox" disabled> a');

    const stranger = await makeUserWithProject(t.db, { prefix: 'RST' });
    const before = await projectState(t.db, project.id, stranger.project.id);
    const bad: [Record<string, unknown>, number, string][] = [
      [{ title: 'x' }, 400, 'project_id'],
      [{ project_id: project.id }, 400, 'title'],
      [{ project_id: project.id, title: 'a'.repeat(501) }, 400, 'title'],
      [{ project_id: project.id, title: 'x', labels: ['bug'] }, 400, 'labels'],
      [{ project_id: project.id, title: 'x', content_type: 'text' }, 400, 'content_type'],
      [{ project_id: project.id, title: 'x', estimate: -1 }, 400, 'estimate'],
      [{ project_id: project.id, title: 'x', estimate: 525_601 }, 400, 'estimate'],
      [{ project_id: project.id, title: 'x', images: Array(51).fill('https://i.test/a.png') }, 400, 'images'],
      [{ project_id: project.id, title: 'x', due_date: '2026-02-30' }, 400, 'due_date'],
      [{ project_id: stranger.project.id, title: 'x' }, 404, 'project_id'],
      [{ project_id: project.id, title: 'x', section_id: stranger.project.sections[0].id }, 404, 'section_id'],
    ];
    for (const [json, status, field] of bad)
      await expectError(await t.fetch('/api/v1/tasks', { key, method: 'POST', json }), status, field);
    expect(await projectState(t.db, project.id, stranger.project.id)).toEqual(before);
  });

  it('PATCH /tasks/{id}: changes fields, {success, task}; bad input and foreign tasks change nothing', async () => {
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'PAT' });
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'Old', priority: 'high' });
    const res = await t.fetch(`/api/v1/tasks/${task.id}`, {
      key,
      method: 'PATCH',
      json: { title: 'New', priority: null, section_id: project.sections[0].id, due_date: '2026-02-01' },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.task).toMatchObject({
      id: task.id,
      title: 'New',
      priority: null,
      section: { id: project.sections[0].id, title: 'Todo' },
      due_date: '2026-02-01T00:00:00.000Z',
    });
    expect(new Date(body.task.updatedAt).getTime()).toBeGreaterThan(task.updatedAt.getTime());

    const stranger = await makeUserWithProject(t.db, { prefix: 'RST' });
    const theirs = await createTask(t.db, stranger.user.id, { projectId: stranger.project.id, title: 'theirs' });
    const before = await projectState(t.db, project.id, stranger.project.id);
    const bad: [string, Record<string, unknown>, number, string][] = [
      [`/api/v1/tasks/${task.id}`, { title: '' }, 400, 'title'],
      [`/api/v1/tasks/${task.id}`, { labels: ['bug'] }, 400, 'labels'],
      [`/api/v1/tasks/${task.id}`, { label_ids: ['x'] }, 400, 'label_ids.0'],
      [`/api/v1/tasks/${task.id}`, { status: 'Open' }, 400, 'status'],
      [`/api/v1/tasks/${task.id}`, { section_id: stranger.project.sections[0].id }, 404, 'section_id'],
      [`/api/v1/tasks/${theirs.id}`, { title: 'hacked' }, 404, 'id'],
    ];
    for (const [path, json, status, field] of bad)
      await expectError(await t.fetch(path, { key, method: 'PATCH', json }), status, field);
    expect(await projectState(t.db, project.id, stranger.project.id)).toEqual(before);
  });

  it('POST /tasks/{id}/move: new number in the target; foreign target → 404, nothing moved', async () => {
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'MVA' });
    const target = await makeProject(t.db, { memberIds: [user.id], prefix: 'MVB', sections: ['Start'] });
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'go' });
    const body = await (
      await t.fetch(`/api/v1/tasks/${task.id}/move`, { key, method: 'POST', json: { target_project_id: target.id } })
    ).json();
    expect(body).toMatchObject({
      success: true,
      task: { id: task.id, ticket_number: 'MVB-1', project_id: target.id, section: { title: 'Start' } },
    });

    const stranger = await makeUserWithProject(t.db, { prefix: 'RST' });
    const before = await projectState(t.db, project.id, target.id, stranger.project.id);
    await expectError(
      await t.fetch(`/api/v1/tasks/${task.id}/move`, {
        key,
        method: 'POST',
        json: { target_project_id: stranger.project.id },
      }),
      404,
      'target_project_id',
    );
    await expectError(
      await t.fetch(`/api/v1/tasks/${task.id}/move`, { key, method: 'POST', json: {} }),
      400,
      'target_project_id',
    );
    await expectError(
      await t.fetch(`/api/v1/tasks/${task.id}/move`, {
        key,
        method: 'POST',
        json: { target_project_id: project.id, target_section_id: target.sections[0].id },
      }),
      404,
      'target_section_id',
    );
    expect(await projectState(t.db, project.id, target.id, stranger.project.id)).toEqual(before);
  });

  it('does not register a route under /tasks/search (left to the search routes)', async () => {
    const { key } = await makeUserWithProject(t.db, { prefix: 'RST' });
    const res = await t.fetch('/api/v1/tasks/search?query=x', { key });
    const body = await res.json();
    // GET /tasks/{id} only matches digits, so it never answers this path (as a bad or unknown id would).
    expect(body.details?.field).not.toBe('id');
    expect(body.task).toBeUndefined();
  });
});

// A user who is not a project member never sees its tasks through the list either.
describe('REST task list tenancy', () => {
  it('lists only tasks of projects the user is a member of', async () => {
    const { key } = await makeUserWithProject(t.db, { prefix: 'RST' });
    const other = await makeUser(t.db);
    const p = await makeProject(t.db, { memberIds: [other.id] });
    await createTask(t.db, other.id, { projectId: p.id, title: 'hidden' });
    const body = await (await t.fetch('/api/v1/tasks', { key })).json();
    expect(body).toMatchObject({ success: true, total: 0, tasks: [] });
  });
});
