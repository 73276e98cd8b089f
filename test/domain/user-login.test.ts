import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.ts';
import { verifyLogin } from '../../src/domain/login.ts';
import { ACCOUNT_DELAYS, chargeLoginAttempt, IP_BURST, LoginThrottledError } from '../../src/domain/login-throttle.ts';
import { createSession } from '../../src/domain/session.ts';
import { changePassword, createUser, requireUserByEmail, setPassword, updateDisplayName } from '../../src/domain/user.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeUser } from '../support/factories.ts';
import { expectAppError, rejection } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

const PASSWORD = 'correct horse battery';
const email = () => `person-${randomUUID().slice(0, 8)}@test.local`;
const ip = () => `10.${randomUUID().slice(0, 8)}`;
const hashOf = async (id: number) => (await db.user.findUniqueOrThrow({ where: { id } })).passwordHash;
const throttleRow = (key: string) => db.loginThrottle.findUnique({ where: { key } });
/**
 * How long a throttle row stays closed, in ms: a little less than its delay
 * (the delay counts from the start of the attempt, `updatedAt` from its write).
 */
const delayOf = (row: { lockedUntil: Date; updatedAt: Date }) => row.lockedUntil.getTime() - row.updatedAt.getTime();

describe('users', () => {
  it('createUser stores a trimmed lower-case email, the trimmed name and a password hash (or none)', async () => {
    const address = email();
    const u = await createUser(db, { email: `  ${address.toUpperCase()} `, displayName: '  Ann  ', password: PASSWORD, photoUrl: 'https://img.test/a.png' });
    expect([u.email, u.displayName, u.photoUrl]).toEqual([address, 'Ann', 'https://img.test/a.png']);
    expect(await verifyPassword(PASSWORD, u.passwordHash)).toBe(true);
    const plain = await createUser(db, { email: email(), displayName: 'Bob' });
    expect([plain.passwordHash, plain.photoUrl]).toEqual([null, null]);
    await expectAppError(createUser(db, { email: address.toUpperCase(), displayName: 'Copy' }), 'CONFLICT', 'email', 'duplicate');
    await expectAppError(createUser(db, { email: email(), displayName: 'Short', password: 'x'.repeat(7) }), 'VALIDATION', 'password');
    await expectAppError(createUser(db, { email: email(), displayName: '   ' }), 'VALIDATION', 'displayName');
    await expectAppError(createUser(db, { email: 'not an email', displayName: 'Bad' }), 'VALIDATION', 'email');
    expect(await db.user.count({ where: { email: address } })).toBe(1);
  });

  it('updateDisplayName renames only the given user: trimmed, 1 to 200 characters', async () => {
    const u = await makeUser(db, 'Before');
    const other = await makeUser(db, 'Neighbour');
    expect((await updateDisplayName(db, u.id, '  Ada Lovelace  ')).displayName).toBe('Ada Lovelace');
    expect((await updateDisplayName(db, u.id, 'x'.repeat(200))).displayName).toHaveLength(200);
    await expectAppError(updateDisplayName(db, u.id, 'x'.repeat(201)), 'VALIDATION', 'displayName');
    await expectAppError(updateDisplayName(db, u.id, '   '), 'VALIDATION', 'displayName');
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).displayName).toBe('x'.repeat(200));
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).displayName).toBe(other.displayName);
  });

  it('requireUserByEmail ignores case and spaces; an unknown email is NOT_FOUND on the given field', async () => {
    const u = await makeUser(db);
    expect((await requireUserByEmail(db, ` ${u.email.toUpperCase()} `)).id).toBe(u.id);
    await expectAppError(requireUserByEmail(db, email()), 'NOT_FOUND', 'email');
    await expectAppError(requireUserByEmail(db, email(), 'invitee'), 'NOT_FOUND', 'invitee');
  });

  it('setPassword replaces the password of the named user only', async () => {
    const u = await makeUser(db);
    const other = await createUser(db, { email: email(), displayName: 'Other', password: PASSWORD });
    const otherHash = await hashOf(other.id);
    expect((await setPassword(db, u.email, 'new password 1')).id).toBe(u.id);
    expect(await verifyPassword('new password 1', await hashOf(u.id))).toBe(true);
    expect(await hashOf(other.id)).toBe(otherHash);
    await expectAppError(setPassword(db, u.email, 'short'), 'VALIDATION', 'password');
    await expectAppError(setPassword(db, email(), 'long enough'), 'NOT_FOUND', 'email');
  });

  it('changePassword needs the current password, then ends every other session of the user', async () => {
    const u = await createUser(db, { email: email(), displayName: 'Ann', password: PASSWORD });
    const other = await makeUser(db);
    const secret = Buffer.alloc(32, 7);
    const session = async (userId: number) => (await createSession(db, secret, userId, 3600, { method: 'password' })).sessionId;
    const [keep, end, theirs] = [await session(u.id), await session(u.id), await session(other.id)];
    const before = await hashOf(u.id);
    await expectAppError(
      changePassword(db, u.id, { currentPassword: 'wrong password', newPassword: 'next password' }, keep),
      'VALIDATION',
      'currentPassword',
      'wrong_password',
    );
    await expectAppError(changePassword(db, u.id, { currentPassword: PASSWORD, newPassword: 'short' }, keep), 'VALIDATION', 'newPassword');
    expect(await hashOf(u.id)).toBe(before);
    await changePassword(db, u.id, { currentPassword: PASSWORD, newPassword: 'next password' }, keep);
    expect(await verifyPassword('next password', await hashOf(u.id))).toBe(true);
    const revoked = await db.session.findMany({ where: { id: { in: [keep, end, theirs] } }, orderBy: { id: 'asc' } });
    expect(revoked.map((s) => s.revokedAt !== null)).toEqual([false, true, false]);
    // Without a password yet, an empty current password sets the first one.
    const fresh = await makeUser(db);
    await changePassword(db, fresh.id, { currentPassword: '', newPassword: 'first password' }, null);
    expect(await verifyPassword('first password', await hashOf(fresh.id))).toBe(true);
  });
});

describe('verifyLogin', () => {
  it('answers the user for the right password (email in any case) and clears the pair count; the address counts failures only', async () => {
    const u = await createUser(db, { email: email(), displayName: 'Ann', password: PASSWORD });
    const from = ip();
    await rejection(verifyLogin(db, { email: u.email, password: 'wrong password' }, from));
    expect((await throttleRow(`pair:${u.email}|${from}`))?.failures).toBe(1);
    expect((await verifyLogin(db, { email: ` ${u.email.toUpperCase()}`, password: PASSWORD }, from)).id).toBe(u.id);
    expect((await verifyLogin(db, { email: u.email, password: PASSWORD }, from)).id).toBe(u.id);
    expect(await throttleRow(`pair:${u.email}|${from}`)).toBeNull();
    expect((await throttleRow(`ip:${from}`))?.failures).toBe(1);
  });

  it('a wrong password, an unknown email and a user without a password get the same error', async () => {
    const u = await createUser(db, { email: email(), displayName: 'Ann', password: PASSWORD });
    const noPassword = await makeUser(db);
    for (const input of [
      { email: u.email, password: 'wrong password' },
      { email: email(), password: PASSWORD },
      { email: noPassword.email, password: PASSWORD },
    ]) {
      await expectAppError(verifyLogin(db, input, null), 'UNAUTHENTICATED', 'credentials', 'invalid_credentials');
    }
    expect((await throttleRow(`pair:${u.email}|`))?.failures).toBe(1);
    await expectAppError(verifyLogin(db, { email: u.email, password: PASSWORD, admin: true }, null), 'VALIDATION', 'admin', 'unknown_field');
    await expectAppError(verifyLogin(db, { email: u.email, password: '' }, null), 'VALIDATION', 'password');
  });
});

describe('sign-in throttling', () => {
  /** Charges until the account or IP closes; answers how many attempts were let through. */
  async function attemptsUntilClosed(account: string | null, from: string | null, max: number) {
    for (let i = 0; i < max; i++) {
      const err = await chargeLoginAttempt(db, account, from).then(
        () => null,
        (e: unknown) => e,
      );
      if (err) {
        expect(err).toBeInstanceOf(LoginThrottledError);
        return { passed: i, err: err as LoginThrottledError };
      }
    }
    return { passed: max, err: null };
  }

  it('an account+address pair closes after 4 failures in a row for 1 s; the refused attempt charges nothing', async () => {
    const account = email();
    const { passed, err } = await attemptsUntilClosed(account, null, 10);
    expect(passed).toBe(ACCOUNT_DELAYS.indexOf(1));
    expect([err!.code, err!.field, err!.detail, err!.retryAfterSeconds, err!.extensions.retryAfter]).toEqual([
      'RATE_LIMITED',
      null,
      'login_throttled',
      1,
      1,
    ]);
    const row = await throttleRow(`pair:${account}|`);
    expect(row!.failures).toBe(4);
    expect(delayOf(row!)).toBeGreaterThan(0);
    expect(delayOf(row!)).toBeLessThanOrEqual(1000);
  });

  it(`an address closes at ${IP_BURST} failures; a charge before the password check goes to the pair only`, async () => {
    const from = ip();
    // An attempt with no account behind it (an invite token matching nothing) is a failure of the address at once.
    const { passed } = await attemptsUntilClosed(null, from, IP_BURST + 10);
    expect(passed).toBe(IP_BURST);
    const account = email();
    const other = ip();
    await chargeLoginAttempt(db, account, other);
    expect([(await throttleRow(`pair:${account}|${other}`))?.failures, (await throttleRow(`ip:${other}`))?.failures]).toEqual([1, undefined]);
    // The same account from another address has a count of its own.
    await attemptsUntilClosed(account, other, 10);
    await chargeLoginAttempt(db, account, ip());
    // A closed IP refuses every account.
    await expectAppError(chargeLoginAttempt(db, email(), from), 'RATE_LIMITED', null, 'login_throttled');
    await chargeLoginAttempt(db, null, null);
  });

  it('counts fade after an hour without failures; the delay grows with the count and stops at the last', async () => {
    const account = email();
    const key = `pair:${account}|`;
    await db.loginThrottle.create({ data: { key, failures: 9, lockedUntil: new Date(0) } });
    await chargeLoginAttempt(db, account, null);
    let row = await throttleRow(key);
    expect(row!.failures).toBe(10);
    expect(delayOf(row!)).toBeGreaterThan((ACCOUNT_DELAYS[10] - 2) * 1000);
    expect(delayOf(row!)).toBeLessThanOrEqual(ACCOUNT_DELAYS[10] * 1000);
    await db.loginThrottle.update({ where: { key }, data: { failures: 40, lockedUntil: new Date(0) } });
    await chargeLoginAttempt(db, account, null);
    row = await throttleRow(key);
    expect(delayOf(row!)).toBeGreaterThan((ACCOUNT_DELAYS.at(-1)! - 2) * 1000);
    expect(delayOf(row!)).toBeLessThanOrEqual(ACCOUNT_DELAYS.at(-1)! * 1000);
    await db.$executeRaw`UPDATE "LoginThrottle" SET "lockedUntil" = now() - interval '1 second', "updatedAt" = now() - interval '61 minutes' WHERE key = ${key}`;
    await chargeLoginAttempt(db, account, null);
    expect((await throttleRow(key))!.failures).toBe(1);
  });
});
