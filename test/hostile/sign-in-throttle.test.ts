// The sign-in throttle over real HTTP: it slows guessing without refusing the
// right person. An office of 30 behind one address signs in at once; an
// attacker's guesses slow the attacker, never the owner signing in from
// elsewhere; one address spraying many accounts waits once its bucket of
// failures is full. Rows are in SQL, so this runs on both databases.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELAYS, IP_BURST, IP_LEAK_SECONDS } from '../../src/domain/login-throttle.ts';
import { hashPassword } from '../../src/auth/password.ts';
import { useTestApp } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeUser } from '../support/factories.ts';
import { OWN_BUCKETS } from '../security/session-helpers.ts';

// Client addresses come from X-Forwarded-For, so each test has addresses of its own.
// REQUEST_TIMEOUT_MS: 30 scrypt hashes at once on a busy 2-core machine outlast the default 30 s.
const t = useTestApp({
  env: { ...OWN_BUCKETS, SESSION_SECRET: 'throttle-test-secret-0123456789', TRUST_PROXY: 'true', REQUEST_TIMEOUT_MS: '170000' },
});
const PASSWORD = 'correct horse battery staple';
const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

function login(email: string, password: string, ip: string) {
  return t.fetch('/api/auth/login', { method: 'POST', headers: { 'x-forwarded-for': ip }, json: { email, password } });
}

/** Hashed once (scrypt is the slow part of every sign-in here): people get it by a plain update. */
let hash: Promise<string> | undefined;

async function person() {
  const user = await makeUser(t.db, 'Person');
  hash ??= hashPassword(PASSWORD);
  await t.db.user.update({ where: { id: user.id }, data: { passwordHash: await hash } });
  return user;
}

/** Every sign-in costs one scrypt hash; 30 at once on a busy shared machine take a while. */
const SLOW = { timeout: 180_000 };

describe('the sign-in throttle', () => {
  it('an office of 30 behind one address signs in at once, typos included: every right password gets in', SLOW, async () => {
    const office = freshIp();
    const people = await Promise.all(Array.from({ length: 30 }, person));
    // Some of them mistype first, as people do at 09:00.
    const typos = await Promise.all(people.slice(0, 3).map((p) => login(p.email, 'wrong password', office)));
    expect(typos.map((r) => r.status)).toEqual([401, 401, 401]);
    const answers = await Promise.all(people.map((p) => login(p.email, PASSWORD, office)));
    expect(answers.map((r) => r.status)).toEqual(new Array(30).fill(200));
    // Successes never count against the address: its failures are the typos alone.
    expect((await t.db.loginThrottle.findUnique({ where: { key: `ip:${office}` } }))?.failures).toBe(3);
  });

  it('30 wrong guesses at one account are slowed; the owner signs in from another address meanwhile', SLOW, async () => {
    const owner = await person();
    const attacker = freshIp();
    const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(owner.email, `guess ${i}!`, attacker)));
    const statuses = guesses.map((r) => r.status);
    // Charged before the password is checked: a parallel burst gets the free attempts, and a few more
    // only if the burst outlasts the first delays (1 + 2 + 4 + 8 s) on a slow machine.
    const wrong = statuses.filter((s) => s === 401).length;
    expect(wrong).toBeGreaterThanOrEqual(ACCOUNT_DELAYS.indexOf(1));
    expect(wrong).toBeLessThanOrEqual(ACCOUNT_DELAYS.indexOf(16));
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - wrong);
    const refused = guesses.find((r) => r.status === 429)!;
    await expectError(refused, 429, null, 'login_throttled');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // While the pair waits (a long delay, set here rather than earned), the right password from the
    // attacker's address is refused too: no oracle there.
    const pair = `pair:${owner.email}|${attacker}`;
    await t.db.loginThrottle.update({ where: { key: pair }, data: { lockedUntil: new Date(Date.now() + 600_000) } });
    await expectError(await login(owner.email, PASSWORD, attacker), 429, null, 'login_throttled');
    // The owner, at home and at the office: let in at once.
    expect((await login(owner.email, PASSWORD, freshIp())).status).toBe(200);
    expect((await login(owner.email, PASSWORD, freshIp())).status).toBe(200);
    // The attacker's count is untouched by the owner's success elsewhere.
    expect((await t.db.loginThrottle.findUniqueOrThrow({ where: { key: pair } })).failures).toBe(wrong);
  });

  it(`one address spraying many accounts waits once ${IP_BURST} failures are outstanding; other addresses do not`, SLOW, async () => {
    const sprayer = freshIp();
    const victim = await person();
    const key = `ip:${sprayer}`;
    // The first failures are counted by the domain tests (test/domain/user-login.test.ts); here the
    // bucket starts two short of full rather than paying 58 more scrypt hashes.
    await t.db.loginThrottle.create({ data: { key, failures: IP_BURST - 2, lockedUntil: new Date(0), updatedAt: new Date() } });
    const spray = () => login(`spray-${randomUUID()}@test.local`, 'wrong password', sprayer);
    expect([(await spray()).status, (await spray()).status]).toEqual([401, 401]);
    const full = await login(victim.email, PASSWORD, sprayer);
    await expectError(full, 429, null, 'login_throttled');
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(full.headers.get('retry-after'))).toBeLessThanOrEqual(IP_LEAK_SECONDS);
    expect((await login(victim.email, PASSWORD, freshIp())).status).toBe(200);
    // One failure drains (moved into the past here rather than waited for): one more guess, then full again.
    const row = await t.db.loginThrottle.findUniqueOrThrow({ where: { key } });
    const earlier = (d: Date) => new Date(d.getTime() - IP_LEAK_SECONDS * 1000);
    await t.db.loginThrottle.update({ where: { key }, data: { updatedAt: earlier(row.updatedAt), lockedUntil: earlier(row.lockedUntil) } });
    expect((await spray()).status).toBe(401);
    expect((await spray()).status).toBe(429);
  });
});
