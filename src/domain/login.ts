import { z } from 'zod';
import { NAME_LIMITS } from './fields.ts';
import { PASSWORD_MAX, verifyPassword } from '../auth/password.ts';
import type { Db } from '../db/client.ts';
import { UnauthenticatedError } from '../errors.ts';
import { chargeLoginAttempt, clearLoginFailures, recordLoginFailure } from './login-throttle.ts';
import { parseInput } from './validate.ts';

/** The body of `POST /api/auth/login`. */
export const loginInput = z
  .object({
    email: z.string().trim().toLowerCase().min(1).max(NAME_LIMITS.emailMax),
    password: z.string().min(1).max(PASSWORD_MAX),
  })
  .strict();

/** The one answer to a wrong email and to a wrong password, so neither reveals which accounts exist. */
export function invalidCredentials(): UnauthenticatedError {
  return new UnauthenticatedError('Wrong email or password.', 'credentials', 'invalid_credentials');
}

/**
 * Checks an email and password: the attempt is charged to the account and
 * address pair first (see ./login-throttle.ts), then the password is
 * verified (a failure is then charged to the address too; an
 * unknown email or a user without a password still costs one scrypt hash,
 * so timing tells nothing). Answers the user, or throws the one
 * {@link invalidCredentials} error.
 */
export async function verifyLogin(db: Db, input: unknown, ip: string | null) {
  const data = parseInput(loginInput, input);
  await chargeLoginAttempt(db, data.email, ip);
  const user = await db.user.findUnique({ where: { email: data.email } });
  const ok = await verifyPassword(data.password, user?.passwordHash ?? null);
  if (!user || !ok) {
    await recordLoginFailure(db, ip);
    throw invalidCredentials();
  }
  await clearLoginFailures(db, data.email, ip);
  return user;
}
