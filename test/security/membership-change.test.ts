// "Remove a person → within 5 s nothing they set up sends or shows them
// anything": a real server with its dispatcher, a real webhook receiver
// verifying every request (standardwebhooks), a real graphql-ws client.
// Everything a member set up while on the team (a board webhook, a
// team-wide webhook, a live subscription, a watch, a saved view, a draft)
// stops once they are removed, including a delivery already queued.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { removeTeamMember } from '../../src/domain/team-member.ts';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';
import { eventTestEnv, type Instance, startInstance, startReceiver, subscribe, waitFor } from '../events/harness.ts';
import { disposeClients, eventsSettled, feedWaiter, wsSubscribe } from '../events/ws-client.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** How soon after the removal nothing may reach the removed member. */
const WITHIN_MS = 5_000;
const EVENTS = ['task.created', 'task.updated'];

let app: Instance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;

beforeAll(async () => {
  testEnv = await eventTestEnv();
  app = await startInstance({ env: { ...testEnv.env, WEBHOOK_ALLOW_PRIVATE: 'true' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await disposeClients();
  await app?.close();
  await receiver?.close();
  await testEnv?.drop();
});

async function gql(key: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await app.fetch('/graphql', { method: 'POST', key, json: { query, variables } });
  return (await res.json()) as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
}

async function rest(key: string, method: string, path: string, json?: unknown) {
  const res = await app.fetch(`/api/v1${path}`, { method, key, json });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A team with an owner and a second owner, Mel, who sets things up and is then removed. */
async function world(name: string) {
  const owner = await makeUserWithKey(app.db, 'Owner');
  const mel = await makeUserWithKey(app.db, 'Mel');
  const team = await makeTeam(app.db, [owner.user.id, mel.user.id]);
  // Mel is an owner too while on the team (team-wide webhooks are for owners).
  await app.db.teamMember.update({ where: { teamId_userId: { teamId: team.id, userId: mel.user.id } }, data: { role: 'owner' } });
  const project = await makeProject(app.db, { memberIds: [owner.user.id, mel.user.id], teamId: team.id, prefix: 'MEM' });
  const created = await rest(owner.key, 'POST', '/tasks', { project_id: project.id, title: 'Watched task' });
  expect(created.status).toBe(201);
  const taskId = created.body.task.id as number;
  const hooks = {
    control: await subscribe(app, owner.key, receiver, `${name}-control`, { project_id: project.id }, EVENTS),
    board: await subscribe(app, mel.key, receiver, `${name}-mel-board`, { project_id: project.id }, EVENTS),
    team: await subscribe(app, mel.key, receiver, `${name}-mel-team`, { team_id: team.uuid }, EVENTS),
  };
  return { owner, mel, team, project, taskId, hooks };
}

const update = (w: Awaited<ReturnType<typeof world>>, title: string) =>
  rest(w.owner.key, 'PATCH', `/tasks/${w.taskId}`, { title }).then((r) => expect(r.status).toBe(200));

describe('removing a member ends everything they set up', () => {
  it('within 5 s: no webhook delivery, no live event, no inbox entry, no view or draft', async () => {
    const w = await world('all');
    // Mel watches the task, keeps a view and a draft of the board, and follows it live.
    expect((await rest(w.mel.key, 'PUT', `/tasks/${w.taskId}/watch`)).status).toBeLessThan(300);
    const view = await gql(w.mel.key, 'mutation($p: Int!) { createSavedView(projectId: $p, title: "Mine") { id } }', { p: w.project.id });
    const viewId = (view.data?.createSavedView as { id: number }).id;
    const draft = await rest(w.mel.key, 'POST', '/drafts', { project_id: w.project.id, title: 'Half-written' });
    expect(draft.status).toBe(201);
    const draftId = draft.body.draft.id as number;
    await eventsSettled(app.db, app.services.feed);
    const registered = feedWaiter(app.services.feed);
    const live = wsSubscribe(app.url, w.mel.key, { projectId: w.project.id });
    await registered();

    // While Mel is on the team, everything reaches her.
    await update(w, 'Before');
    await waitFor(() => receiver.at('all-mel-board').length === 1 && receiver.at('all-mel-team').length === 1, 20_000, 'deliveries before');
    await waitFor(() => live.got.some((g) => g.data?.taskEvents.event === 'TASK_UPDATED'), 20_000, 'live event before');
    expect(receiver.at('all-mel-board').every((r) => r.verified)).toBe(true);
    const inboxBefore = await app.db.notification.count({ where: { userId: w.mel.user.id } });
    expect(inboxBefore).toBe(1);
    const liveBefore = live.got.length;

    await removeTeamMember(app.db, w.owner.user.id, { teamId: w.team.id, user: w.mel.user.id });
    const removedAt = Date.now();

    await update(w, 'After');
    // The owner's own subscription gets the event: it was dispatched and sent.
    await waitFor(() => receiver.at('all-control').length === 2, 20_000, 'control delivery');
    // Mel's two subscriptions logged it as skipped (never to be sent) and are disabled, with the reason.
    for (const id of [w.hooks.board.id, w.hooks.team.id]) {
      await waitFor(async () => (await app.db.webhookDelivery.count({ where: { subscriptionId: id } })) === 2, 20_000, 'fan-out');
      const deliveries = await app.db.webhookDelivery.findMany({ where: { subscriptionId: id }, orderBy: { id: 'asc' } });
      expect(deliveries.map((d) => d.status)).toEqual(['succeeded', 'skipped']);
      const shown = await rest(w.owner.key, 'GET', `/webhook/subscriptions/${id}`);
      expect(shown.status).toBe(200);
      expect(shown.body.subscription).toMatchObject({
        active: false,
        disabled_cause: 'creator_lost_access',
        disabled_at: expect.any(String),
        created_by: { id: w.mel.user.id, name: w.mel.user.displayName },
      });
    }
    expect(Date.now() - removedAt).toBeLessThan(60_000); // sanity: the checks above ran after the removal
    expect(receiver.at('all-mel-board')).toHaveLength(1);
    expect(receiver.at('all-mel-team')).toHaveLength(1);
    // The live subscription ended (NOT_FOUND) or at least got nothing more.
    await waitFor(() => live.completed() || live.error() !== null || live.got.length > liveBefore, WITHIN_MS, 'live subscription ended');
    expect(live.got.slice(liveBefore).filter((g) => g.data?.taskEvents.event === 'TASK_UPDATED')).toEqual([]);
    // No inbox entry about the watched task, and the view and the draft of the board are gone with it.
    expect(await app.db.notification.count({ where: { userId: w.mel.user.id } })).toBe(inboxBefore);
    const gone = await gql(w.mel.key, 'query($v: Int!) { savedView(id: $v) { id } }', { v: viewId });
    expect(gone).toEqual({ data: { savedView: null } });
    expect((await rest(w.mel.key, 'GET', `/drafts/${draftId}`)).status).toBe(404);
    expect((await rest(w.mel.key, 'GET', '/drafts')).body.drafts).toEqual([]);

    // An owner takes the board subscription over by re-enabling it: it is theirs from then on and delivers again.
    const members = await rest(w.mel.key, 'PATCH', `/webhook/subscriptions/${w.hooks.board.id}`, { active: true });
    expect(members.status).toBe(404);
    const takeOver = await rest(w.owner.key, 'PATCH', `/webhook/subscriptions/${w.hooks.board.id}`, { active: true });
    expect(takeOver.status).toBe(200);
    expect(takeOver.body.subscription).toMatchObject({ active: true, disabled_cause: null, created_by: { id: w.owner.user.id } });
    await update(w, 'Taken over');
    await waitFor(() => receiver.at('all-mel-board').length === 2, 20_000, 'delivery after the take-over');
    expect(receiver.at('all-mel-board')[1].verified).toBe(true);
    expect(receiver.at('all-mel-team')).toHaveLength(1);
  });

  it('a delivery queued before the removal is not sent after it', async () => {
    const w = await world('queued');
    // The first attempt of every hook of this world fails with Retry-After: 2 s, so the
    // event's deliveries sit queued (pending) across the removal.
    receiver.setResponder(({ path, count }) =>
      path.startsWith('/hook/queued-') && count === 1 ? { status: 503, headers: { 'retry-after': '2' } } : { status: 200 },
    );
    try {
      await update(w, 'Queued');
      await waitFor(
        () => ['control', 'mel-board', 'mel-team'].every((n) => receiver.at(`queued-${n}`).length === 1),
        20_000,
        'first attempts',
      );
      await removeTeamMember(app.db, w.owner.user.id, { teamId: w.team.id, user: w.mel.user.id });
      // The owner's retry goes out after the 2 s; Mel's two never do.
      await waitFor(() => receiver.at('queued-control').length === 2, 20_000, 'the control retry');
      await waitFor(
        async () => (await app.db.webhookSubscription.count({ where: { id: { in: [w.hooks.board.id, w.hooks.team.id] }, active: false, disabledCause: 'creator_lost_access' } })) === 2,
        WITHIN_MS,
        'queued subscriptions disabled',
      );
      expect(receiver.at('queued-mel-board')).toHaveLength(1);
      expect(receiver.at('queued-mel-team')).toHaveLength(1);
      const pending = await app.db.webhookDelivery.findMany({ where: { subscriptionId: { in: [w.hooks.board.id, w.hooks.team.id] } } });
      expect(pending.map((d) => d.status)).toEqual(['pending', 'pending']);
    } finally {
      receiver.setResponder(() => ({ status: 200 }));
    }
  });

  it('team-wide subscriptions are for owners: a member gets FORBIDDEN and does not see the owners\' ones', async () => {
    const w = await world('roles');
    const member = await makeUserWithKey(app.db, 'Member');
    await app.db.teamMember.create({ data: { teamId: w.team.id, userId: member.user.id } });
    await app.db.projectMember.create({ data: { projectId: w.project.id, userId: member.user.id } });
    const refused = await rest(member.key, 'POST', '/webhook/subscriptions', {
      url: receiver.urlFor('roles-member'),
      team_id: w.team.uuid,
      metadata: { 'X-Event-Type': EVENTS },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.details).toMatchObject({ field: 'team_id', code: 'not_team_owner' });
    const listed = await rest(member.key, 'GET', '/webhook/subscriptions');
    expect(listed.body.subscriptions.map((s: { id: number }) => s.id).sort()).toEqual([w.hooks.control.id, w.hooks.board.id].sort());
    expect((await rest(member.key, 'GET', `/webhook/subscriptions/${w.hooks.team.id}`)).status).toBe(404);
    // A demoted owner's team-wide subscription stops too.
    await app.db.teamMember.update({ where: { teamId_userId: { teamId: w.team.id, userId: w.mel.user.id } }, data: { role: 'member' } });
    await update(w, 'Demoted');
    await waitFor(() => receiver.at('roles-control').length === 1, 20_000, 'control delivery');
    await waitFor(
      async () => (await app.db.webhookSubscription.findUniqueOrThrow({ where: { id: w.hooks.team.id } })).disabledCause === 'creator_lost_access',
      WITHIN_MS,
      'team subscription disabled',
    );
    await waitFor(() => receiver.at('roles-mel-board').length === 1, 20_000, 'board delivery (Mel is still on the board)');
    expect(receiver.at('roles-mel-team')).toHaveLength(0);
    // Once Mel is off the board too, her board subscription stops; a plain member cannot take it over.
    await app.db.projectMember.delete({ where: { projectId_userId: { projectId: w.project.id, userId: w.mel.user.id } } });
    await update(w, 'Left the board');
    await waitFor(() => receiver.at('roles-control').length === 2, 20_000, 'second control delivery');
    await waitFor(
      async () => (await app.db.webhookSubscription.findUniqueOrThrow({ where: { id: w.hooks.board.id } })).disabledCause === 'creator_lost_access',
      WITHIN_MS,
      'board subscription disabled',
    );
    const byMember = await rest(member.key, 'PATCH', `/webhook/subscriptions/${w.hooks.board.id}`, { active: true });
    expect(byMember.status).toBe(403);
    expect(byMember.body.details).toMatchObject({ field: 'active', code: 'not_team_owner' });
    expect(receiver.at('roles-mel-board')).toHaveLength(1);
  });
});
