import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { recordBoardEvent } from '../events/outbox.ts';
import { requireProject } from './access.ts';
import { MAX_INT } from './fields.ts';

/** A user named by email or by positive integer id. */
export type UserRef = { email: string } | { id: number };

/**
 * Reads a user reference as the REST member routes accept it (spec 4.2):
 * an email string (must contain `@`), or a positive integer id given as a
 * JSON number or as a string of digits. `0`, `-1`, `1.5`, `"abc"` → VALIDATION
 * naming `field`, with `details.code` `invalid_type` (bad number) or
 * `invalid_email` (a string that is neither digits nor an email).
 */
export function parseUserRef(value: unknown, field: string): UserRef {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value <= 0 || value > MAX_INT) {
      throw new ValidationError(field, `${field} must be a positive integer user id or an email.`, 'invalid_type');
    }
    return { id: value };
  }
  if (typeof value !== 'string' || !value.trim()) {
    throw new ValidationError(field, `${field} is required: an email or a positive integer user id.`, value == null ? 'required' : 'invalid_type');
  }
  const text = value.trim();
  if (/^\d+$/.test(text)) return parseUserRef(Number(text), field);
  if (/^-?\d+(\.\d+)?$/.test(text)) {
    throw new ValidationError(field, `${field} must be a positive integer user id or an email.`, 'invalid_type');
  }
  if (!z.email().safeParse(text).success || text.length > 320) {
    throw new ValidationError(field, `${field} must be an email address or a positive integer user id.`, 'invalid_email');
  }
  return { email: text.toLowerCase() };
}

/** Zod schema of a REST user reference field: a number or a string, checked by parseUserRef. */
export const userRefBody = () =>
  z.union([z.number(), z.string()], { message: 'must be an email or a positive integer user id' });

/**
 * The user `ref` names, if they are within `scope` (a Prisma filter on users,
 * e.g. "in team 3"; null: nobody). An unknown user and one outside the scope
 * get the SAME NOT_FOUND (same message, naming the reference as given), so a
 * caller cannot tell whether an id or email exists elsewhere.
 */
export async function requireUserWithin(db: Pick<Db, 'user'>, ref: UserRef, field: string, scope: Prisma.UserWhereInput | null) {
  const user = scope === null
    ? null
    : await db.user.findFirst({ where: { ...scope, ...('id' in ref ? { id: ref.id } : { email: ref.email }) } });
  if (!user) throw new NotFoundError(`User ${'id' in ref ? ref.id : ref.email}`, field);
  return user;
}

/**
 * The members of a board, in the order they joined. `query` is the caller's
 * Prisma selection of the users (GraphQL passes Pothos's).
 */
export async function listMembers(
  db: Db,
  userId: number,
  projectId: number,
  query: Omit<Prisma.UserFindManyArgs, 'where' | 'orderBy'> = {},
) {
  await requireProject(db, userId, projectId, 'projectId');
  const rows = await db.projectMember.findMany({
    where: { projectId },
    orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }],
    select: { userId: true },
  });
  const users = await db.user.findMany({ ...query, where: { id: { in: rows.map((r) => r.userId) } } });
  const byId = new Map(users.map((u) => [(u as { id: number }).id, u]));
  return rows.map((r) => byId.get(r.userId)).filter((u) => u !== undefined);
}

/**
 * Adds a user to a board. The rule: any member of the board may add a
 * member of the board's team, and nobody else (spec 4.2 gives the add route
 * to every member; the team is the boundary, as in Linear, where a
 * project's members come from its team). A user who is unknown, in another
 * team, or any user at all on a board without a team gets the SAME
 * NOT_FOUND (same message, naming the reference as given), so ids and
 * emails of other tenants cannot be probed; people from outside join a team
 * by invite (./team-invite.ts). The user is named by email or id (see
 * parseUserRef; `field` names the input in errors). Adding someone who is
 * already a member changes nothing and succeeds (`added: false`), so scripts
 * can repeat it safely. A new member writes a `member.added` board event.
 */
export async function addMember(db: Db, userId: number, input: { projectId: number; user: unknown }, field = 'user') {
  const ref = parseUserRef(input.user, field);
  const project = await requireProject(db, userId, input.projectId, 'projectId');
  const teamId = project.teamId;
  const user = await requireUserWithin(db, ref, field, teamId === null ? null : { teams: { some: { teamId } } });
  const added = await db.$transaction(async (tx) => {
    const { count } = await tx.projectMember.createMany({
      data: [{ projectId: project.id, userId: user.id }],
      skipDuplicates: true,
    });
    if (count === 1) {
      await recordBoardEvent(tx, { type: 'member.added', projectId: project.id, actorId: userId, data: { userId: user.id } });
    }
    return count === 1;
  });
  return { project, user, added };
}

/**
 * Removes a user from a board (a member may also remove themselves, i.e.
 * leave). The user must be a member (NOT_FOUND otherwise); the last member
 * cannot be removed (CONFLICT): a board nobody can see would be lost.
 * The removed user stops watching the board's tasks, so they get no more
 * notifications about it; their existing assignments are kept as history.
 * Writes a `member.removed` board event (which also ends the user's live
 * subscriptions to the board).
 */
export async function removeMember(db: Db, userId: number, input: { projectId: number; user: unknown }, field = 'user') {
  const ref = parseUserRef(input.user, field);
  const project = await requireProject(db, userId, input.projectId, 'projectId');
  // Only the board's members can be named: anyone else is the same NOT_FOUND as an unknown user.
  const user = await requireUserWithin(db, ref, field, { projects: { some: { projectId: project.id } } });
  return db.$transaction(async (tx) => {
    // Two members removing each other at once must not leave the board empty.
    await tx.$queryRaw`SELECT id FROM "Project" WHERE id = ${project.id} FOR UPDATE`;
    const members = await tx.projectMember.findMany({ where: { projectId: project.id }, select: { userId: true } });
    if (!members.some((m) => m.userId === user.id)) {
      throw new NotFoundError(`User ${'id' in ref ? ref.id : ref.email}`, field); // left meanwhile
    }
    if (members.length === 1) {
      throw new ConflictError('The last member of a board cannot be removed.', field, 'last_member');
    }
    await tx.projectMember.delete({ where: { projectId_userId: { projectId: project.id, userId: user.id } } });
    await tx.taskWatcher.deleteMany({ where: { userId: user.id, task: { projectId: project.id } } });
    await recordBoardEvent(tx, { type: 'member.removed', projectId: project.id, actorId: userId, data: { userId: user.id } });
    return { project, user };
  });
}
