// Spec 5.4: POST /api/v1/comments with a `mentions` array needs a verified
// signed session; `mentionedBy` is ignored; the task, the caller and every
// mentioned user must share the board; forged or cross-board → 401 and
// nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/app.ts';
import { makeProject, makeTeam, makeUserWithKey } from '../support/factories.ts';
import { isolatedDatabaseEnv, snapshotDb } from '../support/db-snapshot.ts';
import { cookieHeader, expect401, startSession, OWN_BUCKETS } from './session-helpers.ts';

let t: Awaited<ReturnType<typeof createTestServer>>;
let dropDb: () => Promise<void> = async () => undefined;
let w: {
  author: Awaited<ReturnType<typeof makeUserWithKey>>;
  mate: Awaited<ReturnType<typeof makeUserWithKey>>;
  outsider: Awaited<ReturnType<typeof makeUserWithKey>>;
  cookie: string;
  taskId: number;
  outsiderTaskId: number;
};

beforeAll(async () => {
  const isolated = await isolatedDatabaseEnv();
  dropDb = isolated.drop;
  t = await createTestServer({ env: { ...isolated.env, ...OWN_BUCKETS } });
  const author = await makeUserWithKey(t.db, 'Author');
  const mate = await makeUserWithKey(t.db, 'Mate');
  const outsider = await makeUserWithKey(t.db, 'Outsider');
  const team = await makeTeam(t.db, [author.user.id, mate.user.id, outsider.user.id]);
  // The outsider shares the team but not the board.
  const board = await makeProject(t.db, { memberIds: [author.user.id, mate.user.id], teamId: team.id });
  const other = await makeProject(t.db, { memberIds: [outsider.user.id], teamId: team.id });
  const task = await t.fetch('/api/v1/tasks', {
    method: 'POST',
    key: author.key,
    json: { project_id: board.id, title: 'Mention me' },
  });
  const outsiderTask = await t.fetch('/api/v1/tasks', {
    method: 'POST',
    key: outsider.key,
    json: { project_id: other.id, title: 'Theirs' },
  });
  const session = await startSession(t, author.key);
  w = {
    author,
    mate,
    outsider,
    cookie: session.cookie,
    taskId: (await task.json()).task.id,
    outsiderTaskId: (await outsiderTask.json()).task.id,
  };
});
afterAll(async () => {
  await t?.close();
  await dropDb();
});

const post = (json: unknown, init: { key?: string; cookie?: string } = {}) =>
  t.fetch('/api/v1/comments', {
    method: 'POST',
    key: init.key,
    headers: init.cookie ? { cookie: init.cookie, origin: t.url } : {},
    json,
  });

describe('mentions via POST /api/v1/comments (spec 5.4)', () => {
  it('with a key only → 401 session_required, nothing written', async () => {
    const before = await snapshotDb(t);
    const body = { task_id: w.taskId, text: 'hi', mentions: [{ user_id: w.mate.user.id, display_name: 'Mate' }] };
    await expect401(await post(body, { key: w.author.key }), { field: 'svc_session', code: 'session_required' });
    // A key plus (even valid) session cookies is still a key request: cookies are ignored.
    await expect401(await post(body, { key: w.author.key, cookie: w.cookie }), { code: 'session_required' });
    // Forged identity without a session.
    await expect401(await post(body, { cookie: cookieHeader({ identity: w.author.user.id }) }), {
      code: 'unsigned_identity',
    });
    expect(await snapshotDb(t)).toEqual(before);
  });

  it('without mentions a key is enough (empty array included)', async () => {
    for (const json of [
      { task_id: w.taskId, text: 'plain' },
      { task_id: w.taskId, text: 'plain', mentions: [] },
    ]) {
      const res = await post(json, { key: w.author.key });
      expect(res.status).toBe(201);
    }
  });

  it('with a session: the mention is stored, notified, and mentionedBy is ignored', async () => {
    const res = await post(
      {
        task_id: w.taskId,
        text: 'ping',
        mentions: [{ user_id: w.mate.user.id, display_name: 'Mate' }],
        mentionedBy: w.outsider.user.id,
        mentioned_by: w.outsider.user.id,
      },
      { cookie: w.cookie },
    );
    expect(res.status).toBe(201);
    const { comment } = await res.json();
    expect(comment.author.id).toBe(w.author.user.id);
    const row = await t.db.comment.findUniqueOrThrow({ where: { id: comment.id }, include: { mentions: true } });
    expect(row.authorId).toBe(w.author.user.id);
    expect(row.mentions.map((m) => m.userId)).toEqual([w.mate.user.id]);
    const notes = await t.db.notification.findMany({ where: { userId: w.mate.user.id, taskId: w.taskId } });
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((n) => n.actorId === w.author.user.id)).toBe(true);
    expect(await t.db.notification.count({ where: { actorId: w.outsider.user.id } })).toBe(0);
  });

  it('cross-board mention (recipient not on the board) → 401, nothing written', async () => {
    const before = await snapshotDb(t);
    const res = await post(
      {
        task_id: w.taskId,
        text: 'x',
        mentions: [
          { user_id: w.mate.user.id, display_name: 'Mate' },
          { user_id: w.outsider.user.id, display_name: 'O' },
        ],
      },
      { cookie: w.cookie },
    );
    await expect401(res, { code: 'cross_board_mention' });
    expect(await snapshotDb(t)).toEqual(before);
  });

  it('a mention of a user that does not exist → 401, nothing written', async () => {
    const before = await snapshotDb(t);
    const res = await post(
      { task_id: w.taskId, text: 'x', mentions: [{ user_id: 99999999, display_name: 'Ghost' }] },
      { cookie: w.cookie },
    );
    await expect401(res);
    expect(await snapshotDb(t)).toEqual(before);
  });

  it('on a task of a board the caller is not on → 404 (tenancy first), nothing written', async () => {
    const before = await snapshotDb(t);
    const res = await post(
      { task_id: w.outsiderTaskId, text: 'x', mentions: [{ user_id: w.outsider.user.id, display_name: 'O' }] },
      { cookie: w.cookie },
    );
    expect(res.status).toBe(404);
    expect(await snapshotDb(t)).toEqual(before);
  });

  it('a session of another user with the author’s nookies_user → 401 session_mismatch', async () => {
    const mateSession = await startSession(t, w.mate.key);
    const cookie = cookieHeader({ identity: w.author.user.id, session: mateSession.token });
    await expect401(
      await post(
        { task_id: w.taskId, text: 'x', mentions: [{ user_id: w.mate.user.id, display_name: 'M' }] },
        { cookie },
      ),
      {
        code: 'session_mismatch',
      },
    );
  });

  it('the tool route /api/mcp/comments keeps accepting mentions with a key (the CLI has no browser session)', async () => {
    const res = await t.fetch('/api/mcp/comments', {
      method: 'POST',
      key: w.author.key,
      json: { task_id: w.taskId, text: 'tool', mentions: [{ user_id: w.mate.user.id, display_name: 'Mate' }] },
    });
    expect(res.status).toBe(200);
  });
});
