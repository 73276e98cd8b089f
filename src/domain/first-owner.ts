import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/client.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import { NAME_LIMITS } from './fields.ts';
import { checkLoginAddress, recordLoginFailure } from './login-throttle.ts';
import { inTransaction } from './task/transaction.ts';
import { TEAM_TITLE_MAX } from './team.ts';
import { passwordInput } from './user.ts';
import { parseInput } from './validate.ts';

/**
 * The first run: a fresh service has no account anyone can sign in with, so
 * `tasksvc serve` prints a setup link (`<PUBLIC_URL>/setup#token=<token>`)
 * with which the person who started it makes the first owner: an account
 * with a password and a team they own (so they can create boards at once).
 *
 * - The link is open while no account holds a password (a fresh data
 *   directory, or one with only password-less users made by the CLI); the
 *   first use closes it for good, so it works once. Later accounts come from
 *   team invites, `tasksvc users create` and set-password links.
 * - Its token is derived from the session secret (an HMAC), not stored:
 *   every process of the service (`serve --workers`, a restart) prints and
 *   accepts the same link, and a crash between start and use loses nothing.
 *   Rotating the session secret changes it (the next start prints the new one).
 * - Two uses racing: an advisory lock serialises them and the second finds
 *   an owner and gets `invalid_link`, as an unknown token does. A token that
 *   does not match is charged to the client address's sign-in throttle.
 */

/** The setup link's path in the web app (the token in the fragment, which never reaches a server log). */
export function setupLinkPath(token: string): string {
  return `/setup#token=${token}`;
}

const TOKEN_PREFIX = 'setup_';
const TOKEN_MAX = 200;
/** Serialises first-owner setups (any constant of this service's own). */
const SETUP_LOCK = 0x7461_736b;

/** The setup token of this service: the same for every process holding `secret` (the session secret). */
export function setupToken(secret: Buffer): string {
  return TOKEN_PREFIX + createHmac('sha256', secret).update('tasksvc first-owner setup').digest('base64url');
}

/** True while no account can sign in with a password: the setup link is open. */
export async function needsFirstOwner(db: Db): Promise<boolean> {
  return (await db.user.findFirst({ where: { passwordHash: { not: null } }, select: { id: true } })) === null;
}

const setupInput = z
  .object({
    token: z.string().min(1).max(TOKEN_MAX),
    email: z.string().trim().toLowerCase().email().max(NAME_LIMITS.emailMax),
    displayName: z.string().trim().min(1).max(NAME_LIMITS.displayNameMax),
    password: passwordInput,
    teamTitle: z.string().trim().min(1).max(TEAM_TITLE_MAX).optional(),
  })
  .strict();

/** The one answer to a wrong token or a setup already done. */
function invalidLink() {
  return new ValidationError(
    'token',
    'This setup link is invalid or was already used: sign in, or ask the owner for an invite.',
    'invalid_link',
  );
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Uses the setup link (rules at the top of this file): makes the first owner
 * (the account with its password, and a team it owns, titled `teamTitle` or
 * "<name>'s team") and answers the user, for the caller to sign in.
 */
export async function createFirstOwner(db: Db, secret: Buffer, input: unknown, ip: string | null) {
  const data = parseInput(setupInput, input);
  await checkLoginAddress(db, ip);
  if (!sameToken(data.token, setupToken(secret))) {
    await recordLoginFailure(db, ip);
    throw invalidLink();
  }
  const passwordHash = await hashPassword(data.password);
  return inTransaction(db, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SETUP_LOCK}::integer, 0)`;
    if (await tx.user.findFirst({ where: { passwordHash: { not: null } }, select: { id: true } })) throw invalidLink();
    // A password-less account made by the CLI keeps its owner's say: setup never takes it over.
    if (await tx.user.findUnique({ where: { email: data.email }, select: { id: true } })) {
      throw new ConflictError(
        `A user with email ${data.email} already exists; choose another email.`,
        'email',
        'duplicate',
      );
    }
    const user = await tx.user.create({ data: { email: data.email, displayName: data.displayName, passwordHash } });
    const title = data.teamTitle ?? `${data.displayName.slice(0, TEAM_TITLE_MAX - 7)}'s team`;
    await tx.team.create({ data: { title, members: { create: [{ userId: user.id, role: 'owner' }] } } });
    return user;
  });
}
