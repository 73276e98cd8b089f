import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestApp } from '../support/app.ts';
import { gql } from '../support/graphql.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

const t = useTestApp();


describe('GraphQL: comments, assignees, inbox, saved views, drafts', () => {
  it('addComment + comments load author, mentions and their users; assignUser toggles', async () => {
    const a = await makeUserWithKey(t.db, 'A');
    const b = await makeUserWithKey(t.db, 'B');
    const project = await makeProject(t.db, { memberIds: [a.user.id, b.user.id], prefix: 'GQL' });
    const task = await createTask(t.db, a.user.id, { projectId: project.id, title: 'G' });
    const ref = { taskId: task.id };
    const added = await gql(t, 
      a.key,
      `mutation($ref: TaskRefInput!, $m: [MentionInput!]) { addComment(ref: $ref, text: "hi", mentions: $m) { id author { displayName } mentions { userId user { email } } } }`,
      { ref, m: [{ userId: b.user.id, displayName: 'B' }] },
    );
    expect(added.errors).toBeUndefined();
    expect(added.data!.addComment.mentions).toEqual([{ userId: b.user.id, user: { email: b.user.email } }]);
    const list = await gql(t, a.key, `query($ref: TaskRefInput!) { comments(ref: $ref, sortOrder: DESC) { total limit items { text author { id } } } }`, { ref });
    expect(list.data!.comments).toEqual({ total: 1, limit: 50, items: [{ text: 'hi', author: { id: a.user.id } }] });
    const tooMany = await gql(t, a.key, `query($ref: TaskRefInput!) { comments(ref: $ref, limit: 101) { total } }`, { ref });
    expect(tooMany.errors![0].extensions).toMatchObject({ code: 'VALIDATION', field: 'limit' });

    const toggle = `mutation($ref: TaskRefInput!, $u: Int) { assignUser(ref: $ref, userId: $u) { kind id displayName } }`;
    expect((await gql(t, a.key, toggle, { ref, u: b.user.id })).data!.assignUser).toEqual([{ kind: 'USER', id: String(b.user.id), displayName: b.user.displayName }]);
    expect((await gql(t, a.key, toggle, { ref, u: b.user.id })).data!.assignUser).toEqual([]);

    const inbox = await gql(t, b.key, `{ inbox { total items { type ticketNumber task { title } actor { id } archived } } }`);
    expect(inbox.data!.inbox.items).toEqual([
      { type: 'ASSIGNMENT', ticketNumber: `GQL-${task.uniqueIndex}`, task: { title: 'G' }, actor: { id: a.user.id }, archived: false },
      { type: 'MENTION', ticketNumber: `GQL-${task.uniqueIndex}`, task: { title: 'G' }, actor: { id: a.user.id }, archived: false },
    ]);
  });

  it('saved views: create, list, get, update, delete; personal to the creator', async () => {
    const a = await makeUserWithKey(t.db, 'A');
    const b = await makeUserWithKey(t.db, 'B');
    const project = await makeProject(t.db, { memberIds: [a.user.id, b.user.id] });
    const created = await gql(t, a.key, `mutation($p: Int!) { createSavedView(projectId: $p, title: "V", subtaskSetting: CARD, filters: {priority: "high"}) { id boardSubtaskSetting filters project { id } } }`, { p: project.id });
    const view = created.data!.createSavedView;
    expect(view).toMatchObject({ boardSubtaskSetting: 'CARD', filters: { priority: 'high' }, project: { id: project.id } });
    expect((await gql(t, a.key, `query($p: Int!) { savedViews(projectId: $p) { id } }`, { p: project.id })).data!.savedViews).toEqual([{ id: view.id }]);
    expect((await gql(t, b.key, `query($p: Int!) { savedViews(projectId: $p) { id } }`, { p: project.id })).data!.savedViews).toEqual([]);
    expect(await gql(t, b.key, `query($id: Int!) { savedView(id: $id) { id } }`, { id: view.id })).toEqual({ data: { savedView: null } });
    const upd = await gql(t, a.key, `mutation($id: Int!) { updateSavedView(id: $id, subtaskSetting: PARENT) { subtaskSetting filters title } }`, { id: view.id });
    expect(upd.data!.updateSavedView).toEqual({ subtaskSetting: 'PARENT', filters: { priority: 'high' }, title: 'V' });
    expect((await gql(t, b.key, `mutation($id: Int!) { deleteSavedView(id: $id) { id } }`, { id: view.id })).errors![0].extensions.code).toBe('NOT_FOUND');
    expect((await gql(t, a.key, `mutation($id: Int!) { deleteSavedView(id: $id) { id } }`, { id: view.id })).data!.deleteSavedView).toEqual({ id: view.id });
  });

  it('drafts: create, page, publish returns the task', async () => {
    const a = await makeUserWithKey(t.db, 'A');
    const project = await makeProject(t.db, { memberIds: [a.user.id], prefix: 'DGQ' });
    const d = await gql(t, a.key, `mutation($p: Int) { createDraft(projectId: $p, title: "T", priority: URGENT) { id project { id } section { id } } }`, { p: project.id });
    expect(d.data!.createDraft).toMatchObject({ project: { id: project.id }, section: null });
    const page = await gql(t, a.key, `{ drafts { total items { id title priority } } }`);
    expect(page.data!.drafts).toEqual({ total: 1, items: [{ id: d.data!.createDraft.id, title: 'T', priority: 'URGENT' }] });
    const pub = await gql(t, a.key, `mutation($id: Int!) { publishDraft(id: $id) { ticketNumber priority section { title } } }`, { id: d.data!.createDraft.id });
    expect(pub.data!.publishDraft).toEqual({ ticketNumber: 'DGQ-1', priority: 'URGENT', section: { title: 'Backlog' } });
    expect((await gql(t, a.key, `{ drafts { total } }`)).data!.drafts.total).toBe(0);
  });
});
