// The admin password is one shared secret: wrong guesses are throttled for
// the admin account itself (growing delays, as for sign-ins), not only by the
// anonymous per-IP request bucket, on REST and GraphQL alike.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELAYS } from '../../src/domain/login-throttle.ts';
import { createTestServer } from '../support/app.ts';
import { isolatedDatabaseEnv } from '../support/db-snapshot.ts';
import { expectError } from '../support/errors.ts';
import { makeUserWithKey } from '../support/factories.ts';
import { beforeAllValue } from '../support/lifecycle.ts';
import { OWN_BUCKETS } from './session-helpers.ts';

const ADMIN = 'correct horse battery staple';
// Its own database: the throttle is one row for the whole server, which other files' wrong guesses would share.
const t = beforeAllValue(
  async () => {
    const isolated = await isolatedDatabaseEnv();
    const server = await createTestServer({ env: { ...isolated.env, ...OWN_BUCKETS, ADMIN_PASSWORD: ADMIN } });
    return Object.assign(server, { drop: isolated.drop });
  },
  async (s) => {
    await s.close();
    await s.drop();
  },
);

const reset = (email: string, password: string) =>
  t.fetch('/api/resetUser', { method: 'POST', json: { email }, headers: { 'x-admin-password': password } });
const FREE = ACCOUNT_DELAYS.findIndex((d) => d > 0) - 1;

describe('admin password throttle', () => {
  it('after 3 wrong passwords in a row the admin account waits (429 login_throttled with Retry-After), even for the right one; a right one clears the count', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    for (let i = 0; i < FREE; i++) {
      await expectError(await reset(user.email, `guess-${i}`), 401, 'x-admin-password', 'invalid_admin_password');
    }
    // From here each failure closes the account for longer; keep guessing until a guess is refused unchecked.
    let throttled: Response | null = null;
    for (let i = 0; i < 8 && !throttled; i++) {
      const res = await reset(user.email, `more-${i}`);
      if (res.status === 429) throttled = res;
      else await expectError(res, 401, 'x-admin-password', 'invalid_admin_password');
    }
    expect(throttled, 'a guess was refused by the throttle').not.toBeNull();
    const retryAfter = Number(throttled!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    await expectError(throttled!, 429, null, 'login_throttled');
    // The right password is refused as well while the account waits, on GraphQL too (one throttle).
    // The first delays are a second or two, which a busy machine can spend between two requests:
    // hold the lock open while checking, then end it, so the test never depends on the clock.
    const hold = (ms: number) =>
      t.db.loginThrottle.update({ where: { key: 'admin' }, data: { lockedUntil: new Date(Date.now() + ms) } });
    await hold(60_000);
    await expectError(await reset(user.email, ADMIN), 429, null, 'login_throttled');
    const gql = await t.fetch('/graphql', {
      method: 'POST',
      key,
      json: { query: `mutation { resetUser(adminPassword: ${JSON.stringify(ADMIN)}, userId: ${user.id}) { userId } }` },
    });
    expect((await gql.json()).errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', detail: 'login_throttled' });
    await hold(-1_000);
    expect((await reset(user.email, ADMIN)).status).toBe(200);
    // Cleared: the next wrong guesses are checked again (401, not 429).
    expect(await t.db.loginThrottle.count({ where: { key: 'admin' } })).toBe(0);
    await expectError(await reset(user.email, 'wrong-again'), 401, 'x-admin-password', 'invalid_admin_password');
  });

  it('a missing password is not a guess and is not charged', async () => {
    const { user } = await makeUserWithKey(t.db);
    await t.db.loginThrottle.deleteMany({ where: { key: 'admin' } });
    for (let i = 0; i < 6; i++) {
      const res = await t.fetch('/api/resetUser', { method: 'POST', json: { email: user.email } });
      await expectError(res, 401, 'x-admin-password', 'unauthenticated');
    }
    expect(await t.db.loginThrottle.count({ where: { key: 'admin' } })).toBe(0);
  });
});
