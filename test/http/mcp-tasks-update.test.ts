import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeUserWithProject } from '../support/factories.ts';
import { ISO_TIMESTAMP } from '../support/matchers.ts';
import { projectState } from '../support/project-state.ts';

const t = useTestServer({ connectionClose: true });

describe('POST /api/mcp/tasks/update', () => {
  it('401 without a key', async () => {
    await expectError(await t.fetch('/api/mcp/tasks/update', { method: 'POST', json: { project_id: 1, title: 'x' } }), 401, 'authorization');
  });

  it('updates by each identification form, with sectionId in camel case; response {id, ticket_number, title, section, updatedAt}', async () => {
    const { user, key, project } = await makeUserWithProject(t.db, { prefix: 'UP' });
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
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
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
    const { user, key, project } = await makeUserWithProject(t.db);
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
    // A misspelt field is named itself (a field the route does not know), not dropped.
    [{ TASK: 1, ticket_number: 'X-1' }, 'TASK', 400],
    [{ unique_index: 1 }, 'project_id', 400],
    [{ title: 'a'.repeat(501) }, 'title', 400],
    [{ title: null }, 'title', 400],
    [{ labels: ['bug'] }, 'labels', 400],
    [{ label_ids: [1] }, 'labels', 400],
    [{ content_type: 'xml', description: 'x' }, 'content_type', 400],
    [{ priority: 'p1' }, 'priority', 400],
    [{ status: 'Closed' }, 'status', 400],
    [{ estimate: -1 }, 'estimate', 400],
    [{ estimate: 525_601 }, 'estimate', 400],
    [{ description: 'x'.repeat(100_001) }, 'description', 400],
    [{ attachments: Array(51).fill('https://f.test/a.pdf') }, 'attachments', 400],
    [{ due_date: 'soon' }, 'due_date', 400],
    [{ sectionId: 'Doing' }, 'sectionId', 400],
    [{ sectionId: 999999999 }, 'sectionId', 404],
    [{ task_id: 999999999 }, 'task_id', 404],
  ])('bad body %j → %s %s, nothing changed', async (extra, field, status) => {
    const { user, key, project } = await makeUserWithProject(t.db);
    const task = await createTask(t.db, user.id, { projectId: project.id, title: 'keep' });
    const before = await projectState(t.db, project.id);
    const json =
      'task_id' in extra || 'TASK' in extra || 'unique_index' in extra || Object.keys(extra).length === 0
        ? { title: 'changed', ...extra }
        : { task_id: task.id, ...extra };
    if ('TASK' in json) delete (json as Record<string, unknown>).ticket_number;
    await expectError(await t.fetch('/api/mcp/tasks/update', { key, method: 'POST', json }), status, field);
    expect(await projectState(t.db, project.id)).toEqual(before);
  });

  it('another user’s task → 404 and unchanged; a section of another board → 404', async () => {
    const { key, user, project } = await makeUserWithProject(t.db);
    const stranger = await makeUserWithProject(t.db);
    const theirs = await createTask(t.db, stranger.user.id, { projectId: stranger.project.id, title: 'theirs' });
    const mine = await createTask(t.db, user.id, { projectId: project.id, title: 'mine' });
    const before = await projectState(t.db, project.id, stranger.project.id);
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
    expect(await projectState(t.db, project.id, stranger.project.id)).toEqual(before);
  });
});
