import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_LIMITS } from '../../src/domain/task/activity.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { gql } from '../support/graphql.ts';

// Task.activity and taskActivity over HTTP: paging by cursor both ways, the
// page-size budget (one under, at, one over), NOT_FOUND for a task of another
// board, and descriptionSource / descriptionContentType.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ACTIVITY = `query($ref: TaskRefInput!, $first: Int, $after: String, $last: Int, $before: String) {
  task(ref: $ref) {
    activity(first: $first, after: $after, last: $last, before: $before) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
      edges { cursor node { id event createdAt actor { id displayName } changes { field from to } } }
    }
  }
}`;

async function world() {
  const a = await makeUserWithKey(t.db, 'Ada');
  const b = await makeUserWithKey(t.db, 'Bo');
  const project = await makeProject(t.db, { memberIds: [a.user.id] });
  const task = await createTask(t.db, a.user.id, { projectId: project.id, title: 't0' });
  for (let i = 1; i <= 4; i++) await updateTask(t.db, a.user.id, { taskId: task.id }, { title: `t${i}` });
  return { a, b, task };
}

describe('Task.activity', () => {
  it('pages newest first by cursor, forwards and backwards, with who and from → to', async () => {
    const { a, task } = await world();
    const ref = { taskId: task.id };
    const first = await gql(t, a.key, ACTIVITY, { ref, first: 2 });
    expect(first.errors).toBeUndefined();
    const c1 = first.data!.task.activity;
    expect(c1.totalCount).toBe(5);
    expect(c1.pageInfo.hasNextPage).toBe(true);
    expect(c1.edges.map((e: any) => e.node.changes)).toEqual([
      [{ field: 'title', from: 't3', to: 't4' }],
      [{ field: 'title', from: 't2', to: 't3' }],
    ]);
    expect(c1.edges[0].node.actor).toEqual({ id: a.user.id, displayName: a.user.displayName });

    const rest = await gql(t, a.key, ACTIVITY, { ref, first: 10, after: c1.pageInfo.endCursor });
    const c2 = rest.data!.task.activity;
    expect(c2.edges.map((e: any) => e.node.event)).toEqual(['TASK_UPDATED', 'TASK_UPDATED', 'TASK_CREATED']);
    expect(c2.pageInfo.hasNextPage).toBe(false);

    const back = await gql(t, a.key, ACTIVITY, { ref, last: 2, before: c2.edges[2].cursor });
    expect(back.data!.task.activity.edges.map((e: any) => e.node.changes[0].to)).toEqual(['t2', 't1']);
  });

  it(`takes first 1 to ${ACTIVITY_LIMITS.maxSize}, and refuses 0 and ${ACTIVITY_LIMITS.maxSize + 1} naming the argument`, async () => {
    const { a, task } = await world();
    const ref = { taskId: task.id };
    for (const first of [ACTIVITY_LIMITS.maxSize - 1, ACTIVITY_LIMITS.maxSize, 1]) {
      const r = await gql(t, a.key, ACTIVITY, { ref, first });
      expect(r.errors, String(first)).toBeUndefined();
    }
    for (const first of [0, ACTIVITY_LIMITS.maxSize + 1]) {
      const r = await gql(t, a.key, ACTIVITY, { ref, first });
      expect(r.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'first' });
    }
    const r = await gql(t, a.key, ACTIVITY, { ref, last: ACTIVITY_LIMITS.maxSize + 1 });
    expect(r.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'last' });
  });

  it('refuses a cursor that is not one of its own (another order, a forged or out-of-range id) naming it', async () => {
    const { a, task } = await world();
    const ref = { taskId: task.id };
    const forge = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    const sig = 'TaskActivity:createdAt.desc,id.desc';
    const at = new Date().toISOString();
    for (const after of [
      forge([sig, at, '99999999999999999999']),
      forge([sig, at, 12]),
      forge(['Comment:createdAt.desc,id.desc', at, '1']),
      'not-a-cursor',
    ]) {
      const r = await gql(t, a.key, ACTIVITY, { ref, first: 5, after });
      expect(r.errors?.[0].extensions, after).toMatchObject({ code: 'VALIDATION', field: 'after' });
    }
    const ok = await gql(t, a.key, ACTIVITY, { ref, first: 5, after: forge([sig, at, '1']) });
    expect(ok.errors).toBeUndefined();
  });

  it('taskActivity answers NOT_FOUND for a task of a board the caller is not on', async () => {
    const { a, b, task } = await world();
    const q =
      'query($ref: TaskRefInput!) { taskActivity(ref: $ref, first: 5) { totalCount edges { node { event } } } }';
    const mine = await gql(t, a.key, q, { ref: { taskId: task.id } });
    expect(mine.data!.taskActivity.totalCount).toBe(5);
    const theirs = await gql(t, b.key, q, { ref: { taskId: task.id } });
    expect(theirs.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(theirs.data).toBeNull();
  });
});

describe('descriptionSource', () => {
  it('answers the markdown as written, or the HTML, with its content type', async () => {
    const { a, task } = await world();
    const q = 'query($ref: TaskRefInput!) { task(ref: $ref) { description descriptionSource descriptionContentType } }';
    const md = '- [ ] todo\n\n~~gone~~';
    const up = await gql(
      t,
      a.key,
      'mutation($ref: TaskRefInput!, $d: String!) { updateTask(ref: $ref, input: { description: $d, contentType: MARKDOWN }) { id } }',
      { ref: { taskId: task.id }, d: md },
    );
    expect(up.errors).toBeUndefined();
    const r = await gql(t, a.key, q, { ref: { taskId: task.id } });
    expect(r.data!.task).toMatchObject({ descriptionSource: md, descriptionContentType: 'MARKDOWN' });
    expect(r.data!.task.description).toContain('<del>gone</del>');

    await updateTask(t.db, a.user.id, { taskId: task.id }, { description: '<p>plain</p>' });
    const h = await gql(t, a.key, q, { ref: { taskId: task.id } });
    expect(h.data!.task).toEqual({
      description: '<p>plain</p>',
      descriptionSource: '<p>plain</p>',
      descriptionContentType: 'HTML',
    });
  });
});
