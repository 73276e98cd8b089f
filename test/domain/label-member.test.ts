import { describe, expect, it } from 'vitest';
import { createLabel, listLabels } from '../../src/domain/label.ts';
import { addMember, listMembers, parseUserRef, removeMember } from '../../src/domain/member.ts';
import { updateProjectStatus } from '../../src/domain/project.ts';
import { chooseTicketPrefix, ticketPrefixCandidates } from '../../src/domain/ticket-prefix.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { joinTeamOnly, makeBoard, makeUser } from '../support/factories.ts';
import { rejection, thrown } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);



describe('ticket prefix', () => {
  it.each([
    ['Website Redesign', 'WR'],
    ['Marketing', 'MAR'],
    ['QA', 'QA'],
    ['x', 'XX'],
    ['Café Élan', 'CE'],
    ['a b c d e f g', 'ABCDE'],
    ['2026 roadmap', 'ROA'],
    ['日本語', 'PRJ'],
  ])('%s → %s', (title, prefix) => {
    expect(ticketPrefixCandidates(title)[0]).toBe(prefix);
    for (const c of ticketPrefixCandidates(title)) expect(c).toMatch(/^[A-Z]{2,5}$/);
  });

  it('skips prefixes in use, falls back to the best one when all are', () => {
    expect(chooseTicketPrefix('Website Redesign', ['WR'])).toBe('WER');
    expect(chooseTicketPrefix('QA', ['QA'])).toBe('QA');
  });
});

describe('labels', () => {
  it('1 to 100 characters, unique per board regardless of case (CONFLICT on name)', async () => {
    const user = await makeUser(db);
    const { project } = await makeBoard(db, user.id);
    expect((await createLabel(db, user.id, { projectId: project.id, name: 'l'.repeat(100) })).name).toHaveLength(100);
    expect((await createLabel(db, user.id, { projectId: project.id, name: ' Bug ' })).name).toBe('Bug');
    for (const name of ['', '  ', 'l'.repeat(101)]) {
      const err = await rejection(createLabel(db, user.id, { projectId: project.id, name }));
      expect([err.code, err.field]).toEqual(['VALIDATION', 'name']);
    }
    for (const name of ['Bug', 'bug', 'BUG ']) {
      const err = await rejection(createLabel(db, user.id, { projectId: project.id, name }));
      expect([err.code, err.field, err.detail]).toEqual(['CONFLICT', 'name', 'duplicate']);
    }
    // The same name on another board is fine.
    const other = await makeBoard(db, user.id);
    await createLabel(db, user.id, { projectId: other.project.id, name: 'bug' });
    expect((await listLabels(db, user.id, project.id)).map((l) => l.name)).toEqual(['Bug', 'l'.repeat(100)]);
  });

  it("another user's board is NOT_FOUND", async () => {
    const user = await makeUser(db);
    const eve = await makeUser(db);
    const { project } = await makeBoard(db, user.id);
    expect((await rejection(createLabel(db, eve.id, { projectId: project.id, name: 'x' }))).code).toBe('NOT_FOUND');
    expect(await db.label.count({ where: { projectId: project.id } })).toBe(0);
  });
});

describe('user references', () => {
  it.each([
    [5, { id: 5 }],
    ['5', { id: 5 }],
    [' Ada@Example.COM ', { email: 'ada@example.com' }],
  ])('%j → %j', (value, ref) => expect(parseUserRef(value, 'userToAdd')).toEqual(ref));

  it.each([
    [0, 'invalid_type'],
    [-1, 'invalid_type'],
    [1.5, 'invalid_type'],
    ['0', 'invalid_type'],
    ['-1', 'invalid_type'],
    ['1.5', 'invalid_type'],
    [2147483648, 'invalid_type'],
    ['abc', 'invalid_email'],
    ['a@', 'invalid_email'],
    ['', 'invalid_type'],
    [null, 'required'],
    [true, 'invalid_type'],
  ])('%j → VALIDATION %s', (value, code) => {
    const err = thrown(() => parseUserRef(value, 'userToAdd'));
    expect([err.code, err.field, err.detail]).toEqual(['VALIDATION', 'userToAdd', code]);
  });
});

describe('members', () => {
  it('add by email or id (repeating is harmless), list in join order, remove; never the last one', async () => {
    const owner = await makeUser(db, 'Owner');
    const ada = await makeUser(db, 'Ada');
    const bob = await makeUser(db, 'Bob');
    const { project, team } = await makeBoard(db, owner.id);
    await joinTeamOnly(db, team.id, [ada.id, bob.id]);
    expect((await addMember(db, owner.id, { projectId: project.id, user: ada.email.toUpperCase() })).added).toBe(true);
    expect((await addMember(db, owner.id, { projectId: project.id, user: String(bob.id) })).added).toBe(true);
    expect((await addMember(db, owner.id, { projectId: project.id, user: bob.id })).added).toBe(false);
    expect((await listMembers(db, owner.id, project.id)).map((u) => u.id)).toEqual([owner.id, ada.id, bob.id]);

    await removeMember(db, owner.id, { projectId: project.id, user: ada.email });
    await removeMember(db, bob.id, { projectId: project.id, user: bob.id }); // leaving
    expect((await listMembers(db, owner.id, project.id)).map((u) => u.id)).toEqual([owner.id]);
    let err = await rejection(removeMember(db, owner.id, { projectId: project.id, user: ada.id }));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'user']);
    err = await rejection(removeMember(db, owner.id, { projectId: project.id, user: owner.id }));
    expect([err.code, err.detail]).toEqual(['CONFLICT', 'last_member']);
    err = await rejection(addMember(db, owner.id, { projectId: project.id, user: 'nobody-here@test.local' }));
    expect([err.code, err.field]).toEqual(['NOT_FOUND', 'user']);
    // A removed member no longer sees the board.
    expect((await rejection(listMembers(db, ada.id, project.id))).code).toBe('NOT_FOUND');
  });

  it('a removed member stops watching the board tasks', async () => {
    const owner = await makeUser(db, 'Owner');
    const ada = await makeUser(db, 'Ada');
    const b = await makeBoard(db, owner.id, { tasks: [{ title: 't', sectionIndex: 0 }] }, [ada.id]);
    await db.taskWatcher.create({ data: { taskId: b.tasks[0].id, userId: ada.id } });
    await removeMember(db, owner.id, { projectId: b.project.id, user: ada.id });
    expect(await db.taskWatcher.count({ where: { userId: ada.id } })).toBe(0);
  });

  it("another user's board is NOT_FOUND and unchanged", async () => {
    const owner = await makeUser(db, 'Owner');
    const eve = await makeUser(db, 'Eve');
    const { project } = await makeBoard(db, owner.id);
    expect((await rejection(addMember(db, eve.id, { projectId: project.id, user: eve.id }))).code).toBe('NOT_FOUND');
    expect((await rejection(removeMember(db, eve.id, { projectId: project.id, user: owner.id }))).code).toBe('NOT_FOUND');
    expect((await db.projectMember.findMany({ where: { projectId: project.id } })).map((m) => m.userId)).toEqual([owner.id]);
  });
});

describe('project status', () => {
  it('moves between Normal, Archive and Deleted (restorable); others get NOT_FOUND', async () => {
    const owner = await makeUser(db);
    const eve = await makeUser(db);
    const { project } = await makeBoard(db, owner.id);
    for (const status of ['Archive', 'Deleted', 'Normal'] as const) {
      expect((await updateProjectStatus(db, owner.id, { projectId: project.id, status })).status).toBe(status);
    }
    expect((await rejection(updateProjectStatus(db, eve.id, { projectId: project.id, status: 'Deleted' }))).code).toBe('NOT_FOUND');
    const err = await rejection(updateProjectStatus(db, owner.id, { projectId: project.id, status: 'Gone' as never }));
    expect([err.code, err.field]).toEqual(['VALIDATION', 'status']);
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).status).toBe('Normal');
  });
});
