// Nested GraphQL relations into project-owned data apply the one visibility
// rule (membership, src/domain/access.ts), like the direct routes: an inbox
// entry about a task the viewer can no longer see, and a draft's project and
// section once the viewer left, resolve nothing and leak nothing.
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();
const SECRET = 'Secret roadmap item';

async function graphql(key: string, query: string) {
  const res = await t.fetch('/graphql', { method: 'POST', key, json: { query } });
  expect(res.status).toBe(200);
  return res.json();
}

/** A viewer with an inbox entry about a task of a board they are on, and a board they are not on. */
async function world() {
  const viewer = await makeUserWithKey(t.db, 'Viewer');
  const other = await makeUserWithKey(t.db, 'Other');
  const shared = await makeProject(t.db, { memberIds: [viewer.user.id, other.user.id], title: 'Shared board' });
  const elsewhere = await makeProject(t.db, { memberIds: [other.user.id], title: 'Private board', sections: ['Hidden column'] });
  const task = await t.db.task.create({
    data: { projectId: shared.id, sectionId: shared.sections[0].id, uniqueIndex: 1, title: SECRET },
  });
  await t.db.notification.create({
    data: { userId: viewer.user.id, type: 'assignment', taskId: task.id, actorId: other.user.id, message: `Other assigned you to PRJ-1: ${SECRET}` },
  });
  return { viewer, other, shared, elsewhere, task };
}

const INBOX = '{ inbox { total items { message ticketNumber task { title project { title } } } } inboxConnection { edges { node { message task { title } } } } }';

/** Every transport's view of the viewer's inbox, as text. */
async function inboxEverywhere(key: string) {
  const graph = await graphql(key, INBOX);
  if (!graph.data) throw new Error(JSON.stringify(graph.errors));
  const rest = await (await t.fetch('/api/v1/notifications', { key })).json();
  const tool = await (await t.fetch('/api/mcp/inbox/list', { key })).json();
  return { graph, text: JSON.stringify([graph, rest, tool]) };
}

describe('inbox entries follow the task’s visibility', () => {
  it('while the viewer is on the board the entry shows; once removed from the board it is gone everywhere', async () => {
    const w = await world();
    const before = await inboxEverywhere(w.viewer.key);
    expect(before.graph.data.inbox.items).toEqual([expect.objectContaining({ task: { title: SECRET, project: { title: 'Shared board' } } })]);

    await t.db.projectMember.deleteMany({ where: { projectId: w.shared.id, userId: w.viewer.user.id } });
    const after = await inboxEverywhere(w.viewer.key);
    expect(after.graph.errors).toBeUndefined();
    expect(after.graph.data.inbox).toMatchObject({ total: 0, items: [] });
    expect(after.graph.data.inboxConnection.edges).toEqual([]);
    expect(after.text).not.toContain(SECRET);
  });

  it('a task moved to a board the viewer is not on: the entry is gone everywhere', async () => {
    const w = await world();
    await t.db.task.update({ where: { id: w.task.id }, data: { projectId: w.elsewhere.id, sectionId: w.elsewhere.sections[0].id } });
    const after = await inboxEverywhere(w.viewer.key);
    expect(after.graph.data.inbox.total).toBe(0);
    expect(after.text).not.toContain(SECRET);
    expect(after.text).not.toContain('Private board');
  });
});

describe('a draft’s project and section follow the viewer’s membership', () => {
  it('resolve while the viewer is a member; hidden once removed (no title, no column name)', async () => {
    const w = await world();
    await t.db.taskDraft.create({
      data: { userId: w.viewer.user.id, projectId: w.shared.id, sectionId: w.shared.sections[0].id, title: 'My draft' },
    });
    const query = '{ drafts { items { title projectId project { title members { user { email } } } section { title } } } }';
    const before = await graphql(w.viewer.key, query);
    expect(before.data.drafts.items[0]).toMatchObject({ project: { title: 'Shared board' }, section: { title: 'Todo' } });

    await t.db.projectMember.deleteMany({ where: { projectId: w.shared.id, userId: w.viewer.user.id } });
    const after = await graphql(w.viewer.key, query);
    expect(after.errors).toBeUndefined();
    // A draft of a board its author left is hidden until they rejoin (access ends with membership).
    expect(after.data.drafts.items).toEqual([]);
    expect(JSON.stringify(after)).not.toContain(w.other.user.email);
    const rest = await (await t.fetch('/api/v1/drafts', { key: w.viewer.key })).text();
    expect(rest).not.toContain('Shared board');
    expect(rest).not.toContain(w.other.user.email);
  });
});
