import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { visibleTeamsWhere } from './access.ts';
import { parseInput } from './validate.ts';

/** Longest team title (characters). */
export const TEAM_TITLE_MAX = 200;

const newTeamInput = z.object({
  title: z.string().trim().min(1).max(TEAM_TITLE_MAX),
  memberIds: z.array(z.number().int().positive()).max(1000).default([]),
});

/**
 * Creates a team with its members (ids must exist). The first member listed
 * becomes the team's owner (the creator, when a person makes the team), the
 * others plain members; see ./team-member.ts for what owners may do.
 */
export async function createTeam(db: Db, input: z.input<typeof newTeamInput>) {
  const data = parseInput(newTeamInput, input);
  return db.team.create({
    data: {
      title: data.title,
      members: {
        create: [...new Set(data.memberIds)].map((userId, i) => ({ userId, role: i === 0 ? 'owner' : 'member' })),
      },
    },
  });
}

/** Prisma query part: teams the user belongs to, by title. */
export function teamsOfWhere(userId: number) {
  return { where: visibleTeamsWhere(userId), orderBy: { title: 'asc' as const } };
}
