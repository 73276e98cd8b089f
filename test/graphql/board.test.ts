import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { gql } from '../support/graphql.ts';
import { joinTeamOnly, makeBoard, makeTeam, makeUserWithKey } from '../support/factories.ts';

const t = useTestApp();


describe('boards, sections, labels and members through GraphQL', () => {
  it('createTeamBoard returns the board with nested selections; project(id) reads it back', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const team = await makeTeam(t.db, [user.id]);
    const r = await gql(t, 
      key,
      `mutation($teamId: ID!, $input: TeamBoardInput!) {
        createTeamBoard(teamId: $teamId, input: $input) {
          team { id number }
          project { id title ticketPrefix memberCount taskCount members { user { id } } }
          sections { id title taskCount }
          labels { id name }
          tasks { id uniqueIndex ticketNumber title sectionId }
        }
      }`,
      {
        teamId: team.uuid,
        input: {
          title: 'Data Platform',
          sections: [{ title: 'Todo' }, { title: 'Done' }],
          labels: [{ name: 'infra' }],
          tasks: [{ title: 'Pipelines', sectionTitle: 'Done', labelNames: ['infra'], priority: 3 }],
        },
      },
    );
    expect(r.errors).toBeUndefined();
    const b = r.data!.createTeamBoard;
    expect(b.team).toEqual({ id: team.uuid, number: team.id });
    expect(b.project).toMatchObject({ title: 'Data Platform', ticketPrefix: 'DP', memberCount: 1, taskCount: 1, members: [{ user: { id: user.id } }] });
    expect(b.sections.map((s: { title: string; taskCount: number }) => [s.title, s.taskCount])).toEqual([
      ['Todo', 0],
      ['Done', 1],
    ]);
    expect(b.tasks).toEqual([{ id: expect.any(Number), uniqueIndex: 1, ticketNumber: 'DP-1', title: 'Pipelines', sectionId: b.sections[1].id }]);

    const read = await gql(t, key, 'query($id: Int!) { project(id: $id) { id sections { title } labels { name } } }', { id: b.project.id });
    expect(read.data!.project).toEqual({ id: b.project.id, sections: [{ title: 'Todo' }, { title: 'Done' }], labels: [{ name: 'infra' }] });
  });

  it('task counts leave out Deleted tasks; a board shows its hidden sections only on request, deleted ones never', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id, {
      sections: [{ title: 'Todo' }, { title: 'Parked' }, { title: 'Gone' }],
      tasks: ['Normal', 'Archive', 'Archive', 'Deleted'].map((title) => ({ title, sectionIndex: 0 })),
    });
    const [todo, parked, gone] = b.sections;
    for (const task of b.tasks) await t.db.task.update({ where: { id: task.id }, data: { status: task.title as 'Normal' } });
    await t.db.section.update({ where: { id: parked.id }, data: { visible: false } });
    await t.db.section.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const r = await gql(
      t,
      key,
      `query($id: Int!) { project(id: $id) { taskCount shown: sections { id taskCount } all: sections(includeHidden: true) { id } } }`,
      { id: b.project.id },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.project).toEqual({ taskCount: 3, shown: [{ id: todo.id, taskCount: 3 }], all: [{ id: todo.id }, { id: parked.id }] });
  });

  it('errors carry stable codes and name the field', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const eve = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id);
    // Another member's project and one that does not exist answer alike: null, no error, the sibling field kept.
    for (const id of [b.project.id, 2_000_000_000]) {
      const notMine = await gql(t, eve.key, 'query($id: Int!) { me { id } project(id: $id) { id title } }', { id });
      expect(notMine).toEqual({ data: { me: { id: eve.user.id }, project: null } });
    }
    const bad = await gql(t, key, 'mutation($i: CreateSectionInput!) { createSection(input: $i) { id } }', {
      i: { projectId: b.project.id, title: 'x'.repeat(201) },
    });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'VALIDATION', field: 'title', detail: 'too_big' });
    const dup = await gql(t, key, 'mutation($i: CreateLabelInput!) { a: createLabel(input: $i) { id } }', { i: { projectId: b.project.id, name: 'Bug' } });
    expect(dup.errors).toBeUndefined();
    const dup2 = await gql(t, key, 'mutation($i: CreateLabelInput!) { createLabel(input: $i) { id } }', { i: { projectId: b.project.id, name: 'BUG' } });
    expect(dup2.errors![0].extensions).toMatchObject({ code: 'CONFLICT', field: 'name', detail: 'duplicate' });
  });

  it('updateSection: explicit null moveAfterSectionId moves first, absent keeps the place', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id);
    const done = b.sections[2];
    const order = async () =>
      (await gql(t, key, 'query($p: Int!) { sections(projectId: $p) { title } }', { p: b.project.id })).data!.sections.map(
        (s: { title: string }) => s.title,
      );
    await gql(t, key, 'mutation($i: UpdateSectionInput!) { updateSection(input: $i) { id } }', { i: { sectionId: done.id, title: 'Shipped' } });
    expect(await order()).toEqual(['Todo', 'Doing', 'Shipped']);
    await gql(t, key, 'mutation($i: UpdateSectionInput!) { updateSection(input: $i) { id } }', { i: { sectionId: done.id, moveAfterSectionId: null } });
    expect(await order()).toEqual(['Shipped', 'Todo', 'Doing']);
    const del = await gql(t, key, 'mutation($s: Int!) { deleteSection(sectionId: $s) { deletedSectionId movedTaskCount movedToSection { title } } }', {
      s: done.id,
    });
    expect(del.data!.deleteSection).toEqual({ deletedSectionId: done.id, movedTaskCount: 0, movedToSection: { title: 'Todo' } });
  });

  it('addProjectMember / removeProjectMember / projectMembers / updateProjectStatus', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const ada = await makeUserWithKey(t.db, 'Ada');
    const b = await makeBoard(t.db, user.id);
    await joinTeamOnly(t.db, b.team.id, [ada.user.id]);
    const add = await gql(t, key, 'mutation($p: Int!, $u: String!) { addProjectMember(projectId: $p, user: $u) { user { id email } joinedAt } }', {
      p: b.project.id,
      u: ada.user.email,
    });
    expect(add.data!.addProjectMember.user).toEqual({ id: ada.user.id, email: ada.user.email });
    const bad = await gql(t, key, 'mutation($p: Int!, $u: String!) { addProjectMember(projectId: $p, user: $u) { joinedAt } }', { p: b.project.id, u: '1.5' });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'VALIDATION', field: 'user', detail: 'invalid_type' });
    const members = await gql(t, ada.key, 'query($p: Int!) { projectMembers(projectId: $p) { id photoURL } }', { p: b.project.id });
    expect(members.data!.projectMembers.map((m: { id: number }) => m.id)).toEqual([user.id, ada.user.id]);
    const rm = await gql(t, key, 'mutation($p: Int!, $u: String!) { removeProjectMember(projectId: $p, user: $u) { memberCount } }', {
      p: b.project.id,
      u: String(ada.user.id),
    });
    expect(rm.data!.removeProjectMember.memberCount).toBe(1);
    const st = await gql(t, key, 'mutation($p: Int!) { updateProjectStatus(projectId: $p, status: ARCHIVE) { status } }', { p: b.project.id });
    expect(st.data!.updateProjectStatus.status).toBe('ARCHIVE');
  });
});
