// The bystander tenant of the domain tests: another team's board full of
// rows (assignments, sections, labels, comments, drafts, webhooks, ...)
// that no test is about. A rule that forgets its tenant filter (an update
// or delete without a `where` on the caller's rows) changes them; every
// domain test file checks after each test that they are exactly as made.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { beforeAllValue } from './lifecycle.ts';
import { makeProject, makeTeam, makeUser } from './factories.ts';

/** The ids of a bystander tenant's rows. */
export interface Bystander {
  userIds: number[];
  teamId: number;
  projectId: number;
  taskIds: number[];
}

/**
 * Makes a bystander tenant straight in the database (no events, so no
 * dispatcher of another test file ever delivers anything for it): two users
 * in a team with an agent, a board of three sections (one hidden), two labels,
 * two tasks (the second a subtask of the first) with user and agent
 * assignments, labels, watchers, comments with a mention, notifications, a
 * saved view, a draft and a webhook subscription of the board and one of
 * the team.
 */
export async function makeBystander(db: Db): Promise<Bystander> {
  const owner = await makeUser(db, 'Bystander');
  const mate = await makeUser(db, 'Onlooker');
  const team = await makeTeam(db, [owner.id, mate.id]);
  const agent = await db.agent.create({ data: { teamId: team.id, displayName: 'Bystander bot' } });
  const project = await makeProject(db, {
    memberIds: [owner.id, mate.id],
    teamId: team.id,
    prefix: 'BYS',
    sections: ['Todo', 'Doing', 'Hidden'],
  });
  const [todo, doing, hidden] = project.sections;
  await db.section.update({ where: { id: hidden.id }, data: { visible: false } });
  const labels = await Promise.all(
    ['bystander-bug', 'bystander-ui'].map((name) => db.label.create({ data: { projectId: project.id, name } })),
  );
  const parent = await db.task.create({
    data: {
      projectId: project.id,
      sectionId: todo.id,
      uniqueIndex: 1,
      title: 'Bystander task',
      createdById: owner.id,
      position: 'a0',
    },
  });
  const child = await db.task.create({
    data: {
      projectId: project.id,
      sectionId: doing.id,
      uniqueIndex: 2,
      title: 'Bystander subtask',
      createdById: mate.id,
      parentId: parent.id,
      position: 'a0',
    },
  });
  await db.project.update({ where: { id: project.id }, data: { taskCounter: 2 } });
  const tasks = [parent, child];
  await db.taskAssignee.createMany({
    data: tasks.flatMap((t) => [
      { taskId: t.id, userId: owner.id },
      { taskId: t.id, userId: mate.id },
      { taskId: t.id, agentId: agent.id },
    ]),
  });
  await db.taskLabel.createMany({ data: tasks.flatMap((t) => labels.map((l) => ({ taskId: t.id, labelId: l.id }))) });
  await db.taskWatcher.createMany({
    data: tasks.flatMap((t) => [owner, mate].map((u) => ({ taskId: t.id, userId: u.id }))),
  });
  for (const t of tasks) {
    const comment = await db.comment.create({
      data: { taskId: t.id, authorId: owner.id, text: '<p>bystander comment</p>' },
    });
    await db.commentMention.create({ data: { commentId: comment.id, userId: mate.id, displayName: mate.displayName } });
    await db.notification.create({
      data: { userId: mate.id, type: 'mention', taskId: t.id, actorId: owner.id, message: 'bystander mention' },
    });
  }
  await db.savedView.create({ data: { projectId: project.id, creatorId: owner.id, title: 'Bystander view' } });
  await db.taskDraft.create({
    data: { userId: owner.id, projectId: project.id, sectionId: todo.id, title: 'Bystander draft' },
  });
  await db.taskDraft.create({ data: { userId: mate.id, title: 'Bystander loose draft' } });
  const metadata = { 'X-Event-Type': ['task.created', 'task.updated', 'task.assigned'] };
  for (const scope of [{ projectId: project.id }, { teamId: team.id }]) {
    await db.webhookSubscription.create({
      data: {
        ...scope,
        url: 'https://bystander.example.com/hook',
        secret: `whsec_${randomUUID()}`,
        createdById: owner.id,
        metadata,
      },
    });
  }
  return { userIds: [owner.id, mate.id], teamId: team.id, projectId: project.id, taskIds: tasks.map((t) => t.id) };
}

/**
 * Every row of the bystander tenant, as rows (an update shows as well as an
 * insert or a delete). Events are counted, not compared: the event workers
 * of other test files on a shared PostgreSQL stamp positions on them.
 */
export async function bystanderRows(db: Db, b: Bystander) {
  const byId = { id: 'asc' } as const;
  const ofProject = { projectId: b.projectId };
  const ofTasks = { taskId: { in: b.taskIds } };
  const ofUsers = { userId: { in: b.userIds } };
  const [users, team, agents, project, members, sections, labels, tasks, assignees, taskLabels, watchers] =
    await Promise.all([
      db.user.findMany({ where: { id: { in: b.userIds } }, orderBy: byId }),
      db.team.findUnique({ where: { id: b.teamId }, include: { members: { orderBy: { userId: 'asc' } } } }),
      db.agent.findMany({ where: { teamId: b.teamId }, orderBy: byId }),
      db.project.findUnique({ where: { id: b.projectId } }),
      db.projectMember.findMany({ where: ofProject, orderBy: { userId: 'asc' } }),
      db.section.findMany({ where: ofProject, orderBy: byId }),
      db.label.findMany({ where: ofProject, orderBy: byId }),
      db.task.findMany({ where: ofProject, orderBy: byId }),
      db.taskAssignee.findMany({ where: { OR: [ofTasks, ofUsers] }, orderBy: byId }),
      db.taskLabel.findMany({ where: ofTasks, orderBy: [{ taskId: 'asc' }, { labelId: 'asc' }] }),
      db.taskWatcher.findMany({ where: { OR: [ofTasks, ofUsers] }, orderBy: [{ taskId: 'asc' }, { userId: 'asc' }] }),
    ]);
  const [comments, mentions, notifications, views, drafts, webhooks, events, activity] = await Promise.all([
    db.comment.findMany({ where: ofTasks, orderBy: byId }),
    db.commentMention.findMany({ where: ofUsers, orderBy: [{ commentId: 'asc' }, { userId: 'asc' }] }),
    db.notification.findMany({ where: ofUsers, orderBy: byId }),
    db.savedView.findMany({ where: ofProject, orderBy: byId }),
    db.taskDraft.findMany({ where: { OR: [ofProject, ofUsers] }, orderBy: byId }),
    db.webhookSubscription.findMany({
      where: { OR: [ofProject, { teamId: b.teamId }] },
      include: { deliveries: { orderBy: byId } },
      orderBy: byId,
    }),
    db.outboxEvent.count({ where: ofProject }),
    db.taskActivity.findMany({ where: ofTasks, orderBy: byId }),
  ]);
  return {
    users,
    team,
    agents,
    project,
    members,
    sections,
    labels,
    tasks,
    assignees,
    taskLabels,
    watchers,
    comments,
    mentions,
    notifications,
    views,
    drafts,
    webhooks,
    events,
    activity,
  };
}

/** A bystander tenant of a test file and the check that it is untouched. */
export interface BystanderCheck {
  /** Asserts every bystander row is as it was made (runs after each test by itself). */
  expectUnchanged(): Promise<void>;
  tenant: Bystander;
}

/**
 * Makes a bystander tenant before the file's tests and checks after every
 * test that none of its rows changed (see {@link bystanderRows}). Call once
 * at the top of every domain test file, after `useTestDb()`.
 */
export function useBystander(db: Db): BystanderCheck {
  const check = beforeAllValue(
    async () => {
      const tenant = await makeBystander(db);
      let made = await bystanderRows(db, tenant);
      return {
        tenant,
        expectUnchanged: async () => {
          const now = await bystanderRows(db, tenant);
          const changed = (Object.keys(now) as (keyof typeof now)[]).filter((k) => !isDeepStrictEqual(now[k], made[k]));
          // Compared with the state after the last check: one test that breaks
          // the bystander fails alone, not every test after it.
          made = now;
          expect(changed, 'the bystander tenant’s rows changed in these tables').toEqual([]);
        },
      };
    },
    () => undefined,
  );
  afterEach(() => check.expectUnchanged());
  return check;
}
