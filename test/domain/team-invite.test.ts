import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password.ts';
import { acceptTeamInvite, createTeamInvite, invitePath, listTeamInvites, revokeTeamInvite } from '../../src/domain/team-invite.ts';
import { IP_BURST, IP_LEAK_SECONDS } from '../../src/domain/login-throttle.ts';
import { setPassword } from '../../src/domain/user.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeBoard, makeTeam, makeUser } from '../support/factories.ts';
import { rejection } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

const PASSWORD = 'correct horse battery';

async function invited(email = `new-${Math.random().toString(36).slice(2, 10)}@test.local`) {
  const owner = await makeUser(db, 'Owner');
  const board = await makeBoard(db, owner.id);
  const created = await createTeamInvite(db, owner.id, { teamId: board.team.uuid, email });
  return { owner, board, email, ...created };
}

const expectInvalid = async (p: Promise<unknown>) => {
  const err = await rejection(p);
  expect([err.code, err.field, err.detail, err.message]).toEqual([
    'VALIDATION',
    'token',
    'invalid_invite',
    'This invite link is invalid, has expired or was already used.',
  ]);
};

describe('creating invites', () => {
  it('stores only a hash of the token; valid 7 days; re-inviting replaces the pending invite', async () => {
    const { owner, board, email, token, invite } = await invited('Mixed.Case@Test.Local');
    expect(email.toLowerCase()).toBe(invite.email);
    expect(token).toMatch(/^inv_[\w-]{43}$/);
    const row = await db.teamInvite.findUniqueOrThrow({ where: { id: invite.id } });
    expect(JSON.stringify(row)).not.toContain(token.slice(4));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * 86_400_000);
    expect(row.invitedById).toBe(owner.id);

    const again = await createTeamInvite(db, owner.id, { teamId: board.team.id, email: 'mixed.case@test.local' });
    expect((await listTeamInvites(db, owner.id, board.team.id)).map((i) => i.id)).toEqual([again.invite.id]);
    await expectInvalid(acceptTeamInvite(db, { token, displayName: 'X', password: PASSWORD }, null));
  });

  it('owners only; an existing member is CONFLICT; a bad email or role is VALIDATION', async () => {
    const [ann, ben] = [await makeUser(db), await makeUser(db)];
    const team = await makeTeam(db, [ann.id, ben.id]);
    let err = await rejection(createTeamInvite(db, ben.id, { teamId: team.id, email: 'x@test.local' }));
    expect([err.code, err.detail]).toEqual(['FORBIDDEN', 'not_team_owner']);
    err = await rejection(createTeamInvite(db, ann.id, { teamId: team.id, email: ben.email.toUpperCase() }));
    expect([err.code, err.field, err.detail]).toEqual(['CONFLICT', 'email', 'already_member']);
    err = await rejection(createTeamInvite(db, ann.id, { teamId: team.id, email: 'not-an-email' }));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'email']);
    err = await rejection(createTeamInvite(db, ann.id, { teamId: team.id, email: 'x@test.local', role: 'admin' }));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'role']);
    const stranger = await makeUser(db);
    expect((await rejection(createTeamInvite(db, stranger.id, { teamId: team.id, email: 'x@test.local' }))).code).toBe('NOT_FOUND');
    expect(await db.teamInvite.count({ where: { teamId: team.id } })).toBe(0);
  });

  it('revoking: owners of the invite’s team; then the link is dead', async () => {
    const { owner, token, invite } = await invited();
    const stranger = await makeUser(db);
    expect((await rejection(revokeTeamInvite(db, stranger.id, invite.id))).code).toBe('NOT_FOUND');
    expect((await revokeTeamInvite(db, owner.id, invite.id)).revokedAt).toBeInstanceOf(Date);
    expect((await rejection(revokeTeamInvite(db, owner.id, invite.id))).detail).toBe('not_pending');
    await expectInvalid(acceptTeamInvite(db, { token, displayName: 'X', password: PASSWORD }, null));
  });
});

describe('accepting invites', () => {
  it('a new person: the account is made, joins the team and its boards; the token works once', async () => {
    const { board, email, token } = await invited();
    const user = await acceptTeamInvite(db, { token, displayName: ' Nia ', password: PASSWORD }, '203.0.113.9');
    expect([user.email, user.displayName]).toEqual([email, 'Nia']);
    expect(await verifyPassword(PASSWORD, user.passwordHash)).toBe(true);
    expect(await db.teamMember.findUnique({ where: { teamId_userId: { teamId: board.team.id, userId: user.id } } })).toMatchObject({ role: 'member' });
    expect(await db.projectMember.count({ where: { projectId: board.project.id, userId: user.id } })).toBe(1);
    await expectInvalid(acceptTeamInvite(db, { token, displayName: 'Nia', password: PASSWORD }, null));
  });

  it('wrong, expired and revoked tokens get one identical error; nothing is written', async () => {
    const { token, invite, email } = await invited();
    await expectInvalid(acceptTeamInvite(db, { token: token + 'x', displayName: 'X', password: PASSWORD }, null));
    await expectInvalid(acceptTeamInvite(db, { token: 'inv_guess', displayName: 'X', password: PASSWORD }, null));
    await db.teamInvite.update({ where: { id: invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expectInvalid(acceptTeamInvite(db, { token, displayName: 'X', password: PASSWORD }, null));
    // No account was made (counted by the invited address: other test files add users meanwhile).
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect((await db.teamInvite.findUniqueOrThrow({ where: { id: invite.id } })).acceptedAt).toBeNull();
    const err = await rejection(acceptTeamInvite(db, { token: 'x'.repeat(201), displayName: 'X', password: PASSWORD }, null));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'token']);
  });

  it('a new person needs a display name and a password of 8+ characters (the invite stays usable)', async () => {
    const { token } = await invited();
    // Without a name it is an attempt to prove an existing account, which fails like any other.
    let err = await rejection(acceptTeamInvite(db, { token, password: PASSWORD }, null));
    expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'password', 'invalid_credentials']);
    err = await rejection(acceptTeamInvite(db, { token, displayName: 'Nia', password: 'short' }, null));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'password']);
    err = await rejection(acceptTeamInvite(db, { token, displayName: 'Nia' }, null));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'password']);
    expect((await acceptTeamInvite(db, { token, displayName: 'Nia', password: PASSWORD }, null)).displayName).toBe('Nia');
  });

  it('an existing account with a password must give it; its name is kept', async () => {
    const existing = await makeUser(db, 'Known');
    await setPassword(db, existing.email, PASSWORD);
    const { board, token } = await invited(existing.email);
    const err = await rejection(acceptTeamInvite(db, { token, displayName: 'Hijack', password: 'wrong password' }, null));
    expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'password', 'invalid_credentials']);
    expect(await db.teamMember.count({ where: { teamId: board.team.id, userId: existing.id } })).toBe(0);
    const user = await acceptTeamInvite(db, { token, displayName: 'Hijack', password: PASSWORD }, null);
    expect([user.id, user.displayName]).toEqual([existing.id, existing.displayName]);
    expect(await db.teamMember.count({ where: { teamId: board.team.id, userId: existing.id } })).toBe(1);
  });

  it('takeover: an owner accepting an invite for a password-less account cannot set its password or join it', async () => {
    const victim = await makeUser(db, 'Nopass');
    const { board, token, invite } = await invited(victim.email);
    for (const body of [
      { token, password: PASSWORD },
      { token, displayName: 'Owner again', password: PASSWORD },
    ]) {
      const err = await rejection(acceptTeamInvite(db, body, null));
      expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'password', 'invalid_credentials']);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: victim.id } })).passwordHash).toBeNull();
    expect(await db.teamMember.count({ where: { teamId: board.team.id, userId: victim.id } })).toBe(0);
    expect((await db.teamInvite.findUniqueOrThrow({ where: { id: invite.id } })).acceptedAt).toBeNull();
  });

  it('no account, a wrong password and no password get one identical answer', async () => {
    const withPassword = await makeUser(db, 'Has');
    await setPassword(db, withPassword.email, PASSWORD);
    const without = await makeUser(db, 'Hasnt');
    const answers = [];
    for (const email of [undefined, withPassword.email, without.email]) {
      const { token } = await invited(email);
      for (const body of [{ token, password: 'a guess at it' }, { token, displayName: 'Me', password: 'a guess at it' }]) {
        // No account and a name makes the account: that one outcome is the point of the form, not a leak.
        if (email === undefined && 'displayName' in body) continue;
        const err = await rejection(acceptTeamInvite(db, body, null));
        answers.push(JSON.stringify([err.code, err.field, err.detail, err.message]));
      }
    }
    expect(answers).toHaveLength(5);
    expect(new Set(answers).size).toBe(1);
  });

  it('a personal session of the invited account is proof; a session of someone else is not', async () => {
    const known = await makeUser(db, 'Signed in');
    const { board, token, owner } = await invited(known.email);
    // The owner's own session, even with the owner's password, does not open someone else's invite.
    const err = await rejection(acceptTeamInvite(db, { token }, null, owner.id));
    expect([err.field, err.detail]).toEqual(['password', 'invalid_credentials']);
    const user = await acceptTeamInvite(db, { token }, null, known.id);
    expect(user.id).toBe(known.id);
    expect(await db.teamMember.count({ where: { teamId: board.team.id, userId: known.id } })).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: known.id } })).passwordHash).toBeNull();
  });

  it('two accepts racing with one token: exactly one wins', async () => {
    const { token } = await invited();
    const results = await Promise.allSettled(
      [1, 2].map(() => acceptTeamInvite(db, { token, displayName: 'Racer', password: PASSWORD }, null)),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    // Refused by the claim itself, not by a duplicate email further on.
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason, `the loser's error: ${String(lost.reason?.message ?? lost.reason)}`).toMatchObject({ code: 'VALIDATION', field: 'token', detail: 'invalid_invite' });
  });

  it(`guessing is throttled per IP, like sign-in (${IP_BURST} failures, then one per ${IP_LEAK_SECONDS} s)`, async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < IP_BURST; i++) {
      await expectInvalid(acceptTeamInvite(db, { token: `inv_guess${i}`, password: 'x' }, ip));
    }
    // The delays grow from 1 s, so however slow the machine, a refusal comes within a few more guesses.
    let err = await rejection(acceptTeamInvite(db, { token: 'inv_guess', password: 'x' }, ip));
    for (let i = 0; i < 10 && err.code !== 'RATE_LIMITED'; i++) {
      err = await rejection(acceptTeamInvite(db, { token: 'inv_guess', password: 'x' }, ip));
    }
    expect([err.code, err.detail]).toEqual(['RATE_LIMITED', 'login_throttled']);
  });
});

describe('invites: scope of a re-invite, the pending list, the operator, roles and records', () => {
  it('a re-invite replaces only the pending invite of that team and address', async () => {
    const { owner, board, email, invite } = await invited();
    const otherEmail = await createTeamInvite(db, owner.id, { teamId: board.team.id, email: 'else@test.local' });
    const otherBoard = await makeBoard(db, owner.id);
    const otherTeam = await createTeamInvite(db, owner.id, { teamId: otherBoard.team.id, email });
    const again = await createTeamInvite(db, owner.id, { teamId: board.team.id, email });
    const revoked = async (id: number) => (await db.teamInvite.findUniqueOrThrow({ where: { id } })).revokedAt !== null;
    expect(await Promise.all([invite.id, otherEmail.invite.id, otherTeam.invite.id, again.invite.id].map(revoked))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(again.invite).toMatchObject({ teamId: board.team.id, email, role: 'member' });
    expect(invitePath(again.token)).toBe(`/invite#token=${again.token}`);
  });

  it('the pending list leaves out accepted, revoked and expired invites, newest first; owners only', async () => {
    const { owner, board, invite: first } = await invited();
    const tag = Math.random().toString(36).slice(2, 10);
    const make = (name: string) => createTeamInvite(db, owner.id, { teamId: board.team.id, email: `${name}-${tag}@test.local` });
    const [a, b, c, d] = [await make('a'), await make('b'), await make('c'), await make('d')];
    await revokeTeamInvite(db, owner.id, b.invite.id);
    await db.teamInvite.update({ where: { id: c.invite.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const dee = await acceptTeamInvite(db, { token: d.token, displayName: 'Dee', password: PASSWORD }, null);
    expect((await listTeamInvites(db, owner.id, board.team.uuid)).map((i) => i.id)).toEqual([a.invite.id, first.id]);
    const err = await rejection(listTeamInvites(db, dee.id, board.team.id));
    expect([err.code, err.detail]).toEqual(['FORBIDDEN', 'not_team_owner']);
  });

  it('the operator invites to and revokes on any team; an unknown invite is NOT_FOUND on id', async () => {
    const owner = await makeUser(db, 'Owner');
    const team = await makeTeam(db, [owner.id]);
    const opEmail = `op-${Math.random().toString(36).slice(2, 10)}@test.local`;
    const { invite } = await createTeamInvite(db, null, { teamId: team.id, email: opEmail, role: 'owner' });
    expect((await db.teamInvite.findUniqueOrThrow({ where: { id: invite.id } })).invitedById).toBeNull();
    expect((await revokeTeamInvite(db, null, invite.id)).revokedAt).toBeInstanceOf(Date);
    const err = await rejection(revokeTeamInvite(db, null, 2147483000));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'id']);
    // A plain member of the invite's team sees it but may not revoke it.
    const mate = await makeUser(db);
    await db.teamMember.create({ data: { teamId: team.id, userId: mate.id } });
    const again = await createTeamInvite(db, owner.id, { teamId: team.id, email: opEmail });
    const forbidden = await rejection(revokeTeamInvite(db, mate.id, again.invite.id));
    expect([forbidden.code, forbidden.field, forbidden.detail]).toEqual(['FORBIDDEN', 'id', 'not_team_owner']);
  });

  it('accepting records who accepted, joins with the invite\'s role and clears the account\'s sign-in failures', async () => {
    const owner = await makeUser(db, 'Owner');
    const board = await makeBoard(db, owner.id);
    const email = `own-${Math.random().toString(36).slice(2, 10)}@test.local`;
    const { invite, token } = await createTeamInvite(db, owner.id, { teamId: board.team.id, email, role: 'owner' });
    await db.loginThrottle.create({ data: { key: `pair:${email}|`, failures: 2, lockedUntil: new Date(0) } });
    const user = await acceptTeamInvite(db, { token, displayName: 'Boss', password: PASSWORD }, null);
    const row = await db.teamInvite.findUniqueOrThrow({ where: { id: invite.id } });
    expect([row.acceptedById, row.acceptedAt instanceof Date]).toEqual([user.id, true]);
    expect((await db.teamMember.findUniqueOrThrow({ where: { teamId_userId: { teamId: board.team.id, userId: user.id } } })).role).toBe('owner');
    expect(await db.loginThrottle.count({ where: { key: `pair:${email}|` } })).toBe(0);
    const added = await db.outboxEvent.findMany({ where: { projectId: board.project.id, type: 'member.added' } });
    expect(added.map((e) => [(e.data as { userId: number }).userId, e.actorId])).toEqual([[user.id, owner.id]]);
  });

  it('an existing account keeps its password; a wrong one is charged to that account', async () => {
    const known = await makeUser(db, 'Known');
    await setPassword(db, known.email, PASSWORD);
    const { token } = await invited(known.email);
    await acceptTeamInvite(db, { token, password: PASSWORD }, null);
    const after = await db.user.findUniqueOrThrow({ where: { id: known.id } });
    expect(await verifyPassword(PASSWORD, after.passwordHash)).toBe(true);
    expect(after.displayName).toBe(known.displayName);

    // A wrong password for an account with one is charged to that account (from that address).
    const third = await invited(known.email);
    await rejection(acceptTeamInvite(db, { token: third.token, password: 'not the password' }, null));
    expect((await db.loginThrottle.findUniqueOrThrow({ where: { key: `pair:${known.email}|` } })).failures).toBeGreaterThanOrEqual(1);
  });
});
