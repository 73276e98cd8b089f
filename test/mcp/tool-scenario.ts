import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { makeBoard, makeUserWithKey } from '../support/factories.ts';

// One walk through every MCP tool, shared by the stdio and Streamable HTTP
// tests: each tool is called with valid input and what it changed (or read)
// is checked against the database. The walk fails when the server lists a
// tool it does not call, so a new tool route cannot go untested.

/** The spec 4.1 tool names (and the view tools of 4.4). */
export const SPEC_TOOLS = [
  'tasksvc_get_user_context',
  'tasksvc_list_projects',
  'tasksvc_create_board',
  'tasksvc_section',
  'tasksvc_list_tasks',
  'tasksvc_get_tasks',
  'tasksvc_search_tasks',
  'tasksvc_create_task',
  'tasksvc_update_task',
  'tasksvc_move_task_between_boards',
  'tasksvc_get_comments_for_task',
  'tasksvc_add_comment_to_task',
  'tasksvc_assign_user',
  'tasksvc_list_project_members',
  'tasksvc_inbox_list',
  'tasksvc_inbox_archive',
];

/** Two users on one team board, A holding the key the MCP client uses. */
export async function makeActors(t: TestApp) {
  const a = await makeUserWithKey(t.db, 'Ada');
  const b = await makeUserWithKey(t.db, 'Bob');
  const board = await makeBoard(t.db, a.user.id, { sections: [{ title: 'Todo' }, { title: 'Doing' }] }, [b.user.id]);
  return { a, b, board, projectId: board.project.id as number, team: board.team };
}
export type Actors = Awaited<ReturnType<typeof makeActors>>;

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text?: string }[] };

/** Calls a tool, expects success, checks the text copy of the structured content. */
export async function callOk(client: Client, name: string, args: Record<string, unknown>, called?: Set<string>): Promise<any> {
  const res = (await client.callTool({ name, arguments: args })) as ToolResult;
  called?.add(name);
  expect(res.isError, `${name}: ${res.content.map((c) => c.text).join('\n')}`).toBeFalsy();
  expect(res.structuredContent).toBeTypeOf('object');
  expect(JSON.parse(res.content[0].text!)).toEqual(res.structuredContent);
  return res.structuredContent;
}

/** Calls a tool, expects a tool error (not a protocol error); returns its text. */
export async function callFails(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const res = (await client.callTool({ name, arguments: args })) as ToolResult;
  expect(res.isError, JSON.stringify(res)).toBe(true);
  expect(res.structuredContent).toBeUndefined();
  return res.content.map((c) => c.text).join('\n');
}

/** listTools: every tool route is a tool with an object input schema and true annotations. */
export async function checkToolList(client: Client) {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  for (const name of SPEC_TOOLS) expect(names).toContain(name);
  expect(new Set(names).size).toBe(names.length);
  for (const tool of tools) {
    expect(tool.inputSchema.type, tool.name).toBe('object');
    expect(tool.description?.length, tool.name).toBeGreaterThan(40);
    expect(tool.annotations, tool.name).toMatchObject({
      readOnlyHint: expect.any(Boolean),
      destructiveHint: expect.any(Boolean),
      idempotentHint: expect.any(Boolean),
      openWorldHint: false,
    });
  }
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  // Typed from the route's query-string schema: numbers and booleans, not strings.
  expect(byName.tasksvc_list_tasks.inputSchema.properties!.limit).toMatchObject({ type: 'integer', minimum: 1 });
  expect(byName.tasksvc_list_tasks.inputSchema.properties!.has_due_date).toMatchObject({ type: 'boolean' });
  expect(byName.tasksvc_search_tasks.inputSchema.required).toEqual(['query']);
  expect(byName.tasksvc_create_task.inputSchema.required).toEqual(['project_id', 'title']);
  expect(byName.tasksvc_section.inputSchema.properties!.action).toMatchObject({ enum: ['list', 'create'] });
  expect(byName.tasksvc_list_projects.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  expect(byName.tasksvc_assign_user.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
  return names;
}

/** Every tool once, with its effect checked in the database. */
export async function exerciseEveryTool(client: Client, t: TestApp, x: Actors, listed: string[]) {
  const called = new Set<string>();
  const { a, b, projectId } = x;

  expect(await callOk(client, 'tasksvc_get_user_context', {}, called)).toEqual({ id: a.user.id, email: a.user.email, displayName: a.user.displayName });

  const projects = await callOk(client, 'tasksvc_list_projects', { limit: 100, sort_by: 'createdAt', sort_order: 'desc' }, called);
  expect(projects.projects.map((p: { id: number }) => p.id)).toContain(projectId);

  const created = await callOk(
    client,
    'tasksvc_create_board',
    { team_id: x.team.uuid, title: 'MCP board', sections: [{ title: 'Inbox' }, { title: 'Done' }], tasks: [{ title: 'Seed task', section: 'Inbox' }] },
    called,
  );
  const otherBoard = created.board.id as number;
  expect(await t.db.project.findUnique({ where: { id: otherBoard } })).toMatchObject({ title: 'MCP board' });
  expect(await t.db.task.count({ where: { projectId: otherBoard } })).toBe(1);

  const sections = await callOk(client, 'tasksvc_section', { action: 'list', projectId }, called);
  expect(sections.sections.map((s: { title: string }) => s.title)).toEqual(['Todo', 'Doing']);
  const qa = await callOk(client, 'tasksvc_section', { action: 'create', projectId, title: 'QA' });
  expect(await t.db.section.findUnique({ where: { id: qa.id } })).toMatchObject({ title: 'QA', projectId });

  const task = await callOk(
    client,
    'tasksvc_create_task',
    { project_id: projectId, title: 'Quarterly zeppelin report', priority: 'high', description: 'Needs **bold**', content_type: 'markdown' },
    called,
  );
  const row = await t.db.task.findUnique({ where: { id: task.id } });
  expect(row).toMatchObject({ title: 'Quarterly zeppelin report', projectId });
  expect(row!.description).toContain('<strong>bold</strong>');

  const list = await callOk(client, 'tasksvc_list_tasks', { project_id: projectId, priority: 'high', limit: 5 }, called);
  expect(list).toMatchObject({ total: 1, tasks: [{ id: task.id, ticket_number: task.ticket_number }] });

  const one = await callOk(client, 'tasksvc_get_tasks', { ticket_number: task.ticket_number, project_id: projectId }, called);
  expect(one.tasks).toEqual([expect.objectContaining({ id: task.id, title: 'Quarterly zeppelin report' })]);

  const found = await callOk(client, 'tasksvc_search_tasks', { query: 'zepelin', project_id: projectId }, called);
  expect(found.tasks[0]).toMatchObject({ id: task.id, score: expect.any(Number) });

  const doing = sections.sections[1].id;
  const updated = await callOk(client, 'tasksvc_update_task', { task_id: task.id, title: 'Quarterly airship report', sectionId: doing }, called);
  expect(updated).toMatchObject({ id: task.id, title: 'Quarterly airship report', section: 'Doing' });
  expect(await t.db.task.findUnique({ where: { id: task.id } })).toMatchObject({ title: 'Quarterly airship report', sectionId: doing });

  const comment = await callOk(
    client,
    'tasksvc_add_comment_to_task',
    { task_id: task.id, text: 'Over to you', mentions: [{ user_id: b.user.id, display_name: b.user.displayName }] },
    called,
  );
  expect(await t.db.comment.findUnique({ where: { id: comment.id } })).toMatchObject({ taskId: task.id, authorId: a.user.id });

  const comments = await callOk(client, 'tasksvc_get_comments_for_task', { task_id: task.id, sort_order: 'desc', limit: 10 }, called);
  expect(comments).toMatchObject({ total: 1, comments: [{ id: comment.id, author: { id: a.user.id } }] });

  const assigned = await callOk(client, 'tasksvc_assign_user', { task_id: task.id, user_id: b.user.id }, called);
  expect(assigned.assignees).toEqual([{ id: b.user.id, displayName: b.user.displayName }]);
  expect(await t.db.taskAssignee.count({ where: { taskId: task.id, userId: b.user.id } })).toBe(1);

  const members = await callOk(client, 'tasksvc_list_project_members', { projectId }, called);
  expect(members.members.map((m: { id: number }) => m.id).sort()).toEqual([a.user.id, b.user.id].sort());

  // Bob assigns Ada through the tool route: Ada gets an `assignment` notification.
  const viaRoute = await t.fetch('/api/mcp/assignees/assign', { method: 'POST', key: b.key, json: { task_id: task.id, user_id: a.user.id } });
  expect(viaRoute.status).toBe(200);
  const inbox = await callOk(client, 'tasksvc_inbox_list', { limit: 10 }, called);
  const note = inbox.notifications.find((n: { task_id: number; type: string }) => n.task_id === task.id && n.type === 'assignment');
  expect(note).toBeDefined();
  expect(await callOk(client, 'tasksvc_inbox_archive', { notification_ids: [note.id] }, called)).toEqual({ archived: 1 });
  expect((await t.db.notification.findUnique({ where: { id: note.id } }))!.archivedAt).not.toBeNull();

  const moved = await callOk(client, 'tasksvc_move_task_between_boards', { task_id: task.id, target_project_id: otherBoard }, called);
  expect(moved).toMatchObject({ id: task.id, project_id: otherBoard });
  expect(await t.db.task.findUnique({ where: { id: task.id } })).toMatchObject({ projectId: otherBoard });

  if (listed.includes('tasksvc_create_view')) {
    const view = await callOk(client, 'tasksvc_create_view', { project_id: projectId, title: 'Mine', subtask_setting: 'Card' }, called);
    expect(view).toMatchObject({ title: 'Mine', subtask_setting: 'Card', board_subtask_setting: 'Card' });
    const changed = await callOk(client, 'tasksvc_update_view', { viewId: view.id, subtask_setting: 'Parent' }, called);
    expect(changed).toMatchObject({ id: view.id, title: 'Mine', subtask_setting: 'Parent' });
    expect(await t.db.savedView.findUnique({ where: { id: view.id } })).toMatchObject({ title: 'Mine' });
  }

  expect([...listed].sort(), 'every listed tool is exercised').toEqual([...called].sort());
  return { taskId: task.id, otherBoard };
}

/** Invalid input: tool errors naming the field; nothing written. */
export async function checkToolErrors(client: Client, t: TestApp, x: Actors) {
  const before = await t.db.task.count({ where: { projectId: x.projectId } });

  const badId = await callFails(client, 'tasksvc_create_task', { project_id: 'abc', title: 'Never' });
  expect(badId).toMatch(/VALIDATION 400: .*\(field: project_id\)/);
  const noTitle = await callFails(client, 'tasksvc_create_task', { project_id: x.projectId });
  expect(noTitle).toContain('field: title');
  expect(await callFails(client, 'tasksvc_list_tasks', { limit: 0 })).toContain('field: limit');
  expect(await callFails(client, 'tasksvc_list_tasks', { has_due_date: 'maybe' })).toContain('field: has_due_date');
  expect(await callFails(client, 'tasksvc_list_projects', { colour: 'red' })).toMatch(/Unknown argument "colour".*\(field: colour\)/);
  expect(await callFails(client, 'tasksvc_section', { action: 'list' })).toContain('field: projectId');
  expect(await callFails(client, 'tasksvc_section', { action: 'rename', projectId: x.projectId })).toContain('field: action');
  expect(await callFails(client, 'tasksvc_section', { action: 'list', projectId: x.projectId, title: 'x' })).toContain('field: title');
  expect(await callFails(client, 'tasksvc_search_tasks', { query: 'x'.repeat(201) })).toContain('field: query');
  expect(await callFails(client, 'tasksvc_inbox_archive', { notification_ids: [] })).toContain('field: notification_ids');
  const missing = await callFails(client, 'tasksvc_get_tasks', { task_id: 2147483000 });
  expect(missing).toMatch(/^NOT_FOUND 404/);
  const json = JSON.parse(missing.split('\n')[1]);
  expect(json).toMatchObject({ status: 404, error: 'NOT_FOUND', message: expect.any(String) });

  expect(await t.db.task.count({ where: { projectId: x.projectId } })).toBe(before);
  // An unknown tool is a protocol error (the client asked for something that does not exist).
  await expect(client.callTool({ name: 'tasksvc_nope', arguments: {} })).rejects.toThrow(/Unknown tool/);
}
