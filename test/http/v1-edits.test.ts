import { describe, expect, it } from 'vitest';
import { addComment } from '../../src/domain/comment.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

// Editing and deleting what was created before: comments (author only, with
// an edit mark) and labels (any member; deleting takes it off its tasks).
// 401 → 400 → 404 → success, and a bystander tenant's rows stay as they were.

const t = useTestServer();

async function ok(res: Response) {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.success).toBe(true);
  return body;
}

/** An author and a second member on one board, a task with a labelled task and a comment by the author. */
async function setup(prefix: string) {
  const author = await makeUserWithKey(t.db);
  const member = await makeUserWithKey(t.db);
  const project = await makeProject(t.db, { memberIds: [author.user.id, member.user.id], prefix });
  const label = await t.db.label.create({ data: { projectId: project.id, name: 'bug' } });
  const task = await createTask(t.db, author.user.id, { projectId: project.id, title: 'task', labelIds: [label.id] });
  const comment = await addComment(t.db, author.user.id, { taskId: task.id }, { text: 'first' });
  return { author, member, project, label, task, comment };
}

async function boardRows(projectId: number) {
  const [labels, taskLabels, comments, tasks, events] = await Promise.all([
    t.db.label.findMany({ where: { projectId }, orderBy: { id: 'asc' } }),
    t.db.taskLabel.findMany({ where: { label: { projectId } }, orderBy: [{ taskId: 'asc' }, { labelId: 'asc' }] }),
    t.db.comment.findMany({ where: { task: { projectId } }, orderBy: { id: 'asc' } }),
    t.db.task.findMany({ where: { projectId }, orderBy: { id: 'asc' } }),
    t.db.outboxEvent.count({ where: { projectId } }),
  ]);
  return { labels, taskLabels, comments, tasks, events };
}

describe('REST comment edit and delete', () => {
  it('PATCH /comments/{id}: author only; a real change sets edited/editedAt', async () => {
    const { author, member, comment } = await setup('CME');
    const stranger = await setup('CMX');
    const before = await boardRows(stranger.project.id);
    const edit = (json: unknown, key: string | null = author.key, id: number | string = comment.id) =>
      t.fetch(`/api/v1/comments/${id}`, { key: key ?? undefined, method: 'PATCH', json });

    await expectError(await edit({ text: 'x' }, null), 401, 'authorization');
    await expectError(await edit({}), 400, 'text');
    await expectError(await edit({ text: '   ' }), 400, 'text');
    await expectError(await edit({ text: 'x', content_type: 'rtf' }), 400, 'content_type');
    await expectError(await edit({ text: 'x' }, author.key, '99999999999'), 400, 'id');
    await expectError(await edit({ text: 'x' }, author.key, stranger.comment.id), 404, 'id');
    const forbidden = await expectError(await edit({ text: 'not mine' }, member.key), 403, 'id');
    expect(forbidden.error).toBe('FORBIDDEN');
    expect((await t.db.comment.findUniqueOrThrow({ where: { id: comment.id } })).text).toBe('first');

    const same = await ok(await edit({ text: 'first' }));
    expect(same.comment).toMatchObject({ text: 'first', edited: false, editedAt: null });
    const changed = await ok(await edit({ text: '**second**', content_type: 'markdown' }));
    expect(changed.comment).toMatchObject({
      id: comment.id,
      text: '<p><strong>second</strong></p>',
      edited: true,
      editedAt: expect.any(String),
      createdAt: comment.createdAt.toISOString(),
    });
    const listed = await ok(await t.fetch(`/api/v1/comments?task_id=${comment.taskId}`, { key: member.key }));
    expect(listed.comments[0]).toMatchObject({ edited: true, text: '<p><strong>second</strong></p>' });
    expect(await boardRows(stranger.project.id)).toEqual(before);
  });

  it('DELETE /comments/{id}: author only; gone for good', async () => {
    const { author, member, comment, task } = await setup('CMD');
    const stranger = await setup('CMY');
    const before = await boardRows(stranger.project.id);
    const del = (key: string | null, id: number | string = comment.id) =>
      t.fetch(`/api/v1/comments/${id}`, { key: key ?? undefined, method: 'DELETE' });

    await expectError(await del(null), 401, 'authorization');
    await expectError(await del(author.key, '0'), 400, 'id');
    await expectError(await del(author.key, stranger.comment.id), 404, 'id');
    await expectError(await del(member.key), 403, 'id');
    expect(await ok(await del(author.key))).toEqual({ success: true, message: `Comment ${comment.id} deleted` });
    expect(await t.db.comment.count({ where: { taskId: task.id } })).toBe(0);
    await expectError(await del(author.key), 404, 'id');
    expect(await boardRows(stranger.project.id)).toEqual(before);
  });
});

describe('REST label rename and delete', () => {
  it('PATCH /projects/{projectId}/labels/{labelId}: rename, colour, case-only rename; duplicates → 409', async () => {
    const { member, project, label } = await setup('LRN');
    const other = await t.db.label.create({ data: { projectId: project.id, name: 'ui' } });
    const stranger = await setup('LRX');
    const before = await boardRows(stranger.project.id);
    const patch = (json: unknown, key: string | null = member.key, pid = project.id, lid: number | string = label.id) =>
      t.fetch(`/api/v1/projects/${pid}/labels/${lid}`, { key: key ?? undefined, method: 'PATCH', json });

    await expectError(await patch({ name: 'x' }, null), 401, 'authorization');
    await expectError(await patch({ name: '' }), 400, 'name');
    await expectError(await patch({ name: 'a'.repeat(101) }), 400, 'name');
    await expectError(await patch({ name: 'x' }, member.key, project.id, 'abc'), 400, 'labelId');
    await expectError(await patch({ name: 'x' }, member.key, stranger.project.id, stranger.label.id), 404, 'labelId');
    await expectError(await patch({ name: 'x' }, member.key, project.id, stranger.label.id), 404, 'labelId');
    await expectError(await patch({ name: 'UI' }), 409, 'name');
    await expectError(await patch({ color: 'red' }), 400, 'color');
    await expectError(await patch({ color: '#ff00000' }), 400, 'color');

    expect((await ok(await patch({ name: 'Bug' }))).label).toEqual({ id: String(label.id), name: 'Bug' });
    const renamed = await ok(await patch({ name: ' defect ', color: '#FF0000' }));
    expect(renamed).toEqual({
      success: true,
      label: { id: String(label.id), name: 'defect' },
      message: 'Label updated',
    });
    expect(await t.db.label.findUniqueOrThrow({ where: { id: label.id } })).toMatchObject({ color: '#ff0000' });
    await ok(await patch({ color: null }));
    expect(await t.db.label.findUniqueOrThrow({ where: { id: label.id } })).toMatchObject({
      name: 'defect',
      color: null,
    });
    expect((await t.db.label.findUniqueOrThrow({ where: { id: other.id } })).name).toBe('ui');
    expect(await boardRows(stranger.project.id)).toEqual(before);
  });

  it('DELETE /projects/{projectId}/labels/{labelId}: off every task, with a task.updated event each', async () => {
    const { member, project, label, task } = await setup('LDL');
    const stranger = await setup('LDX');
    const before = await boardRows(stranger.project.id);
    const del = (key: string | null, lid: number | string = label.id, pid = project.id) =>
      t.fetch(`/api/v1/projects/${pid}/labels/${lid}`, { key: key ?? undefined, method: 'DELETE' });

    await expectError(await del(null), 401, 'authorization');
    await expectError(await del(member.key, '-1'), 400, 'labelId');
    await expectError(await del(member.key, stranger.label.id), 404, 'labelId');
    await expectError(await del(member.key, stranger.label.id, stranger.project.id), 404, 'labelId');
    expect(await ok(await del(member.key))).toEqual({ success: true, message: `Label ${label.id} deleted` });
    expect(await t.db.label.count({ where: { id: label.id } })).toBe(0);
    expect(await t.db.taskLabel.count({ where: { taskId: task.id } })).toBe(0);
    const [event] = await t.db.outboxEvent.findMany({ where: { taskId: task.id, type: 'task.updated' } });
    expect(event.data).toMatchObject({ changes: { labels: { from: ['bug'], to: [] } } });
    const after = await t.db.task.findUniqueOrThrow({ where: { id: task.id } });
    expect(after.updatedAt.getTime()).toBeGreaterThan(task.updatedAt.getTime());
    await expectError(await del(member.key), 404, 'labelId');
    expect(await boardRows(stranger.project.id)).toEqual(before);
  });
});
