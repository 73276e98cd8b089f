// The NOTIFY that wakes the dispatchers of other instances comes from a
// trigger on "OutboxEvent" (migration 20261121040000): it must use the
// channel the dispatcher listens on, fire at commit, and never on rollback.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_CHANNEL, recordTaskEvent } from '../../src/events/outbox.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { isPostgres } from '../support/database.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';

let own: IsolatedDatabase;
let t: TestApp;
let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  own = await isolatedDatabase('tasksvc_notify');
  if (!isPostgres) return;
  t = await createTestApp({ env: own.env });
  listener = new pg.Client({ connectionString: own.env.DATABASE_URL });
  await listener.connect();
  listener.on('notification', (n) => heard.push(n.channel));
  await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
  await t?.close();
  await own?.drop();
});

const settle = () => new Promise((r) => setTimeout(r, 150));

// PostgreSQL only: the dispatcher's LISTEN/NOTIFY wake-up is a server feature an embedded database has no listener for.
describe.runIf(isPostgres)('outbox NOTIFY trigger', () => {
  it('a committed event notifies the dispatcher channel once; a rolled-back one does not', async () => {
    const { user } = await makeUserWithKey(t.db);
    const project = await makeProject(t.db, { memberIds: [user.id] });
    // The outbox row only needs a task reference (no foreign key: events outlive their tasks).
    const task = { id: 1, projectId: project.id, ticketNumber: 'X-1' };
    await t.db.$transaction(async (tx) => {
      await recordTaskEvent(tx, { type: 'task.updated', task, actorId: user.id, data: {} });
      await recordTaskEvent(tx, { type: 'task.updated', task, actorId: user.id, data: {} });
      await settle();
      expect(heard).toEqual([]); // nothing before COMMIT
    });
    await settle();
    expect(heard).toEqual([OUTBOX_CHANNEL]); // two inserts, one transaction: one notification

    heard.length = 0;
    await expect(
      t.db.$transaction(async (tx) => {
        await recordTaskEvent(tx, { type: 'task.updated', task, actorId: user.id, data: {} });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await settle();
    expect(heard).toEqual([]);
  });
});
