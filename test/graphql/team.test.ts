import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { gql } from '../support/graphql.ts';
import { makeBoard, makeTeam, makeUserWithKey } from '../support/factories.ts';
import { signInWithPassword, startSession } from '../security/session-helpers.ts';

const t = useTestApp({ env: { SESSION_SECRET: 'team-graphql-session-secret-0123456789' } });

/** Runs a document with a session cookie (the service's own Origin, as the web app sends it). */
async function asSession(cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await t.fetch('/graphql', { method: 'POST', headers: { cookie, origin: 'http://localhost' }, json: { query, variables } });
  return (await res.json()) as Awaited<ReturnType<typeof gql>>;
}

const SET_ROLE = 'mutation($t: ID!, $u: String!, $r: TeamRole!) { setTeamMemberRole(teamId: $t, user: $u, role: $r) { role } }';
const REMOVE = 'mutation($t: ID!, $u: String!) { removeTeamMember(teamId: $t, user: $u) { id } }';
const ADD = 'mutation($t: ID!, $u: String!, $r: TeamRole) { addTeamMember(teamId: $t, user: $u, role: $r) { role } }';
const INVITE = 'mutation($t: ID!, $e: String!, $r: TeamRole) { createTeamInvite(teamId: $t, email: $e, role: $r) { invite { id role } } }';
const REVOKE = 'mutation($i: Int!) { revokeTeamInvite(id: $i) { revokedAt } }';

describe('teams through GraphQL', () => {
  it('members with roles; an owner adds, promotes and removes; a member is refused', async () => {
    const ann = await makeUserWithKey(t.db, 'Ann');
    const ben = await makeUserWithKey(t.db, 'Ben');
    await makeTeam(t.db, [ann.user.id, ben.user.id]);
    const b = await makeBoard(t.db, ann.user.id);
    const teamId = b.team.uuid;

    const add = await gql(t, ann.key, 'mutation($t: ID!, $u: String!) { addTeamMember(teamId: $t, user: $u) { role user { id } } }', {
      t: teamId,
      u: ben.user.email,
    });
    expect(add).toEqual({ data: { addTeamMember: { role: 'MEMBER', user: { id: ben.user.id } } } });
    const roster = await gql(t, ben.key, '{ teams { id viewerRole members { role user { id } } } }');
    expect(roster.data!.teams.find((x: { id: string }) => x.id === teamId)).toEqual({
      id: teamId,
      viewerRole: 'MEMBER',
      members: [
        { role: 'OWNER', user: { id: ann.user.id } },
        { role: 'MEMBER', user: { id: ben.user.id } },
      ],
    });
    const [annSession, benSession] = [await signInWithPassword(t, ann.user.id), await signInWithPassword(t, ben.user.id)];
    const refused = await asSession(benSession, REMOVE, { t: teamId, u: String(ann.user.id) });
    expect(refused.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN', detail: 'not_team_owner' });

    const demote = await asSession(annSession, SET_ROLE, { t: teamId, u: ann.user.email, r: 'MEMBER' });
    expect(demote.errors![0].extensions).toMatchObject({ code: 'CONFLICT', field: 'user', detail: 'last_owner' });
    const promote = await asSession(annSession, SET_ROLE, { t: teamId, u: ben.user.email, r: 'OWNER' });
    expect(promote).toEqual({ data: { setTeamMemberRole: { role: 'OWNER' } } });
    const removed = await asSession(
      benSession,
      'mutation($t: ID!, $u: String!) { removeTeamMember(teamId: $t, user: $u) { members { user { id } } } }',
      { t: teamId, u: String(ann.user.id) },
    );
    expect(removed).toEqual({ data: { removeTeamMember: { members: [{ user: { id: ben.user.id } }] } } });
    expect(await t.db.projectMember.count({ where: { projectId: b.project.id, userId: ann.user.id } })).toBe(0);
  });

  it('createTeamInvite returns the token and a link on the request origin; owners list and revoke', async () => {
    const ann = await makeUserWithKey(t.db, 'Ann');
    const b = await makeBoard(t.db, ann.user.id);
    const created = await gql(
      t,
      ann.key,
      'mutation($t: ID!, $e: String!) { createTeamInvite(teamId: $t, email: $e) { token path url invite { id email role expiresAt team { id } } } }',
      { t: String(b.team.id), e: 'Guest@Example.com' },
      { host: 'tasks.example.com' },
    );
    const r = created.data!.createTeamInvite;
    expect(r.path).toBe(`/invite#token=${r.token}`);
    expect(r.url).toBe(`http://tasks.example.com/invite#token=${r.token}`);
    expect(r.invite).toMatchObject({ email: 'guest@example.com', role: 'MEMBER', team: { id: b.team.uuid } });

    const listed = await gql(t, ann.key, 'query($t: ID!) { teamInvites(teamId: $t) { id email } }', { t: b.team.uuid });
    expect(listed).toEqual({ data: { teamInvites: [{ id: r.invite.id, email: 'guest@example.com' }] } });
    const revoked = await asSession(await signInWithPassword(t, ann.user.id), REVOKE, { i: r.invite.id });
    expect(revoked.data!.revokeTeamInvite.revokedAt).toEqual(expect.any(String));
    expect(await gql(t, ann.key, 'query($t: ID!) { teamInvites(teamId: $t) { id } }', { t: b.team.uuid })).toEqual({
      data: { teamInvites: [] },
    });
  });

  it('a key invites and adds as member only; owner role, role changes, removals and revokes need a person’s session', async () => {
    const ann = await makeUserWithKey(t.db, 'Ann');
    const ben = await makeUserWithKey(t.db, 'Ben');
    const b = await makeBoard(t.db, ann.user.id);
    await t.db.teamMember.create({ data: { teamId: b.team.id, userId: ben.user.id, role: 'member' } });
    const teamId = b.team.uuid;
    const keySession = (await startSession(t, ann.key)).cookie;
    const tag = Math.random().toString(36).slice(2, 10);
    const expectRefused = (r: Awaited<ReturnType<typeof gql>>, code: string, detail: string) =>
      expect([r.data?.[Object.keys(r.data ?? {})[0]] ?? null, r.errors?.[0].extensions.code, r.errors?.[0].extensions.detail]).toEqual([
        null,
        code,
        detail,
      ]);

    // With the key alone: a member invite works, an owner invite does not.
    const memberInvite = await gql(t, ann.key, INVITE, { t: teamId, e: `m-${tag}@test.local` });
    expect(memberInvite.data!.createTeamInvite.invite.role).toBe('MEMBER');
    expectRefused(await gql(t, ann.key, INVITE, { t: teamId, e: `backdoor-${tag}@test.local`, r: 'OWNER' }), 'UNAUTHENTICATED', 'session_required');
    expectRefused(await asSession(keySession, INVITE, { t: teamId, e: `backdoor-${tag}@test.local`, r: 'OWNER' }), 'FORBIDDEN', 'key_session');
    expect(await t.db.teamInvite.count({ where: { email: `backdoor-${tag}@test.local` } })).toBe(0);
    // Role changes, removals, owner adds and revokes: refused with the key and with a key-made session; nothing changes.
    for (const [query, variables] of [
      [SET_ROLE, { t: teamId, u: ben.user.email, r: 'OWNER' }],
      [REMOVE, { t: teamId, u: ben.user.email }],
      [ADD, { t: teamId, u: ben.user.email, r: 'OWNER' }],
      [REVOKE, { i: memberInvite.data!.createTeamInvite.invite.id }],
    ] as const) {
      expectRefused(await gql(t, ann.key, query, variables), 'UNAUTHENTICATED', 'session_required');
      expectRefused(await asSession(keySession, query, variables), 'FORBIDDEN', 'key_session');
    }
    expect(await t.db.teamMember.findMany({ where: { teamId: b.team.id }, select: { userId: true, role: true }, orderBy: { userId: 'asc' } })).toEqual([
      { userId: ann.user.id, role: 'owner' },
      { userId: ben.user.id, role: 'member' },
    ]);
    expect((await t.db.teamInvite.findUniqueOrThrow({ where: { id: memberInvite.data!.createTeamInvite.invite.id } })).revokedAt).toBeNull();
    // A key may still add a teammate as member (it already is: nothing changes, no error).
    expect(await gql(t, ann.key, ADD, { t: teamId, u: ben.user.email })).toEqual({ data: { addTeamMember: { role: 'MEMBER' } } });

    // The person signed in: all of it works.
    const annSession = await signInWithPassword(t, ann.user.id);
    expect((await asSession(annSession, INVITE, { t: teamId, e: `boss-${tag}@test.local`, r: 'OWNER' })).data!.createTeamInvite.invite.role).toBe('OWNER');
    expect(await asSession(annSession, SET_ROLE, { t: teamId, u: ben.user.email, r: 'OWNER' })).toEqual({ data: { setTeamMemberRole: { role: 'OWNER' } } });
    expect((await asSession(annSession, REVOKE, { i: memberInvite.data!.createTeamInvite.invite.id })).data!.revokeTeamInvite.revokedAt).toEqual(
      expect.any(String),
    );
    expect((await asSession(annSession, REMOVE, { t: teamId, u: ben.user.email })).data!.removeTeamMember.id).toBe(teamId);
  });
});
