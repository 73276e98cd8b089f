import type { Db } from '../db/client.ts';
import { NotFoundError } from '../errors.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { MAX_INT } from './fields.ts';

// Who may see what: every visibility filter of the service (its policies).
// Tenancy rests on membership: a user sees the projects (boards) and teams
// they are a member of, and what belongs to those; another tenant's rows
// are NOT_FOUND, never FORBIDDEN. Domain functions and resolvers compose
// these filters and never spell a membership condition themselves.

/** Prisma filter: projects the user is a member of. Tenancy rests on this one rule. */
export function visibleProjectsWhere(userId: number) {
  return { members: { some: { userId } } } satisfies Prisma.ProjectWhereInput;
}

/**
 * Prisma filter of rows that belong to a project (tasks, sections, labels,
 * saved views, members): those of projects the user is a member of.
 */
export function inVisibleProject(userId: number) {
  return { project: visibleProjectsWhere(userId) };
}

/** Prisma filter: teams the user is a member of. */
export function visibleTeamsWhere(userId: number) {
  return { members: { some: { userId } } } satisfies Prisma.TeamWhereInput;
}

/**
 * Prisma filter of rows that belong to a team (agents, invites, webhook
 * subscriptions, memberships): those of teams the user is a member of.
 */
export function inVisibleTeam(userId: number) {
  return { team: visibleTeamsWhere(userId) };
}

/** Prisma filter: users who share at least one team with the user (the user included). */
export function teammatesWhere(userId: number): Prisma.UserWhereInput {
  return { teams: { some: inVisibleTeam(userId) } };
}

/**
 * SQL condition of `visibleProjectsWhere` for raw statements: the project
 * whose id is the SQL expression `projectId` has the user as a member.
 */
export function visibleProjectSql(projectId: Prisma.Sql, userId: number): Prisma.Sql {
  return projectMemberSql(projectId, Prisma.sql`${userId}`);
}

/**
 * `visibleProjectSql` with the user as an SQL expression too (a column of
 * the statement): for rules checked at use time over many rows at once,
 * such as the watchers of a task.
 */
export function projectMemberSql(projectId: Prisma.Sql, userId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM "ProjectMember" m WHERE m."projectId" = ${projectId} AND m."userId" = ${userId})`;
}

/** SQL condition: the user (an SQL expression) is an owner of the team whose id is the SQL expression `teamId`. */
export function teamOwnerSql(teamId: Prisma.Sql, userId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM "TeamMember" tm WHERE tm."teamId" = ${teamId} AND tm."userId" = ${userId} AND tm.role = 'owner')`;
}

/**
 * SQL condition over a `"WebhookSubscription"` row aliased `alias`: its creator
 * may still hold it. A board subscription needs its creator on the board; a
 * team-wide one (it carries the events of every board of the team) needs
 * its creator to be an owner of the team, as creating one does. A
 * subscription without a creator (the account was deleted) holds no grant.
 * Checked at use time, when events are fanned out and again when each
 * delivery is sent: a subscription failing it is disabled and sends nothing.
 */
export function webhookCreatorHoldsSql(alias: 's' | 's1' = 's'): Prisma.Sql {
  const s = Prisma.raw(alias);
  return Prisma.sql`(${s}."createdById" IS NOT NULL AND CASE WHEN ${s}."projectId" IS NOT NULL
    THEN ${projectMemberSql(Prisma.sql`${s}."projectId"`, Prisma.sql`${s}."createdById"`)}
    ELSE ${teamOwnerSql(Prisma.sql`${s}."teamId"`, Prisma.sql`${s}."createdById"`)} END)`;
}

/** Ids of the projects the user is a member of (for engines outside Prisma, such as the search index). */
export async function visibleProjectIds(db: Pick<Db, 'projectMember'>, userId: number): Promise<number[]> {
  const rows = await db.projectMember.findMany({ where: { userId }, select: { projectId: true } });
  return rows.map((r) => r.projectId);
}

/** Prisma filter: teams the user is an owner of. */
export function ownedTeamsWhere(userId: number) {
  return { members: { some: { userId, role: 'owner' } } } satisfies Prisma.TeamWhereInput;
}

/**
 * Prisma filter: webhook subscriptions the user sees and manages: those of
 * the boards they are on, and the team-wide ones of the teams they own. A
 * team-wide subscription carries the events of every board of the team,
 * also boards a member is not on, so it is for owners only: members neither
 * make nor see them.
 */
export function visibleWebhooksWhere(userId: number): Prisma.WebhookSubscriptionWhereInput {
  return { OR: [inVisibleProject(userId), { team: ownedTeamsWhere(userId) }] };
}

/**
 * Prisma filter: the user's own drafts (drafts are never shared), without a
 * project or on projects they still belong to: a draft of a board the user
 * left is hidden with the board (it names the board and its section), and
 * shows again if they rejoin.
 */
export function myDraftsWhere(userId: number): Prisma.TaskDraftWhereInput {
  return { userId, OR: [{ projectId: null }, inVisibleProject(userId)] };
}

/**
 * Users the caller may discover: the caller, and everyone sharing a team or
 * a project with the caller. Nobody else is ever returned, not even as
 * "exists": unknown and foreign users look the same (absent).
 */
export function knownUsersWhere(userId: number): Prisma.UserWhereInput {
  return {
    OR: [
      { id: userId },
      teammatesWhere(userId),
      { projects: { some: inVisibleProject(userId) } },
    ],
  };
}

/**
 * Loads a project the user belongs to, or throws NOT_FOUND: a project of
 * another tenant is indistinguishable from one that does not exist.
 */
export async function requireProject(db: Pick<Db, 'project'>, userId: number, projectId: number, field = 'project_id') {
  const project = await db.project.findFirst({ where: { id: projectId, ...visibleProjectsWhere(userId) } });
  if (!project) throw new NotFoundError(`Project ${projectId}`, field);
  return project;
}

const TEAM_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Prisma filter of the one team a reference names: its number (an integer,
 * or digits) or its UUID. Null when the reference can name no team (not a
 * number nor a UUID, or a number past the id range), which callers answer
 * NOT_FOUND like a missing team.
 */
export function teamRefWhere(teamRef: number | string): { id: number } | { uuid: string } | null {
  if (typeof teamRef === 'number' || /^\d{1,10}$/.test(teamRef)) {
    const id = Number(teamRef);
    return Number.isInteger(id) && id >= 1 && id <= MAX_INT ? { id } : null;
  }
  return TEAM_UUID.test(teamRef) ? { uuid: teamRef } : null;
}

/** Loads a team the user belongs to (by numeric id or UUID), or NOT_FOUND. */
export async function requireTeam(db: Pick<Db, 'team'>, userId: number, teamId: number | string, field = 'team_id') {
  const ref = teamRefWhere(teamId);
  const team = ref && (await db.team.findFirst({ where: { ...ref, ...visibleTeamsWhere(userId) } }));
  if (!team) throw new NotFoundError(`Team ${teamId}`, field);
  return team;
}
