// The visibility rule (src/domain/access.ts) on its own: a board or team is
// found only for its members, anything else is NOT_FOUND naming the caller's
// field, and a team reference that is neither an id nor a UUID is NOT_FOUND
// before it reaches the database (a malformed UUID there is a driver error, a 500).
import { describe, expect, it } from 'vitest';
import { Prisma } from '../../src/generated/prisma/client.ts';
import { MAX_INT } from '../../src/domain/fields.ts';
import {
  inVisibleProject,
  inVisibleTeam,
  knownUsersWhere,
  myDraftsWhere,
  requireProject,
  requireTeam,
  teamRefWhere,
  teammatesWhere,
  visibleProjectIds,
  visibleProjectSql,
  visibleProjectsWhere,
  visibleTeamsWhere,
  visibleWebhooksWhere,
} from '../../src/domain/access.ts';
import { useBystander } from '../support/bystander.ts';
import { useTestDb } from '../support/database.ts';
import { expectAppError } from '../support/errors.ts';
import { makeBoard, makeProject, makeTeam, makeUser } from '../support/factories.ts';

const db = useTestDb();
const bystander = useBystander(db);

describe('requireProject', () => {
  it("finds a member's board; another tenant's board and a missing one are NOT_FOUND on project_id", async () => {
    const ada = await makeUser(db);
    const { project } = await makeBoard(db, ada.id);
    expect((await requireProject(db, ada.id, project.id)).id).toBe(project.id);

    const foreign = bystander.tenant.projectId;
    await expectAppError(requireProject(db, ada.id, foreign), 'NOT_FOUND', 'project_id');
    await expectAppError(requireProject(db, ada.id, 2147483647), 'NOT_FOUND', 'project_id');
    // The caller names its own field (a route's body field, a GraphQL argument).
    await expectAppError(requireProject(db, ada.id, foreign, 'projectId'), 'NOT_FOUND', 'projectId');
  });

  it('a board member who is not on the team still sees the board; a team mate who is not on the board does not', async () => {
    const ada = await makeUser(db);
    const mate = await makeUser(db);
    const { project, team } = await makeBoard(db, ada.id);
    await db.teamMember.create({ data: { teamId: team.id, userId: mate.id } });
    await expectAppError(requireProject(db, mate.id, project.id), 'NOT_FOUND', 'project_id');
    await db.projectMember.create({ data: { projectId: project.id, userId: mate.id } });
    expect((await requireProject(db, mate.id, project.id)).id).toBe(project.id);
  });

  it('visibleProjectsWhere selects exactly the boards the user is a member of', async () => {
    const ada = await makeUser(db);
    const a = await makeBoard(db, ada.id);
    const b = await makeBoard(db, ada.id);
    const seen = await db.project.findMany({ where: visibleProjectsWhere(ada.id), select: { id: true } });
    expect(seen.map((p) => p.id).sort()).toEqual([a.project.id, b.project.id].sort());
  });
});

describe('requireTeam', () => {
  it('finds a team of the user by numeric id, digit string or UUID (any case)', async () => {
    const ada = await makeUser(db);
    // Two teams: each reference must find its own, not any team of the user.
    for (const team of [await makeTeam(db, [ada.id]), await makeTeam(db, [ada.id])])
      for (const ref of [team.id, String(team.id), team.uuid, team.uuid.toUpperCase()])
        expect((await requireTeam(db, ada.id, ref)).id, String(ref)).toBe(team.id);
  });

  it("another tenant's team is NOT_FOUND by every form of reference, on team_id or the caller's field", async () => {
    const ada = await makeUser(db);
    const foreign = await db.team.findUniqueOrThrow({ where: { id: bystander.tenant.teamId } });
    for (const ref of [foreign.id, String(foreign.id), foreign.uuid])
      await expectAppError(requireTeam(db, ada.id, ref), 'NOT_FOUND', 'team_id');
    await expectAppError(requireTeam(db, ada.id, foreign.uuid, 'teamId'), 'NOT_FOUND', 'teamId');
  });

  it('a reference that is neither an id nor a UUID is NOT_FOUND, never a database error', async () => {
    const ada = await makeUser(db);
    const team = await makeTeam(db, [ada.id]);
    const uuid = team.uuid;
    for (const ref of [
      '',
      'team',
      `${team.id}x`,
      `x${team.id}`,
      `${team.id}.0`,
      ' 1',
      `${uuid}0`,
      `0${uuid}`,
      uuid.slice(1),
      uuid.replaceAll('-', ''),
      `${uuid.slice(0, -1)}g`,
      `{${uuid}}`,
    ])
      await expectAppError(requireTeam(db, ada.id, ref), 'NOT_FOUND', 'team_id');
  });

  it('a team number is an integer from 1 to MAX_INT (number or digits); past that it names no team', async () => {
    const ada = await makeUser(db);
    for (const ref of [1, '1', MAX_INT, String(MAX_INT)]) expect(teamRefWhere(ref), String(ref)).toEqual({ id: Number(ref) });
    for (const ref of [0, '0', -1, 1.5, MAX_INT + 1, String(MAX_INT + 1), '99999999999'])
      expect(teamRefWhere(ref), String(ref)).toBeNull();
    // Out of range never reaches the database (an integer overflow there is an error, not a miss).
    for (const ref of [0, 1.5, MAX_INT + 1, String(MAX_INT + 1)])
      await expectAppError(requireTeam(db, ada.id, ref), 'NOT_FOUND', 'team_id');
  });
});

describe('the visibility filters', () => {
  /**
   * Ada's world: a team board (Ada, Tom on team and board), Bea on the board
   * only, Tim on the team only, a second team of Ada's with Cy, and a project
   * of Ada's outside any team; the bystander tenant is everyone else.
   */
  async function world() {
    const [ada, tom, bea, tim, cy, stranger] = await Promise.all(['Ada', 'Tom', 'Bea', 'Tim', 'Cy', 'Stranger'].map((n) => makeUser(db, n)));
    const board = await makeBoard(db, ada.id, {}, [tom.id, tim.id]);
    await db.projectMember.deleteMany({ where: { projectId: board.project.id, userId: tim.id } });
    await db.projectMember.create({ data: { projectId: board.project.id, userId: bea.id } });
    const second = await makeTeam(db, [ada.id, cy.id]);
    const loose = await makeProject(db, { memberIds: [ada.id] });
    await makeProject(db, { memberIds: [stranger.id, tom.id] });
    return { ada, tom, bea, tim, cy, stranger, board, second, loose };
  }
  const ids = (rows: { id: number | string }[]) => rows.map((r) => r.id).sort();

  it('projects, teams and what belongs to them: exactly those of the user', async () => {
    const w = await world();
    expect(ids(await db.project.findMany({ where: visibleProjectsWhere(w.ada.id) }))).toEqual(ids([w.board.project, w.loose]));
    expect((await visibleProjectIds(db, w.ada.id)).sort()).toEqual(ids([w.board.project, w.loose]));
    expect(await visibleProjectIds(db, w.tim.id)).toEqual([]);
    expect(ids(await db.team.findMany({ where: visibleTeamsWhere(w.ada.id) }))).toEqual(ids([w.board.team, w.second]));
    expect(ids(await db.team.findMany({ where: visibleTeamsWhere(w.bea.id) }))).toEqual([]);
    const sections = await db.section.findMany({ where: { ...inVisibleProject(w.bea.id) } });
    expect([...new Set(sections.map((s) => s.projectId))]).toEqual([w.board.project.id]);
    const strangers = await makeTeam(db, [w.stranger.id]);
    const agents = await Promise.all([w.board.team, w.second, strangers].map((t) => db.agent.create({ data: { teamId: t.id, displayName: 'Bot' } })));
    expect(ids(await db.agent.findMany({ where: inVisibleTeam(w.cy.id) }))).toEqual(ids([agents[1]]));
  });

  it('the raw SQL form agrees with visibleProjectsWhere', async () => {
    const w = await world();
    const sees = async (userId: number, projectId: number) => {
      const [row] = await db.$queryRaw<{ ok: boolean }[]>`SELECT ${visibleProjectSql(Prisma.sql`${projectId}::integer`, userId)} AS ok`;
      return row.ok;
    };
    expect([await sees(w.bea.id, w.board.project.id), await sees(w.tim.id, w.board.project.id), await sees(w.ada.id, bystander.tenant.projectId)]).toEqual([true, false, false]);
  });

  it('team mates are the users sharing a team (the user included); known users add board mates', async () => {
    const w = await world();
    const users = async (where: Prisma.UserWhereInput) => ids(await db.user.findMany({ where, select: { id: true } }));
    expect(await users(teammatesWhere(w.ada.id))).toEqual(ids([w.ada, w.tom, w.tim, w.cy]));
    expect(await users(teammatesWhere(w.bea.id))).toEqual([]);
    expect(await users(knownUsersWhere(w.ada.id))).toEqual(ids([w.ada, w.tom, w.tim, w.cy, w.bea]));
    expect(await users(knownUsersWhere(w.bea.id))).toEqual(ids([w.bea, w.ada, w.tom]));
    expect(await users(knownUsersWhere(w.stranger.id))).toEqual(ids([w.stranger, w.tom]));
    // A user on no team and no board knows only themself.
    const loner = await makeUser(db, 'Loner');
    expect(await users(knownUsersWhere(loner.id))).toEqual([loner.id]);
  });

  it("webhooks of the user's boards and teams; drafts only the user's own", async () => {
    const w = await world();
    const hook = (scope: { projectId: number } | { teamId: number }) =>
      db.webhookSubscription.create({ data: { ...scope, url: 'https://hooks.example.com/x', secret: 'whsec_x', createdById: w.ada.id, metadata: {} } });
    const onBoard = await hook({ projectId: w.board.project.id });
    const onSecond = await hook({ teamId: w.second.id });
    const hooks = async (userId: number) => ids(await db.webhookSubscription.findMany({ where: visibleWebhooksWhere(userId), select: { id: true } }));
    expect(await hooks(w.ada.id)).toEqual(ids([onBoard, onSecond]));
    expect(await hooks(w.bea.id)).toEqual([onBoard.id]);
    // Team-wide subscriptions are the owners': Cy, a plain member of Ada's second team, sees none of it.
    expect(await hooks(w.cy.id)).toEqual([]);
    await db.teamMember.update({ where: { teamId_userId: { teamId: w.second.id, userId: w.cy.id } }, data: { role: 'owner' } });
    expect(await hooks(w.cy.id)).toEqual([onSecond.id]);
    const mine = await db.taskDraft.create({ data: { userId: w.ada.id, projectId: w.board.project.id, title: 'mine' } });
    const loose = await db.taskDraft.create({ data: { userId: w.ada.id, title: 'loose' } });
    await db.taskDraft.create({ data: { userId: w.tom.id, projectId: w.board.project.id, title: 'theirs' } });
    expect(ids(await db.taskDraft.findMany({ where: myDraftsWhere(w.ada.id) }))).toEqual(ids([mine, loose]));
    // A draft of a board its author left goes with the board.
    await db.projectMember.delete({ where: { projectId_userId: { projectId: w.board.project.id, userId: w.ada.id } } });
    expect(ids(await db.taskDraft.findMany({ where: myDraftsWhere(w.ada.id) }))).toEqual([loose.id]);
  });
});
