import type { Db } from '../db/client.ts';
import { NotFoundError } from '../errors.ts';

/** Prisma filter: projects the user is a member of. Tenancy rests on this one rule. */
export function visibleProjectsWhere(userId: number) {
  return { members: { some: { userId } } };
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

/** Loads a team the user belongs to (by numeric id or UUID), or NOT_FOUND. */
export async function requireTeam(db: Pick<Db, 'team'>, userId: number, teamId: number | string, field = 'team_id') {
  const byId = typeof teamId === 'number' || /^\d+$/.test(teamId);
  const isUuid = !byId && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(String(teamId));
  if (!byId && !isUuid) throw new NotFoundError(`Team ${teamId}`, field);
  const team = await db.team.findFirst({
    where: { ...(byId ? { id: Number(teamId) } : { uuid: String(teamId) }), members: { some: { userId } } },
  });
  if (!team) throw new NotFoundError(`Team ${teamId}`, field);
  return team;
}
