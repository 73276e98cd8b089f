import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { gql } from '../support/graphql.ts';
import { makeBoard, makeTeam, makeUserWithKey } from '../support/factories.ts';

const t = useTestApp();

describe('teams through GraphQL', () => {
  it('members with roles; an owner adds, promotes and removes; a member is refused', async () => {
    const ann = await makeUserWithKey(t.db, 'Ann');
    const ben = await makeUserWithKey(t.db, 'Ben');
    await makeTeam(t.db, [ann.user.id, ben.user.id]);
    const b = await makeBoard(t.db, ann.user.id);
    const teamId = b.team.uuid;

    const add = await gql(t, ann.key, 'mutation($t: String!, $u: String!) { addTeamMember(teamId: $t, user: $u) { role user { id } } }', {
      t: teamId,
      u: ben.user.email,
    });
    expect(add).toEqual({ data: { addTeamMember: { role: 'member', user: { id: ben.user.id } } } });
    const roster = await gql(t, ben.key, '{ teams { id viewerRole members { role user { id } } } }');
    expect(roster.data!.teams.find((x: { id: string }) => x.id === teamId)).toEqual({
      id: teamId,
      viewerRole: 'member',
      members: [
        { role: 'owner', user: { id: ann.user.id } },
        { role: 'member', user: { id: ben.user.id } },
      ],
    });
    const refused = await gql(t, ben.key, 'mutation($t: String!, $u: String!) { removeTeamMember(teamId: $t, user: $u) { id } }', {
      t: teamId,
      u: String(ann.user.id),
    });
    expect(refused.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN', detail: 'not_team_owner' });

    const demote = await gql(t, ann.key, 'mutation($t: String!, $u: String!) { setTeamMemberRole(teamId: $t, user: $u, role: member) { role } }', {
      t: teamId,
      u: ann.user.email,
    });
    expect(demote.errors![0].extensions).toMatchObject({ code: 'CONFLICT', field: 'user', detail: 'last_owner' });
    const promote = await gql(t, ann.key, 'mutation($t: String!, $u: String!) { setTeamMemberRole(teamId: $t, user: $u, role: owner) { role } }', {
      t: teamId,
      u: ben.user.email,
    });
    expect(promote).toEqual({ data: { setTeamMemberRole: { role: 'owner' } } });
    const removed = await gql(t, ben.key, 'mutation($t: String!, $u: String!) { removeTeamMember(teamId: $t, user: $u) { members { user { id } } } }', {
      t: teamId,
      u: String(ann.user.id),
    });
    expect(removed).toEqual({ data: { removeTeamMember: { members: [{ user: { id: ben.user.id } }] } } });
    expect(await t.db.projectMember.count({ where: { projectId: b.project.id, userId: ann.user.id } })).toBe(0);
  });

  it('createTeamInvite returns the token and a link on the request origin; owners list and revoke', async () => {
    const ann = await makeUserWithKey(t.db, 'Ann');
    const b = await makeBoard(t.db, ann.user.id);
    const created = await gql(
      t,
      ann.key,
      'mutation($t: String!, $e: String!) { createTeamInvite(teamId: $t, email: $e) { token path url invite { id email role expiresAt team { id } } } }',
      { t: String(b.team.id), e: 'Guest@Example.com' },
      { host: 'tasks.example.com' },
    );
    const r = created.data!.createTeamInvite;
    expect(r.path).toBe(`/invite#token=${r.token}`);
    expect(r.url).toBe(`http://tasks.example.com/invite#token=${r.token}`);
    expect(r.invite).toMatchObject({ email: 'guest@example.com', role: 'member', team: { id: b.team.uuid } });

    const listed = await gql(t, ann.key, 'query($t: String!) { teamInvites(teamId: $t) { id email } }', { t: b.team.uuid });
    expect(listed).toEqual({ data: { teamInvites: [{ id: r.invite.id, email: 'guest@example.com' }] } });
    const revoked = await gql(t, ann.key, 'mutation($i: Int!) { revokeTeamInvite(id: $i) { revokedAt } }', { i: r.invite.id });
    expect(revoked.data!.revokeTeamInvite.revokedAt).toEqual(expect.any(String));
    expect(await gql(t, ann.key, 'query($t: String!) { teamInvites(teamId: $t) { id } }', { t: b.team.uuid })).toEqual({
      data: { teamInvites: [] },
    });
  });
});
