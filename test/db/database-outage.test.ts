import { afterAll, describe, expect, it } from 'vitest';
import { makeBoard, makeUser } from '../support/factories.ts';
import { isPostgres } from '../support/database.ts';
import { type CuttableServices, startCuttableServices, until } from '../support/database-outage.ts';

// An instance whose PostgreSQL connection goes away (a TCP proxy in between
// is cut) and comes back: the event loops (outbox dispatcher, webhook
// deliverer, live-event feed) and the LISTEN connection back off and log the
// outage once each, in one line without a stack, then recover by themselves.

// PostgreSQL only: the outage is a cut TCP connection to the database server; the embedded database has none.
describe.runIf(isPostgres)('database outage (PostgreSQL through a cuttable proxy)', () => {
  let outage: CuttableServices | undefined;
  afterAll(async () => {
    await outage?.close();
  });

  it('logs each loop once while the database is away, without stacks, and recovers', { timeout: 240_000 }, async () => {
    outage = await startCuttableServices('tasksvc_outage', {
      // Short polls: without back-off they would fail (and log) many times a second.
      dispatcher: { pollIntervalMs: 100 },
      feed: { idlePollMs: 100, fallbackPollMs: 100 },
    });
    const { proxy, logs } = outage;
    const db = outage.services.database.prisma;
    // Healthy first: the loops have run and LISTEN is up.
    await new Promise((r) => setTimeout(r, 1500));

    logs.mark();
    await proxy.cut();
    await new Promise((r) => setTimeout(r, 8000));
    const during = logs.since();
    const text = during.join('\n');
    // Without back-off and once-logging this was several multi-KB stacks per second.
    expect(text).not.toMatch(/\\n\s+at /);
    expect(during.length, text).toBeLessThanOrEqual(20);
    expect(text.length, text).toBeLessThan(12_000);
    expect(text).toContain('event loop outbox failing');
    expect(during.filter((l) => l.includes('event loop outbox')).length).toBe(1);
    expect(during.filter((l) => l.includes('LISTEN tasksvc_outbox')).length).toBeLessThanOrEqual(1);

    logs.mark();
    await proxy.restore();
    await until('the outbox loop to recover', () => logs.since().some((l) => l.includes('event loop outbox recovered')));
    await until('LISTEN to recover', () => logs.all().some((l) => l.includes('LISTEN tasksvc_outbox') && l.includes('recovered')));

    // And it works again: a new board's events are stamped by this instance's dispatcher.
    const user = await makeUser(db, 'Outage');
    const board = await makeBoard(db, user.id, { tasks: [{ title: 'after the outage', sectionIndex: 0 }] });
    await until('the new events to be stamped', async () => {
      const rows = await db.outboxEvent.findMany({ where: { projectId: board.project.id } });
      return rows.length > 0 && rows.every((r) => r.position !== null);
    });
  });
});
