import { z } from 'zod';
import { NAME_LIMITS } from './fields.ts';
import type { Db } from '../db/client.ts';
import { PASSWORD_MAX, PASSWORD_MIN, hashPassword, verifyPassword } from '../auth/password.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { revokeOtherSessions } from './session.ts';
import { parseInput } from './validate.ts';

const newUserInput = z.object({
  email: z.string().trim().toLowerCase().email().max(NAME_LIMITS.emailMax),
  displayName: z.string().trim().min(1).max(NAME_LIMITS.displayNameMax),
  photoUrl: z.string().url().max(2000).nullish(),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional(),
});

/** Creates a user, with a password when given; emails are unique (case-insensitive, stored lower-case). */
export async function createUser(db: Db, input: z.input<typeof newUserInput>) {
  const data = parseInput(newUserInput, input);
  const existing = await db.user.findUnique({ where: { email: data.email } });
  if (existing) throw new ConflictError(`A user with email ${data.email} already exists.`, 'email', 'duplicate');
  const passwordHash = data.password === undefined ? null : await hashPassword(data.password);
  return db.user.create({
    data: { email: data.email, displayName: data.displayName, photoUrl: data.photoUrl ?? null, passwordHash },
  });
}

/** A display name as a person may choose it: trimmed, 1 to `NAME_LIMITS.displayNameMax` characters. */
export const displayNameInput = z.string().trim().min(1).max(NAME_LIMITS.displayNameMax);

/**
 * A person renames themself: only their own row (`userId` is the viewer's,
 * never an argument a caller picks), trimmed, 1 to 200 characters (else
 * VALIDATION on `displayName`). Answers the updated user.
 */
export async function updateDisplayName(db: Db, userId: number, displayName: string) {
  const name = parseInput(displayNameInput, displayName, 'displayName');
  return db.user.update({ where: { id: userId }, data: { displayName: name } });
}

/** Finds a user by email or throws NOT_FOUND naming `field`. */
export async function requireUserByEmail(db: Db, email: string, field = 'email') {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new NotFoundError(`User ${email}`, field);
  return user;
}

/** A password a person may set: 8 to 1024 characters (length is the rule; no composition rules, per NIST 800-63B). */
export const passwordInput = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** Sets (or replaces) a user's password; the user is named by email. */
export async function setPassword(db: Db, email: string, password: string) {
  const clear = parseInput(passwordInput, password, 'password');
  const user = await requireUserByEmail(db, email);
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(clear) } });
  return user;
}

/**
 * A signed-in person changes their password: the current one must match
 * (else VALIDATION on `currentPassword`); every other session ends.
 */
export async function changePassword(
  db: Db,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  keepSessionId: number | null,
): Promise<void> {
  const next = parseInput(passwordInput, input.newPassword, 'newPassword');
  const current = parseInput(z.string().max(PASSWORD_MAX), input.currentPassword, 'currentPassword');
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  // A user without a password yet (made by the CLI or from a key) sets one with an empty current password.
  if (user.passwordHash !== null && !(await verifyPassword(current, user.passwordHash))) {
    throw new ValidationError('currentPassword', 'The current password is wrong.', 'wrong_password');
  }
  const passwordHash = await hashPassword(next);
  await db.user.update({ where: { id: userId }, data: { passwordHash } });
  await revokeOtherSessions(db, userId, keepSessionId);
}
