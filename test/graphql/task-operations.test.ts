import { describe, expect, it } from 'vitest';
import { addComment } from '../../src/domain/comment.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestApp } from '../support/app.ts';
import { type GqlResult, gql as run } from '../support/graphql.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

// The GraphQL side of the operations added on tasks, comments and labels:
// the same rules as the REST routes (which run these documents), with error
// codes in `extensions`.

const t = useTestApp();

/** A GraphQL call as the holder of `key`. */
const gql = (key: string, query: string, variables: Record<string, unknown> = {}) => run(t, key, query, variables);

/** The error code and field of a failed operation. */
const failure = (r: GqlResult) => ({ code: r.errors?.[0]?.extensions.code, field: r.errors?.[0]?.extensions.field });

async function setup(prefix: string) {
  const owner = await makeUserWithKey(t.db);
  const member = await makeUserWithKey(t.db);
  const project = await makeProject(t.db, { memberIds: [owner.user.id, member.user.id], prefix });
  const [bug, ui] = await Promise.all(
    ['bug', 'ui'].map((name) => t.db.label.create({ data: { projectId: project.id, name } })),
  );
  const task = await createTask(t.db, owner.user.id, { projectId: project.id, title: 'parent' });
  return { owner, member, project, bug, ui, task };
}

describe('GraphQL task operations', () => {
  it('labels: updateTask labelIds, addTaskLabels, removeTaskLabels; foreign labels are NOT_FOUND', async () => {
    const { owner, bug, ui, task } = await setup('GLB');
    const stranger = await setup('GLX');
    const set = await gql(
      owner.key,
      `mutation($id: Int!, $labels: [Int!]) { updateTask(ref: { taskId: $id }, input: { labelIds: $labels }) { labels { name } } }`,
      { id: task.id, labels: [ui.id] },
    );
    expect(set.data?.updateTask.labels).toEqual([{ name: 'ui' }]);
    const add = await gql(
      owner.key,
      `mutation($id: Int!, $l: [Int!]!) { addTaskLabels(ref: { taskId: $id }, labelIds: $l) { labels { name } } }`,
      {
        id: task.id,
        l: [bug.id],
      },
    );
    expect(add.data?.addTaskLabels.labels).toEqual([{ name: 'bug' }, { name: 'ui' }]);
    const remove = await gql(
      owner.key,
      `mutation($id: Int!, $l: [Int!]!) { removeTaskLabels(ref: { taskId: $id }, labelIds: $l) { labels { name } } }`,
      {
        id: task.id,
        l: [ui.id],
      },
    );
    expect(remove.data?.removeTaskLabels.labels).toEqual([{ name: 'bug' }]);
    const foreign = await gql(
      owner.key,
      `mutation($id: Int!, $l: [Int!]!) { addTaskLabels(ref: { taskId: $id }, labelIds: $l) { id } }`,
      {
        id: task.id,
        l: [stranger.bug.id],
      },
    );
    expect(failure(foreign)).toEqual({ code: 'NOT_FOUND', field: 'labelIds' });
    const empty = await gql(
      owner.key,
      `mutation($id: Int!) { addTaskLabels(ref: { taskId: $id }, labelIds: []) { id } }`,
      { id: task.id },
    );
    expect(failure(empty)).toEqual({ code: 'VALIDATION', field: 'labelIds' });
    const theirs = await gql(
      owner.key,
      `mutation($id: Int!, $l: [Int!]!) { addTaskLabels(ref: { taskId: $id }, labelIds: $l) { id } }`,
      {
        id: stranger.task.id,
        l: [bug.id],
      },
    );
    expect(failure(theirs)).toEqual({ code: 'NOT_FOUND', field: 'taskId' });
    expect(await t.db.taskLabel.count({ where: { taskId: stranger.task.id } })).toBe(0);
  });

  it('deleteTask: the creator may, another member is FORBIDDEN; answers the id and ticket number', async () => {
    const { owner, member, task } = await setup('GDL');
    const doc = `mutation($id: Int!) { deleteTask(ref: { taskId: $id }) { id ticketNumber projectId } }`;
    expect(failure(await gql(member.key, doc, { id: task.id }))).toEqual({ code: 'FORBIDDEN', field: 'taskId' });
    const done = await gql(owner.key, doc, { id: task.id });
    expect(done.data?.deleteTask).toEqual({ id: task.id, ticketNumber: 'GDL-1', projectId: task.projectId });
    expect(failure(await gql(owner.key, doc, { id: task.id }))).toEqual({ code: 'NOT_FOUND', field: 'taskId' });
  });

  it('watching: watchTask/unwatchTask, viewerIsWatching and watchers', async () => {
    const { owner, member, task } = await setup('GWT');
    const fields = 'viewerIsWatching watchers { id }';
    const read = await gql(member.key, `query($id: Int!) { task(ref: { taskId: $id }) { ${fields} } }`, {
      id: task.id,
    });
    expect(read.data?.task).toEqual({ viewerIsWatching: false, watchers: [{ id: owner.user.id }] });
    const watched = await gql(member.key, `mutation($id: Int!) { watchTask(ref: { taskId: $id }) { ${fields} } }`, {
      id: task.id,
    });
    expect(watched.data?.watchTask).toEqual({
      viewerIsWatching: true,
      watchers: [{ id: owner.user.id }, { id: member.user.id }],
    });
    const unwatched = await gql(owner.key, `mutation($id: Int!) { unwatchTask(ref: { taskId: $id }) { ${fields} } }`, {
      id: task.id,
    });
    expect(unwatched.data?.unwatchTask).toEqual({ viewerIsWatching: false, watchers: [{ id: member.user.id }] });
    const stranger = await setup('GWX');
    const denied = await gql(member.key, `mutation($id: Int!) { watchTask(ref: { taskId: $id }) { id } }`, {
      id: stranger.task.id,
    });
    expect(failure(denied)).toEqual({ code: 'NOT_FOUND', field: 'taskId' });
    expect(await t.db.taskWatcher.count({ where: { taskId: stranger.task.id } })).toBe(1);
  });

  it('subtasks: parentId on update, parent/subtasks both ways, cycles refused, filter by parent', async () => {
    const { owner, project, task: parent } = await setup('GSB');
    const child = await createTask(t.db, owner.user.id, { projectId: project.id, title: 'child', parentId: parent.id });
    const loose = await createTask(t.db, owner.user.id, { projectId: project.id, title: 'loose' });
    const update = (id: number, parentId: number | null) =>
      gql(
        owner.key,
        `mutation($id: Int!, $p: Int) { updateTask(ref: { taskId: $id }, input: { parentId: $p }) { parentId parent { id } } }`,
        {
          id,
          p: parentId,
        },
      );
    expect(failure(await update(parent.id, child.id))).toEqual({ code: 'VALIDATION', field: 'parentId' });
    expect((await update(loose.id, child.id)).data?.updateTask).toEqual({
      parentId: child.id,
      parent: { id: child.id },
    });
    const tree = await gql(
      owner.key,
      `query($id: Int!) { task(ref: { taskId: $id }) { subtasks { id subtasks { id } } } }`,
      { id: parent.id },
    );
    expect(tree.data?.task.subtasks).toEqual([{ id: child.id, subtasks: [{ id: loose.id }] }]);
    const children = await gql(owner.key, `query($p: Int!) { tasks(filter: { parentId: $p }) { items { id } } }`, {
      p: child.id,
    });
    expect(children.data?.tasks.items).toEqual([{ id: loose.id }]);
    expect((await update(loose.id, null)).data?.updateTask).toEqual({ parentId: null, parent: null });

    // Writes keep a subtask in its parent's project; a row that broke the rule still shows only to members.
    const stranger = await setup('GSX');
    await t.db.task.update({ where: { id: stranger.task.id }, data: { parentId: parent.id } });
    const mine = await gql(owner.key, `query($id: Int!) { task(ref: { taskId: $id }) { subtasks { id } } }`, {
      id: parent.id,
    });
    expect(mine.data?.task.subtasks).toEqual([{ id: child.id }]);
  });
});

describe('GraphQL comment and label edits', () => {
  it('editComment/deleteComment: author only, edited mark', async () => {
    const { owner, member, task } = await setup('GCM');
    const comment = await addComment(t.db, owner.user.id, { taskId: task.id }, { text: 'hello' });
    const edit = (key: string, text: string) =>
      gql(key, `mutation($id: Int!, $text: String!) { editComment(id: $id, text: $text) { text edited editedAt } }`, {
        id: comment.id,
        text,
      });
    expect(failure(await edit(member.key, 'mine now'))).toEqual({ code: 'FORBIDDEN', field: 'commentId' });
    expect((await edit(owner.key, 'hello')).data?.editComment).toEqual({
      text: 'hello',
      edited: false,
      editedAt: null,
    });
    expect((await edit(owner.key, 'bye')).data?.editComment).toEqual({
      text: 'bye',
      edited: true,
      editedAt: expect.any(String),
    });
    const del = (key: string) =>
      gql(key, `mutation($id: Int!) { deleteComment(id: $id) { id taskId } }`, { id: comment.id });
    expect(failure(await del(member.key))).toEqual({ code: 'FORBIDDEN', field: 'commentId' });
    expect((await del(owner.key)).data?.deleteComment).toEqual({ id: comment.id, taskId: task.id });
    expect(failure(await del(owner.key))).toEqual({ code: 'NOT_FOUND', field: 'commentId' });
  });

  it('updateLabel/deleteLabel: any member; duplicate names CONFLICT; other boards NOT_FOUND', async () => {
    const { member, bug, ui } = await setup('GLE');
    const stranger = await setup('GLY');
    const rename = (id: number, name: string) =>
      gql(
        member.key,
        `mutation($id: Int!, $name: String) { updateLabel(id: $id, input: { name: $name }) { id name } }`,
        { id, name },
      );
    expect(failure(await rename(bug.id, 'UI'))).toEqual({ code: 'CONFLICT', field: 'name' });
    expect(failure(await rename(stranger.bug.id, 'x'))).toEqual({ code: 'NOT_FOUND', field: 'labelId' });
    expect((await rename(bug.id, 'defect')).data?.updateLabel).toEqual({ id: bug.id, name: 'defect' });
    const del = await gql(member.key, `mutation($id: Int!) { deleteLabel(id: $id) { id projectId } }`, { id: ui.id });
    expect(del.data?.deleteLabel).toEqual({ id: ui.id, projectId: ui.projectId });
    expect(await t.db.label.count({ where: { projectId: stranger.project.id } })).toBe(2);
  });
});
