import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addComment } from '../../src/domain/comment.ts';
import { removeMember } from '../../src/domain/member.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { eventTestEnv, type Instance, makeTask, startInstance, waitFor } from './harness.ts';
import { disposeClients, feedWaiter, wsSubscribe } from './ws-client.ts';

// The live inbox: `inboxEvents` delivers a user's new inbox entries through
// the outbox and the feed, to that user only, never to a board's subscribers,
// and never about a task of a board the user has left.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: Instance;
let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;

const INBOX = /* GraphQL */ `
  subscription Inbox($after: ID) {
    inboxEvents(after: $after) {
      id
      cursor
      event
      type
      projectId
      taskId
      ticketNumber
      actorId
      task {
        title
      }
    }
  }
`;
const BOARD = /* GraphQL */ `
  subscription Board($projectId: Int!) {
    boardEvents(projectId: $projectId) {
      event
      ... on TaskBoardEvent { taskId }
      ... on CommentBoardEvent { taskId }
    }
  }
`;

type InboxGot = { data?: { inboxEvents: Record<string, any> }; errors?: unknown[] };
const inboxOf = (got: unknown[]) => (got as InboxGot[]).map((g) => g.data?.inboxEvents);

beforeAll(async () => {
  testEnv = await eventTestEnv();
  app = await startInstance({ env: testEnv.env });
});
afterAll(async () => {
  await disposeClients();
  await app?.close();
  await testEnv?.drop();
});

describe('GraphQL subscription inboxEvents', () => {
  it('a mention reaches the mentioned user only; board subscribers never see inbox events', async () => {
    const ada = await makeUserWithKey(app.db, 'Ada');
    const grace = await makeUserWithKey(app.db, 'Grace');
    const bob = await makeUserWithKey(app.db, 'Bob');
    const project = await makeProject(app.db, { memberIds: [ada.user.id, grace.user.id, bob.user.id] });
    const task = await makeTask(app.db, project);

    const registered = feedWaiter(app.services.feed);
    const adaInbox = wsSubscribe(app.url, ada.key, {}, INBOX);
    const bobInbox = wsSubscribe(app.url, bob.key, {}, INBOX);
    const bobBoard = wsSubscribe(app.url, bob.key, { projectId: project.id }, BOARD);
    await registered(3);

    await addComment(app.db, grace.user.id, { taskId: task.id }, { text: 'Look', mentions: [{ userId: ada.user.id }] });
    await waitFor(() => adaInbox.got.length > 0, 20_000, "Ada's inbox event");
    expect(inboxOf(adaInbox.got)[0]).toMatchObject({
      event: 'NOTIFICATION_CREATED',
      type: 'MENTION',
      projectId: project.id,
      taskId: task.id,
      ticketNumber: task.ticketNumber,
      actorId: grace.user.id,
      task: { title: expect.any(String) },
    });
    // Bob's board subscription had the comment (committed with the mention); it never has the inbox event.
    await waitFor(() => bobBoard.got.length > 0, 20_000, "Bob's comment.created");
    // A change after it: once Bob's board has that, everything before it was delivered too.
    await updateTask(app.db, grace.user.id, { taskId: task.id }, { priority: 'low' });
    await waitFor(
      () => bobBoard.got.some((g: any) => g.data?.boardEvents.event === 'TASK_UPDATED'),
      20_000,
      'task.updated',
    );
    expect(bobBoard.got.map((g: any) => g.data.boardEvents.event)).toEqual(['COMMENT_CREATED', 'TASK_UPDATED']);
    expect(bobInbox.got).toHaveLength(0);
    // Ada created nothing and watches the task only as no one: the priority change is not in her inbox.
    expect(adaInbox.got).toHaveLength(1);
  });

  it('resuming after a cursor delivers what followed, except about a board the user has left since', async () => {
    const owner = await makeUserWithKey(app.db, 'Owner');
    const carol = await makeUserWithKey(app.db, 'Carol');
    const project = await makeProject(app.db, { memberIds: [owner.user.id, carol.user.id] });
    const other = await makeProject(app.db, { memberIds: [owner.user.id, carol.user.id] });
    const left = await makeTask(app.db, project);
    const stays = await makeTask(app.db, other);
    for (const t of [left, stays]) await app.db.taskWatcher.create({ data: { taskId: t.id, userId: carol.user.id } });

    const registered = feedWaiter(app.services.feed);
    const inbox = wsSubscribe(app.url, carol.key, {}, INBOX);
    await registered(1);
    await updateTask(app.db, owner.user.id, { taskId: stays.id }, { priority: 'high' });
    await waitFor(() => inbox.got.length > 0, 20_000, 'the first inbox event');
    const first = inboxOf(inbox.got)[0]!;
    expect(first).toMatchObject({ type: 'TASK_UPDATED', taskId: stays.id });
    await inbox.client.dispose();

    // While she is away: an entry about the first board (she is still a member), then she leaves it.
    await updateTask(app.db, owner.user.id, { taskId: left.id }, { priority: 'high' });
    expect(await app.db.notification.count({ where: { userId: carol.user.id, taskId: left.id } })).toBe(1);
    await removeMember(app.db, owner.user.id, { projectId: project.id, user: carol.user.id });
    await updateTask(app.db, owner.user.id, { taskId: stays.id }, { priority: 'low' });

    // Resumed after the first event: the event about the board she left is not delivered (checked at use).
    const resumed = wsSubscribe(app.url, carol.key, { after: first.cursor }, INBOX);
    await waitFor(() => resumed.got.length > 0, 20_000, 'the resumed event');
    expect(inboxOf(resumed.got).map((e) => e!.taskId)).toEqual([stays.id]);
    const bad = wsSubscribe(app.url, carol.key, { after: 'not-a-cursor' }, INBOX);
    await waitFor(() => bad.got.length > 0 || bad.error() !== null, 10_000, 'refusal');
    expect(JSON.stringify(bad.got[0]?.errors ?? bad.error())).toContain('VALIDATION');
  });
});
