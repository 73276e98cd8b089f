import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { createApiKey } from '../../src/domain/api-key.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { createTeam } from '../../src/domain/team.ts';
import { createUser } from '../../src/domain/user.ts';

const unique = () => randomUUID().slice(0, 8);

/** A new user with a unique email. */
export function makeUser(db: Db, name = 'User') {
  return createUser(db, { email: `${name.toLowerCase().replace(/\W+/g, '')}-${unique()}@test.local`, displayName: `${name} ${unique()}` });
}

/** A new user with an API key. */
export async function makeUserWithKey(db: Db, name = 'User') {
  const user = await makeUser(db, name);
  const { key, id: keyId } = await createApiKey(db, user.id);
  return { user, key, keyId };
}

/** A new team of the given users. */
export function makeTeam(db: Db, memberIds: number[], title = `Team ${unique()}`) {
  return createTeam(db, { title, memberIds });
}

/**
 * Puts users on a team as plain members, straight in the database and
 * without putting them on its boards (for tests of who may be added to a
 * board: only the board's team's members may).
 */
export async function joinTeamOnly(db: Db, teamId: number, userIds: number[]) {
  await db.teamMember.createMany({ data: userIds.map((userId) => ({ teamId, userId })), skipDuplicates: true });
}

/**
 * A project with members and one section, straight in the database (for
 * tests that are not about board creation).
 */
export async function makeProject(
  db: Db,
  opts: { memberIds: number[]; teamId?: number; title?: string; prefix?: string; sections?: string[] },
) {
  const title = opts.title ?? `Project ${unique()}`;
  return db.project.create({
    data: {
      title,
      ticketPrefix: opts.prefix ?? 'PRJ',
      teamId: opts.teamId ?? null,
      members: { create: opts.memberIds.map((userId) => ({ userId })) },
      sections: { create: (opts.sections ?? ['Todo']).map((t, i) => ({ title: t, ranking: `a${i}` })) },
    },
    include: { sections: true },
  });
}

/**
 * A user with an API key and a project of theirs (sections `Todo`, `Doing`
 * unless given), straight in the database.
 */
export async function makeUserWithProject(db: Db, opts: { prefix?: string; sections?: string[] } = {}) {
  const { user, key } = await makeUserWithKey(db);
  const project = await makeProject(db, {
    memberIds: [user.id],
    prefix: opts.prefix ?? 'PRJ',
    sections: opts.sections ?? ['Todo', 'Doing'],
  });
  return { user, key, project };
}

/**
 * A board created through the real board rules (team manifest, spec 4.3)
 * in a new team of `userId` plus `teamMemberIds`. Defaults: sections
 * `Todo`, `Doing`, `Done`, no labels, no tasks.
 */
export async function makeBoard(
  db: Db,
  userId: number,
  manifest: Partial<import('../../src/domain/board-manifest.ts').TeamBoardInput> = {},
  teamMemberIds: number[] = [],
) {
  const { createTeamBoard } = await import('../../src/domain/board.ts');
  const team = await makeTeam(db, [userId, ...teamMemberIds]);
  const board = await createTeamBoard(db, userId, team.uuid, {
    title: `Board ${unique()}`,
    sections: [{ title: 'Todo' }, { title: 'Doing' }, { title: 'Done' }],
    ...manifest,
  });
  return { ...board, team };
}

/**
 * A board of `n` tasks for read tests, written in bulk (the create rules are
 * tested elsewhere): three sections, each task with two user assignees, an
 * agent and two of three labels. `updatedAt(i)` sets each task's order key.
 */
export async function makeBusyBoard(db: Db, n: number, updatedAt: (i: number) => Date) {
  const { user, key } = await makeUserWithKey(db);
  const mate = await makeUser(db);
  const team = await makeTeam(db, [user.id]);
  const project = await makeProject(db, { memberIds: [user.id, mate.id], teamId: team.id, sections: ['Todo', 'Doing', 'Done'] });
  const agent = await db.agent.create({ data: { teamId: team.id, displayName: 'Bot' } });
  const labels = await Promise.all(['bug', 'ui', 'api'].map((name) => db.label.create({ data: { projectId: project.id, name } })));
  await db.task.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      projectId: project.id,
      sectionId: project.sections[i % 3].id,
      uniqueIndex: i + 1,
      title: `Task ${i}`,
      createdById: user.id,
      updatedAt: updatedAt(i),
    })),
  });
  const tasks = await db.task.findMany({ where: { projectId: project.id }, select: { id: true }, orderBy: { id: 'asc' } });
  await db.taskLabel.createMany({
    data: tasks.flatMap((task, i) => [labels[i % 3].id, labels[(i + 1) % 3].id].map((labelId) => ({ taskId: task.id, labelId }))),
  });
  await db.taskAssignee.createMany({
    data: tasks.flatMap((task) => [
      { taskId: task.id, userId: user.id },
      { taskId: task.id, userId: mate.id },
      { taskId: task.id, agentId: agent.id },
    ]),
  });
  return { key, project };
}

/** A user and a project of theirs with the given sections (default one `Todo`). */
export async function makeOwnedProject(db: Db, opts: { sections?: string[]; prefix?: string } = {}) {
  const user = await makeUser(db, 'Owner');
  const project = await makeProject(db, { memberIds: [user.id], sections: opts.sections, prefix: opts.prefix });
  return { user, project };
}

/**
 * Who an assignment test needs: an owner and a member of a team's board with
 * one task (`Assign`), a user outside the team, and an agent of the team.
 */
export async function makeAssignmentWorld(db: Db, opts: { prefix?: string; agentName?: string } = {}) {
  const owner = await makeUserWithKey(db, 'Owner');
  const member = await makeUserWithKey(db, 'Member');
  const stranger = await makeUserWithKey(db, 'Stranger');
  const team = await makeTeam(db, [owner.user.id, member.user.id]);
  const project = await makeProject(db, { memberIds: [owner.user.id, member.user.id], teamId: team.id, prefix: opts.prefix });
  const task = await createTask(db, owner.user.id, { projectId: project.id, title: 'Assign' });
  const agent = await db.agent.create({ data: { teamId: team.id, displayName: opts.agentName ?? 'Bot' } });
  return { owner, member, stranger, team, project, task, agent };
}
