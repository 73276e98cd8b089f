// The visibility rule (src/domain/access.ts) on its own: a board or team is
// found only for its members, anything else is NOT_FOUND naming the caller's
// field, and a team reference that is neither an id nor a UUID is NOT_FOUND
// before it reaches the database (a malformed UUID there is a driver error, a 500).
import { describe, expect, it } from 'vitest';
import { requireProject, requireTeam, visibleProjectsWhere } from '../../src/domain/access.ts';
import { useBystander } from '../support/bystander.ts';
import { useTestDb } from '../support/database.ts';
import { expectAppError } from '../support/errors.ts';
import { makeBoard, makeTeam, makeUser } from '../support/factories.ts';

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
});
