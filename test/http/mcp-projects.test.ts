import { describe, expect, it } from 'vitest';
import { BOARD_LIMITS } from '../../src/domain/board-manifest.ts';
import { NAME_LIMITS } from '../../src/domain/fields.ts';
import { useTestServer } from '../support/app.ts';
import { errorBody } from '../support/errors.ts';
import { makeBoard, makeTeam, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();


async function call(path: string, init: Parameters<typeof t.fetch>[1] = {}) {
  const res = await t.fetch(path, init);
  return { status: res.status, body: await res.json() };
}

describe('GET /api/mcp/projects', () => {
  it('401 without a key', async () => {
    expect((await call('/api/mcp/projects')).status).toBe(401);
  });

  it('defaults: status Normal, sorted by title asc, limit 50; shape {projects:[{id,title,status,createdAt}], total}', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id, { title: 'Beta' });
    const a = await makeBoard(t.db, user.id, { title: 'alpha' });
    const archived = await makeBoard(t.db, user.id, { title: 'Gamma' });
    await t.db.project.update({ where: { id: archived.project.id }, data: { status: 'Archive' } });
    const other = await makeUserWithKey(t.db);
    await makeBoard(t.db, other.user.id, { title: 'Not mine' });

    const { status, body } = await call('/api/mcp/projects', { key });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['projects', 'total']);
    expect(body.total).toBe(2);
    // Sorted by title, ascending, regardless of case.
    expect(body.projects.map((p: { id: number }) => p.id)).toEqual([a.project.id, b.project.id]);
    expect(body.projects[1]).toEqual({ id: b.project.id, title: 'Beta', status: 'Normal', createdAt: expect.any(String) });
    expect(new Date(body.projects[1].createdAt).toISOString()).toBe(body.projects[1].createdAt);
    const titleDesc = await call('/api/mcp/projects?sort_order=desc', { key });
    expect(titleDesc.body.projects.map((p: { id: number }) => p.id)).toEqual([b.project.id, a.project.id]);

    const arch = await call('/api/mcp/projects?status=Archive', { key });
    expect(arch.body.projects.map((p: { title: string }) => p.title)).toEqual(['Gamma']);
    const desc = await call('/api/mcp/projects?sort_by=createdAt&sort_order=desc', { key });
    expect(desc.body.projects.map((p: { id: number }) => p.id)).toEqual([a.project.id, b.project.id]);
    const page = await call('/api/mcp/projects?limit=1&offset=1&sort_by=createdAt', { key });
    expect(page.body).toEqual({ projects: [expect.objectContaining({ id: a.project.id })], total: 2 });
    const search = await call('/api/mcp/projects?search=ALP', { key });
    expect(search.body.projects.map((p: { id: number }) => p.id)).toEqual([a.project.id]);
    // Above 100 is clamped, not refused.
    expect((await call('/api/mcp/projects?limit=1000', { key })).status).toBe(200);
  });

  it.each([
    ['status=Gone', 'status'],
    ['limit=abc', 'limit'],
    ['limit=0', 'limit'],
    ['limit=-1', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1.5', 'offset'],
    ['sort_by=name', 'sort_by'],
    ['sort_order=up', 'sort_order'],
  ])('?%s → 400 naming %s', async (qs, field) => {
    const { key } = await makeUserWithKey(t.db);
    const { status, body } = await call(`/api/mcp/projects?${qs}`, { key });
    expect(status).toBe(400);
    expect(body).toEqual(errorBody('VALIDATION', field));
  });
});

describe('POST /api/mcp/boards', () => {
  it('401, 400, 404, then the board with the exact response shape', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const team = await makeTeam(t.db, [user.id]);
    const stranger = await makeUserWithKey(t.db);
    const strangerTeam = await makeTeam(t.db, [stranger.user.id]);
    const manifest = {
      team_id: team.id,
      title: 'Website Redesign',
      sections: [{ title: 'Todo' }, { title: 'Done' }],
      labels: [{ name: 'bug' }],
      tasks: [
        { title: 'Fix header', section: 'Todo', priority: 'urgent', labels: ['bug'], assignee_ids: [user.id] },
        { title: 'Ship', section: 'Done' },
      ],
    };
    expect((await call('/api/mcp/boards', { method: 'POST', json: manifest })).status).toBe(401);

    const bad = await call('/api/mcp/boards', { key, method: 'POST', json: { ...manifest, tasks: [{ title: 'x', section: 'Nope' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(errorBody('VALIDATION', 'tasks.0.section', 'unknown_section'));
    const badType = await call('/api/mcp/boards', { key, method: 'POST', json: { ...manifest, team_id: true } });
    expect(badType).toEqual({ status: 400, body: errorBody('VALIDATION', 'team_id') });
    const noSections = await call('/api/mcp/boards', { key, method: 'POST', json: { ...manifest, sections: [] } });
    expect(noSections).toEqual({ status: 400, body: errorBody('VALIDATION', 'sections') });
    const badAssignee = await call('/api/mcp/boards', {
      key,
      method: 'POST',
      json: { ...manifest, tasks: [{ title: 'x', section: 'Todo', assignee_ids: [stranger.user.id] }] },
    });
    expect(badAssignee).toEqual({ status: 400, body: errorBody('VALIDATION', 'tasks.0.assignee_ids.0', 'not_a_member') });
    const notMine = await call('/api/mcp/boards', { key, method: 'POST', json: { ...manifest, team_id: strangerTeam.id } });
    expect(notMine).toEqual({ status: 404, body: errorBody('NOT_FOUND', 'team_id', 'not_found') });
    expect(await t.db.project.count({ where: { createdById: user.id } })).toBe(0);

    const { status, body } = await call('/api/mcp/boards', { key, method: 'POST', json: manifest });
    expect(status).toBe(200);
    const project = await t.db.project.findFirstOrThrow({ where: { createdById: user.id } });
    const sections = await t.db.section.findMany({ where: { projectId: project.id }, orderBy: { ranking: 'asc' } });
    const label = await t.db.label.findFirstOrThrow({ where: { projectId: project.id } });
    const tasks = await t.db.task.findMany({ where: { projectId: project.id }, orderBy: { uniqueIndex: 'asc' } });
    expect(project.ticketPrefix).toBe('WR');
    expect(body).toEqual({
      board: {
        id: project.id,
        title: 'Website Redesign',
        sections: sections.map((s) => ({ id: s.id, title: s.title })),
        labels: [{ id: label.id, name: 'bug' }],
        tasks: [
          { id: tasks[0].id, ticketNumber: 'WR-1', title: 'Fix header' },
          { id: tasks[1].id, ticketNumber: 'WR-2', title: 'Ship' },
        ],
      },
    });
    // The UUID works as team_id too.
    const byUuid = await call('/api/mcp/boards', { key, method: 'POST', json: { ...manifest, team_id: team.uuid, tasks: [] } });
    expect(byUuid.status).toBe(200);
    expect(byUuid.body.board.tasks).toEqual([]);
  });

  // The manifest's limits are the domain's rules; a 400 names the field as this route does.
  const many = (n: number, f: (i: number) => unknown) => Array.from({ length: n }, (_, i) => f(i));
  const task = (o: Record<string, unknown> = {}) => ({ title: 'T', section: 'S0', ...o });
  const limitCases: [string, Record<string, unknown>, string | null][] = [
    ['every count and length at its limit', {
      title: 't'.repeat(BOARD_LIMITS.titleMax),
      description: 'd'.repeat(BOARD_LIMITS.descriptionMax),
      sections: [{ title: 'S0' }, ...many(BOARD_LIMITS.sectionsMax - 1, (i) => ({ title: `${i}`.padEnd(NAME_LIMITS.sectionTitleMax, 's') }))],
      labels: many(BOARD_LIMITS.labelsMax, (i) => ({ name: `${i}`.padEnd(NAME_LIMITS.labelNameMax, 'l') })),
      tasks: [
        task({ title: 'x'.repeat(BOARD_LIMITS.taskTitleMax), description: 'd'.repeat(BOARD_LIMITS.taskDescriptionMax), labels: many(BOARD_LIMITS.labelsMax, (i) => `${i}`.padEnd(NAME_LIMITS.labelNameMax, 'l')) }),
        ...many(BOARD_LIMITS.tasksMax - 1, () => task()),
      ],
    }, null],
    ['team_id over its length', { team_id: 'u'.repeat(65) }, 'team_id'],
    ['title over its limit', { title: 't'.repeat(BOARD_LIMITS.titleMax + 1) }, 'title'],
    ['description over its limit', { description: 'd'.repeat(BOARD_LIMITS.descriptionMax + 1) }, 'description'],
    ['sections over the count', { sections: many(BOARD_LIMITS.sectionsMax + 1, (i) => ({ title: `S${i}` })) }, 'sections'],
    ['a section title over its limit', { sections: [{ title: 'S0' }, { title: 's'.repeat(NAME_LIMITS.sectionTitleMax + 1) }] }, 'sections.1.title'],
    ['labels over the count', { labels: many(BOARD_LIMITS.labelsMax + 1, (i) => ({ name: `L${i}` })) }, 'labels'],
    ['a label name over its limit', { labels: [{ name: 'l'.repeat(NAME_LIMITS.labelNameMax + 1) }] }, 'labels.0.name'],
    ['tasks over the count', { tasks: many(BOARD_LIMITS.tasksMax + 1, () => task()) }, 'tasks'],
    ['a task title over its limit', { tasks: [task(), task({ title: 't'.repeat(BOARD_LIMITS.taskTitleMax + 1) })] }, 'tasks.1.title'],
    ['a task section over its length', { tasks: [task({ section: 's'.repeat(NAME_LIMITS.sectionTitleMax + 1) })] }, 'tasks.0.section'],
    ['a task description over its limit', { tasks: [task({ description: 'd'.repeat(BOARD_LIMITS.taskDescriptionMax + 1) })] }, 'tasks.0.description'],
    ['task labels over the count', { labels: [{ name: 'L' }], tasks: [task({ labels: many(BOARD_LIMITS.labelsMax + 1, () => 'L') })] }, 'tasks.0.labels'],
    ['a task label over its length', { tasks: [task({ labels: ['l'.repeat(NAME_LIMITS.labelNameMax + 1)] })] }, 'tasks.0.labels.0'],
    ['assignee_ids over the count', { tasks: [task({ assignee_ids: many(BOARD_LIMITS.assigneesMax + 1, (i) => i + 1) })] }, 'tasks.0.assignee_ids'],
  ];

  it.each(limitCases)('limits: %s', async (_name, change, field) => {
    const { user, key } = await makeUserWithKey(t.db);
    const team = await makeTeam(t.db, [user.id]);
    const body = { team_id: team.id, title: 'Limits', sections: [{ title: 'S0' }], ...change };
    const res = await call('/api/mcp/boards', { key, method: 'POST', json: body });
    if (field === null) {
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return;
    }
    expect(res).toEqual({ status: 400, body: errorBody('VALIDATION', field) });
    expect(await t.db.project.count({ where: { createdById: user.id } })).toBe(0);
  });
});

describe('/api/mcp/projects/{projectId}/sections', () => {
  it('GET: {sections:[{id,title}]}, hidden ones only with include_hidden', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id);
    await t.db.section.update({ where: { id: b.sections[1].id }, data: { visible: false } });
    const path = `/api/mcp/projects/${b.project.id}/sections`;
    expect((await call(path)).status).toBe(401);
    expect(await call(`${path}?include_hidden=maybe`, { key })).toEqual({ status: 400, body: errorBody('VALIDATION', 'include_hidden') });
    expect(await call('/api/mcp/projects/abc/sections', { key })).toEqual({ status: 400, body: errorBody('VALIDATION', 'project_id') });
    expect((await call('/api/mcp/projects/999999999/sections', { key })).status).toBe(404);
    expect(await call(path, { key })).toEqual({
      status: 200,
      body: { sections: [b.sections[0], b.sections[2]].map((s) => ({ id: s.id, title: s.title })) },
    });
    const all = await call(`${path}?include_hidden=true`, { key });
    expect(all.body.sections.map((s: { title: string }) => s.title)).toEqual(['Todo', 'Doing', 'Done']);
  });

  it('POST: {id,title}; appended or after after_section_id; 1-200 chars', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id);
    const path = `/api/mcp/projects/${b.project.id}/sections`;
    expect((await call(path, { method: 'POST', json: { title: 'X' } })).status).toBe(401);
    expect(await call(path, { key, method: 'POST', json: {} })).toEqual({ status: 400, body: errorBody('VALIDATION', 'title') });
    expect(await call(path, { key, method: 'POST', json: { title: 'x'.repeat(201) } })).toEqual({
      status: 400,
      body: errorBody('VALIDATION', 'title', 'too_big'),
    });
    expect(await call(path, { key, method: 'POST', json: { title: 'X', after_section_id: '3' } })).toEqual({
      status: 400,
      body: errorBody('VALIDATION', 'after_section_id'),
    });
    expect(await call(path, { key, method: 'POST', json: { title: 'X', after_section_id: 999999999 } })).toEqual({
      status: 404,
      body: errorBody('NOT_FOUND', 'after_section_id', 'not_found'),
    });
    expect(await t.db.section.count({ where: { projectId: b.project.id } })).toBe(3);

    const end = await call(path, { key, method: 'POST', json: { title: 'x'.repeat(200) } });
    expect(end.status).toBe(200);
    expect(end.body).toEqual({ id: expect.any(Number), title: 'x'.repeat(200) });
    const mid = await call(path, { key, method: 'POST', json: { title: 'Review', after_section_id: b.sections[1].id } });
    expect(mid.body).toEqual({ id: expect.any(Number), title: 'Review' });
    const list = await call(path, { key });
    expect(list.body.sections.map((s: { title: string }) => s.title)).toEqual(['Todo', 'Doing', 'Review', 'Done', 'x'.repeat(200)]);
  });

  it("another user's project → 404 and nothing changes", async () => {
    const owner = await makeUserWithKey(t.db);
    const eve = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, owner.user.id);
    const path = `/api/mcp/projects/${b.project.id}/sections`;
    expect(await call(path, { key: eve.key })).toEqual({ status: 404, body: errorBody('NOT_FOUND', 'project_id', 'not_found') });
    expect((await call(path, { key: eve.key, method: 'POST', json: { title: 'Evil' } })).status).toBe(404);
    expect((await call(`/api/mcp/projects/${b.project.id}/members`, { key: eve.key })).status).toBe(404);
    expect(await t.db.section.count({ where: { projectId: b.project.id } })).toBe(3);
  });
});

describe('GET /api/mcp/projects/{projectId}/members', () => {
  it('{members:[{id,email,displayName,photoURL}]}', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const mate = await makeUserWithKey(t.db);
    await t.db.user.update({ where: { id: mate.user.id }, data: { photoUrl: 'https://img.test/a.png' } });
    const b = await makeBoard(t.db, user.id, {}, [mate.user.id]);
    const path = `/api/mcp/projects/${b.project.id}/members`;
    expect((await call(path)).status).toBe(401);
    expect((await call('/api/mcp/projects/0/members', { key })).status).toBe(400);
    const { status, body } = await call(path, { key });
    expect(status).toBe(200);
    expect(body.members).toHaveLength(2);
    expect(body).toEqual({
      members: expect.arrayContaining([
        { id: user.id, email: user.email, displayName: user.displayName, photoURL: null },
        { id: mate.user.id, email: mate.user.email, displayName: mate.user.displayName, photoURL: 'https://img.test/a.png' },
      ]),
    });
  });
});
