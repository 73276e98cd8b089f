import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PASSWORD_MAX, hashPassword, verifyPassword } from '../auth/password.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { inVisibleTeam } from './access.ts';
import { chargeLoginAttempt, clearLoginFailures, recordLoginFailure } from './login-throttle.ts';
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
 * - Accepting it (`POST /api/auth/invite/accept`) needs proof that the
 *   person is the account the invite will join; the token alone is never
 *   enough, because the inviter holds it too:
 *   - an account with the invited email exists: the person proves they are
 *     it, with its password, or by accepting from a session they signed in
 *     to themselves (password or invite; not one made from an API key) as
 *     that very account. The display name sent is ignored. An invite never
 *     sets or replaces an existing account's password: an account without
 *     one cannot accept until the operator gives it one (`tasksvc users
 *     set-password`, or the single-use link of `tasksvc users
 *     password-link`, ./password-link.ts);
 *   - no account with that email yet: one is made with the display name and
 *     password sent (the "new account" form sends both).
 *   A failed proof gets one answer (VALIDATION on `password`,
 *   `invalid_credentials`), whether no account exists, the password is
 *   wrong or the account has no password, and costs one scrypt hash in each
 *   case: an owner accepting their own invite learns nothing about the
 *   invited address. (Making a new account is the one outcome that differs,
 *   and it is visible anyway: the account then exists.) The password's own
 *   rules (length) are checked before any lookup, for the same reason.
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
    password: z.string().min(1).max(PASSWORD_MAX).optional(),
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
 * The one answer when the person did not prove they are the invited
 * account: the same whether no account exists, the password is wrong or
 * the account has no password (see the rules at the top of this file).
 */
export function inviteProofFailed() {
  return new ValidationError(
    'password',
    'These details do not let you accept this invite. If you already have an account for the invited address, enter its ' +
      'password or sign in to it first (an account without a password gets one from the operator); if you are new, ' +
      'give your name and choose a password.',
    'invalid_credentials',
  );
}

/**
 * Accepts an invite (the rules are at the top of this file). `sessionUserId`
 * is the user of the caller's personal session (signed in with a password
 * or an invite), or null. Answers the user, now a member of the invite's
 * team, for the caller to sign in.
 */
export async function acceptTeamInvite(db: Db, input: unknown, ip: string | null, sessionUserId: number | null = null) {
  const data = parseInput(acceptInput, input);
  // A new account's password rules, before any lookup: checked only after it, a short password
  // would tell whether an account exists.
  const newPassword = data.displayName === undefined ? null : parseInput(passwordInput, data.password ?? '', 'password');
  const found = await db.teamInvite.findUnique({ where: { tokenHash: hashToken(data.token) } });
  const usable = found && !found.acceptedAt && !found.revokedAt && found.expiresAt > new Date() ? found : null;
  await chargeLoginAttempt(db, usable?.email ?? null, ip);
  if (!usable) throw invalidInvite();

  const existing = await db.user.findUnique({ where: { email: usable.email } });
  let passwordHash: string | null = null;
  if (existing && sessionUserId === existing.id) {
    // Signed in as the invited account already: that session is the proof.
  } else if (existing || newPassword === null) {
    // Always one scrypt hash, whether or not there is a hash to compare with, so timing tells nothing either.
    const proven = await verifyPassword(data.password ?? '', existing?.passwordHash ?? null);
    if (!existing || !proven) {
      await recordLoginFailure(db, ip);
      throw inviteProofFailed();
    }
  } else {
    passwordHash = await hashPassword(newPassword);
  }

  const user = await inTransaction(db, async (tx) => {
    // The claim: of two accepts racing with one token, exactly one updates the row.
    const claimed = await tx.teamInvite.updateMany({ where: { id: usable.id, ...pendingWhere() }, data: { acceptedAt: new Date() } });
    if (claimed.count === 0) throw invalidInvite();
    const user =
      existing ??
      (await tx.user
        .create({ data: { email: usable.email, displayName: data.displayName!, passwordHash } })
        .catch((err: unknown) => {
          // An account for this email was made since we looked (another invite, an admin): the claim
          // rolls back with this transaction, so the invite stays usable with that account's password.
          if (isUniqueViolation(err)) throw accountCreatedMeanwhile(usable.email);
          throw err;
        }));
    await tx.teamInvite.update({ where: { id: usable.id }, data: { acceptedById: user.id } });
    await joinTeam(tx, usable.teamId, user.id, usable.role === 'owner' ? 'owner' : 'member', usable.invitedById);
    return user;
  });
  await clearLoginFailures(db, usable.email, ip);
  return user;
}
