import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { type DbOrTx, inTransaction } from './task/transaction.ts';

/**
 * Sign-in throttling that slows guessing without refusing the right person.
 * Rows live in `LoginThrottle`, so every instance shares them.
 *
 * - Per account and address (`pair:<email>|<ip>`; the email as typed,
 *   whether or not such a user exists, so a delay tells nothing about
 *   existence): growing delays after failures in a row ({@link ACCOUNT_DELAYS}).
 *   Charged before the password is checked, so a burst of parallel guesses
 *   is charged too; a success deletes it. The same account from another
 *   address has a count of its own: an attacker's guesses never refuse the
 *   owner's right password from another place. Counts fade after an hour
 *   without failures.
 * - Per address (`ip:<ip>`): failures only (a success never touches it), as
 *   a leaky bucket of {@link IP_BURST} failures that drains one every
 *   {@link IP_LEAK_SECONDS}. While it is full every attempt from that
 *   address waits for the next drop. This bounds one address guessing across
 *   many accounts, and is far above what an office behind one NAT address
 *   mistypes.
 *
 * What an attacker gets (README, Security): per account from one address 4
 * guesses at once, 9 in the first minute, 13 in the first 10 minutes, then
 * one per 15 minutes; per address over all accounts {@link IP_BURST} at once,
 * then one per {@link IP_LEAK_SECONDS}.
 */

/** Seconds an account+address pair (and the admin account) stays closed after its n-th failure in a row (index n; past the end: the last). */
export const ACCOUNT_DELAYS = [0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 120, 300, 900];
/** Failures one address may have outstanding before it waits (an office behind NAT shares it). */
export const IP_BURST = 60;
/** One outstanding failure of an address drains away every this many seconds. */
export const IP_LEAK_SECONDS = 60;
const FADE_MS = 3600_000;
const LEAK_MS = IP_LEAK_SECONDS * 1000;

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

const pairKey = (email: string, ip: string | null) => `pair:${email}|${ip ?? ''}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Before checking a password: throws {@link LoginThrottledError} (charging
 * nothing) while `ip` or the `email`+`ip` pair is closed, else charges one
 * attempt to the pair. The caller then reports the outcome with
 * {@link recordLoginFailure} or {@link clearLoginFailures}. `email` null is
 * an attempt with no account behind it (an invite token that matches
 * nothing): a failure of the address, charged at once.
 */
export async function chargeLoginAttempt(db: Db, email: string | null, ip: string | null): Promise<void> {
  await checkLoginAddress(db, ip);
  if (email === null) return recordLoginFailure(db, ip);
  await chargeAttempt(db, [[pairKey(email, ip), ACCOUNT_DELAYS]]);
}

/**
 * Throws {@link LoginThrottledError} while `ip`'s bucket of failures is
 * full; charges nothing. For a proof with no account to charge (a
 * single-use link): report a failure with {@link recordLoginFailure}.
 */
export async function checkLoginAddress(db: Db, ip: string | null): Promise<void> {
  if (!ip) return;
  const row = await db.loginThrottle.findUnique({ where: { key: ipKey(ip) } });
  const wait = row ? row.lockedUntil.getTime() - Date.now() : 0;
  if (wait > 0) throw new LoginThrottledError(Math.ceil(wait / 1000));
}

/**
 * A wrong password (or token) from `ip`: one more failure in the address's
 * bucket. The bucket drains one failure per {@link IP_LEAK_SECONDS}; once it
 * holds {@link IP_BURST}, the address is closed until the next one drains.
 */
export async function recordLoginFailure(db: Db, ip: string | null): Promise<void> {
  if (!ip) return;
  const key = ipKey(ip);
  await inTransaction(db, async (tx) => {
    const now = Date.now();
    const found = await lockedRow(tx, key);
    let level = 0;
    let since = now;
    if (found[0]) {
      // Drain whole steps only, keeping the part of a step already elapsed.
      const drained = Math.floor(Math.max(0, now - found[0].updatedAt.getTime()) / LEAK_MS);
      level = Math.max(0, found[0].failures - drained);
      if (level > 0) since = found[0].updatedAt.getTime() + drained * LEAK_MS;
    }
    const failures = level + 1;
    const lockedUntil = new Date(failures >= IP_BURST ? since + (failures - IP_BURST + 1) * LEAK_MS : 0);
    const updatedAt = new Date(since);
    await tx.loginThrottle.upsert({
      where: { key },
      create: { key, failures, lockedUntil, updatedAt },
      update: { failures, lockedUntil, updatedAt },
    });
  });
}

/** A right password: the pair's count starts again (the address never counted it). */
export async function clearLoginFailures(db: Db, email: string, ip: string | null): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: pairKey(email, ip) } });
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

/**
 * The row of `key`, locked for this transaction: parallel charges of one key
 * run one after another. A missing row is made first (empty, long faded), so
 * the first charges of a key are serialised too; without it two transactions
 * both find nothing and one count is lost (PostgreSQL; PGlite runs one
 * transaction at a time).
 */
async function lockedRow(tx: DbOrTx, key: string) {
  await tx.$executeRaw`
    INSERT INTO "LoginThrottle" (key, failures, "lockedUntil", "updatedAt")
    VALUES (${key}, 0, 'epoch'::timestamp, 'epoch'::timestamp) ON CONFLICT (key) DO NOTHING`;
  return tx.$queryRaw<{ failures: number; lockedUntil: Date; updatedAt: Date }[]>`
    SELECT failures, "lockedUntil", "updatedAt" FROM "LoginThrottle" WHERE key = ${key} FOR UPDATE`;
}

async function chargeAttempt(db: Db, keys: [string, number[]][]): Promise<void> {
  await inTransaction(db, async (tx) => {
    const now = Date.now();
    const rows = new Map<string, { failures: number; lockedUntil: Date; updatedAt: Date }>();
    for (const [key] of keys) {
      const found = await lockedRow(tx, key);
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
