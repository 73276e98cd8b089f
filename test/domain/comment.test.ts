import { describe, expect, it } from 'vitest';
import { addComment, commentListQuery } from '../../src/domain/comment.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { makeProject, makeUser } from '../support/factories.ts';
import { useTestDb } from '../support/database.ts';
import { useBystander } from '../support/bystander.ts';
import { expectAppError } from '../support/errors.ts';

const db = useTestDb();
useBystander(db);

async function setup() {
  const author = await makeUser(db, 'Author');
  const peer = await makeUser(db, 'Peer');
  const outsider = await makeUser(db, 'Outsider');
  const project = await makeProject(db, { memberIds: [author.id, peer.id], prefix: 'CMT' });
  await makeProject(db, { memberIds: [outsider.id, author.id] });
  const task = await createTask(db, author.id, { projectId: project.id, title: 'Discuss' });
  return { author, peer, outsider, project, task };
}


async function list(userId: number, taskId: number, input: Parameters<typeof commentListQuery>[3] = {}) {
  const q = await commentListQuery(db, userId, { taskId }, input);
  const items = await db.comment.findMany({ where: q.where, orderBy: q.orderBy, take: q.take, skip: q.skip });
  return { texts: items.map((c) => c.text), q };
}

describe('comments list', () => {
  it('pages oldest first by default, newest first with desc; limits 1..100', async () => {
    const { author, task } = await setup();
    for (let i = 1; i <= 5; i++) await addComment(db, author.id, { taskId: task.id }, { text: `<p>c${i}</p>` });
    expect((await list(author.id, task.id)).texts).toEqual(['<p>c1</p>', '<p>c2</p>', '<p>c3</p>', '<p>c4</p>', '<p>c5</p>']);
    expect((await list(author.id, task.id, { sortOrder: 'desc', limit: 2 })).texts).toEqual(['<p>c5</p>', '<p>c4</p>']);
    expect((await list(author.id, task.id, { limit: 2, offset: 2 })).texts).toEqual(['<p>c3</p>', '<p>c4</p>']);
    expect((await list(author.id, task.id)).q.limit).toBe(50);
    expect((await list(author.id, task.id, { limit: 100 })).q.limit).toBe(100);
    expect((await list(author.id, task.id, { limit: 1 })).texts).toHaveLength(1);
    await expectAppError(list(author.id, task.id, { limit: 101 }), 'VALIDATION', 'limit');
    await expectAppError(list(author.id, task.id, { limit: 0 }), 'VALIDATION', 'limit');
    await expectAppError(list(author.id, task.id, { offset: -1 }), 'VALIDATION', 'offset');
  });

  it('is NOT_FOUND for a task of another tenant', async () => {
    const { outsider, task } = await setup();
    await expectAppError(list(outsider.id, task.id), 'NOT_FOUND', 'taskId');
  });
});

describe('addComment', () => {
  it('sanitises HTML, converts markdown, rejects other content types', async () => {
    const { author, task } = await setup();
    const html = await addComment(db, author.id, { taskId: task.id }, { text: '<p>hi<script>alert(1)</script></p>' });
    expect(html.text).not.toContain('<script');
    const md = await addComment(db, author.id, { taskId: task.id }, { text: '**bold** ![img](https://x.test/a.png)', contentType: 'markdown' });
    expect(md.text).toContain('<strong>bold</strong>');
    expect(md.text).toContain('<a href="https://x.test/a.png"');
    expect(md.text).not.toContain('<img');
    await expectAppError(addComment(db, author.id, { taskId: task.id }, { text: 'x', contentType: 'rst' }), 'VALIDATION', 'contentType');
  });

  it('requires non-empty text and http(s) image URLs', async () => {
    const { author, task } = await setup();
    await expectAppError(addComment(db, author.id, { taskId: task.id }, { text: '   ' }), 'VALIDATION', 'text');
    await expectAppError(addComment(db, author.id, { taskId: task.id }, { text: '<script>x</script>' }), 'VALIDATION', 'text');
    await expectAppError(
      addComment(db, author.id, { taskId: task.id }, { text: 'x', images: ['javascript:alert(1)'] }),
      'VALIDATION',
      'images.0',
    );
    const ok = await addComment(db, author.id, { taskId: task.id }, { text: 'x', images: ['https://img.test/1.png'] });
    expect(ok.images).toEqual(['https://img.test/1.png']);
    expect(await db.comment.count({ where: { taskId: task.id } })).toBe(1);
  });

  it('structured mention notifies; @name text does not; the author starts watching', async () => {
    const { author, peer, task } = await setup();
    await addComment(db, author.id, { taskId: task.id }, { text: `<p>@${peer.displayName} look</p>` });
    expect(await db.notification.count({ where: { userId: peer.id } })).toBe(0);

    const c = await addComment(db, author.id, { taskId: task.id }, {
      text: '<p>look</p>',
      mentions: [{ userId: peer.id, displayName: peer.displayName }, { userId: peer.id, displayName: 'dup' }, { userId: author.id, displayName: 'me' }],
    });
    const notes = await db.notification.findMany({ where: { taskId: task.id } });
    expect(notes.map((n) => [n.userId, n.type])).toEqual([[peer.id, 'mention']]);
    expect(await db.commentMention.count({ where: { commentId: c.id } })).toBe(2);

    await addComment(db, peer.id, { taskId: task.id }, { text: 'reply' });
    expect(await db.taskWatcher.count({ where: { taskId: task.id, userId: peer.id } })).toBe(1);
  });

  it('a cross-board or forged mention is UNAUTHENTICATED on mentions and writes nothing', async () => {
    const { author, outsider, task } = await setup();
    const counts = async () => ({
      comments: await db.comment.count({ where: { taskId: task.id } }),
      notes: await db.notification.count({ where: { taskId: task.id } }),
    });
    const before = await counts();
    await expectAppError(
      addComment(db, author.id, { taskId: task.id }, { text: 'hey', mentions: [{ userId: outsider.id, displayName: 'O' }] }),
      'UNAUTHENTICATED',
      'mentions',
      'cross_board_mention',
    );
    await expectAppError(
      addComment(db, author.id, { taskId: task.id }, { text: 'hey', mentions: [{ userId: 2147483000, displayName: 'ghost' }] }),
      'UNAUTHENTICATED',
      'mentions',
      'cross_board_mention',
    );
    expect(await counts()).toEqual(before);
  });

  it('limits mentions to 50 and images to 20', async () => {
    const { author, peer, task } = await setup();
    const m = Array.from({ length: 51 }, () => ({ userId: peer.id, displayName: 'p' }));
    await expectAppError(addComment(db, author.id, { taskId: task.id }, { text: 'x', mentions: m }), 'VALIDATION', 'mentions');
    const imgs = Array.from({ length: 21 }, (_, i) => `https://img.test/${i}.png`);
    await expectAppError(addComment(db, author.id, { taskId: task.id }, { text: 'x', images: imgs }), 'VALIDATION', 'images');
    await addComment(db, author.id, { taskId: task.id }, { text: 'x', images: imgs.slice(0, 20), mentions: m.slice(0, 50) });
  });
});
