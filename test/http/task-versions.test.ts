import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestApp } from '../support/app.ts';
import { expect401, expectError } from '../support/errors.ts';
import { gql } from '../support/graphql.ts';
import { makeUserWithKey, makeUserWithProject } from '../support/factories.ts';

// Lost-update protection over the transports: GraphQL `expectedVersion`
// (CONFLICT stale_version with the current texts) and REST `If-Match` with
// the task's ETag (412 on a stale one). The rule itself: test/domain/task-version.test.ts.

const t = useTestApp();

/** A task on a board of Alice's, with Bob as a member of it; their keys. */
async function world() {
  const alice = await makeUserWithProject(t.db);
  const bob = await makeUserWithKey(t.db, 'Bob');
  await t.db.projectMember.create({ data: { projectId: alice.project.id, userId: bob.user.id } });
  const task = await createTask(t.db, alice.user.id, { projectId: alice.project.id, title: 'Plan', description: '<p>first</p>' });
  return { alice, bob, task };
}

const UPDATE = `mutation ($id: Int!, $input: UpdateTaskInput!) {
  updateTask(ref: {taskId: $id}, input: $input) { id version description updatedBy { id displayName } }
}`;

describe('GraphQL updateTask expectedVersion', () => {
  it('answers the version; a stale one is CONFLICT stale_version with the current value, nothing written', async () => {
    const { alice, bob, task } = await world();
    const read = await gql(t, bob.key, 'query ($id: Int!) { task(ref: {taskId: $id}) { version updatedBy { id } } }', { id: task.id });
    expect(read.data?.task).toEqual({ version: 1, updatedBy: null });

    const first = await gql(t, alice.key, UPDATE, { id: task.id, input: { description: 'Alice', contentType: 'MARKDOWN', expectedVersion: 1 } });
    expect(first.data?.updateTask).toEqual({
      id: task.id,
      version: 2,
      description: '<p>Alice</p>',
      updatedBy: { id: alice.user.id, displayName: alice.user.displayName },
    });
    const stale = await gql(t, bob.key, UPDATE, { id: task.id, input: { description: 'Bob', contentType: 'MARKDOWN', expectedVersion: 1 } });
    expect(stale.data?.updateTask ?? null).toBeNull();
    expect(stale.errors?.[0].extensions).toEqual({
      code: 'CONFLICT',
      field: 'expectedVersion',
      detail: 'stale_version',
      current: {
        version: 2,
        title: 'Plan',
        description: '<p>Alice</p>',
        updatedAt: expect.any(String),
        updatedBy: { id: alice.user.id, displayName: alice.user.displayName },
      },
    });
    expect((await t.db.task.findUniqueOrThrow({ where: { id: task.id } })).description).toBe('<p>Alice</p>');
  });

  it('a version that is not an Int is refused by GraphQL; 0 by the rule (VALIDATION naming it)', async () => {
    const { alice, task } = await world();
    const text = await gql(t, alice.key, UPDATE, { id: task.id, input: { title: 'x', expectedVersion: '1' } });
    expect(text.errors?.[0].message).toMatch(/expectedVersion/);
    const zero = await gql(t, alice.key, UPDATE, { id: task.id, input: { title: 'x', expectedVersion: 0 } });
    expect(zero.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION', field: 'expectedVersion' });
  });
});

describe('REST PATCH /api/v1/tasks/{id} with If-Match', () => {
  const patch = (id: number, key: string | undefined, body: object, ifMatch?: string) =>
    t.fetch(`/api/v1/tasks/${id}`, { method: 'PATCH', key, json: body, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });

  it('401 → 400 → 404 → success: the ETag of a GET updates exactly that version, and a new ETag comes back', async () => {
    const { alice, bob, task } = await world();
    await expect401(await patch(task.id, undefined, { title: 'x' }, '"1-abc"'));
    await expectError(await patch(task.id, alice.key, { title: 'x' }, '"1-a", "2-b"'), 400, 'If-Match');
    await expectError(await patch(999_999_999, alice.key, { title: 'x' }, '"1-abc"'), 404, 'id');

    const got = await t.fetch(`/api/v1/tasks/${task.id}`, { key: bob.key });
    const etag = got.headers.get('etag')!;
    expect(etag).toMatch(/^"1-[\w-]+"$/);
    expect((await got.json()).task.version).toBe(1);
    // The version-carrying tag still answers If-None-Match.
    expect((await t.fetch(`/api/v1/tasks/${task.id}`, { key: bob.key, headers: { 'if-none-match': etag } })).status).toBe(304);

    const saved = await patch(task.id, bob.key, { title: 'Plan B' }, etag);
    expect(saved.status).toBe(200);
    const next = saved.headers.get('etag')!;
    expect(next).toMatch(/^"2-[\w-]+"$/);
    expect((await saved.json()).task).toMatchObject({ title: 'Plan B', version: 2 });
    // The tag a PATCH answers is the tag a GET of the same version answers.
    expect((await t.fetch(`/api/v1/tasks/${task.id}`, { key: alice.key })).headers.get('etag')).toBe(next);

    // Alice still holds the first tag: 412, nothing written.
    const stale = await expectError(await patch(task.id, alice.key, { title: 'Alice’s plan' }, etag), 412, 'If-Match', 'stale_version');
    expect(stale.message).toMatch(/it is now version 2/);
    expect((await t.db.task.findUniqueOrThrow({ where: { id: task.id } })).title).toBe('Plan B');
    // `*` and no header: whatever the task holds.
    expect((await patch(task.id, alice.key, { title: 'Star' }, '*')).status).toBe(200);
    expect((await patch(task.id, alice.key, { title: 'Bare' })).status).toBe(200);
  });

  it('a tag of another form, or weak, never matches: 412 before anything runs', async () => {
    const { alice, task } = await world();
    for (const tag of ['"abc"', 'W/"1-abc"', '1-abc', '"0-abc"', '"99999999999-abc"']) {
      await expectError(await patch(task.id, alice.key, { title: 'x' }, tag), 412, 'If-Match', 'stale_version');
    }
    expect((await t.db.task.findUniqueOrThrow({ where: { id: task.id } })).title).toBe('Plan');
  });
});
