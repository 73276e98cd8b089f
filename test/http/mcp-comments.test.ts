import { describe, expect, it } from 'vitest';
import { createTask } from '../../src/domain/task/create.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();

async function setup() {
  const author = await makeUserWithKey(t.db, 'Author');
  const peer = await makeUserWithKey(t.db, 'Peer');
  const outsider = await makeUserWithKey(t.db, 'Outsider');
  const project = await makeProject(t.db, { memberIds: [author.user.id, peer.user.id], prefix: 'TCM' });
  await makeProject(t.db, { memberIds: [author.user.id, outsider.user.id] });
  const task = await createTask(t.db, author.user.id, { projectId: project.id, title: 'Talk' });
  return { author, peer, outsider, project, task };
}

const post = (key: string | undefined, json: unknown) => t.fetch('/api/mcp/comments', { method: 'POST', key, json });
const get = (key: string | undefined, qs: string) => t.fetch(`/api/mcp/comments?${qs}`, { key });
// Scoped to this test's task: other test files may write to the same database meanwhile.
const written = async (taskId: number) => ({
  comments: await t.db.comment.count({ where: { taskId } }),
  mentions: await t.db.commentMention.count({ where: { comment: { taskId } } }),
  notifications: await t.db.notification.count({ where: { taskId } }),
});


describe('GET /api/mcp/comments', () => {
  it('401 → 400 → 404 → 200 with the spec 2.5 shape', async () => {
    const { author, outsider, task } = await setup();
    await expectError(await get(undefined, `task_id=${task.id}`), 401, 'authorization');
    await expectError(await get(author.key, ''), 400, 'task_id');
    await expectError(await get(author.key, 'task_id=abc'), 400, 'task_id');
    await expectError(await get(author.key, `task_id=${task.id}&limit=101`), 400, 'limit');
    await expectError(await get(author.key, `task_id=${task.id}&limit=0`), 400, 'limit');
    await expectError(await get(author.key, `task_id=${task.id}&limit=ten`), 400, 'limit');
    await expectError(await get(author.key, `task_id=${task.id}&offset=-1`), 400, 'offset');
    await expectError(await get(author.key, `task_id=${task.id}&sort_order=up`), 400, 'sort_order');
    await expectError(await get(outsider.key, `task_id=${task.id}`), 404, 'task_id');

    const c = await (await post(author.key, { task_id: task.id, text: '<p>first</p>' })).json();
    const res = await get(author.key, `ticket_number=TCM-${task.uniqueIndex}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      comments: [{ id: c.id, text: '<p>first</p>', author: { id: author.user.id, displayName: author.user.displayName }, createdAt: c.createdAt }],
      total: 1,
    });
  });

  it('pages and sorts: asc default, desc, limit 100 accepted, total independent of paging', async () => {
    const { author, task } = await setup();
    for (let i = 1; i <= 4; i++) await post(author.key, { task_id: task.id, text: `c${i}` });
    const texts = async (qs: string) => {
      const body = await (await get(author.key, `task_id=${task.id}&${qs}`)).json();
      return { texts: body.comments.map((c: { text: string }) => c.text), total: body.total };
    };
    expect(await texts('')).toEqual({ texts: ['c1', 'c2', 'c3', 'c4'], total: 4 });
    expect(await texts('sort_order=desc&limit=2')).toEqual({ texts: ['c4', 'c3'], total: 4 });
    expect(await texts('limit=2&offset=3')).toEqual({ texts: ['c4'], total: 4 });
    expect(await texts('limit=100')).toEqual({ texts: ['c1', 'c2', 'c3', 'c4'], total: 4 });
    expect(await texts('limit=1')).toEqual({ texts: ['c1'], total: 4 });
  });
});

describe('POST /api/mcp/comments', () => {
  it('401 → 400 → 404 → 200 {id, text, createdAt}; rejected requests write nothing', async () => {
    const { author, outsider, task } = await setup();
    const before = await written(task.id);
    await expectError(await post(undefined, { task_id: task.id, text: 'x' }), 401, 'authorization');
    await expectError(await post(author.key, { task_id: task.id }), 400, 'text');
    await expectError(await post(author.key, { task_id: task.id, text: 5 }), 400, 'text');
    await expectError(await post(author.key, { task_id: task.id, text: '' }), 400, 'text');
    await expectError(await post(author.key, { task_id: task.id, text: 'x', content_type: 'rst' }), 400, 'content_type');
    await expectError(await post(author.key, { task_id: task.id, text: 'x', images: 'https://a.test/x.png' }), 400, 'images');
    await expectError(await post(author.key, { task_id: task.id, text: 'x', mentions: [{ user_id: 'x', display_name: 'y' }] }), 400, 'mentions.0.user_id');
    await expectError(await post(author.key, { text: 'x' }), 400, 'task_id');
    await expectError(await post(outsider.key, { task_id: task.id, text: 'x' }), 404, 'task_id');
    expect(await written(task.id)).toEqual(before);

    const res = await post(author.key, { project_id: task.projectId, unique_index: task.uniqueIndex, text: '<p>ok</p>' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id', 'text']);
    expect(body).toMatchObject({ id: expect.any(Number), text: '<p>ok</p>' });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  });

  it('content_type markdown converts GFM; images become links; raw HTML is text', async () => {
    const { author, task } = await setup();
    const md = '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n![logo](https://img.test/l.png)\n\n<script>alert(1)</script>';
    const body = await (await post(author.key, { task_id: task.id, text: md, content_type: 'markdown' })).json();
    expect(body.text).toContain('<table>');
    expect(body.text).toContain('type="checkbox"');
    expect(body.text).toContain('<a href="https://img.test/l.png"');
    expect(body.text).not.toContain('<img');
    expect(body.text).not.toContain('<script');
    expect(body.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const html = await (await post(author.key, { task_id: task.id, text: '**not bold**', content_type: 'html' })).json();
    expect(html.text).toBe('**not bold**');
  });

  it('a structured mention notifies; @name text does not', async () => {
    const { author, peer, task } = await setup();
    await post(author.key, { task_id: task.id, text: `@${peer.user.displayName} please look` });
    let inbox = await (await t.fetch('/api/mcp/inbox/list', { key: peer.key })).json();
    expect(inbox.total).toBe(0);
    const res = await post(author.key, {
      task_id: task.id,
      text: 'please look',
      mentions: [{ user_id: peer.user.id, display_name: peer.user.displayName }],
    });
    expect(res.status).toBe(200);
    inbox = await (await t.fetch('/api/mcp/inbox/list', { key: peer.key })).json();
    expect(inbox.notifications).toEqual([
      expect.objectContaining({ type: 'mention', task_id: task.id, ticket_number: `TCM-${task.uniqueIndex}` }),
    ]);
  });

  it('a cross-board or forged mention → 401 and nothing written', async () => {
    const { author, outsider, task } = await setup();
    const before = await written(task.id);
    for (const user_id of [outsider.user.id, 2147483000]) {
      await expectError(
        await post(author.key, { task_id: task.id, text: 'psst', mentions: [{ user_id, display_name: 'x' }] }),
        401,
        'mentions',
        'cross_board_mention',
      );
    }
    expect(await written(task.id)).toEqual(before);
  });
});
