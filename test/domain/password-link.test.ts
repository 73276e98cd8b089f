import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.ts';
import { acceptTeamInvite, createTeamInvite } from '../../src/domain/team-invite.ts';
import { PASSWORD_LINK_TTL_HOURS, createPasswordLink, passwordLinkPath, usePasswordLink } from '../../src/domain/password-link.ts';
import { createSession } from '../../src/domain/session.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeBoard, makeUser } from '../support/factories.ts';
import { rejection } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

const PASSWORD = 'a password of my own';

const expectInvalid = async (p: Promise<unknown>) => {
  const err = await rejection(p);
  expect([err.code, err.field, err.detail, err.message]).toEqual([
    'VALIDATION',
    'token',
    'invalid_link',
    'This link is invalid, has expired or was already used.',
  ]);
};

describe('set-password links', () => {
  it('a password-less account gets its first password from the link, which works once; then it can accept an invite', async () => {
    const bare = await makeUser(db, 'Bare');
    const link = await createPasswordLink(db, bare.email.toUpperCase());
    expect(link.token).toMatch(/^pwl_[\w-]{43}$/);
    expect(passwordLinkPath(link.token)).toBe(`/set-password#token=${link.token}`);
    const row = await db.passwordLink.findFirstOrThrow({ where: { userId: bare.id } });
    expect(JSON.stringify(row)).not.toContain(link.token.slice(4));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(PASSWORD_LINK_TTL_HOURS * 3_600_000);

    const user = await usePasswordLink(db, { token: link.token, password: PASSWORD }, null);
    expect(user.id).toBe(bare.id);
    expect(await verifyPassword(PASSWORD, (await db.user.findUniqueOrThrow({ where: { id: bare.id } })).passwordHash)).toBe(true);
    await expectInvalid(usePasswordLink(db, { token: link.token, password: 'another password' }, null));
    expect(await verifyPassword(PASSWORD, (await db.user.findUniqueOrThrow({ where: { id: bare.id } })).passwordHash)).toBe(true);

    // With its own password now, the person accepts an invite to their account.
    const owner = await makeUser(db, 'Owner');
    const board = await makeBoard(db, owner.id);
    const { token } = await createTeamInvite(db, owner.id, { teamId: board.team.id, email: bare.email });
    expect((await acceptTeamInvite(db, { token, password: PASSWORD }, null)).id).toBe(bare.id);
  });

  it('an expired, replaced or unknown link gets one answer and sets nothing', async () => {
    const bare = await makeUser(db, 'Late');
    const first = await createPasswordLink(db, bare.email);
    const second = await createPasswordLink(db, bare.email);
    await expectInvalid(usePasswordLink(db, { token: first.token, password: PASSWORD }, null));
    await db.passwordLink.updateMany({ where: { userId: bare.id, revokedAt: null }, data: { expiresAt: new Date(Date.now() - 1) } });
    await expectInvalid(usePasswordLink(db, { token: second.token, password: PASSWORD }, null));
    await expectInvalid(usePasswordLink(db, { token: 'pwl_guess', password: PASSWORD }, null));
    expect((await db.user.findUniqueOrThrow({ where: { id: bare.id } })).passwordHash).toBeNull();
    // Just before expiry it still works.
    const third = await createPasswordLink(db, bare.email);
    await db.passwordLink.updateMany({ where: { userId: bare.id, usedAt: null, revokedAt: null }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    expect((await usePasswordLink(db, { token: third.token, password: PASSWORD }, null)).id).toBe(bare.id);
  });

  it('using a link ends every earlier session of the account; bad input names its field; unknown email is NOT_FOUND', async () => {
    const person = await makeUser(db, 'Reset');
    const secret = Buffer.from('password-link-test-secret-0123456789abcdef');
    await createSession(db, secret, person.id, 3600, { method: 'password', userAgent: null, ip: null });
    const link = await createPasswordLink(db, person.email);
    let err = await rejection(usePasswordLink(db, { token: link.token, password: 'short' }, null));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'password']);
    err = await rejection(usePasswordLink(db, { token: link.token, password: 'x'.repeat(1025) }, null));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'password']);
    err = await rejection(usePasswordLink(db, { token: 'x'.repeat(201), password: PASSWORD }, null));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'token']);
    err = await rejection(usePasswordLink(db, { token: link.token, password: PASSWORD, extra: 1 }, null));
    expect(err.code).toBe('VALIDATION');
    await usePasswordLink(db, { token: link.token, password: 'x'.repeat(1024) }, null);
    expect(await db.session.count({ where: { userId: person.id, revokedAt: null } })).toBe(0);
    err = await rejection(createPasswordLink(db, 'nobody-at-all@test.local'));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'email']);
  });

  it('two uses racing with one link: exactly one wins', async () => {
    const bare = await makeUser(db, 'Racer');
    const { token } = await createPasswordLink(db, bare.email);
    const results = await Promise.allSettled([1, 2].map((i) => usePasswordLink(db, { token, password: `${PASSWORD} ${i}` }, null)));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ detail: 'invalid_link' });
  });
});
