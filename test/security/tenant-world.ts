// The two tenants of the tenant-isolation matrices (REST and tool routes,
// GraphQL): A owns a board full of data marked with MARK; B is a user of
// another team with a board of its own, who never shares a project with A.
import type { TestApp } from '../support/app.ts';
import { createTeamInvite } from '../../src/domain/team-invite.ts';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';

/** A word only A's rows contain: an answer to B that holds it leaked A's data. */
export const MARK = 'Zephyrsecret';

/** A webhook subscription body (the scope is added by the caller). */
export const HOOK = { url: 'https://hooks.example.com/in', metadata: { 'X-Event-Type': ['task.created'] } };

/** A's ids (what B tries) and B's own (where B tries to attach A's ids). */
export interface TenantWorld {
  a: {
    userId: number;
    email: string;
    key: string;
    keyId: number;
    /** A signed-in session of A (a row B must not be able to revoke). */
    sessionId: number;
    teamId: number;
    teamUuid: string;
    projectId: number;
    sectionId: number;
    labelId: number;
    agentId: string;
    /** A pending invite of A's team (A owns the team). */
    inviteId: number;
  };
  aTask: { id: number; ticket: string; uniqueIndex: number };
  a2: { userId: number };
  commentId: number;
  viewId: number;
  draftId: number;
  webhookId: number;
  deliveryId: number;
  notificationId: number;
  b: { userId: number; key: string; teamUuid: string; projectId: number; sectionId: number; taskId: number };
}

async function ok(res: Response) {
  const text = await res.text();
  if (!res.ok) throw new Error(`setup request failed: ${res.status} ${text}`);
  return JSON.parse(text);
}

/**
 * Makes both tenants through the public routes where a route exists (so A's
 * rows are what the service itself writes): A's board with a task, comment,
 * saved view, draft, label, agent, webhook with a delivery and a
 * notification; B's board with a task.
 */
export async function makeTenantWorld(t: TestApp): Promise<TenantWorld> {
  const a = await makeUserWithKey(t.db, 'Alice');
  const a2 = await makeUserWithKey(t.db, 'Alan');
  const b = await makeUserWithKey(t.db, 'Bob');
  const teamA = await makeTeam(t.db, [a.user.id, a2.user.id]);
  const teamB = await makeTeam(t.db, [b.user.id]);
  const projectA = await makeProject(t.db, {
    memberIds: [a.user.id, a2.user.id],
    teamId: teamA.id,
    title: `${MARK} board`,
    prefix: 'ZEP',
  });
  const projectB = await makeProject(t.db, { memberIds: [b.user.id], teamId: teamB.id, prefix: 'BOB' });
  const label = await t.db.label.create({ data: { projectId: projectA.id, name: `${MARK}-label` } });
  const agent = await t.db.agent.create({ data: { teamId: teamA.id, displayName: `${MARK} bot` } });
  const as = { key: a.key };

  const task = await ok(
    await t.fetch('/api/v1/tasks', { method: 'POST', ...as, json: { project_id: projectA.id, title: `${MARK} task` } }),
  );
  const bTask = await ok(
    await t.fetch('/api/v1/tasks', {
      method: 'POST',
      key: b.key,
      json: { project_id: projectB.id, title: 'bob task' },
    }),
  );
  const aTaskRow = await t.db.task.findUniqueOrThrow({ where: { id: task.task.id } });
  const comment = await ok(
    await t.fetch('/api/mcp/comments', {
      method: 'POST',
      ...as,
      json: { task_id: aTaskRow.id, text: `${MARK} comment` },
    }),
  );
  const view = await ok(
    await t.fetch('/api/mcp/view', { method: 'POST', ...as, json: { project_id: projectA.id, title: `${MARK} view` } }),
  );
  const draft = await ok(
    await t.fetch('/api/v1/drafts', {
      method: 'POST',
      ...as,
      json: { project_id: projectA.id, title: `${MARK} draft` },
    }),
  );
  const webhook = await ok(
    await t.fetch('/api/v1/webhook/subscriptions', {
      method: 'POST',
      ...as,
      json: { ...HOOK, project_id: projectA.id },
    }),
  );
  const event = await t.db.outboxEvent.findFirstOrThrow({ where: { projectId: projectA.id } });
  const delivery = await t.db.webhookDelivery.create({
    data: { subscriptionId: webhook.subscription.id, eventId: event.id, status: 'failed' },
  });
  const notification = await t.db.notification.create({
    data: {
      userId: a.user.id,
      type: 'assignment',
      taskId: aTaskRow.id,
      actorId: a2.user.id,
      message: `${MARK} notification`,
    },
  });

  const invite = await createTeamInvite(t.db, a.user.id, { teamId: teamA.id, email: 'invitee@test.local' });
  const aSession = await t.db.session.create({
    data: { userId: a.user.id, method: 'password', expiresAt: new Date(Date.now() + 86_400_000) },
  });

  return {
    a: {
      userId: a.user.id,
      email: a.user.email,
      key: a.key,
      keyId: a.keyId,
      sessionId: aSession.id,
      teamId: teamA.id,
      teamUuid: teamA.uuid,
      projectId: projectA.id,
      sectionId: projectA.sections[0].id,
      labelId: label.id,
      agentId: agent.id,
      inviteId: invite.invite.id,
    },
    aTask: { id: aTaskRow.id, ticket: `ZEP-${aTaskRow.uniqueIndex}`, uniqueIndex: aTaskRow.uniqueIndex },
    a2: { userId: a2.user.id },
    commentId: comment.id,
    viewId: view.id,
    draftId: draft.draft.id,
    webhookId: webhook.subscription.id,
    deliveryId: delivery.id,
    notificationId: notification.id,
    b: {
      userId: b.user.id,
      key: b.key,
      teamUuid: teamB.uuid,
      projectId: projectB.id,
      sectionId: projectB.sections[0].id,
      taskId: bTask.task.id,
    },
  };
}
