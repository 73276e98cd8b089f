import { describe, expect, it } from 'vitest';
import { addComment, commentListQuery, deleteComment, editComment } from '../../src/domain/comment.ts';
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

/** The comment board events of a project: type, task, ticket number, actor, data. */
const commentEvents = async (projectId: number) =>
  (await db.outboxEvent.findMany({ where: { projectId, type: { startsWith: 'comment.' } }, orderBy: { id: 'asc' } })).map(
    (e) => [e.type, e.taskId, e.ticketNumber, e.actorId, e.data],
  );

describe('comment events and mentions', () => {
  it('add writes comment.created; a mention stores the member\'s own name and notifies with the author\'s', async () => {
    const { author, peer, project, task } = await setup();
    const c = await addComment(db, author.id, { taskId: task.id }, {
      text: 'hi',
      mentions: [{ userId: peer.id, displayName: 'Spoofed name' }],
    });
    expect(await commentEvents(project.id)).toEqual([
      ['comment.created', task.id, 'CMT-1', author.id, { commentId: c.id, actor: { id: author.id } }],
    ]);
    const mentions = await db.commentMention.findMany({ where: { commentId: c.id } });
    expect(mentions.map((m) => [m.userId, m.displayName])).toEqual([[peer.id, peer.displayName]]);
    const [note] = await db.notification.findMany({ where: { userId: peer.id } });
    expect([note.type, note.taskId, note.actorId, note.message]).toEqual([
      'mention',
      task.id,
      author.id,
      `${author.displayName} mentioned you on CMT-1: Discuss`,
    ]);
  });

  it('a comment without mentions stores none and notifies nobody', async () => {
    const { author, task } = await setup();
    const c = await addComment(db, author.id, { taskId: task.id }, { text: 'plain', mentions: [] });
    expect([await db.commentMention.count({ where: { commentId: c.id } }), await db.notification.count({ where: { taskId: task.id } })]).toEqual([0, 0]);
  });
});

describe('editComment and deleteComment', () => {
  it('the author edits: rendered text, editedAt, a comment.updated event; the same text again changes nothing', async () => {
    const { author, peer, project, task } = await setup();
    const c = await addComment(db, author.id, { taskId: task.id }, { text: '<p>v1</p>', mentions: [{ userId: peer.id }] });
    expect(c.editedAt).toBeNull();
    const edited = await editComment(db, author.id, c.id, { text: '**v2**', contentType: 'markdown' });
    expect(edited.text).toBe('<p><strong>v2</strong></p>');
    expect(edited.editedAt).toBeInstanceOf(Date);
    const again = await editComment(db, author.id, c.id, { text: '<p><strong>v2</strong></p>' });
    expect(again.editedAt).toEqual(edited.editedAt);
    const row = await db.comment.findUniqueOrThrow({ where: { id: c.id }, include: { mentions: true } });
    expect([row.text, row.authorId, row.mentions.map((m) => m.userId)]).toEqual(['<p><strong>v2</strong></p>', author.id, [peer.id]]);
    expect((await commentEvents(project.id)).slice(1)).toEqual([
      ['comment.updated', task.id, 'CMT-1', author.id, { commentId: c.id, actor: { id: author.id } }],
    ]);
    // Edits notify nobody again.
    expect(await db.notification.count({ where: { userId: peer.id } })).toBe(1);
    await expectAppError(editComment(db, author.id, c.id, { text: ' ' }), 'VALIDATION', 'text');
    await expectAppError(editComment(db, author.id, c.id, { text: '<script>x</script>' }), 'VALIDATION', 'text', 'empty');
  });

  it('the author deletes: the row and its mentions go, a comment.deleted event; it is NOT_FOUND afterwards', async () => {
    const { author, peer, project, task } = await setup();
    const keep = await addComment(db, author.id, { taskId: task.id }, { text: 'keep', mentions: [{ userId: peer.id }] });
    const c = await addComment(db, author.id, { taskId: task.id }, { text: 'bye', mentions: [{ userId: peer.id }] });
    expect(await deleteComment(db, author.id, c.id)).toEqual({ id: c.id, taskId: task.id });
    expect(await db.comment.findMany({ where: { taskId: task.id }, select: { id: true } })).toEqual([{ id: keep.id }]);
    expect((await db.commentMention.findMany({ where: { userId: peer.id } })).map((m) => m.commentId)).toEqual([keep.id]);
    expect((await commentEvents(project.id)).slice(2)).toEqual([
      ['comment.deleted', task.id, 'CMT-1', author.id, { commentId: c.id, actor: { id: author.id } }],
    ]);
    await expectAppError(deleteComment(db, author.id, c.id), 'NOT_FOUND', 'commentId');
    await expectAppError(editComment(db, author.id, c.id, { text: 'x' }), 'NOT_FOUND', 'commentId');
  });

  it('another member is FORBIDDEN, another tenant NOT_FOUND; the comment stays as it was', async () => {
    const { author, peer, outsider, project, task } = await setup();
    const c = await addComment(db, author.id, { taskId: task.id }, { text: '<p>mine</p>' });
    for (const call of [() => editComment(db, peer.id, c.id, { text: 'x' }), () => deleteComment(db, peer.id, c.id)]) {
      await expectAppError(call(), 'FORBIDDEN', 'commentId');
    }
    for (const call of [() => editComment(db, outsider.id, c.id, { text: 'x' }), () => deleteComment(db, outsider.id, c.id)]) {
      await expectAppError(call(), 'NOT_FOUND', 'commentId');
    }
    await expectAppError(deleteComment(db, author.id, 0), 'VALIDATION', 'commentId');
    expect(await db.comment.findUniqueOrThrow({ where: { id: c.id } })).toEqual(c);
    expect(await commentEvents(project.id)).toHaveLength(1);
  });
});
