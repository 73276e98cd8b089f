import { describe, expect, it } from 'vitest';
import { addMember } from '../../src/domain/member.ts';
import { addTeamMember, listTeamMembers, removeTeamMember, setTeamMemberRole } from '../../src/domain/team-member.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { joinTeamOnly, makeBoard, makeProject, makeTeam, makeUser } from '../support/factories.ts';
import { rejection } from '../support/errors.ts';

const db = useTestDb();
const bystander = useBystander(db);

const roles = async (teamId: number) =>
  (await db.teamMember.findMany({ where: { teamId }, orderBy: { userId: 'asc' } })).map((m) => [m.userId, m.role]);
const boardMembers = async (projectId: number) =>
  (await db.projectMember.findMany({ where: { projectId }, orderBy: { userId: 'asc' } })).map((m) => m.userId);

describe('team roles', () => {
  it('a new team’s first member is its owner, the others members', async () => {
    const [ann, ben] = [await makeUser(db), await makeUser(db)];
    const team = await makeTeam(db, [ann.id, ben.id]);
    expect(await roles(team.id)).toEqual([
      [ann.id, 'owner'],
      [ben.id, 'member'],
    ]);
    expect((await listTeamMembers(db, ben.id, team.uuid)).map((m) => m.userId)).toEqual([ann.id, ben.id]);
  });

  it('owners promote and demote; the last owner cannot be demoted; members cannot change roles', async () => {
    const [ann, ben] = [await makeUser(db), await makeUser(db)];
    const team = await makeTeam(db, [ann.id, ben.id]);
    let err = await rejection(setTeamMemberRole(db, ben.id, { teamId: team.id, user: ann.id, role: 'member' }));
    expect([err.code, err.detail]).toEqual(['FORBIDDEN', 'not_team_owner']);
    err = await rejection(setTeamMemberRole(db, ann.id, { teamId: team.id, user: ann.id, role: 'member' }));
    expect([err.code, err.detail, err.field]).toEqual(['CONFLICT', 'last_owner', 'user']);
    err = await rejection(setTeamMemberRole(db, ann.id, { teamId: team.id, user: ben.id, role: 'admin' }));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'role']);

    await setTeamMemberRole(db, ann.id, { teamId: team.uuid, user: ben.email, role: 'owner' });
    await setTeamMemberRole(db, ben.id, { teamId: team.id, user: ann.id, role: 'member' });
    expect(await roles(team.id)).toEqual([
      [ann.id, 'member'],
      [ben.id, 'owner'],
    ]);
  });

  it('the database refuses a role other than owner or member', async () => {
    const ann = await makeUser(db);
    const team = await makeTeam(db, [ann.id]);
    await expect(
      db.teamMember.update({ where: { teamId_userId: { teamId: team.id, userId: ann.id } }, data: { role: 'admin' } }),
    ).rejects.toThrow();
  });
});

describe('adding team members', () => {
  it('an owner adds a colleague (who then joins every board of the team); repeating changes nothing', async () => {
    const [ann, ben] = [await makeUser(db), await makeUser(db)];
    const other = await makeTeam(db, [ann.id, ben.id]); // ben is a colleague of ann through another team
    const b = await makeBoard(db, ann.id);
    expect(other.id).not.toBe(b.team.id);
    const r = await addTeamMember(db, ann.id, { teamId: b.team.uuid, user: ben.email });
    expect(r.added).toBe(true);
    expect(await boardMembers(b.project.id)).toEqual([ann.id, ben.id]);
    const event = await db.outboxEvent.findFirst({ where: { projectId: b.project.id, type: 'member.added' } });
    expect(event?.data).toMatchObject({ userId: ben.id });
    expect((await addTeamMember(db, ann.id, { teamId: b.team.id, user: ben.id, role: 'owner' })).added).toBe(false);
    expect(await roles(b.team.id)).toEqual([
      [ann.id, 'owner'],
      [ben.id, 'member'],
    ]);
  });

  it('unknown, foreign (by id and by email) users: the same NOT_FOUND, nothing written', async () => {
    const ann = await makeUser(db);
    const stranger = await makeUser(db);
    await makeTeam(db, [stranger.id]);
    const b = await makeBoard(db, ann.id);
    // This team's rows and the stranger's: on PostgreSQL other test files write to the same table meanwhile.
    const rows = () =>
      db.teamMember.findMany({
        where: { OR: [{ teamId: b.team.id }, { userId: stranger.id }] },
        orderBy: [{ teamId: 'asc' }, { userId: 'asc' }],
      });
    const before = await rows();
    const foreignId = await rejection(addTeamMember(db, ann.id, { teamId: b.team.id, user: stranger.id }));
    const foreignEmail = await rejection(addTeamMember(db, ann.id, { teamId: b.team.id, user: stranger.email }));
    const unknownEmail = await rejection(addTeamMember(db, ann.id, { teamId: b.team.id, user: 'nobody@test.local' }));
    const unknownId = await rejection(addTeamMember(db, ann.id, { teamId: b.team.id, user: 2147483000 }));
    for (const err of [foreignId, foreignEmail, unknownEmail, unknownId])
      expect([err.code, err.field]).toEqual(['NOT_FOUND', 'user']);
    expect(foreignEmail.message).toBe(unknownEmail.message.replace('nobody@test.local', stranger.email));
    expect(foreignId.message).toBe(unknownId.message.replace('2147483000', String(stranger.id)));
    expect(await rows()).toEqual(before);
  });

  it('a plain member may not add; a team of someone else is NOT_FOUND; the operator may add anyone', async () => {
    const [ann, ben, cid] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const team = await makeTeam(db, [ann.id, ben.id]);
    await makeTeam(db, [ben.id, cid.id]);
    const err = await rejection(addTeamMember(db, ben.id, { teamId: team.id, user: cid.id }));
    expect([err.code, err.detail]).toEqual(['FORBIDDEN', 'not_team_owner']);
    expect((await rejection(addTeamMember(db, cid.id, { teamId: team.id, user: cid.id }))).code).toBe('NOT_FOUND');
    const loner = await makeUser(db);
    expect((await addTeamMember(db, null, { teamId: team.uuid, user: loner.email, role: 'owner' })).added).toBe(true);
    expect(await roles(team.id)).toContainEqual([loner.id, 'owner']);
  });
});

describe('removing team members', () => {
  it('takes the user off every board of the team: watching ends, assignments stay, a board they were alone on passes to the owners', async () => {
    const [ann, ben] = [await makeUser(db), await makeUser(db)];
    const b = await makeBoard(db, ann.id, { tasks: [{ title: 't', sectionIndex: 0 }] }, [ben.id]);
    await db.taskWatcher.create({ data: { taskId: b.tasks[0].id, userId: ben.id } });
    await db.taskAssignee.create({ data: { taskId: b.tasks[0].id, userId: ben.id } });
    const solo = await makeProject(db, { memberIds: [ben.id], teamId: b.team.id });
    const elsewhere = await makeProject(db, { memberIds: [ben.id] });

    const r = await removeTeamMember(db, ann.id, { teamId: b.team.uuid, user: ben.id });
    expect(r.boardsLeft).toBe(2);
    expect(await roles(b.team.id)).toEqual([[ann.id, 'owner']]);
    expect(await boardMembers(b.project.id)).toEqual([ann.id]);
    expect(await boardMembers(solo.id)).toEqual([ann.id]);
    expect(await boardMembers(elsewhere.id)).toEqual([ben.id]);
    expect(await db.taskWatcher.count({ where: { userId: ben.id } })).toBe(0);
    expect(await db.taskAssignee.count({ where: { userId: ben.id } })).toBe(1);
    const removed = await db.outboxEvent.findMany({
      where: { type: 'member.removed', projectId: { in: [b.project.id, solo.id] } },
    });
    expect(removed).toHaveLength(2);
  });

  it('a member may leave but not remove others; the last owner cannot go; a non-member is NOT_FOUND', async () => {
    const [ann, ben, cid] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const team = await makeTeam(db, [ann.id, ben.id, cid.id]);
    let err = await rejection(removeTeamMember(db, ben.id, { teamId: team.id, user: cid.id }));
    expect([err.code, err.detail]).toEqual(['FORBIDDEN', 'not_team_owner']);
    await removeTeamMember(db, ben.id, { teamId: team.id, user: ben.email });
    err = await rejection(removeTeamMember(db, ann.id, { teamId: team.id, user: ann.id }));
    expect([err.code, err.detail]).toEqual(['CONFLICT', 'last_owner']);
    err = await rejection(removeTeamMember(db, ann.id, { teamId: team.id, user: ben.id }));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'user']);
    expect(await roles(team.id)).toEqual([
      [ann.id, 'owner'],
      [cid.id, 'member'],
    ]);
  });

  it('two owners removing each other at once leave one owner', async () => {
    const [ann, ben] = [await makeUser(db), await makeUser(db)];
    const team = await makeTeam(db, [ann.id, ben.id]);
    await setTeamMemberRole(db, ann.id, { teamId: team.id, user: ben.id, role: 'owner' });
    const results = await Promise.allSettled([
      removeTeamMember(db, ann.id, { teamId: team.id, user: ben.id }),
      removeTeamMember(db, ben.id, { teamId: team.id, user: ann.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await roles(team.id)).map(([, role]) => role)).toEqual(['owner']);
  });
});

describe('adding board members (only the board’s team)', () => {
  it('foreign id, foreign email, unknown email: the same NOT_FOUND and no row; a teammate is added', async () => {
    const [ann, mate] = [await makeUser(db), await makeUser(db)];
    const b = await makeBoard(db, ann.id);
    await joinTeamOnly(db, b.team.id, [mate.id]);
    const foreign = bystander.tenant.userIds[0];
    const foreignUser = await db.user.findUniqueOrThrow({ where: { id: foreign } });
    // This board's rows and the foreign user's: on PostgreSQL other test files write to the same tables meanwhile.
    const snapshot = () =>
      db.projectMember.findMany({
        where: { OR: [{ projectId: b.project.id }, { userId: { in: [foreign, mate.id] } }] },
        orderBy: [{ projectId: 'asc' }, { userId: 'asc' }],
      });
    const before = await snapshot();

    const byId = await rejection(addMember(db, ann.id, { projectId: b.project.id, user: foreign }));
    const byEmail = await rejection(addMember(db, ann.id, { projectId: b.project.id, user: foreignUser.email }));
    const unknown = await rejection(addMember(db, ann.id, { projectId: b.project.id, user: 'ghost@test.local' }));
    for (const err of [byId, byEmail, unknown]) {
      expect([err.code, err.field, err.detail]).toEqual(['NOT_FOUND', 'user', 'not_found']);
    }
    expect(byEmail.message).toBe(unknown.message.replace('ghost@test.local', foreignUser.email));
    expect(await snapshot()).toEqual(before);

    expect((await addMember(db, ann.id, { projectId: b.project.id, user: mate.email })).added).toBe(true);
    expect(await boardMembers(b.project.id)).toEqual([ann.id, mate.id]);
  });

  it('a board without a team accepts no one', async () => {
    const [ann, ben] = [await makeUser(db), await makeUser(db)];
    await makeTeam(db, [ann.id, ben.id]);
    const project = await makeProject(db, { memberIds: [ann.id] });
    expect((await rejection(addMember(db, ann.id, { projectId: project.id, user: ben.id }))).code).toBe('NOT_FOUND');
    expect(await boardMembers(project.id)).toEqual([ann.id]);
  });
});

describe('the operator (actor null) and the board events of joining and leaving', () => {
  const events = async (projectId: number, type: string) =>
    (await db.outboxEvent.findMany({ where: { projectId, type }, orderBy: { id: 'asc' } })).map((e) => [
      (e.data as { userId: number }).userId,
      e.actorId,
    ]);

  it('the operator adds, changes roles and removes on any team; an unknown team is NOT_FOUND on teamId', async () => {
    const [ann, ben] = [await makeUser(db), await makeUser(db)];
    const team = await makeTeam(db, [ann.id]);
    expect((await addTeamMember(db, null, { teamId: team.id, user: ben.id })).added).toBe(true);
    await setTeamMemberRole(db, null, { teamId: String(team.id), user: ben.id, role: 'owner' });
    expect(await roles(team.id)).toEqual([
      [ann.id, 'owner'],
      [ben.id, 'owner'],
    ]);
    const r = await removeTeamMember(db, null, { teamId: team.uuid, user: ann.email });
    expect([r.team.id, r.user.id]).toEqual([team.id, ann.id]);
    expect(await roles(team.id)).toEqual([[ben.id, 'owner']]);
    for (const teamId of [2147483000, 'not-a-team', 0]) {
      const err = await rejection(removeTeamMember(db, null, { teamId, user: ben.id }));
      expect([err.code, err.field], String(teamId)).toEqual(['NOT_FOUND', 'teamId']);
      const err2 = await rejection(addTeamMember(db, null, { teamId, user: ben.id }));
      expect([err2.code, err2.field], String(teamId)).toEqual(['NOT_FOUND', 'teamId']);
    }
    expect(await roles(team.id)).toEqual([[ben.id, 'owner']]);
  });

  it('joining announces only the boards the user was not on yet, with the actor', async () => {
    const [ann, ben] = [await makeUser(db), await makeUser(db)];
    await makeTeam(db, [ann.id, ben.id]); // colleagues
    const b = await makeBoard(db, ann.id);
    const second = await makeProject(db, { memberIds: [ann.id, ben.id], teamId: b.team.id });
    await addTeamMember(db, ann.id, { teamId: b.team.id, user: ben.id });
    expect(await events(b.project.id, 'member.added')).toEqual([[ben.id, ann.id]]);
    expect(await events(second.id, 'member.added')).toEqual([]);
    expect(await boardMembers(second.id)).toEqual([ann.id, ben.id].sort((x, y) => x - y));
  });

  it('leaving: the owners inherit (and are announced on) only a board the leaver was alone on', async () => {
    const [ann, ben, cid] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const b = await makeBoard(db, ann.id, {}, [ben.id, cid.id]);
    await setTeamMemberRole(db, ann.id, { teamId: b.team.id, user: cid.id, role: 'owner' });
    const solo = await makeProject(db, { memberIds: [ben.id], teamId: b.team.id });
    await removeTeamMember(db, ben.id, { teamId: b.team.id, user: ben.id });
    expect(await events(solo.id, 'member.added')).toEqual([
      [ann.id, ben.id],
      [cid.id, ben.id],
    ]);
    expect(await boardMembers(solo.id)).toEqual([ann.id, cid.id].sort((x, y) => x - y));
    expect(await events(solo.id, 'member.removed')).toEqual([[ben.id, ben.id]]);
    expect(await events(b.project.id, 'member.added')).toEqual([]);
    expect(await events(b.project.id, 'member.removed')).toEqual([[ben.id, ben.id]]);
  });

  it('a role change of a non-member is NOT_FOUND; an owner demoted while another owner stays', async () => {
    const [ann, ben, cid] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const team = await makeTeam(db, [ann.id, ben.id]);
    await makeTeam(db, [ann.id, cid.id]);
    const err = await rejection(setTeamMemberRole(db, ann.id, { teamId: team.id, user: cid.id, role: 'owner' }));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'user']);
    await setTeamMemberRole(db, ann.id, { teamId: team.id, user: ben.id, role: 'owner' });
    const { member } = await setTeamMemberRole(db, ann.id, { teamId: team.id, user: ann.id, role: 'member' });
    expect(member.role).toBe('member');
    // Promoting a member while they are the only other member never needs another owner.
    await setTeamMemberRole(db, ben.id, { teamId: team.id, user: ann.id, role: 'owner' });
    expect(await roles(team.id)).toEqual([
      [ann.id, 'owner'],
      [ben.id, 'owner'],
    ]);
  });

  it('the member list: owners first, then by join time', async () => {
    const [ann, ben, cid] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const team = await makeTeam(db, [ann.id, ben.id, cid.id]);
    await setTeamMemberRole(db, ann.id, { teamId: team.id, user: cid.id, role: 'owner' });
    expect((await listTeamMembers(db, ben.id, team.id)).map((m) => m.userId)).toEqual([ann.id, cid.id, ben.id]);
    const err = await rejection(listTeamMembers(db, bystander.tenant.userIds[0], team.id));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'teamId']);
  });
});
