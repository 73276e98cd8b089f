import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { gql } from '../support/graphql.ts';
import { makeProject, makeUser, makeUserWithKey } from '../support/factories.ts';

const t = useTestApp();


const TASK =
  'id ticketNumber title description priority status section { title } labels { name } assignees { id kind displayName } estimateMinutes estimateSize dueDate commentCount createdBy { id }';

describe('GraphQL task operations', () => {
  it('createTask sets labels and assignees (GraphQL only); task(ref) reads it back by every form', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const mate = await makeUser(t.db);
    const project = await makeProject(t.db, { memberIds: [user.id, mate.id], prefix: 'GQL' });
    const label = await t.db.label.create({ data: { projectId: project.id, name: 'bug' } });
    const created = await gql(t, key, `mutation($input: CreateTaskInput!) { createTask(input: $input) { ${TASK} } }`, {
      input: {
        projectId: project.id,
        title: 'From GraphQL',
        description: '*md*',
        contentType: 'MARKDOWN',
        priority: 'URGENT',
        estimateMinutes: 60,
        estimateSize: 5,
        labelIds: [label.id],
        assigneeUserIds: [mate.id],
        dueDate: '2026-07-01',
      },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createTask).toEqual({
      id: expect.any(Number),
      ticketNumber: 'GQL-1',
      title: 'From GraphQL',
      description: '<p><em>md</em></p>',
      priority: 'URGENT',
      status: 'NORMAL',
      section: { title: 'Backlog' },
      labels: [{ name: 'bug' }],
      assignees: [{ id: String(mate.id), kind: 'USER', displayName: mate.displayName }],
      estimateMinutes: 60,
      estimateSize: 5,
      dueDate: '2026-07-01T00:00:00.000Z',
      commentCount: 0,
      createdBy: { id: user.id },
    });
    const id = created.data!.createTask.id;
    for (const ref of [{ taskId: id }, { ticketNumber: 'GQL-1' }, { projectId: project.id, uniqueIndex: 1 }]) {
      const got = await gql(t, key, `query($ref: TaskRefInput!) { task(ref: $ref) { id } }`, { ref });
      expect(got.data?.task?.id, JSON.stringify(ref)).toBe(id);
    }
  });

  it('errors carry stable codes and the field: validation, not found, unauthenticated', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const project = await makeProject(t.db, { memberIds: [user.id] });
    const bad = await gql(t, key, `mutation($input: CreateTaskInput!) { createTask(input: $input) { id } }`, {
      input: { projectId: project.id, title: 'x', estimateSize: 1 },
    });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'estimateSize' });
    const nullTitle = await gql(t, 
      key,
      `mutation { updateTask(ref: { projectId: ${project.id}, uniqueIndex: 1 }, input: { title: null }) { id } }`,
    );
    expect(nullTitle.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'title' });
    const other = await makeProject(t.db, { memberIds: [(await makeUser(t.db)).id] });
    const hidden = await gql(t, key, `mutation { moveTask(ref: { taskId: 1 }, targetProjectId: ${other.id}) { id } }`);
    expect(hidden.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const res = await t.fetch('/graphql', { method: 'POST', json: { query: '{ tasks { total } }' } });
    const anon = await res.json();
    expect(anon.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('tasks(filter) pages and counts', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const project = await makeProject(t.db, { memberIds: [user.id] });
    for (const title of ['a', 'b', 'c']) {
      await gql(t, key, `mutation { createTask(input: { projectId: ${project.id}, title: "${title}" }) { id } }`);
    }
    const page = await gql(t, 
      key,
      `{ tasks(filter: { projectId: ${project.id} }, limit: 2, offset: 1) { total limit offset items { title } } }`,
    );
    expect(page.data!.tasks).toEqual({ total: 3, limit: 2, offset: 1, items: [{ title: 'b' }, { title: 'a' }] });
    const over = await gql(t, key, `{ tasks(limit: 101) { total } }`);
    expect(over.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'limit' });
  });
});
