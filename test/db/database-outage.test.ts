import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { createLogger } from '../../src/logger.ts';
import { createServices } from '../../src/services.ts';
import { makeBoard, makeUser } from '../support/factories.ts';
import { isPostgres } from '../support/database.ts';
import { type IsolatedDatabase, isolatedDatabase } from '../support/isolated-database.ts';
import { type TcpProxy, startTcpProxy } from '../support/tcp-proxy.ts';

// An instance whose PostgreSQL connection goes away (a TCP proxy in between
// is cut) and comes back: the event loops (outbox dispatcher, webhook
// deliverer, live-event feed) and the LISTEN connection back off and log the
// outage once each, in one line without a stack, then recover by themselves.

/** Log lines (pino JSON) written after `mark()`. */
function captureLogs() {
  const lines: string[] = [];
  let from = 0;
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    stream,
    mark: () => (from = lines.length),
    since: () => lines.slice(from),
    all: () => lines,
  };
}

const until = async (what: string, check: () => boolean | Promise<boolean>, limitMs = 120_000) => {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

// PostgreSQL only: the outage is a cut TCP connection to the database server; the embedded database has none.
describe.runIf(isPostgres)('database outage (PostgreSQL through a cuttable proxy)', () => {
  let proxy: TcpProxy;
  let own: IsolatedDatabase | undefined;
  let services: Awaited<ReturnType<typeof createServices>> | undefined;
  afterAll(async () => {
    await services?.close();
    await proxy?.close();
    await own?.drop();
  });

  it('logs each loop once while the database is away, without stacks, and recovers', { timeout: 240_000 }, async () => {
    // A private database: this instance's dispatcher must not take other test files' events.
    own = await isolatedDatabase('tasksvc_outage');
    const real = new URL(own.env.DATABASE_URL);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const logs = captureLogs();
    const config = parseConfig({ DATABASE_URL: proxy.url(real.toString()), NODE_ENV: 'test', LOG_LEVEL: 'info' });
    services = await createServices(config, {
      logger: createLogger({ LOG_LEVEL: 'info' }, logs.stream),
      // Short polls: without back-off they would fail (and log) many times a second.
      dispatcher: { pollIntervalMs: 100 },
      feed: { idlePollMs: 100, fallbackPollMs: 100 },
    });
    const db = services.database.prisma;
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
