import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { parseInput } from './validate.ts';

const newUserInput = z.object({
  email: z.string().trim().toLowerCase().email().max(320),
  displayName: z.string().trim().min(1).max(200),
  photoUrl: z.string().url().max(2000).nullish(),
});

/** Creates a user; emails are unique (case-insensitive, stored lower-case). */
export async function createUser(db: Db, input: z.input<typeof newUserInput>) {
  const data = parseInput(newUserInput, input);
  const existing = await db.user.findUnique({ where: { email: data.email } });
  if (existing) throw new ConflictError(`A user with email ${data.email} already exists.`, 'email', 'duplicate');
  return db.user.create({ data: { email: data.email, displayName: data.displayName, photoUrl: data.photoUrl ?? null } });
}

/** Finds a user by email or throws NOT_FOUND naming `field`. */
export async function requireUserByEmail(db: Db, email: string, field = 'email') {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new NotFoundError(`User ${email}`, field);
  return user;
}
