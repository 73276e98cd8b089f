// boardEvents: every change a board view needs, written with the change and
// typed per subscriber (what each may see at delivery).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { joinTeamOnly, makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';
import { eventTestEnv, type Instance, startInstance, waitFor } from './harness.ts';
import { disposeClients, eventsSettled, feedWaiter, wsSubscribe } from './ws-client.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: Instance;
let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;

beforeAll(async () => {
  testEnv = await eventTestEnv();
  app = await startInstance({ env: testEnv.env });
});
afterAll(async () => {
  await disposeClients();
  await app?.close();
  await testEnv?.drop();
});

/** Runs a GraphQL operation as `key`; fails the test on errors. */
async function gql<T = Record<string, any>>(key: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await app.fetch('/graphql', { method: 'POST', key, json: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data!;
}

export const BOARD_SUBSCRIPTION = /* GraphQL */ `
  subscription Board($projectId: Int!, $after: ID) {
    boardEvents(projectId: $projectId, after: $after) {
      __typename
      id
      cursor
      event
      projectId
      data
      ... on TaskBoardEvent {
        taskId
        fromProjectId
        task { id title status projectId sectionId labels { id } assignees { userId } }
      }
      ... on SectionBoardEvent {
        sectionId
        movedToSectionId
        section { id title ranking visible }
      }
      ... on LabelBoardEvent {
        labelId
        label { id name color }
      }
      ... on CommentBoardEvent {
        taskId
        commentId
        comment { id text }
      }
      ... on MemberBoardEvent {
        userId
        member { user { id displayName } }
      }
    }
  }
`;

/** The GraphQL name of a board event (`section.created` → `SECTION_CREATED`). */
const kind = (name: string) => name.replace('.', '_').toUpperCase();

/** The type of each event family. */
const FAMILY: Record<string, string> = {
  task: 'TaskBoardEvent',
  section: 'SectionBoardEvent',
  label: 'LabelBoardEvent',
  comment: 'CommentBoardEvent',
  member: 'MemberBoardEvent',
};

/** One event as BOARD_SUBSCRIPTION selects it: the common fields and those of its family (absent on the others). */
type BoardEvent = {
  __typename: string;
  event: string;
  sectionId?: number;
  movedToSectionId?: number | null;
  labelId?: number;
  commentId?: number;
  cursor: string;
  projectId: number;
  fromProjectId?: number | null;
  taskId?: number;
  data: Record<string, any>;
  task?: { id: number; title: string; status: string; projectId: number; sectionId: number } | null;
  section?: { id: number; title: string; visible: boolean } | null;
  label?: { id: number; name: string } | null;
  comment?: { id: number; text: string } | null;
  userId?: number;
  member?: { user: { id: number } } | null;
};

describe('boardEvents', () => {
  it('delivers sections, labels, tasks, comments and members as they change, each typed as the subscriber may see it', async () => {
    const owner = await makeUserWithKey(app.db, 'Owner');
    const mate = await makeUserWithKey(app.db, 'Mate');
    const team = await makeTeam(app.db, [owner.user.id]);
    await joinTeamOnly(app.db, team.id, [mate.user.id]);
    const project = await makeProject(app.db, { memberIds: [owner.user.id], teamId: team.id });
    const elsewhere = await makeProject(app.db, { memberIds: [owner.user.id] });
    const registered = feedWaiter(app.services.feed);
    const sub = wsSubscribe(app.url, owner.key, { projectId: project.id }, BOARD_SUBSCRIPTION);
    await registered(1);
    const k = owner.key;
    const pid = project.id;

    const { createSection: doing } = await gql(k, 'mutation($i: CreateSectionInput!) { createSection(input: $i) { id } }', {
      i: { projectId: pid, title: 'Doing' },
    });
    await gql(k, 'mutation($i: UpdateSectionInput!) { updateSection(input: $i) { id } }', {
      i: { sectionId: doing.id, title: 'In progress', moveAfterSectionId: null },
    });
    const { createLabel: bug } = await gql(k, 'mutation($i: CreateLabelInput!) { createLabel(input: $i) { id } }', {
      i: { projectId: pid, name: 'Bug' },
    });
    const { createTask: task } = await gql(k, 'mutation($i: CreateTaskInput!) { createTask(input: $i) { id } }', {
      i: { projectId: pid, title: 'First', sectionId: doing.id, labelIds: [bug.id] },
    });
    await gql(k, 'mutation($r: TaskRefInput!, $i: UpdateTaskInput!) { updateTask(ref: $r, input: $i) { id } }', {
      r: { taskId: task.id },
      i: { status: 'ARCHIVE', sectionId: project.sections[0].id },
    });
    await gql(k, 'mutation($p: Int!, $u: String!) { addProjectMember(projectId: $p, user: $u) { projectId } }', {
      p: pid,
      u: String(mate.user.id),
    });
    await gql(k, 'mutation($r: TaskRefInput!, $u: Int) { assignUser(ref: $r, userId: $u) { id } }', {
      r: { taskId: task.id },
      u: mate.user.id,
    });
    const { addComment: comment } = await gql(k, 'mutation($r: TaskRefInput!, $t: String!) { addComment(ref: $r, text: $t) { id } }', {
      r: { taskId: task.id },
      t: 'Looks good',
    });
    await gql(k, 'mutation($p: Int!, $u: String!) { removeProjectMember(projectId: $p, user: $u) { id } }', {
      p: pid,
      u: String(mate.user.id),
    });
    await gql(k, 'mutation($s: Int!) { deleteSection(sectionId: $s) { movedTaskCount } }', { s: doing.id });
    await gql(k, 'mutation($r: TaskRefInput!, $p: Int!) { moveTask(ref: $r, targetProjectId: $p) { id } }', {
      r: { taskId: task.id },
      p: elsewhere.id,
    });

    const names = [
      'section.created',
      'section.updated',
      'label.created',
      'task.created',
      'task.updated',
      'member.added',
      'task.assigned',
      'comment.created',
      'member.removed',
      'section.deleted',
      'task.updated',
    ].map(kind);
    await waitFor(() => sub.got.length >= names.length, 20_000, 'board events');
    await new Promise((r) => setTimeout(r, 300));
    expect(sub.got.every((g) => !g.errors)).toBe(true);
    const events = sub.got.map((g) => (g.data as unknown as { boardEvents: BoardEvent }).boardEvents);
    expect(events.map((e) => e.event)).toEqual(names);
    // Each event is of its family's type, with the family's fields and no other.
    expect(events.map((e) => e.__typename)).toEqual(names.map((n) => FAMILY[n.split('_')[0].toLowerCase()]));
    expect(events.filter((e) => e.__typename !== 'TaskBoardEvent' && e.__typename !== 'CommentBoardEvent').some((e) => 'taskId' in e)).toBe(false);
    const byName = (name: string) => events.filter((e) => e.event === kind(name));

    const [created, renamed] = [byName('section.created')[0], byName('section.updated')[0]];
    expect(created.data.sectionId).toBe(doing.id);
    expect(renamed.data.changes.title).toEqual({ from: 'Doing', to: 'In progress' });
    expect(renamed.data.changes.ranking).toBeDefined();
    expect(byName('label.created')[0]).toMatchObject({ labelId: bug.id, label: { id: bug.id, name: 'Bug' } });
    expect(byName('comment.created')[0]).toMatchObject({ taskId: task.id, commentId: comment.id, comment: { id: comment.id } });
    expect(byName('member.added')[0].userId).toBe(mate.user.id);
    expect(byName('member.removed')[0]).toMatchObject({ userId: mate.user.id, member: null });
    expect(byName('section.deleted')[0]).toMatchObject({
      sectionId: doing.id,
      movedToSectionId: project.sections[0].id,
      section: null,
      data: { movedTo: project.sections[0].id },
    });
    expect(byName('section.created')[0].movedToSectionId).toBeNull();
    const moved = byName('task.updated')[1];
    expect(moved).toMatchObject({ projectId: elsewhere.id, fromProjectId: pid, taskId: task.id });
    expect(moved.task?.projectId).toBe(elsewhere.id);

    // Delivered after all of it (a resume from before the first event), each thing is typed as it is then:
    // the section deleted, the member gone, the task on the other board.
    const resumed = wsSubscribe(app.url, owner.key, { projectId: pid, after: String(BigInt(events[0].cursor) - 1n) }, BOARD_SUBSCRIPTION);
    await waitFor(() => resumed.got.length >= names.length, 20_000, 'replayed board events');
    const replay = resumed.got.map((g) => (g.data as unknown as { boardEvents: BoardEvent }).boardEvents);
    expect(replay.map((e) => e.event)).toEqual(names);
    expect(replay.map((e) => e.cursor)).toEqual(events.map((e) => e.cursor));
    expect(replay.filter((e) => e.__typename === 'SectionBoardEvent').every((e) => e.section === null)).toBe(true);
    expect(replay.filter((e) => e.__typename === 'MemberBoardEvent').every((e) => e.member === null)).toBe(true);
    expect(replay.filter((e) => e.__typename === 'TaskBoardEvent').every((e) => e.task?.projectId === elsewhere.id)).toBe(true);
    expect(replay.find((e) => e.event === 'LABEL_CREATED')?.label?.name).toBe('Bug');
  });

  it('label rename and delete, comment edit and delete, task labels and a hard task delete each reach the board; a no-op writes nothing', async () => {
    const owner = await makeUserWithKey(app.db, 'Owner');
    const project = await makeProject(app.db, { memberIds: [owner.user.id] });
    const k = owner.key;
    const pid = project.id;
    const { createLabel: bug } = await gql(k, 'mutation($i: CreateLabelInput!) { createLabel(input: $i) { id } }', {
      i: { projectId: pid, name: 'Bug' },
    });
    const { createTask: task } = await gql(k, 'mutation($i: CreateTaskInput!) { createTask(input: $i) { id } }', {
      i: { projectId: pid, title: 'Doomed' },
    });
    const { addComment: comment } = await gql(k, 'mutation($r: TaskRefInput!, $t: String!) { addComment(ref: $r, text: $t) { id } }', {
      r: { taskId: task.id },
      t: 'First thought',
    });
    await eventsSettled(app.db, app.services.feed);
    const registered = feedWaiter(app.services.feed);
    const sub = wsSubscribe(app.url, owner.key, { projectId: pid }, BOARD_SUBSCRIPTION);
    await registered(1);

    const updateLabel = 'mutation($id: Int!, $i: UpdateLabelInput!) { updateLabel(id: $id, input: $i) { id } }';
    await gql(k, updateLabel, { id: bug.id, i: { name: 'Defect', color: '#d73a4a' } });
    await gql(k, updateLabel, { id: bug.id, i: { name: 'Defect', color: '#d73a4a' } }); // the same again: no event
    await gql(k, 'mutation($r: TaskRefInput!, $l: [Int!]!) { addTaskLabels(ref: $r, labelIds: $l) { id } }', {
      r: { taskId: task.id },
      l: [bug.id],
    });
    const editComment = 'mutation($id: Int!, $t: String!) { editComment(id: $id, text: $t) { id } }';
    await gql(k, editComment, { id: comment.id, t: 'Second thought' });
    await gql(k, editComment, { id: comment.id, t: 'Second thought' }); // unchanged: no event
    // An event's label and comment are read when it is delivered: let the first three arrive
    // before their label and comment are deleted, or a slow feed answers them as deleted.
    await waitFor(() => sub.got.length >= 3, 20_000, 'board events before the deletes');
    await gql(k, 'mutation($id: Int!) { deleteComment(id: $id) { id } }', { id: comment.id });
    await gql(k, 'mutation($id: Int!) { deleteLabel(id: $id) { id } }', { id: bug.id });
    await gql(k, 'mutation($r: TaskRefInput!) { deleteTask(ref: $r) { id } }', { r: { taskId: task.id } });

    const names = ['label.updated', 'task.updated', 'comment.updated', 'comment.deleted', 'label.deleted', 'task.updated', 'task.deleted'].map(kind);
    await waitFor(() => sub.got.length >= names.length, 20_000, 'board events');
    await new Promise((r) => setTimeout(r, 300));
    expect(sub.got.every((g) => !g.errors)).toBe(true);
    const events = sub.got.map((g) => (g.data as unknown as { boardEvents: BoardEvent }).boardEvents);
    expect(events.map((e) => e.event)).toEqual(names);
    expect(events[0]).toMatchObject({
      labelId: bug.id,
      label: { name: 'Defect' },
      data: { changes: { name: { from: 'Bug', to: 'Defect' }, color: { from: null, to: '#d73a4a' } } },
    });
    expect(events[1].data.changes.labels).toEqual({ from: [], to: ['Defect'] });
    expect(events[2]).toMatchObject({ taskId: task.id, commentId: comment.id, comment: { text: expect.stringContaining('Second') } });
    expect(events[3]).toMatchObject({ taskId: task.id, commentId: comment.id, comment: null });
    expect(events[4]).toMatchObject({ labelId: bug.id, label: null, data: { name: 'Defect' } });
    expect(events[5].data.changes.labels).toEqual({ from: ['Defect'], to: [] });
    expect(events[6]).toMatchObject({ taskId: task.id, task: null, data: { deleted: true } });

    // The `events` filter uses the board names; taskEvents keeps the webhook name.
    const onlyDeletes = wsSubscribe(
      app.url,
      owner.key,
      { projectId: pid, after: String(BigInt(events[0].cursor) - 1n), events: ['TASK_DELETED'] },
      BOARD_SUBSCRIPTION.replace('$after: ID)', '$after: ID, $events: [BoardEventKind!])').replace('after: $after)', 'after: $after, events: $events)'),
    );
    await waitFor(() => onlyDeletes.got.length >= 1, 10_000, 'the delete');
    await new Promise((r) => setTimeout(r, 300));
    expect(onlyDeletes.got.map((g) => (g.data as unknown as { boardEvents: BoardEvent }).boardEvents.event)).toEqual(['TASK_DELETED']);
    const asTaskEvent = await app.db.outboxEvent.findMany({ where: { taskId: task.id, type: 'task.updated' }, orderBy: { id: 'desc' }, take: 1 });
    expect(asTaskEvent[0].data).toMatchObject({ deleted: true });
  });

  it('object fields are read per viewer: of two members running the same document, only the one who can see where a task went gets it', async () => {
    const both = await makeUserWithKey(app.db, 'Both');
    const onlyHere = await makeUserWithKey(app.db, 'OnlyHere');
    const here = await makeProject(app.db, { memberIds: [both.user.id, onlyHere.user.id] });
    const there = await makeProject(app.db, { memberIds: [both.user.id] });
    const { createTask: task } = await gql(both.key, 'mutation($i: CreateTaskInput!) { createTask(input: $i) { id } }', {
      i: { projectId: here.id, title: 'Travels' },
    });
    await eventsSettled(app.db, app.services.feed);
    const registered = feedWaiter(app.services.feed);
    const subs = [both, onlyHere].map((u) => wsSubscribe(app.url, u.key, { projectId: here.id }, BOARD_SUBSCRIPTION));
    await registered(2);
    await gql(both.key, 'mutation($r: TaskRefInput!, $p: Int!) { moveTask(ref: $r, targetProjectId: $p) { id } }', {
      r: { taskId: task.id },
      p: there.id,
    });
    await waitFor(() => subs.every((s) => s.got.length >= 1), 10_000, 'the move');
    const [seenByBoth, seenByOne] = subs.map((s) => (s.got[0].data as unknown as { boardEvents: BoardEvent }).boardEvents);
    expect(seenByBoth.task).toMatchObject({ id: task.id, projectId: there.id });
    expect(seenByOne.task).toBeNull();
    expect(seenByOne).toMatchObject({ __typename: 'TaskBoardEvent', event: 'TASK_UPDATED', taskId: task.id, fromProjectId: here.id });
  });

  it('a member removed from the board stops receiving its events at once', async () => {
    const owner = await makeUserWithKey(app.db, 'Owner');
    const leaver = await makeUserWithKey(app.db, 'Leaver');
    const project = await makeProject(app.db, { memberIds: [owner.user.id, leaver.user.id] });
    await eventsSettled(app.db, app.services.feed);
    const registered = feedWaiter(app.services.feed);
    const sub = wsSubscribe(app.url, leaver.key, { projectId: project.id }, BOARD_SUBSCRIPTION);
    await registered(1);
    await gql(owner.key, 'mutation($p: Int!, $u: String!) { removeProjectMember(projectId: $p, user: $u) { id } }', {
      p: project.id,
      u: String(leaver.user.id),
    });
    await gql(owner.key, 'mutation($i: CreateSectionInput!) { createSection(input: $i) { id } }', {
      i: { projectId: project.id, title: 'Secret' },
    });
    await waitFor(() => sub.error() !== null || sub.got.some((g) => g.errors), 10_000, 'the end of the subscription');
    expect(JSON.stringify(sub.error() ?? sub.got.find((g) => g.errors)?.errors)).toContain('NOT_FOUND');
    expect(JSON.stringify(sub.got)).not.toContain('Secret');
  });
});

describe('boardEvents: changes a mutation makes to other tasks', () => {
  it('placing a task among unplaced ones announces the positions they get; moving a parent away announces each subtask it leaves', async () => {
    const owner = await makeUserWithKey(app.db, 'Owner');
    const project = await makeProject(app.db, { memberIds: [owner.user.id] });
    const elsewhere = await makeProject(app.db, { memberIds: [owner.user.id] });
    const k = owner.key;
    const create = (title: string, parentId?: number) =>
      gql<{ createTask: { id: number } }>(k, 'mutation($i: CreateTaskInput!) { createTask(input: $i) { id } }', {
        i: { projectId: project.id, title, parentId },
      }).then((d) => d.createTask.id);
    const first = await create('First');
    const second = await create('Second', first);
    const third = await create('Third');
    await eventsSettled(app.db, app.services.feed);
    const registered = feedWaiter(app.services.feed);
    const sub = wsSubscribe(app.url, k, { projectId: project.id }, BOARD_SUBSCRIPTION.replace('task { id', 'task { position parentId id'));
    await registered(1);

    // Third goes right after First: First and Second (unplaced until now) get positions before it.
    const placed = await gql<{ placeTask: { task: { id: number }; alsoPlaced: { id: number; position: string }[] } }>(
      k,
      'mutation($r: TaskRefInput!, $a: Int) { placeTask(ref: $r, afterTaskId: $a) { task { id } alsoPlaced { id position } } }',
      { r: { taskId: third }, a: first },
    );
    // The answer names the tasks that got a position with it, in column order, as their events do.
    expect(placed.placeTask.task.id).toBe(third);
    expect(placed.placeTask.alsoPlaced.map((t) => t.id)).toEqual([first, second]);
    await gql(k, 'mutation($r: TaskRefInput!, $p: Int!) { moveTask(ref: $r, targetProjectId: $p) { id } }', {
      r: { taskId: first },
      p: elsewhere.id,
    });
    await waitFor(() => sub.got.length >= 5, 20_000, 'board events');
    await new Promise((r) => setTimeout(r, 300));
    type Placed = BoardEvent & { task: { position: string | null; parentId: number | null } | null };
    const events = sub.got.map((g) => (g.data as unknown as { boardEvents: Placed }).boardEvents);
    expect(events.map((e) => [e.event, e.taskId])).toEqual([
      ['TASK_UPDATED', first],
      ['TASK_UPDATED', second],
      ['TASK_UPDATED', third],
      ['TASK_UPDATED', first],
      ['TASK_UPDATED', second],
    ]);
    const [placedFirst, placedSecond, placedThird] = events.slice(0, 3).map((e) => e.data.changes.position);
    expect([placedFirst.from, placedSecond.from]).toEqual([null, null]);
    expect([placedFirst.to < placedThird.to, placedThird.to < placedSecond.to]).toEqual([true, true]);
    expect((await app.db.task.findUniqueOrThrow({ where: { id: second } })).position).toBe(placedSecond.to);
    expect(events[4]).toMatchObject({ projectId: project.id, data: { changes: { parentId: { from: first, to: null } } } });
    expect(events[4].task).toMatchObject({ id: second, parentId: null });
  });
});
