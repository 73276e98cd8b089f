import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import { recordBoardEvent } from '../events/outbox.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { requireTeam, teammatesWhere, visibleProjectsWhere, teamRefWhere } from './access.ts';
import { type UserRef, parseUserRef, requireUserWithin } from './member.ts';
import { type DbOrTx, inTransaction } from './task/transaction.ts';
import { parseInput } from './validate.ts';

/**
 * Team membership and roles. The rules, in one place:
 *
 * - A team member is an `owner` or a `member`. Owners manage the team's
 *   membership (add, remove, change roles) and its invites; members may
 *   only leave. A team always keeps at least one owner.
 * - Joining a team puts the user on every board of the team (a team's boards
 *   are the team's, as in Linear); leaving it takes them off all of them.
 *   A board the leaver was alone on passes to the team's owners, so no board
 *   is lost. Their assignments on those boards stay, as history (as Linear
 *   keeps a departed member's issues assigned); they stop watching the
 *   boards' tasks, so they get no more notifications about them.
 * - An owner adds directly only a user who already shares one of the
 *   owner's teams; anyone else (unknown or a stranger: the same NOT_FOUND)
 *   joins by accepting an invite (./team-invite.ts). The operator's CLI
 *   (`actorId` null) may add any existing user.
 */

/** The two team roles. */
export const TEAM_ROLES = ['owner', 'member'] as const;
/** A team role. */
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Who acts: a user (must own the team), or null for the operator's CLI, which may act on any team. */
export type TeamActor = number | null;

/**
 * A team by number or UUID; `actorId` must own it (FORBIDDEN `not_team_owner` if only a member, NOT_FOUND if
 * not in it). `action` completes the refusal's "Only an owner of team X can …".
 */
export async function requireTeamOwner(
  db: DbOrTx,
  actorId: TeamActor,
  teamRef: number | string,
  field = 'teamId',
  action = 'manage its members and invites',
) {
  if (actorId === null) return findTeam(db, teamRef, field);
  const team = await requireTeam(db, actorId, teamRef, field);
  const me = await db.teamMember.findUnique({ where: { teamId_userId: { teamId: team.id, userId: actorId } } });
  if (me?.role !== 'owner') {
    throw new ForbiddenError(`Only an owner of team "${team.title}" can ${action}.`, field, 'not_team_owner');
  }
  return team;
}

/** Any team by number or UUID (the operator's view), or NOT_FOUND. */
export async function findTeam(db: Pick<Db, 'team'>, teamRef: number | string, field = 'teamId') {
  const ref = teamRefWhere(teamRef);
  const team = ref && (await db.team.findFirst({ where: ref }));
  if (!team) throw new NotFoundError(`Team ${teamRef}`, field);
  return team;
}

/**
 * The user `ref` names, if `actorId` may reach them: the operator reaches
 * everyone; a person reaches users who share one of their teams. Unknown
 * and unreachable users get the same NOT_FOUND.
 */
function requireReachableUser(db: DbOrTx, actorId: TeamActor, ref: UserRef, field: string) {
  const scope = actorId === null ? {} : teammatesWhere(actorId);
  return requireUserWithin(db, ref, field, scope);
}

/**
 * Puts `userId` on team `teamId` with `role` and on every board of the team
 * (each new board membership writes `member.added`). Already a member:
 * nothing changes (false).
 */
export async function joinTeam(tx: Prisma.TransactionClient, teamId: number, userId: number, role: TeamRole, actorId: TeamActor) {
  const { count } = await tx.teamMember.createMany({ data: [{ teamId, userId, role }], skipDuplicates: true });
  if (count === 0) return false;
  const boards = await tx.project.findMany({ where: { teamId, NOT: visibleProjectsWhere(userId) }, select: { id: true } });
  if (boards.length) {
    await tx.projectMember.createMany({ data: boards.map((b) => ({ projectId: b.id, userId })), skipDuplicates: true });
    for (const b of boards) {
      await recordBoardEvent(tx, { type: 'member.added', projectId: b.id, actorId, data: { userId } });
    }
  }
  return true;
}

const roleInput = z.enum(TEAM_ROLES);

/**
 * An owner (or the operator) adds a user to a team with `role` (default
 * `member`) and so to its boards. Adding a member again changes nothing and
 * succeeds (`added: false`; use setTeamMemberRole to change a role).
 */
export async function addTeamMember(
  db: Db,
  actorId: TeamActor,
  input: { teamId: number | string; user: unknown; role?: string | null },
  field = 'user',
) {
  const ref = parseUserRef(input.user, field);
  const role = parseInput(roleInput, input.role ?? 'member', 'role');
  const team = await requireTeamOwner(db, actorId, input.teamId);
  const user = await requireReachableUser(db, actorId, ref, field);
  const added = await inTransaction(db, (tx) => joinTeam(tx, team.id, user.id, role, actorId));
  return { team, user, added };
}

/** Locks the team row (so two owners demoting or removing each other cannot leave it ownerless) and reads its members. */
async function lockedMembers(tx: Prisma.TransactionClient, teamId: number) {
  await tx.$queryRaw`SELECT id FROM "Team" WHERE id = ${teamId} FOR UPDATE`;
  return tx.teamMember.findMany({ where: { teamId }, select: { userId: true, role: true } });
}

function lastOwner(team: { title: string }, field: string) {
  return new ConflictError(
    `Team "${team.title}" would be left without an owner: make another member an owner first.`,
    field,
    'last_owner',
  );
}

/**
 * Removes a user from a team: an owner (or the operator) removes anyone, a
 * member may remove only themselves (leaving). The user must be a member
 * (NOT_FOUND); the last owner cannot go (CONFLICT `last_owner`). They leave
 * every board of the team (see the rules at the top of this file); each
 * board writes `member.removed`, which ends their live subscriptions to it.
 */
export async function removeTeamMember(db: Db, actorId: TeamActor, input: { teamId: number | string; user: unknown }, field = 'user') {
  const ref = parseUserRef(input.user, field);
  const team = actorId === null ? await findTeam(db, input.teamId) : await requireTeam(db, actorId, input.teamId, 'teamId');
  const user = await requireReachableUser(db, actorId, ref, field);
  if (actorId !== user.id) await requireTeamOwner(db, actorId, team.id);
  return inTransaction(db, async (tx) => {
    const members = await lockedMembers(tx, team.id);
    const gone = members.find((m) => m.userId === user.id);
    if (!gone) throw new NotFoundError(`Membership of user ${user.id} in team ${team.uuid}`, field);
    const owners = members.filter((m) => m.role === 'owner' && m.userId !== user.id).map((m) => m.userId);
    if (owners.length === 0) throw lastOwner(team, field);
    await tx.teamMember.delete({ where: { teamId_userId: { teamId: team.id, userId: user.id } } });

    const boards = await tx.project.findMany({
      where: { teamId: team.id, ...visibleProjectsWhere(user.id) },
      select: { id: true, _count: { select: { members: true } } },
    });
    for (const board of boards) {
      if (board._count.members === 1) {
        await tx.projectMember.createMany({ data: owners.map((userId) => ({ projectId: board.id, userId })), skipDuplicates: true });
        for (const userId of owners) {
          await recordBoardEvent(tx, { type: 'member.added', projectId: board.id, actorId, data: { userId } });
        }
      }
      await tx.projectMember.delete({ where: { projectId_userId: { projectId: board.id, userId: user.id } } });
      await recordBoardEvent(tx, { type: 'member.removed', projectId: board.id, actorId, data: { userId: user.id } });
    }
    const boardIds = boards.map((b) => b.id);
    await tx.taskWatcher.deleteMany({ where: { userId: user.id, task: { projectId: { in: boardIds } } } });
    return { team, user, boardsLeft: boardIds.length };
  });
}

/**
 * An owner (or the operator) changes a member's role. Demoting the last
 * owner is CONFLICT `last_owner`; a user who is not a member is NOT_FOUND.
 */
export async function setTeamMemberRole(
  db: Db,
  actorId: TeamActor,
  input: { teamId: number | string; user: unknown; role: string },
  field = 'user',
) {
  const ref = parseUserRef(input.user, field);
  const role = parseInput(roleInput, input.role, 'role');
  const team = await requireTeamOwner(db, actorId, input.teamId);
  const user = await requireReachableUser(db, actorId, ref, field);
  return inTransaction(db, async (tx) => {
    const members = await lockedMembers(tx, team.id);
    if (!members.some((m) => m.userId === user.id)) {
      throw new NotFoundError(`Membership of user ${user.id} in team ${team.uuid}`, field);
    }
    if (role === 'member' && !members.some((m) => m.role === 'owner' && m.userId !== user.id)) throw lastOwner(team, field);
    const member = await tx.teamMember.update({
      where: { teamId_userId: { teamId: team.id, userId: user.id } },
      data: { role },
    });
    return { team, user, member };
  });
}

/** The members of a team the viewer belongs to, owners first, then by join time. */
export async function listTeamMembers(
  db: Db,
  userId: number,
  teamRef: number | string,
  query: Omit<Prisma.TeamMemberFindManyArgs, 'where' | 'orderBy'> = {},
) {
  const team = await requireTeam(db, userId, teamRef, 'teamId');
  return db.teamMember.findMany({
    ...query,
    where: { teamId: team.id },
    orderBy: [{ role: 'desc' }, { createdAt: 'asc' }, { userId: 'asc' }],
  });
}
