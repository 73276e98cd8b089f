import { describe, expect, it } from 'vitest';
import { MAX_COMMENT_IMAGES, MAX_COMMENT_LENGTH } from '../../src/domain/comment.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { startSession } from '../security/session-helpers.ts';

const t = useTestServer();

async function setup() {
  const author = await makeUserWithKey(t.db, 'Author');
  const peer = await makeUserWithKey(t.db, 'Peer');
  const outsider = await makeUserWithKey(t.db, 'Outsider');
  const project = await makeProject(t.db, { memberIds: [author.user.id, peer.user.id], prefix: 'RCM' });
  const elsewhere = await makeProject(t.db, { memberIds: [author.user.id, outsider.user.id], prefix: 'ELS' });
  const task = await createTask(t.db, author.user.id, { projectId: project.id, title: 'Talk' });
  return { author, peer, outsider, project, elsewhere, task };
}

/**
 * POST with the API key, or with the signed session cookie instead (spec 5.4:
 * mentions need a session; a key authenticates before cookies, so not both).
 */
const post = (key: string | undefined, json: unknown, cookie?: string) =>
  t.fetch('/api/v1/comments', { method: 'POST', key: cookie ? undefined : key, json, headers: cookie ? { cookie, origin: t.url } : {} });
const get = (key: string | undefined, qs: string) => t.fetch(`/api/v1/comments?${qs}`, { key });
// Scoped to this test's task: other test files may write to the same database meanwhile.
const written = async (taskId: number) => ({
  comments: await t.db.comment.count({ where: { taskId } }),
  notifications: await t.db.notification.count({ where: { taskId } }),
});


describe('POST /api/v1/comments', () => {
  it('401 → 400 → 404 → 201 with the comment; mentions notify; mentionedBy is ignored', async () => {
    const { author, peer, outsider, task } = await setup();
    const { cookie } = await startSession(t, author.key);
    const before = await written(task.id);
    const body = {
      task_id: task.id,
      text: 'see **this**',
      content_type: 'markdown',
      images: ['https://img.test/a.png'],
      mentions: [{ user_id: peer.user.id, display_name: peer.user.displayName }],
      mentionedBy: outsider.user.id,
    };
    await expectError(await post(undefined, body), 401, 'authorization');
    await expectError(await post(author.key, { ...body, text: undefined }, cookie), 400, 'text');
    await expectError(await post(author.key, { ...body, content_type: 'latex' }, cookie), 400, 'content_type');
    await expectError(await post(author.key, { ...body, mentions: [{ user_id: -1, display_name: 'x' }] }, cookie), 400, 'mentions.0.user_id');
    await expectError(await post(author.key, { ...body, task_id: undefined }, cookie), 400, 'task_id');
    await expectError(await post(outsider.key, { ...body, mentions: undefined }), 404, 'task_id');
    expect(await written(task.id)).toEqual(before);

    const res = await post(author.key, body, cookie);
    expect(res.status).toBe(201);
    const out = await res.json();
    expect(out).toEqual({
      success: true,
      comment: {
        id: expect.any(Number),
        task_id: task.id,
        text: '<p>see <strong>this</strong></p>',
        author: { id: author.user.id, displayName: author.user.displayName },
        images: ['https://img.test/a.png'],
        mentions: [{ user_id: peer.user.id, display_name: peer.user.displayName }],
        createdAt: expect.any(String),
        edited: false,
        editedAt: null,
      },
    });
    const notes = await t.db.notification.findMany({ where: { userId: peer.user.id } });
    expect(notes.map((n) => [n.type, n.actorId])).toEqual([['mention', author.user.id]]);
  });

  it('mentions with an API key alone → 401 (signed session required); without mentions a key is enough', async () => {
    const { author, peer, task } = await setup();
    const before = await written(task.id);
    await expectError(
      await post(author.key, { task_id: task.id, text: 'x', mentions: [{ user_id: peer.user.id, display_name: 'p' }] }),
      401,
      'svc_session',
      'session_required',
    );
    expect(await written(task.id)).toEqual(before);
    expect((await post(author.key, { task_id: task.id, text: 'plain' })).status).toBe(201);
  });

  it('cross-board mention (user of another board of mine) → 401, nothing written', async () => {
    const { author, outsider, task } = await setup();
    const { cookie } = await startSession(t, author.key);
    const before = await written(task.id);
    await expectError(
      await post(
        author.key,
        { ticket_number: `RCM-${task.uniqueIndex}`, text: 'x', mentions: [{ user_id: outsider.user.id, display_name: 'o' }] },
        cookie,
      ),
      401,
      'mentions',
      'cross_board_mention',
    );
    expect(await written(task.id)).toEqual(before);
  });
});

describe('comment text and mention limits', () => {
  it('text one over the limit: 400 saying it is too long, naming text and the limit (add and edit); at the limit: accepted', async () => {
    const { author, task } = await setup();
    const before = await written(task.id);
    const over = 'x'.repeat(MAX_COMMENT_LENGTH + 1);
    for (const res of [
      await post(author.key, { task_id: task.id, text: over }),
      await t.fetch('/api/mcp/comments', { method: 'POST', key: author.key, json: { task_id: task.id, text: over } }),
    ]) {
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.details).toMatchObject({ field: 'text', code: 'too_big' });
      expect(body.message).toContain(String(MAX_COMMENT_LENGTH));
      expect(body.message).not.toMatch(/required/);
    }
    expect(await written(task.id)).toEqual(before);
    const made = await post(author.key, { task_id: task.id, text: 'x'.repeat(MAX_COMMENT_LENGTH) });
    expect(made.status).toBe(201);
    const { comment } = await made.json();
    const edit = await t.fetch(`/api/v1/comments/${comment.id}`, { method: 'PATCH', key: author.key, json: { text: over } });
    expect(edit.status).toBe(400);
    const body = await edit.json();
    expect(body.details).toMatchObject({ field: 'text', code: 'too_big' });
    expect(body.message).toContain(String(MAX_COMMENT_LENGTH));
  });

  it('images: at the count limit accepted; one over, or a URL one over its length, 400 naming the field (the domain\'s rule, through both routes)', async () => {
    const { author, task } = await setup();
    const before = await written(task.id);
    const url = (i: number) => `https://img.test/${i}.png`;
    const tooMany = Array.from({ length: MAX_COMMENT_IMAGES + 1 }, (_, i) => url(i));
    const tooLong = [`https://img.test/${'a'.repeat(2000)}`];
    for (const path of ['/api/v1/comments', '/api/mcp/comments']) {
      const over = await t.fetch(path, { method: 'POST', key: author.key, json: { task_id: task.id, text: 'Pictures', images: tooMany } });
      expect(over.status, path).toBe(400);
      expect((await over.json()).details, path).toMatchObject({ field: 'images', code: 'too_big' });
      const long = await t.fetch(path, { method: 'POST', key: author.key, json: { task_id: task.id, text: 'Pictures', images: tooLong } });
      expect(long.status, path).toBe(400);
      expect((await long.json()).details, path).toMatchObject({ field: 'images.0', code: 'too_big' });
    }
    expect(await written(task.id)).toEqual(before);
    const atLimit = await post(author.key, { task_id: task.id, text: 'Pictures', images: tooMany.slice(1) });
    expect(atLimit.status).toBe(201);
  });

  it("a mention's display_name is the user's own, whatever the request says", async () => {
    const { author, peer, task } = await setup();
    const { cookie } = await startSession(t, author.key);
    const res = await post(
      author.key,
      { task_id: task.id, text: 'hi', mentions: [{ user_id: peer.user.id, display_name: 'Admin (verified)' }] },
      cookie,
    );
    expect(res.status).toBe(201);
    const { comment } = await res.json();
    expect(comment.mentions).toEqual([{ user_id: peer.user.id, display_name: peer.user.displayName }]);
    const stored = await t.db.commentMention.findMany({ where: { commentId: comment.id } });
    expect(stored.map((m) => m.displayName)).toEqual([peer.user.displayName]);
    // Read back through the list too.
    const list = await (await get(author.key, `task_id=${task.id}`)).json();
    expect(list.comments.at(-1).mentions).toEqual([{ user_id: peer.user.id, display_name: peer.user.displayName }]);
  });
});

describe('GET /api/v1/comments', () => {
  it('by task_id or ticket_number, with success, total, limit, offset', async () => {
    const { author, outsider, task } = await setup();
    await expectError(await get(undefined, `task_id=${task.id}`), 401, 'authorization');
    await expectError(await get(author.key, 'limit=5'), 400, 'task_id');
    await expectError(await get(author.key, `task_id=${task.id}&limit=101`), 400, 'limit');
    await expectError(await get(author.key, 'ticket_number=nonsense'), 400, 'ticket_number');
    await expectError(await get(outsider.key, `ticket_number=RCM-${task.uniqueIndex}`), 404, 'ticket_number');
    await post(author.key, { task_id: task.id, text: 'one' });
    await post(author.key, { task_id: task.id, text: 'two' });
    const byId = await (await get(author.key, `task_id=${task.id}&sort_order=desc&limit=100`)).json();
    expect(byId).toMatchObject({ success: true, total: 2, limit: 100, offset: 0 });
    expect(byId.comments.map((c: { text: string }) => c.text)).toEqual(['two', 'one']);
    const byTicket = await (await get(author.key, `ticket_number=rcm-${task.uniqueIndex}`)).json();
    expect(byTicket.comments.map((c: { text: string }) => c.text)).toEqual(['one', 'two']);
    expect(byTicket.comments[0]).toEqual({
      id: expect.any(Number),
      task_id: task.id,
      text: 'one',
      author: { id: author.user.id, displayName: author.user.displayName },
      images: [],
      mentions: [],
      createdAt: expect.any(String),
      edited: false,
      editedAt: null,
    });
  });
});
