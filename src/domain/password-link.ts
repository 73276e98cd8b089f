import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/client.ts';
import { ValidationError } from '../errors.ts';
import { checkLoginAddress, clearLoginFailures, recordLoginFailure } from './login-throttle.ts';
import { revokeSessions } from './session.ts';
import { inTransaction } from './task/transaction.ts';
import { passwordInput, requireUserByEmail } from './user.ts';
import { parseInput } from './validate.ts';

/**
 * Set-password links: how a person whose account has no password (made by
 * `tasksvc users create` without `--password-stdin`, or `seed --demo`) gets
 * their first one, or how the operator lets someone who forgot theirs
 * choose a new one, without the operator learning it.
 *
 * - Only the operator makes a link (`tasksvc users password-link --email E`,
 *   on the database or through a running server's control channel); no
 *   GraphQL field or route makes one, so no team owner can: an invite never
 *   sets a password (./team-invite.ts).
 * - A link works once, for {@link PASSWORD_LINK_TTL_HOURS} hours. Only the
 *   SHA-256 of its token is stored; the token is shown once, in
 *   `<PUBLIC_URL>/set-password#token=<token>` (the fragment never reaches a
 *   server's logs). Making a new link for the same person ends the pending
 *   one.
 * - Using it (`POST /api/auth/set-password {token, password}`) sets the
 *   password (8–1024 characters), ends every session of the account (as a
 *   reset does: whoever was signed in before is signed out) and signs the
 *   person in. An unknown, expired, replaced or used token: one VALIDATION
 *   on `token` (`invalid_link`). Each attempt is charged to the client IP's
 *   sign-in throttle first, so tokens cannot be guessed at speed.
 */

/** Hours a set-password link stays valid. */
export const PASSWORD_LINK_TTL_HOURS = 24;
const TOKEN_PREFIX = 'pwl_';
/** Longest token accepted: a budget before any lookup. */
const TOKEN_MAX = 200;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The path of a set-password link: the web app's set-password screen, the token in the fragment. */
export function passwordLinkPath(token: string): string {
  return `/set-password#token=${token}`;
}

/** A new link: its user, its token (shown once, never stored) and when it stops working. */
export interface CreatedPasswordLink {
  user: { id: number; email: string };
  token: string;
  expiresAt: Date;
}

/**
 * The operator makes a set-password link for the user with `email`
 * (NOT_FOUND on `email` if none); a pending link of that user stops working.
 */
export async function createPasswordLink(db: Db, email: string): Promise<CreatedPasswordLink> {
  const user = await requireUserByEmail(db, email);
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_TTL_HOURS * 3_600_000);
  await inTransaction(db, async (tx) => {
    await tx.passwordLink.updateMany({ where: { userId: user.id, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
    await tx.passwordLink.create({ data: { userId: user.id, tokenHash: hashToken(token), createdAt: now, expiresAt } });
  });
  return { user: { id: user.id, email: user.email }, token, expiresAt };
}

const useInput = z
  .object({
    token: z.string().min(1).max(TOKEN_MAX),
    password: passwordInput,
  })
  .strict();

/** The one answer to an unknown, expired, replaced or used link. */
function invalidLink() {
  return new ValidationError('token', 'This link is invalid, has expired or was already used.', 'invalid_link');
}

/** Prisma filter: links still usable now. */
function pendingWhere(now = new Date()) {
  return { usedAt: null, revokedAt: null, expiresAt: { gt: now } };
}

/**
 * Uses a set-password link (the rules are at the top of this file): sets
 * the password, ends the account's sessions and answers the user, for the
 * caller to sign in.
 */
export async function usePasswordLink(db: Db, input: unknown, ip: string | null) {
  const data = parseInput(useInput, input);
  // The address alone: the account's own count belongs to its sign-ins, and a locked
  // account must still be able to take the link its operator sent. A token that matches
  // nothing is a failure of the address; a valid one never counts against it.
  await checkLoginAddress(db, ip);
  const found = await db.passwordLink.findFirst({ where: { tokenHash: hashToken(data.token), ...pendingWhere() } });
  if (!found) {
    await recordLoginFailure(db, ip);
    throw invalidLink();
  }
  const passwordHash = await hashPassword(data.password);
  const user = await inTransaction(db, async (tx) => {
    // The claim: of two uses racing with one token, exactly one updates the row.
    const claimed = await tx.passwordLink.updateMany({ where: { id: found.id, ...pendingWhere() }, data: { usedAt: new Date() } });
    if (claimed.count === 0) throw invalidLink();
    return tx.user.update({ where: { id: found.userId }, data: { passwordHash } });
  });
  // After the commit: the sessions end with the password they were signed in with (the new session comes after).
  await revokeSessions(db, user.id);
  await clearLoginFailures(db, user.email, ip);
  return user;
}
