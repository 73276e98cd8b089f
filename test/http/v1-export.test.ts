import { once } from 'node:events';
import { type IncomingMessage, get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { toggleAssignee } from '../../src/domain/assignee.ts';
import { addComment } from '../../src/domain/comment.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { teamExportDocument } from '../../src/domain/export/team-format.ts';
import { useTestServer } from '../support/app.ts';
import { errorBody } from '../support/errors.ts';
import { joinTeamOnly, makeBoard, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();

/** An owner's team with one board (labels, a task with a description, a comment, an assignee) and a plain member. */
async function world() {
  const owner = await makeUserWithKey(t.db, 'Owner');
  const member = await makeUserWithKey(t.db, 'Member');
  const board = await makeBoard(t.db, owner.user.id, { labels: [{ name: 'bug' }, { name: 'ui' }] });
  await joinTeamOnly(t.db, board.team.id, [member.user.id]);
  await t.db.projectMember.create({ data: { projectId: board.project.id, userId: member.user.id } });
  const labels = await t.db.label.findMany({ where: { projectId: board.project.id }, orderBy: { name: 'asc' } });
  const task = await createTask(t.db, owner.user.id, {
    projectId: board.project.id,
    title: 'Fix the login',
    description: '<p>It <strong>fails</strong></p>',
    labelIds: labels.map((l) => l.id),
    dueDate: '2026-12-24',
  });
  const formula = await createTask(t.db, owner.user.id, { projectId: board.project.id, title: '=HYPERLINK("x")', parentId: task.id });
  await addComment(t.db, member.user.id, { taskId: task.id }, { text: 'I can reproduce it' });
  await toggleAssignee(t.db, owner.user.id, { taskId: task.id }, { userId: member.user.id });
  return { owner, member, board, task, formula };
}

async function call(path: string, key?: string) {
  const res = await t.fetch(path, { key });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, text, type, body: type.startsWith('application/json') ? JSON.parse(text) : null, headers: res.headers };
}

describe('GET /api/v1/teams/{teamId}/export', () => {
  it('401 → 400 → 404 → 403 for a plain member → 200 with the whole team', async () => {
    const { owner, member, board, task } = await world();
    const path = `/api/v1/teams/${board.team.uuid}/export`;
    expect((await call(path)).status).toBe(401);
    expect(await call(`${path}?history=maybe`, owner.key)).toMatchObject({ status: 400, body: errorBody('VALIDATION', 'history', 'invalid') });
    const stranger = await makeUserWithKey(t.db);
    expect(await call(path, stranger.key)).toMatchObject({ status: 404, body: errorBody('NOT_FOUND', 'teamId', 'not_found') });
    expect(await call('/api/v1/teams/99999999999/export', owner.key)).toMatchObject({ status: 404 });
    expect(await call(path, member.key)).toMatchObject({ status: 403, body: errorBody('FORBIDDEN', 'teamId', 'not_team_owner') });

    const ok = await call(path, owner.key);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toBe(`attachment; filename="team-${board.team.uuid}.json"`);
    const doc = teamExportDocument.parse(ok.body);
    expect(doc).toMatchObject({ format: 'tasksvc-team-export', version: 1, team: { id: board.team.uuid, title: board.team.title } });
    expect(doc.people.map((p) => [p.email, p.teamRole]).sort()).toEqual(
      [
        [owner.user.email, 'owner'],
        [member.user.email, 'member'],
      ].sort(),
    );
    expect(doc.boards).toHaveLength(1);
    expect(doc.boards[0]).toMatchObject({
      id: board.project.id,
      labels: [
        { name: 'bug', color: null },
        { name: 'ui', color: null },
      ],
      members: expect.arrayContaining([{ email: member.user.email, role: 'member' }]),
    });
    expect(doc.boards[0].sections.map((s) => s.title)).toEqual(expect.arrayContaining(['Todo', 'Doing', 'Done']));
    const exported = doc.tasks.find((x) => x.id === task.id)!;
    expect(exported).toMatchObject({
      board: board.project.id,
      title: 'Fix the login',
      description: '<p>It <strong>fails</strong></p>',
      labels: ['bug', 'ui'],
      assignees: [{ email: member.user.email }],
      dueDate: '2026-12-24T00:00:00.000Z',
      createdBy: owner.user.email,
    });
    expect(doc.boards[0].sections.map((s) => s.id)).toContain(exported.section);
    expect(doc.tasks.find((x) => x.id !== task.id)).toMatchObject({ parent: task.id });
    expect(doc.comments).toEqual([expect.objectContaining({ task: task.id, author: member.user.email, text: expect.stringContaining('I can reproduce it') })]);
    const types = doc.history!.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['task.created', 'comment.created']));
    expect(types).not.toContain('notification.created');
    expect(doc.history!.find((e) => e.type === 'task.created' && e.task === task.id)).toMatchObject({ actor: owner.user.email, board: board.project.id });

    const noHistory = await call(`${path}?history=false`, owner.key);
    expect(noHistory.status).toBe(200);
    expect(noHistory.body).not.toHaveProperty('history');
    expect(noHistory.body.tasks).toHaveLength(2);
  });

  it('one export per user at a time: a second is 429 while the first is being read', async () => {
    const { owner, board } = await world();
    // A body (about 24 MB) past what the kernel's socket buffers hold, so the export waits for its reader.
    const section = await t.db.section.findFirstOrThrow({ where: { projectId: board.project.id } });
    await t.db.task.createMany({
      data: Array.from({ length: 3000 }, (_, i) => ({
        projectId: board.project.id,
        sectionId: section.id,
        uniqueIndex: 100 + i,
        title: `Bulk task ${i}`,
        description: `<p>${'x'.repeat(8000)}</p>`,
      })),
    });
    const path = `/api/v1/teams/${board.team.uuid}/export`;
    // A paused node:http reader: the test fetch reads (and checks) every body, which would end the first export at once.
    const first = await new Promise<IncomingMessage>((resolve) => {
      const req = get(t.url + path, { headers: { authorization: `Bearer ${owner.key}` } }, (res) => {
        res.pause();
        resolve(res);
      });
      req.end();
    });
    expect(first.statusCode).toBe(200);
    const second = await t.fetch(path, { key: owner.key });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('10');
    expect(await second.json()).toEqual(errorBody('RATE_LIMITED', null, 'export_in_progress'));
    const chunks: Buffer[] = [];
    first.on('data', (c: Buffer) => chunks.push(c));
    first.resume();
    await once(first, 'end');
    const whole = teamExportDocument.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    expect(whole.tasks).toHaveLength(3002);
    expect((await call(path, owner.key)).status).toBe(200);
  });
});

describe('GET /api/v1/projects/{projectId}/export.csv', () => {
  it('401 → 400 → 404 → 200 with one row per task, formulas defused', async () => {
    const { member, board, task } = await world();
    const path = `/api/v1/projects/${board.project.id}/export.csv`;
    expect((await call(path)).status).toBe(401);
    expect(await call('/api/v1/projects/99999999999/export.csv', member.key)).toMatchObject({ status: 400, body: errorBody('VALIDATION', 'project_id', 'invalid') });
    const stranger = await makeUserWithKey(t.db);
    expect(await call(path, stranger.key)).toMatchObject({ status: 404, body: errorBody('NOT_FOUND', 'projectId', 'not_found') });

    const ok = await call(path, member.key);
    expect(ok.status).toBe(200);
    expect(ok.type).toBe('text/csv; charset=utf-8');
    const lines = ok.text.split('\r\n');
    expect(lines[0]).toBe('ticket,title,section,status,priority,labels,assignees,due_date,estimate_minutes,parent,created_by,created_at,updated_at,description');
    const prefix = board.project.ticketPrefix;
    expect(lines[1]).toMatch(new RegExp(`^${prefix}-${task.uniqueIndex},Fix the login,Backlog,Normal,,"bug, ui",${member.user.email.replace('.', '\\.')},2026-12-24T00:00:00.000Z,`));
    expect(lines[1].endsWith(',<p>It <strong>fails</strong></p>')).toBe(true);
    // A title a spreadsheet would run as a formula starts with ' (and its quotes are doubled).
    expect(lines[2]).toMatch(new RegExp(`^${prefix}-${task.uniqueIndex + 1},"'=HYPERLINK\\(""x""\\)",Backlog,Normal,,,,,,${prefix}-${task.uniqueIndex},`));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
  });
});
