import { describe, expect, it } from 'vitest';
import { createTeam, teamsOfWhere } from '../../src/domain/team.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { makeUser } from '../support/factories.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

describe('teams', () => {
  it('createTeam: the trimmed title; the first member listed owns it, the others (each once) are members', async () => {
    const [a, b, c] = [await makeUser(db), await makeUser(db), await makeUser(db)];
    const team = await createTeam(db, { title: '  Core  ', memberIds: [b.id, a.id, b.id, c.id] });
    expect(team.title).toBe('Core');
    const members = await db.teamMember.findMany({ where: { teamId: team.id }, orderBy: { userId: 'asc' } });
    expect(members.map((m) => [m.userId, m.role])).toEqual([
      [a.id, 'member'],
      [b.id, 'owner'],
      [c.id, 'member'],
    ]);
    const empty = await createTeam(db, { title: 'Empty' });
    expect(await db.teamMember.count({ where: { teamId: empty.id } })).toBe(0);
  });

  it('createTeam refuses a blank or over-long title and bad member ids, writing nothing', async () => {
    const a = await makeUser(db);
    await expectAppError(createTeam(db, { title: '   ', memberIds: [a.id] }), 'VALIDATION', 'title');
    await expectAppError(createTeam(db, { title: 't'.repeat(201), memberIds: [a.id] }), 'VALIDATION', 'title');
    expect((await createTeam(db, { title: 't'.repeat(200), memberIds: [a.id] })).title).toHaveLength(200);
    await expectAppError(createTeam(db, { title: 'x', memberIds: [0] }), 'VALIDATION', 'memberIds.0');
    await expectAppError(createTeam(db, { title: 'x', memberIds: Array.from({ length: 1001 }, (_, i) => i + 1) }), 'VALIDATION', 'memberIds');
    // Only the valid one was made.
    expect(await db.teamMember.count({ where: { userId: a.id } })).toBe(1);
  });

  it("teamsOfWhere: the user's teams by title", async () => {
    const [a, b] = [await makeUser(db), await makeUser(db)];
    const zeta = await createTeam(db, { title: 'Zeta', memberIds: [a.id] });
    const alpha = await createTeam(db, { title: 'Alpha', memberIds: [b.id, a.id] });
    await createTeam(db, { title: 'Beta', memberIds: [b.id] });
    expect((await db.team.findMany(teamsOfWhere(a.id))).map((t) => t.id)).toEqual([alpha.id, zeta.id]);
  });
});
