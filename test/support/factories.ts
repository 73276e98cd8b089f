import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { createApiKey } from '../../src/domain/api-key.ts';
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
