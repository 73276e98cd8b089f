import { describe, expect, it } from 'vitest';
import { toggleAssignee } from '../../src/domain/assignee.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { updateTask } from '../../src/domain/task/update.ts';
import { MAX_NOTIFICATION_IDS } from '../../src/domain/inbox.ts';
import { useTestServer } from '../support/app.ts';
import { expectError } from '../support/errors.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';

const t = useTestServer();

async function setup() {
  const me = await makeUserWithKey(t.db, 'Me');
  const other = await makeUserWithKey(t.db, 'Other');
  const project = await makeProject(t.db, { memberIds: [me.user.id, other.user.id], prefix: 'RNT' });
  const task = await createTask(t.db, me.user.id, { projectId: project.id, title: 'Mine' });
  await updateTask(t.db, other.user.id, { taskId: task.id }, { title: 'Changed' });
  await toggleAssignee(t.db, other.user.id, { taskId: task.id }, { userId: me.user.id });
  await toggleAssignee(t.db, me.user.id, { taskId: task.id }, { userId: other.user.id });
  return { me, other, task };
}

const ids = async (key: string, qs = '') =>
  (await (await t.fetch(`/api/v1/notifications${qs}`, { key })).json()).notifications.map((n: { id: number }) => n.id) as number[];


describe('/api/v1/notifications', () => {
  it('GET lists mine, newest first, with paging; 401 without key; 400 on bad paging', async () => {
    const { me, task } = await setup();
    await expectError(await t.fetch('/api/v1/notifications'), 401, 'authorization');
    await expectError(await t.fetch('/api/v1/notifications?limit=0', { key: me.key }), 400, 'limit');
    await expectError(await t.fetch('/api/v1/notifications?unread_only=maybe', { key: me.key }), 400, 'unread_only');
    const res = await t.fetch('/api/v1/notifications', { key: me.key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, total: 2, limit: 50, offset: 0 });
    expect(body.notifications.map((n: { type: string }) => n.type)).toEqual(['assignment', 'task_updated']);
    expect(body.notifications[0]).toEqual({
      id: expect.any(Number),
      type: 'assignment',
      task_id: task.id,
      ticket_number: `RNT-${task.uniqueIndex}`,
      message: expect.stringContaining(`RNT-${task.uniqueIndex}`),
      createdAt: expect.any(String),
      read: false,
    });
  });

  it('POST read and archive count only my notifications; others stay untouched', async () => {
    const { me, other } = await setup();
    const mine = await ids(me.key);
    const theirs = await ids(other.key);
    const post = (path: string, key: string | undefined, json: unknown) => t.fetch(`/api/v1/notifications/${path}`, { method: 'POST', key, json });

    await expectError(await post('read', undefined, { notification_ids: mine }), 401, 'authorization');
    await expectError(await post('read', me.key, { notification_ids: [] }), 400, 'notification_ids');
    await expectError(await post('archive', me.key, { notification_ids: ['1'] }), 400, 'notification_ids.0');
    expect(await t.db.notification.count({ where: { id: { in: mine }, OR: [{ read: true }, { archivedAt: { not: null } }] } })).toBe(0);

    let res = await post('read', me.key, { notification_ids: [...mine, ...theirs] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, marked_read: 2 });
    expect(await ids(me.key, '?unread_only=true')).toEqual([]);
    expect(await ids(other.key, '?unread_only=true')).toEqual(theirs);

    res = await post('archive', me.key, { notification_ids: [mine[0], ...theirs] });
    expect(await res.json()).toEqual({ success: true, archived: 1 });
    expect(await ids(me.key)).toEqual([mine[1]]);
    expect(await ids(other.key)).toEqual(theirs);
  });

  it('notification_ids: 1 to MAX_NOTIFICATION_IDS (the domain\'s rule), a 400 naming the field otherwise, through REST and the tool route', async () => {
    const { me } = await setup();
    const mine = await ids(me.key);
    const list = (n: number) => [...mine, ...Array.from({ length: n - mine.length }, (_, i) => 2_000_000_000 + i)];
    const routes = ['/api/v1/notifications/read', '/api/v1/notifications/archive', '/api/mcp/inbox/archive'];
    for (const path of routes) {
      const post = (json: unknown) => t.fetch(path, { method: 'POST', key: me.key, json });
      await expectError(await post({ notification_ids: [] }), 400, 'notification_ids', 'too_small');
      await expectError(await post({ notification_ids: list(MAX_NOTIFICATION_IDS + 1) }), 400, 'notification_ids', 'too_big');
    }
    expect(await t.db.notification.count({ where: { id: { in: mine }, OR: [{ read: true }, { archivedAt: { not: null } }] } })).toBe(0);
    const res = await t.fetch('/api/v1/notifications/read', { method: 'POST', key: me.key, json: { notification_ids: list(MAX_NOTIFICATION_IDS) } });
    expect(await res.json()).toEqual({ success: true, marked_read: mine.length });
  });
});
