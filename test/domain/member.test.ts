import { describe, expect, it } from 'vitest';
import { addMember, listMembers, parseUserRef, removeMember, userRefBody } from '../../src/domain/member.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { joinTeamOnly, makeBoard, makeProject, makeTeam, makeUser } from '../support/factories.ts';
import { isPostgres, useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError, thrown } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

const boardEvents = async (projectId: number) =>
  (await db.outboxEvent.findMany({ where: { projectId, type: { startsWith: 'member.' } }, orderBy: { id: 'asc' } })).map(
    (e) => [e.type, e.actorId, (e.data as { userId: number }).userId],
  );

describe('parseUserRef limits', () => {
  it('an email of 320 characters is read, 321 refused; the largest id is read', () => {
    const email = (last: number) => `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(last)}.io`;
    const at320 = email(60);
    expect(at320).toHaveLength(320);
    expect(parseUserRef(at320, 'user')).toEqual({ email: at320 });
    expect(parseUserRef(email(59), 'user')).toEqual({ email: email(59) });
    const err = thrown(() => parseUserRef(email(61), 'user'));
    expect([err.field, err.detail]).toEqual(['user', 'invalid_email']);
    expect(parseUserRef(2147483647, 'user')).toEqual({ id: 2147483647 });
    expect(parseUserRef(' 7 ', 'user')).toEqual({ id: 7 });
    expect([thrown(() => parseUserRef('1e3', 'user')).detail, thrown(() => parseUserRef('  ', 'user')).detail]).toEqual([
      'invalid_email',
      'invalid_type',
    ]);
    expect(thrown(() => parseUserRef(undefined, 'who')).detail).toBe('required');
    // Anything number-like that is not a positive integer is a bad number, not a bad email.
    for (const text of ['-12', '1.25', '-0.5', '12.0']) expect(thrown(() => parseUserRef(text, 'user')).detail, text).toBe('invalid_type');
  });

  it('the REST body field takes a number or a string and says so otherwise', () => {
    expect(userRefBody().parse(5)).toBe(5);
    expect(userRefBody().parse('a@b.example')).toBe('a@b.example');
    const result = userRefBody().safeParse(true);
    expect(result.error?.issues[0].message).toBe('must be an email or a positive integer user id');
  });
});

describe('addMember / removeMember', () => {
  it('record member.added and member.removed board events, only for real changes', async () => {
    const owner = await makeUser(db, 'Owner');
    const ada = await makeUser(db, 'Ada');
    const { project, team } = await makeBoard(db, owner.id);
    await joinTeamOnly(db, team.id, [ada.id]);
    const r = await addMember(db, owner.id, { projectId: project.id, user: ada.id });
    expect([r.project.id, r.user.id, r.added]).toEqual([project.id, ada.id, true]);
    expect(await boardEvents(project.id)).toEqual([['member.added', owner.id, ada.id]]);
    await addMember(db, owner.id, { projectId: project.id, user: ada.id });
    const removed = await removeMember(db, owner.id, { projectId: project.id, user: ada.id });
    expect([removed.project.id, removed.user.id]).toEqual([project.id, ada.id]);
    expect(await boardEvents(project.id)).toEqual([
      ['member.added', owner.id, ada.id],
      ['member.removed', owner.id, ada.id],
    ]);
  });

  it('only members of the board’s team can be added; on a board without a team, nobody (same NOT_FOUND)', async () => {
    const owner = await makeUser(db, 'Owner');
    const outsider = await makeUser(db, 'Outsider');
    const { project } = await makeBoard(db, owner.id);
    await makeTeam(db, [owner.id, outsider.id]); // shares another team with the owner
    await expectAppError(addMember(db, owner.id, { projectId: project.id, user: outsider.id }, 'userToAdd'), 'NOT_FOUND', 'userToAdd');
    const loose = await makeProject(db, { memberIds: [owner.id] });
    await expectAppError(addMember(db, owner.id, { projectId: loose.id, user: outsider.email }), 'NOT_FOUND', 'user');
    expect(await db.projectMember.count({ where: { userId: outsider.id, projectId: { in: [project.id, loose.id] } } })).toBe(0);
    expect(await boardEvents(project.id)).toEqual([]);
  });

  it('a user who is not a member cannot be removed (NOT_FOUND on the field given); the removed stop watching this board only', async () => {
    const owner = await makeUser(db, 'Owner');
    const ada = await makeUser(db, 'Ada');
    const stranger = await makeUser(db, 'Stranger');
    const a = await makeProject(db, { memberIds: [owner.id, ada.id] });
    const b = await makeProject(db, { memberIds: [owner.id, ada.id] });
    const inA = await createTask(db, ada.id, { projectId: a.id, title: 'a' });
    const inB = await createTask(db, ada.id, { projectId: b.id, title: 'b' });
    await expectAppError(removeMember(db, owner.id, { projectId: a.id, user: stranger.id }, 'userToRemove'), 'NOT_FOUND', 'userToRemove');
    await removeMember(db, owner.id, { projectId: a.id, user: ada.email });
    expect(await db.taskWatcher.findMany({ where: { userId: ada.id }, select: { taskId: true } })).toEqual([{ taskId: inB.id }]);
    expect(await db.taskWatcher.count({ where: { userId: owner.id, taskId: inA.id } })).toBe(0);
    expect(await db.taskAssignee.count({ where: { taskId: inA.id } })).toBe(0);
  });
});

describe('addMember / removeMember: access and races', () => {
  it('a board the caller cannot see is NOT_FOUND naming projectId', async () => {
    const owner = await makeUser(db, 'Owner');
    const eve = await makeUser(db, 'Eve');
    const project = await makeProject(db, { memberIds: [owner.id] });
    await expectAppError(addMember(db, eve.id, { projectId: project.id, user: eve.id }), 'NOT_FOUND', 'projectId');
    await expectAppError(removeMember(db, eve.id, { projectId: project.id, user: owner.id }), 'NOT_FOUND', 'projectId');
  });

  // PostgreSQL only: on PGlite transactions run one after the other anyway.
  it.runIf(isPostgres)('two members removing each other at once leave one of them (PostgreSQL)', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await makeUser(db, 'A');
      const b = await makeUser(db, 'B');
      const project = await makeProject(db, { memberIds: [a.id, b.id] });
      const results = await Promise.allSettled([
        removeMember(db, a.id, { projectId: project.id, user: b.id }),
        removeMember(db, b.id, { projectId: project.id, user: a.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(await db.projectMember.count({ where: { projectId: project.id } })).toBe(1);
    }
  });
});

describe('listMembers', () => {
  it('orders by the time they joined, then by user id', async () => {
    const owner = await makeUser(db, 'Owner');
    const ada = await makeUser(db, 'Ada');
    const bob = await makeUser(db, 'Bob');
    const project = await makeProject(db, { memberIds: [owner.id] });
    await db.projectMember.create({ data: { projectId: project.id, userId: bob.id } });
    await db.projectMember.create({ data: { projectId: project.id, userId: ada.id } });
    const at = (userId: number, iso: string) =>
      db.projectMember.update({ where: { projectId_userId: { projectId: project.id, userId } }, data: { createdAt: new Date(iso) } });
    await at(owner.id, '2026-01-02T00:00:00Z');
    await at(bob.id, '2026-01-01T00:00:00Z');
    await at(ada.id, '2026-01-01T00:00:00Z');
    expect((await listMembers(db, owner.id, project.id)).map((u) => u.id)).toEqual([ada.id, bob.id, owner.id]);
  });

  it('answers the users in join order with the caller’s selection', async () => {
    const owner = await makeUser(db, 'Owner');
    const ada = await makeUser(db, 'Ada');
    const project = await makeProject(db, { memberIds: [owner.id] });
    await db.projectMember.create({ data: { projectId: project.id, userId: ada.id } });
    expect(await listMembers(db, owner.id, project.id, { select: { id: true, displayName: true } })).toEqual([
      { id: owner.id, displayName: owner.displayName },
      { id: ada.id, displayName: ada.displayName },
    ]);
    const stranger = await makeUser(db, 'Stranger');
    await expectAppError(listMembers(db, stranger.id, project.id), 'NOT_FOUND', 'projectId');
  });
});
