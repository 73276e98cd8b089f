import { describe, expect, it } from 'vitest';
import { NAME_LIMITS } from '../../src/domain/fields.ts';
import { useTestServer } from '../support/app.ts';
import { errorBody } from '../support/errors.ts';
import { joinTeamOnly, makeBoard, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();


async function call(path: string, init: Parameters<typeof t.fetch>[1] = {}) {
  const res = await t.fetch(path, init);
  return { status: res.status, body: await res.json() };
}

describe('GET /api/v1/projects', () => {
  it('401; then spec 4.2 shape with defaults', async () => {
    expect(await call('/api/v1/projects')).toEqual({ status: 401, body: errorBody('UNAUTHENTICATED', 'authorization') });
    const { user, key } = await makeUserWithKey(t.db);
    const mate = await makeUserWithKey(t.db);
    const b = await makeBoard(
      t.db,
      user.id,
      {
        title: 'Roadmap',
        description: 'Plans for 2027',
        labels: [{ name: 'bug' }],
        tasks: [
          { title: 'a', sectionIndex: 0 },
          { title: 'b', sectionIndex: 1 },
        ],
      },
      [mate.user.id],
    );
    await t.db.task.update({ where: { id: b.tasks[1].id }, data: { status: 'Deleted' } });
    const { status, body } = await call('/api/v1/projects', { key });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      projects: [
        {
          id: b.project.id,
          title: 'Roadmap',
          status: 'Normal',
          createdAt: expect.any(String),
          description: 'Plans for 2027',
          memberCount: 2,
          taskCount: 1,
          sections: b.sections.map((s) => ({ id: s.id, section_title: s.title })),
          labels: [{ id: String(b.labels[0].id), name: 'bug' }],
        },
      ],
      total: 1,
      limit: 50,
      offset: 0,
    });
    expect((await call('/api/v1/projects?search=2027', { key })).body.total).toBe(1);
    expect((await call('/api/v1/projects?search=roadm', { key })).body.total).toBe(1);
    expect((await call('/api/v1/projects?search=100%25', { key })).body.total).toBe(0);
    expect((await call('/api/v1/projects?status=Deleted', { key })).body.total).toBe(0);
  });

  it('limit is capped at 100: larger values are clamped', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    await makeBoard(t.db, user.id);
    for (const [limit, applied] of [
      [99, 99],
      [100, 100],
      [101, 100],
      [100000, 100],
    ]) {
      const { status, body } = await call(`/api/v1/projects?limit=${limit}`, { key });
      expect(status).toBe(200);
      expect(body.limit).toBe(applied);
    }
    expect(await call('/api/v1/projects?limit=0', { key })).toEqual({ status: 400, body: errorBody('VALIDATION', 'limit') });
    expect(await call('/api/v1/projects?limit=ten', { key })).toEqual({ status: 400, body: errorBody('VALIDATION', 'limit') });
  });

  it('paging and sorting', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const boards = [];
    for (const title of ['c', 'A', 'b']) boards.push(await makeBoard(t.db, user.id, { title }));
    const titles = async (qs: string) => (await call(`/api/v1/projects?${qs}`, { key })).body.projects.map((p: { title: string }) => p.title);
    expect(await titles('')).toEqual(['A', 'b', 'c']);
    expect(await titles('sort_order=desc')).toEqual(['c', 'b', 'A']);
    expect(await titles('sort_by=createdAt')).toEqual(['c', 'A', 'b']);
    expect(await titles('limit=2&offset=1')).toEqual(['b', 'c']);
    const page = await call('/api/v1/projects?limit=2&offset=2', { key });
    expect([page.body.total, page.body.limit, page.body.offset, page.body.projects.length]).toEqual([3, 2, 2, 1]);
  });
});

describe('GET and PATCH /api/v1/projects/{projectId}', () => {
  it('reads one project; changes its status; 404 for others', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const eve = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id, { title: 'One' });
    const path = `/api/v1/projects/${b.project.id}`;
    expect((await call(path)).status).toBe(401);
    expect(await call('/api/v1/projects/x', { key })).toEqual({ status: 400, body: errorBody('VALIDATION', 'project_id') });
    expect(await call(path, { key: eve.key })).toEqual({ status: 404, body: errorBody('NOT_FOUND', 'project_id', 'not_found') });
    const got = await call(path, { key });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ success: true, project: { id: b.project.id, title: 'One', status: 'Normal' } });

    expect(await call(path, { key, method: 'PATCH', json: { status: 'Gone' } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'status') });
    expect((await call(path, { key: eve.key, method: 'PATCH', json: { status: 'Deleted' } })).status).toBe(404);
    expect((await t.db.project.findUniqueOrThrow({ where: { id: b.project.id } })).status).toBe('Normal');
    const archived = await call(path, { key, method: 'PATCH', json: { status: 'Archive' } });
    expect(archived).toEqual({
      status: 200,
      body: { success: true, project: expect.objectContaining({ id: b.project.id, status: 'Archive' }), message: expect.any(String) },
    });
    expect((await call('/api/v1/projects', { key })).body.total).toBe(0);
    expect((await call('/api/v1/projects?status=Archive', { key })).body.total).toBe(1);
  });
});

describe('/api/v1/projects/{projectId}/sections', () => {
  it('GET: items {id, section_title, projectId, visibility, deleted, ranking, taskCount} and projectId', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id, { tasks: [{ title: 't', sectionIndex: 1 }] });
    await t.db.section.update({ where: { id: b.sections[2].id }, data: { visible: false } });
    const path = `/api/v1/projects/${b.project.id}/sections`;
    expect((await call(path)).status).toBe(401);
    expect((await call(`${path}?include_hidden=yes`, { key })).status).toBe(400);
    const { status, body } = await call(path, { key });
    expect(status).toBe(200);
    const rows = await t.db.section.findMany({ where: { projectId: b.project.id }, orderBy: { id: 'asc' } });
    expect(body).toEqual({
      success: true,
      sections: rows.slice(0, 2).map((s, i) => ({
        id: s.id,
        section_title: s.title,
        projectId: b.project.id,
        visibility: true,
        deleted: false,
        ranking: s.ranking,
        taskCount: i === 1 ? 1 : 0,
      })),
      projectId: b.project.id,
    });
    const all = await call(`${path}?include_hidden=true`, { key });
    expect(all.body.sections.map((s: { visibility: boolean }) => s.visibility)).toEqual([true, true, false]);
  });

  it('POST, PATCH, DELETE with their shapes, rules and errors', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id, { tasks: [{ title: 'moving', sectionIndex: 0 }] });
    const path = `/api/v1/projects/${b.project.id}/sections`;
    const [todo, doing] = b.sections;

    expect((await call(path, { method: 'POST', json: { title: 'x' } })).status).toBe(401);
    expect(await call(path, { key, method: 'POST', json: { title: '' } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'title', 'too_small') });
    expect(await call(path, { key, method: 'POST', json: { title: 'x'.repeat(201) } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'title', 'too_big') });
    expect((await call(path, { key, method: 'POST', json: { title: 'x', after_section_id: -3 } })).status).toBe(400);
    const created = await call(path, { key, method: 'POST', json: { title: 'Review', after_section_id: doing.id } });
    expect(created).toEqual({
      status: 201,
      body: {
        success: true,
        section: { id: expect.any(Number), section_title: 'Review', projectId: b.project.id, taskCount: 0 },
        message: expect.any(String),
      },
    });
    const reviewId = created.body.section.id;

    const patchPath = `${path}/${reviewId}`;
    expect((await call(patchPath, { method: 'PATCH', json: { title: 'x' } })).status).toBe(401);
    expect(await call(patchPath, { key, method: 'PATCH', json: {} })).toEqual({
      status: 400,
      body: errorBody('VALIDATION', 'title', 'at_least_one_required'),
    });
    expect(await call(patchPath, { key, method: 'PATCH', json: { move_after_section_id: 'first' } })).toEqual({
      status: 400,
      body: errorBody('VALIDATION', 'move_after_section_id'),
    });
    expect(await call(patchPath, { key, method: 'PATCH', json: { move_after_section_id: 999999999 } })).toEqual({
      status: 404,
      body: errorBody('NOT_FOUND', 'move_after_section_id', 'not_found'),
    });
    expect((await call(`${path}/999999999`, { key, method: 'PATCH', json: { title: 'x' } })).status).toBe(404);
    const renamed = await call(patchPath, { key, method: 'PATCH', json: { title: 'In review', move_after_section_id: null } });
    expect(renamed).toEqual({
      status: 200,
      body: {
        success: true,
        section: { id: reviewId, section_title: 'In review', projectId: b.project.id, taskCount: 0 },
        message: expect.any(String),
      },
    });
    const order = async () => (await call(path, { key })).body.sections.map((s: { section_title: string }) => s.section_title);
    expect(await order()).toEqual(['In review', 'Todo', 'Doing', 'Done']);
    await call(patchPath, { key, method: 'PATCH', json: { move_after_section_id: todo.id } });
    expect(await order()).toEqual(['Todo', 'In review', 'Doing', 'Done']);

    // Delete Todo: its task moves to the first remaining section (In review).
    expect((await call(`${path}/${todo.id}`, { method: 'DELETE' })).status).toBe(401);
    const del = await call(`${path}/${todo.id}`, { key, method: 'DELETE' });
    expect(del).toEqual({ status: 200, body: { success: true, message: expect.stringContaining('In review') } });
    expect((await t.db.task.findUniqueOrThrow({ where: { id: b.tasks[0].id } })).sectionId).toBe(reviewId);
    expect(await order()).toEqual(['In review', 'Doing', 'Done']);
    expect((await call(`${path}/${todo.id}`, { key, method: 'DELETE' })).status).toBe(404);
  });

  it('deleting the last section is refused with 409', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id, { sections: [{ title: 'Only' }] });
    const res = await call(`/api/v1/projects/${b.project.id}/sections/${b.sections[0].id}`, { key, method: 'DELETE' });
    expect(res).toEqual({ status: 409, body: errorBody('CONFLICT', 'section_id', 'last_section') });
    expect((await t.db.section.findUniqueOrThrow({ where: { id: b.sections[0].id } })).deletedAt).toBeNull();
  });

  it("another user's project: 404 on every section route, nothing changed", async () => {
    const owner = await makeUserWithKey(t.db);
    const eve = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, owner.user.id);
    const path = `/api/v1/projects/${b.project.id}/sections`;
    const sid = b.sections[0].id;
    expect((await call(path, { key: eve.key })).status).toBe(404);
    expect((await call(path, { key: eve.key, method: 'POST', json: { title: 'x' } })).status).toBe(404);
    expect((await call(`${path}/${sid}`, { key: eve.key, method: 'PATCH', json: { title: 'x' } })).status).toBe(404);
    expect((await call(`${path}/${sid}`, { key: eve.key, method: 'DELETE' })).status).toBe(404);
    // Eve's own board with Eve's project id in the path and the owner's section id: still 404.
    const evesBoard = await makeBoard(t.db, eve.user.id);
    expect((await call(`/api/v1/projects/${evesBoard.project.id}/sections/${sid}`, { key: eve.key, method: 'DELETE' })).status).toBe(404);
    const rows = await t.db.section.findMany({ where: { projectId: b.project.id } });
    expect(rows.map((s) => [s.title, s.deletedAt])).toEqual(b.sections.map((s) => [s.title, null]));
  });

  it('title: at the limit accepted, one over 400 too_big naming `title` (the domain\'s rule, POST and PATCH); nothing changed', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id);
    const path = `/api/v1/projects/${b.project.id}/sections`;
    const sid = b.sections[0].id;
    const max = NAME_LIMITS.sectionTitleMax;
    const over = 's'.repeat(max + 1);
    expect(await call(path, { key, method: 'POST', json: { title: over } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'title', 'too_big') });
    expect(await call(`${path}/${sid}`, { key, method: 'PATCH', json: { title: over } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'title', 'too_big') });
    expect(await call(`${path}/${sid}`, { key, method: 'PATCH', json: { title: ' ' } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'title', 'too_small') });
    const rows = await t.db.section.findMany({ where: { projectId: b.project.id }, orderBy: { id: 'asc' } });
    expect(rows.map((s) => s.title)).toEqual(b.sections.map((s) => s.title));
    expect((await call(path, { key, method: 'POST', json: { title: 's'.repeat(max) } })).status).toBe(201);
    expect((await call(`${path}/${sid}`, { key, method: 'PATCH', json: { title: 'r'.repeat(max) } })).status).toBe(200);
  });
});

describe('POST /api/v1/projects/{projectId}/labels', () => {
  it('creates {id (string), name}; 1-100 chars; duplicate → 409 on name', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const eve = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id);
    const path = `/api/v1/projects/${b.project.id}/labels`;
    expect((await call(path, { method: 'POST', json: { name: 'x' } })).status).toBe(401);
    expect(await call(path, { key, method: 'POST', json: {} })).toEqual({ status: 400, body: errorBody('VALIDATION', 'name') });
    expect(await call(path, { key, method: 'POST', json: { name: 'l'.repeat(101) } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'name', 'too_big') });
    for (const color of ['red', '#f00', '#0075c', '#0075caa']) {
      expect(await call(path, { key, method: 'POST', json: { name: 'x', color } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'color') });
    }
    expect((await call(path, { key: eve.key, method: 'POST', json: { name: 'x' } })).status).toBe(404);
    expect(await t.db.label.count({ where: { projectId: b.project.id } })).toBe(0);
    const ok = await call(path, { key, method: 'POST', json: { name: 'l'.repeat(100) } });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ success: true, label: { id: expect.stringMatching(/^\d+$/), name: 'l'.repeat(100) }, message: expect.any(String) });
    expect((await call(path, { key, method: 'POST', json: { name: 'Bug', color: '#D73A4A' } })).status).toBe(201);
    expect((await t.db.label.findFirstOrThrow({ where: { projectId: b.project.id, name: 'Bug' } })).color).toBe('#d73a4a');
    expect(await call(path, { key, method: 'POST', json: { name: 'bug' } })).toEqual({ status: 409, body: errorBody('CONFLICT', 'name', 'duplicate') });
    const list = await call(path, { key });
    expect(list.body).toEqual({ success: true, labels: [expect.objectContaining({ name: 'Bug' }), expect.objectContaining({ name: 'l'.repeat(100) })], projectId: b.project.id });
  });

  it('name and color through PATCH: name at the limit accepted, one over or blank 400 naming `name`, a color over its length 400 naming `color` (the domain\'s rules)', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id, { labels: [{ name: 'bug' }] });
    const path = `/api/v1/projects/${b.project.id}/labels/${b.labels[0].id}`;
    const max = NAME_LIMITS.labelNameMax;
    expect(await call(path, { key, method: 'PATCH', json: { name: 'n'.repeat(max + 1) } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'name', 'too_big') });
    expect(await call(path, { key, method: 'PATCH', json: { name: '  ' } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'name', 'too_small') });
    expect(await call(path, { key, method: 'PATCH', json: { color: '#'.padEnd(NAME_LIMITS.labelColorMax + 1, 'a') } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'color', 'too_big') });
    expect((await t.db.label.findUniqueOrThrow({ where: { id: b.labels[0].id } })).name).toBe('bug');
    expect((await call(path, { key, method: 'PATCH', json: { name: 'n'.repeat(max) } })).status).toBe(200);
  });
});

describe('/api/v1/projects/{projectId}/members', () => {
  it('GET {success, members:[{id,email,displayName}], projectId}; POST and DELETE by email or id', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const ada = await makeUserWithKey(t.db, 'Ada');
    const bob = await makeUserWithKey(t.db, 'Bob');
    const b = await makeBoard(t.db, user.id);
    await joinTeamOnly(t.db, b.team.id, [ada.user.id, bob.user.id]);
    const path = `/api/v1/projects/${b.project.id}/members`;
    expect((await call(path)).status).toBe(401);
    expect(await call(path, { key })).toEqual({
      status: 200,
      body: { success: true, members: [{ id: user.id, email: user.email, displayName: user.displayName }], projectId: b.project.id },
    });

    expect((await call(path, { method: 'POST', json: { userToAdd: ada.user.email } })).status).toBe(401);
    expect(await call(path, { key, method: 'POST', json: { userToAdd: ada.user.email } })).toEqual({
      status: 200,
      body: { success: true, projectId: b.project.id },
    });
    expect(await call(path, { key, method: 'POST', json: { userToAdd: bob.user.id } })).toEqual({
      status: 200,
      body: { success: true, projectId: b.project.id },
    });
    // Repeating is harmless.
    expect((await call(path, { key, method: 'POST', json: { userToAdd: bob.user.id } })).status).toBe(200);
    const listed = await call(path, { key: ada.key });
    expect(listed.body.members.map((m: { id: number }) => m.id)).toEqual([user.id, ada.user.id, bob.user.id]);

    expect(await call(path, { key, method: 'DELETE', json: { userToRemove: ada.user.email } })).toEqual({
      status: 200,
      body: { success: true, projectId: b.project.id, message: expect.any(String) },
    });
    expect((await call(path, { key, method: 'DELETE', json: { userToRemove: bob.user.id } })).status).toBe(200);
    expect(await call(path, { key, method: 'DELETE', json: { userToRemove: bob.user.id } })).toEqual({
      status: 404,
      body: errorBody('NOT_FOUND', 'userToRemove', 'not_found'),
    });
    expect(await call(path, { key, method: 'DELETE', json: { userToRemove: user.id } })).toEqual({
      status: 409,
      body: errorBody('CONFLICT', 'userToRemove', 'last_member'),
    });
    expect((await call(path, { key: ada.key })).status).toBe(404);
  });

  it.each([
    [0, 'invalid_type'],
    [-1, 'invalid_type'],
    [1.5, 'invalid_type'],
    ['abc', 'invalid_email'],
    ['', 'invalid_type'],
  ])('userToAdd / userToRemove %j → 400 %s, nothing changed', async (value, code) => {
    const { user, key } = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id);
    const path = `/api/v1/projects/${b.project.id}/members`;
    expect(await call(path, { key, method: 'POST', json: { userToAdd: value } })).toEqual({
      status: 400,
      body: errorBody('VALIDATION', 'userToAdd', code),
    });
    expect(await call(path, { key, method: 'DELETE', json: { userToRemove: value } })).toEqual({
      status: 400,
      body: errorBody('VALIDATION', 'userToRemove', code),
    });
    expect(await t.db.projectMember.count({ where: { projectId: b.project.id } })).toBe(1);
  });

  it('missing or mistyped user, unknown user, another user project', async () => {
    const { user, key } = await makeUserWithKey(t.db);
    const eve = await makeUserWithKey(t.db);
    const b = await makeBoard(t.db, user.id);
    const path = `/api/v1/projects/${b.project.id}/members`;
    expect(await call(path, { key, method: 'POST', json: {} })).toEqual({ status: 400, body: errorBody('VALIDATION', 'userToAdd') });
    expect(await call(path, { key, method: 'POST', json: { userToAdd: [1] } })).toEqual({ status: 400, body: errorBody('VALIDATION', 'userToAdd') });
    expect(await call(path, { key, method: 'POST', json: { userToAdd: 'ghost@nowhere.test' } })).toEqual({
      status: 404,
      body: errorBody('NOT_FOUND', 'userToAdd', 'not_found'),
    });
    expect((await call(path, { key: eve.key, method: 'POST', json: { userToAdd: eve.user.id } })).status).toBe(404);
    expect((await call(path, { key: eve.key, method: 'DELETE', json: { userToRemove: user.id } })).status).toBe(404);
    // Only the field path a message starts with is renamed: the GraphQL argument is `user`,
    // and the email the caller sent, which contains "user", comes back as sent.
    const unknown = await call(path, { key, method: 'POST', json: { userToAdd: 'user.user@nowhere.test' } });
    expect(unknown.body.message).toBe('User user.user@nowhere.test not found');
    const invalid = await call(path, { key, method: 'POST', json: { userToAdd: 'user-without-at' } });
    expect(invalid.body).toEqual(errorBody('VALIDATION', 'userToAdd', 'invalid_email'));
    expect(invalid.body.message).toBe('userToAdd must be an email address or a positive integer user id.');
    expect((await call(path, { key: eve.key })).status).toBe(404);
    expect((await t.db.projectMember.findMany({ where: { projectId: b.project.id } })).map((m) => m.userId)).toEqual([user.id]);
  });
});
