// The conventions a codegen user expects of the GraphQL schema, each guarded
// once through the real service: enum values in SCREAMING_SNAKE_CASE on the
// way in and out while the REST and tool routes keep the spec's strings for
// the same rows; single lookups that answer null (alike for unknown and
// another tenant's) and keep their sibling fields; one type for team ids; a
// payload where the object is not enough. (The board event interface and its
// members: test/events/board-events.test.ts; the client's types:
// test/graphql/scratch-app.test.ts.)
import { type GraphQLType, getNamedType, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema.ts';
import { useTestApp } from '../support/app.ts';
import { gql } from '../support/graphql.ts';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';
import { expectError } from '../support/errors.ts';

const t = useTestApp();

/** A user with a key, a board and one task of priority high in section Doing. */
async function world() {
  const { user, key } = await makeUserWithKey(t.db, 'Conv');
  const team = await makeTeam(t.db, [user.id]);
  const project = await makeProject(t.db, { memberIds: [user.id], prefix: 'CNV', sections: ['Todo', 'Doing'], teamId: team.id });
  const created = await gql(t, key, 'mutation($i: CreateTaskInput!) { createTask(input: $i) { id priority status } }', {
    i: { projectId: project.id, title: 'Casing', priority: 'HIGH', sectionId: project.sections[1].id, contentType: 'MARKDOWN', description: '*x*' },
  });
  expect(created.errors).toBeUndefined();
  return { user, key, team, project, task: created.data!.createTask as { id: number; priority: string; status: string } };
}

describe('conventional GraphQL types', () => {
  it('the schema: every enum value SCREAMING_SNAKE_CASE, every team id an ID', () => {
    const types = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
    const values = types.filter(isEnumType).flatMap((e) => e.getValues().map((v) => `${e.name}.${v.name}`));
    expect(values.length).toBeGreaterThan(40);
    expect(values.filter((v) => !/^[A-Z][A-Za-z]*\.[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(v))).toEqual([]);
    const teamIds: string[] = [];
    for (const type of types) {
      if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const named = (t: GraphQLType) => getNamedType(t).name;
        if (field.name === 'teamId') teamIds.push(`${type.name}.teamId: ${named(field.type)}`);
        for (const arg of 'args' in field ? field.args : []) {
          if (arg.name === 'teamId') teamIds.push(`${type.name}.${field.name}(teamId): ${named(arg.type)}`);
        }
      }
    }
    expect(teamIds.length).toBeGreaterThan(8);
    expect(teamIds.filter((f) => !f.endsWith(': ID'))).toEqual([]);
    const team = schema.getType('Team');
    expect(isObjectType(team) && getNamedType(team.getFields().id.type).name).toBe('ID');
  });

  it('enum values are SCREAMING_SNAKE_CASE in and out; the spec strings are not GraphQL values', async () => {
    const { key, project, task } = await world();
    expect(task).toMatchObject({ priority: 'HIGH', status: 'NORMAL' });
    // Stored as the spec string: the domain and the database never see the GraphQL names.
    expect(await t.db.task.findUniqueOrThrow({ where: { id: task.id }, select: { priority: true, status: true } })).toEqual({
      priority: 'high',
      status: 'Normal',
    });
    const read = await gql(
      t,
      key,
      `query($id: Int!) {
        task(ref: { taskId: $id }) { descriptionContentType }
        projects(sortBy: CREATED_AT, sortOrder: DESC, status: NORMAL) { items { id status } }
      }`,
      { id: task.id },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data).toMatchObject({ task: { descriptionContentType: 'MARKDOWN' }, projects: { items: [{ id: project.id, status: 'NORMAL' }] } });
    const view = await gql(t, key, 'mutation($p: Int!) { createSavedView(projectId: $p, title: "V", subtaskSetting: FLATTENED_CARD, layout: LIST) { subtaskSetting layout } }', {
      p: project.id,
    });
    expect(view.data).toEqual({ createSavedView: { subtaskSetting: 'FLATTENED_CARD', layout: 'LIST' } });
    for (const [variables, value] of [
      [{ i: { projectId: project.id, title: 'x', priority: 'high' } }, 'high'],
      [{ i: { projectId: project.id, title: 'x', status: 'Normal' } }, 'Normal'],
      [{ i: { projectId: project.id, title: 'x', contentType: 'markdown' } }, 'markdown'],
    ] as const) {
      const refused = await gql(t, key, 'mutation($i: CreateTaskInput!) { createTask(input: $i) { id } }', variables);
      expect(refused.data).toBeUndefined();
      expect(refused.errors![0].message).toContain(`"${value}"`);
    }
  });

  it('the REST and tool routes keep the spec strings, in and out, for the same task', async () => {
    const { key, project, task } = await world();
    const rest = await (await t.fetch(`/api/v1/tasks/${task.id}`, { key })).json();
    expect(rest.task).toMatchObject({ priority: 'high', status: 'Normal' });
    const tool = await (await t.fetch(`/api/mcp/tasks?project_id=${project.id}&priority=high&status=Normal`, { key })).json();
    expect(tool.tasks.map((x: { id: number; priority: string }) => [x.id, x.priority])).toEqual([[task.id, 'high']]);
    const projects = await (await t.fetch('/api/mcp/projects?status=Normal&sort_by=createdAt&sort_order=desc', { key })).json();
    expect(projects.projects).toEqual([expect.objectContaining({ id: project.id, status: 'Normal' })]);
    const patched = await t.fetch(`/api/v1/tasks/${task.id}`, { method: 'PATCH', key, json: { priority: 'urgent', status: 'Archive' } });
    expect((await patched.json()).task).toMatchObject({ priority: 'urgent', status: 'Archive' });
    const view = await (
      await t.fetch('/api/mcp/view', { method: 'POST', key, json: { project_id: project.id, title: 'V', subtask_setting: 'Flattened_Card', layout: 'list' } })
    ).json();
    expect(view).toMatchObject({ subtask_setting: 'Flattened_Card', board_subtask_setting: 'Flattened_Card', layout: 'list' });
    // Refused as before: the spec's own error, not GraphQL's.
    const badLayout = await t.fetch('/api/mcp/view', { method: 'POST', key, json: { project_id: project.id, title: 'V', layout: 'LIST' } });
    expect(badLayout.status).toBe(400);
    expect(JSON.stringify(await badLayout.json())).toContain('must be one of board, list, table, calendar, timeline');
    const badContent = await t.fetch('/api/mcp/tasks/create', { method: 'POST', key, json: { project_id: project.id, title: 'x', content_type: 'MARKDOWN' } });
    expect(badContent.status).toBe(400);
    expect(JSON.stringify(await badContent.json())).toContain('content_type must be html or markdown, not \\"MARKDOWN\\"');
  });

  it('a lookup that finds nothing is null, alike for unknown and foreign objects, and its siblings stay', async () => {
    const { user, key, task } = await world();
    const stranger = await makeUserWithKey(t.db, 'Stranger');
    const doc = 'query($r: TaskRefInput!) { me { id } task(ref: $r) { id } }';
    expect(await gql(t, key, doc, { r: { ticketNumber: 'NOPE-1' } })).toEqual({ data: { me: { id: user.id }, task: null } });
    expect(await gql(t, stranger.key, doc, { r: { taskId: task.id } })).toEqual({ data: { me: { id: stranger.user.id }, task: null } });
    expect(await gql(t, key, doc, { r: { taskId: task.id } })).toEqual({ data: { me: { id: user.id }, task: { id: task.id } } });
    for (const field of ['draft', 'savedView', 'webhookSubscription', 'project']) {
      expect(await gql(t, key, `{ me { id } x: ${field}(id: 2000000000) { id } }`)).toEqual({ data: { me: { id: user.id }, x: null } });
    }
    // A malformed reference stays an error naming the argument.
    const malformed = await gql(t, key, doc, { r: { taskId: task.id, ticketNumber: 'CNV-1' } });
    expect(malformed.errors![0].extensions).toMatchObject({ code: 'VALIDATION', field: 'taskId' });
    // The REST route of the same lookup keeps its 404.
    const missing = await expectError(await t.fetch('/api/v1/tasks/2000000000', { key }), 404, 'id', 'not_found');
    expect(missing).toMatchObject({ error: 'NOT_FOUND', message: 'Task 2000000000 not found' });
  });

  it('team ids are one type: Team.id is an ID, and every teamId argument takes the UUID or the number', async () => {
    const { key, team } = await world();
    const teams = await gql(t, key, '{ teams { id number } }');
    const row = await t.db.team.findUniqueOrThrow({ where: { id: team.id } });
    expect(teams.data!.teams).toEqual([{ id: row.uuid, number: team.id }]);
    const invites = 'query($t: ID!) { teamInvites(teamId: $t) { id } }';
    for (const id of [row.uuid, team.id, String(team.id)]) expect(await gql(t, key, invites, { t: id })).toEqual({ data: { teamInvites: [] } });
  });

  it('deletes with no object left answer a Deleted… payload', async () => {
    const { key, project } = await world();
    const created = await gql(t, key, 'mutation($p: Int!) { createSavedView(projectId: $p, title: "Gone") { id } }', { p: project.id });
    const id = created.data!.createSavedView.id;
    expect(await gql(t, key, 'mutation($id: Int!) { deleteSavedView(id: $id) { __typename id } }', { id })).toEqual({
      data: { deleteSavedView: { __typename: 'DeletedSavedView', id } },
    });
    const draft = await gql(t, key, 'mutation { createDraft(title: "D") { id } }');
    const draftId = draft.data!.createDraft.id;
    expect(await gql(t, key, 'mutation($id: Int!) { deleteDraft(id: $id) { __typename id } }', { id: draftId })).toEqual({
      data: { deleteDraft: { __typename: 'DeletedDraft', id: draftId } },
    });
  });
});
