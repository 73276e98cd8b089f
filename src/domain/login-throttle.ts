import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { inTransaction } from './task/transaction.ts';

/**
 * Growing delays after failed sign-ins, per account (the email as typed,
 * whether or not such a user exists, so the delay tells nothing about
 * existence) and per client IP. Every attempt is charged before the
 * password is checked, so a burst of parallel guesses is charged too; a
 * success clears the account's count. Counts fade after an hour without
 * failures. Rows live in `LoginThrottle`, so every instance shares them.
 */

/** Seconds an account stays closed after its n-th failure in a row (index n; past the end: the last). */
export const ACCOUNT_DELAYS = [0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 120, 300, 900];
/** The same per client IP: more free attempts (many people can share one address). */
export const IP_DELAYS = [...new Array<number>(20).fill(0), 1, 2, 4, 8, 16, 32, 60, 120, 300, 900];
const FADE_MS = 3600_000;

/** Refused before checking the password: the account or IP is still waiting out its delay. */
export class LoginThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'RATE_LIMITED',
      `Too many failed sign-ins; try again in ${retryAfterSeconds} s.`,
      null,
      'login_throttled',
      { retryAfter: retryAfterSeconds },
    );
  }
}

function delayFor(table: number[], failures: number): number {
  return table[Math.min(failures, table.length - 1)];
}

/**
 * Charges one sign-in attempt to `email` and `ip`; throws
 * {@link LoginThrottledError} (charging nothing) while either is closed.
 * `email` null charges the IP alone (an invite token guessed with no
 * account behind it).
 */
export async function chargeLoginAttempt(db: Db, email: string | null, ip: string | null): Promise<void> {
  const keys: [string, number[]][] = email === null ? [] : [[`email:${email}`, ACCOUNT_DELAYS]];
  if (ip) keys.push([`ip:${ip}`, IP_DELAYS]);
  if (keys.length === 0) return;
  await chargeAttempt(db, keys);
}

/** The throttle key of the admin password: one account, whoever presents it. */
const ADMIN_KEY = 'admin';

/**
 * Charges one admin-password attempt (the `x-admin-password` header or the
 * `resetUser` argument) to the admin account, with the account delays of
 * sign-ins: after 3 failures in a row each next attempt waits 1 s, doubling
 * up to 15 min. Throws {@link LoginThrottledError} while it is closed. The
 * admin CLI works on the database directly and is never throttled, so a
 * flood of guesses cannot lock the operator out.
 */
export async function chargeAdminPasswordAttempt(db: Db): Promise<void> {
  await chargeAttempt(db, [[ADMIN_KEY, ACCOUNT_DELAYS]]);
}

/** A right admin password: the admin account's count starts again. */
export async function clearAdminPasswordFailures(db: Db): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: ADMIN_KEY } });
}

async function chargeAttempt(db: Db, keys: [string, number[]][]): Promise<void> {
  await inTransaction(db, async (tx) => {
    const now = Date.now();
    const rows = new Map<string, { failures: number; lockedUntil: Date; updatedAt: Date }>();
    for (const [key] of keys) {
      // Row lock: parallel attempts on one key are charged one after another.
      const found = await tx.$queryRaw<{ failures: number; lockedUntil: Date; updatedAt: Date }[]>`
        SELECT failures, "lockedUntil", "updatedAt" FROM "LoginThrottle" WHERE key = ${key} FOR UPDATE`;
      if (found[0]) rows.set(key, found[0]);
    }
    const wait = Math.max(0, ...[...rows.values()].map((r) => r.lockedUntil.getTime() - now));
    if (wait > 0) throw new LoginThrottledError(Math.ceil(wait / 1000));
    for (const [key, table] of keys) {
      const row = rows.get(key);
      const failures = row && row.updatedAt.getTime() > now - FADE_MS ? row.failures + 1 : 1;
      const lockedUntil = new Date(now + delayFor(table, failures) * 1000);
      await tx.loginThrottle.upsert({
        where: { key },
        create: { key, failures, lockedUntil },
        update: { failures, lockedUntil },
      });
    }
  });
}

/** A successful sign-in: the account's count starts again (the IP's keeps fading on its own). */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: `email:${email}` } });
}
