import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PASSWORD_MAX, hashPassword, verifyPassword } from '../auth/password.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { inVisibleTeam } from './access.ts';
import { chargeLoginAttempt, clearLoginFailures } from './login-throttle.ts';
import { TEAM_ROLES, type TeamActor, joinTeam, requireTeamOwner } from './team-member.ts';
import { inTransaction } from './task/transaction.ts';
import { passwordInput } from './user.ts';
import { parseInput } from './validate.ts';
import { NAME_LIMITS } from './fields.ts';

/**
 * Invites: how a person from outside joins a team.
 *
 * - A team owner (or the operator's CLI) invites an email address. The
 *   invite is valid for {@link INVITE_TTL_DAYS} days and used once; only the
 *   SHA-256 of its token is stored, the token itself is shown once, in the
 *   link `<PUBLIC_URL or the request's origin>/invite#token=<token>`. Inviting the
 *   same address again replaces the pending invite (its link stops working),
 *   as re-sending does in Linear.
 * - Accepting it (`POST /api/auth/invite/accept`) with the token, a display
 *   name and a password:
 *   - no account with the invited email yet: one is made with that name and
 *     password;
 *   - an account exists and has a password: the password given must be
 *     that account's (else 400 `wrong_password`, charged to the account's
 *     sign-in throttle, the invite stays usable); the display name is
 *     ignored;
 *   - an account exists without a password (made by the CLI): the password
 *     given becomes its password, as a reset link would set it (the invite
 *     reached that mailbox).
 *   The user joins the team with the invite's role, and so its boards
 *   (./team-member.ts), and is signed in.
 * - An unknown, expired, revoked or already used token: the same 400
 *   VALIDATION on `token` (`invalid_invite`), whatever the reason. Every
 *   attempt is charged to the client IP's sign-in throttle first
 *   (./login-throttle.ts), so tokens cannot be guessed at speed.
 */

/** Days an invite stays valid. */
export const INVITE_TTL_DAYS = 7;
const TOKEN_PREFIX = 'inv_';
/** Longest token accepted: a budget before any lookup. */
const TOKEN_MAX = 200;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The path of an invite's link, the web app's invite screen. The token is
 * in the fragment, which browsers never send to a server: it stays out of
 * access logs, proxies and Referer headers (the screen also accepts
 * `/invite/<token>`).
 */
export function invitePath(token: string): string {
  return `/invite#token=${token}`;
}

const createInput = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(320)),
  role: z.enum(TEAM_ROLES).default('member'),
});

/** A new invite: the row, and its token (shown once, never stored). */
export interface CreatedInvite {
  invite: { id: number; teamId: number; email: string; role: string; createdAt: Date; expiresAt: Date };
  token: string;
}

/**
 * An owner of the team (or the operator, `actorId` null) invites `email`
 * with `role` (default `member`). Someone already in the team: CONFLICT
 * `already_member` on `email`.
 */
export async function createTeamInvite(
  db: Db,
  actorId: TeamActor,
  input: { teamId: number | string; email: unknown; role?: string | null },
): Promise<CreatedInvite> {
  const data = parseInput(createInput, { email: input.email, role: input.role ?? undefined });
  const team = await requireTeamOwner(db, actorId, input.teamId);
  const member = await db.teamMember.findFirst({ where: { teamId: team.id, user: { email: data.email } } });
  if (member) throw new ConflictError(`${data.email} is already a member of team "${team.title}".`, 'email', 'already_member');
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const invite = await inTransaction(db, async (tx) => {
    const now = new Date();
    await tx.teamInvite.updateMany({
      where: { teamId: team.id, email: data.email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    return tx.teamInvite.create({
      data: {
        teamId: team.id,
        email: data.email,
        role: data.role,
        tokenHash: hashToken(token),
        invitedById: actorId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000),
      },
      select: { id: true, teamId: true, email: true, role: true, createdAt: true, expiresAt: true },
    });
  });
  return { invite, token };
}

/** Prisma filter: invites still usable now. */
function pendingWhere(now = new Date()) {
  return { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } };
}

/** The pending invites of a team the actor owns, newest first. */
export async function listTeamInvites(db: Db, actorId: TeamActor, teamRef: number | string) {
  const team = await requireTeamOwner(db, actorId, teamRef);
  return db.teamInvite.findMany({ where: { teamId: team.id, ...pendingWhere() }, orderBy: { id: 'desc' } });
}

/**
 * Revokes a pending invite of a team the actor owns; its link stops
 * working. Another team's invite is NOT_FOUND; an accepted or revoked one
 * is CONFLICT `not_pending`.
 */
export async function revokeTeamInvite(db: Db, actorId: TeamActor, inviteId: number) {
  const invite = await db.teamInvite.findFirst({
    where: { id: inviteId, ...(actorId === null ? {} : inVisibleTeam(actorId)) },
  });
  if (!invite) throw new NotFoundError(`Invite ${inviteId}`, 'id');
  await requireTeamOwner(db, actorId, invite.teamId, 'id');
  const { count } = await db.teamInvite.updateMany({
    where: { id: invite.id, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw new ConflictError(`Invite ${inviteId} was already accepted or revoked.`, 'id', 'not_pending');
  return db.teamInvite.findUniqueOrThrow({ where: { id: invite.id } });
}

const acceptInput = z
  .object({
    token: z.string().min(1).max(TOKEN_MAX),
    displayName: z.string().trim().min(1).max(NAME_LIMITS.displayNameMax).optional(),
    password: z.string().min(1).max(PASSWORD_MAX),
  })
  .strict();

/** An account for the invited email appeared while this accept ran. */
function accountCreatedMeanwhile(email: string) {
  return new ConflictError(
    `An account for ${email} was created meanwhile; accept the invite again with that account's password.`,
    'token',
    'account_exists',
  );
}

/** The one answer to an unknown, expired, revoked or used token. */
function invalidInvite() {
  return new ValidationError('token', 'This invite link is invalid, has expired or was already used.', 'invalid_invite');
}

/**
 * Accepts an invite (the rules are at the top of this file). Answers the
 * user, now a member of the invite's team, for the caller to sign in.
 */
export async function acceptTeamInvite(db: Db, input: unknown, ip: string | null) {
  const data = parseInput(acceptInput, input);
  const found = await db.teamInvite.findUnique({ where: { tokenHash: hashToken(data.token) } });
  const usable = found && !found.acceptedAt && !found.revokedAt && found.expiresAt > new Date() ? found : null;
  await chargeLoginAttempt(db, usable?.email ?? null, ip);
  if (!usable) throw invalidInvite();

  const existing = await db.user.findUnique({ where: { email: usable.email } });
  let passwordHash: string | null = null;
  if (existing?.passwordHash) {
    if (!(await verifyPassword(data.password, existing.passwordHash))) {
      throw new ValidationError('password', `Enter the password of the existing account ${usable.email}.`, 'wrong_password');
    }
  } else {
    passwordHash = await hashPassword(parseInput(passwordInput, data.password, 'password'));
    if (!existing && data.displayName === undefined) {
      throw new ValidationError('displayName', 'displayName is required to create the account.', 'required');
    }
  }

  const user = await inTransaction(db, async (tx) => {
    // The claim: of two accepts racing with one token, exactly one updates the row.
    const claimed = await tx.teamInvite.updateMany({ where: { id: usable.id, ...pendingWhere() }, data: { acceptedAt: new Date() } });
    if (claimed.count === 0) throw invalidInvite();
    const user = existing
      ? passwordHash === null
        ? existing
        : await tx.user.update({ where: { id: existing.id }, data: { passwordHash } })
      : await tx.user
          .create({ data: { email: usable.email, displayName: data.displayName!, passwordHash } })
          .catch((err: unknown) => {
            // An account for this email was made since we looked (another invite, an admin): the claim
            // rolls back with this transaction, so the invite stays usable with that account's password.
            if (isUniqueViolation(err)) throw accountCreatedMeanwhile(usable.email);
            throw err;
          });
    await tx.teamInvite.update({ where: { id: usable.id }, data: { acceptedById: user.id } });
    await joinTeam(tx, usable.teamId, user.id, usable.role === 'owner' ? 'owner' : 'member', usable.invitedById);
    return user;
  });
  await clearLoginFailures(db, usable.email);
  return user;
}
