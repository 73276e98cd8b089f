import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { chargeAdminPasswordAttempt, clearAdminPasswordFailures } from '../domain/login-throttle.ts';
import { UnauthenticatedError } from '../errors.ts';

/** The header that carries the admin password (spec 5.5). */
export const ADMIN_PASSWORD_HEADER = 'x-admin-password';

/**
 * Throws UNAUTHENTICATED unless `presented` equals the configured admin
 * password. Both sides are hashed first so the comparison takes the same
 * time whatever the lengths (timingSafeEqual needs equal-length inputs).
 * No password configured: admin operations are disabled and always 401.
 * Every presented password is charged to the admin account's sign-in
 * throttle before the comparison (RATE_LIMITED `login_throttled` while it
 * is closed), and a right one clears it.
 */
export async function requireAdminPassword(
  db: Db,
  configured: string | undefined,
  presented: string | null | undefined,
): Promise<void> {
  if (!configured) {
    throw new UnauthenticatedError(
      'Admin operations are disabled: ADMIN_PASSWORD is not configured on this server.',
      ADMIN_PASSWORD_HEADER,
      'admin_disabled',
    );
  }
  if (!presented) {
    throw new UnauthenticatedError(
      `Send the admin password in the ${ADMIN_PASSWORD_HEADER} header.`,
      ADMIN_PASSWORD_HEADER,
      'unauthenticated',
    );
  }
  await chargeAdminPasswordAttempt(db);
  const a = createHash('sha256').update(configured, 'utf8').digest();
  const b = createHash('sha256').update(presented, 'utf8').digest();
  if (!timingSafeEqual(a, b)) {
    throw new UnauthenticatedError('Wrong admin password.', ADMIN_PASSWORD_HEADER, 'invalid_admin_password');
  }
  await clearAdminPasswordFailures(db);
}
