import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { createTask } from '../../src/domain/task/create.ts';
import { EMBEDDED_DISPATCHER_OPTIONS, EventDispatcher } from '../../src/events/dispatcher.ts';
import { createLogger } from '../../src/logger.ts';
import { isPostgres, openTestDatabase } from '../support/database.ts';
import { makeOwnedProject } from '../support/factories.ts';

// The embedded database only: there the dispatcher shares the one connection with the
// requests (on PostgreSQL it has a pool of its own and drains a backlog at full speed).
describe.runIf(!isPostgres)('the dispatcher on the embedded database', () => {
  let database: Database;
  /** Every statement in the order PGlite ran it. */
  const statements: string[] = [];
  let onStatement: ((sql: string) => void) | undefined;
  const logger = createLogger({ LOG_LEVEL: 'silent' });

  beforeAll(async () => {
    database = await openTestDatabase({
      onQuery: (sql) => {
        statements.push(sql);
        onStatement?.(sql);
      },
    });
  });
  afterAll(() => database?.close());

  /** A backlog of `n` committed, unstamped task.created events. */
  async function backlog(n: number) {
    const { user, project } = await makeOwnedProject(database.prisma, { sections: ['Backlog'] });
    for (let i = 0; i < n; i++) await createTask(database.prisma, user.id, { projectId: project.id, title: `t${i}` });
  }

  const isStamping = (sql: string) => sql.includes('UPDATE "OutboxEvent" AS e SET position');
  const isClaim = (sql: string) => sql.includes('SET "claimedAt"');

  it('stamps and claims a backlog in bounded steps', async () => {
    await backlog(EMBEDDED_DISPATCHER_OPTIONS.stampBatchSize + 20);
    const dispatcher = new EventDispatcher({ database, logger });
    expect(dispatcher.options).toMatchObject(EMBEDDED_DISPATCHER_OPTIONS);
    expect(await dispatcher.stamp()).toBe(EMBEDDED_DISPATCHER_OPTIONS.stampBatchSize);
    expect(await dispatcher.stamp()).toBe(20);
    expect(await dispatcher.dispatchBatch()).toBe(EMBEDDED_DISPATCHER_OPTIONS.batchSize);
    while ((await dispatcher.dispatchBatch()) > 0);
  });

  it('serves a request that arrives while a backlog drains before the backlog is done', async () => {
    await backlog(3 * EMBEDDED_DISPATCHER_OPTIONS.stampBatchSize);
    const dispatcher = new EventDispatcher({ database, logger });
    statements.length = 0;
    // The request arrives while the first stamping step runs (an order of events, not a time).
    let request: Promise<unknown> | undefined;
    onStatement = (sql) => {
      if (!request && isStamping(sql)) request = database.prisma.$queryRaw`SELECT 'the request' AS request`;
    };
    dispatcher.start();
    try {
      while (!request) await new Promise((resolve) => setImmediate(resolve));
      await request;
      while ((await database.prisma.outboxEvent.count({ where: { processedAt: null } })) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Most of the backlog was worked off after the request: it did not wait for all of it.
      const served = statements.findIndex((sql) => sql.includes("'the request'"));
      expect(statements.slice(served).some(isStamping)).toBe(true);
      expect(statements.slice(served).some(isClaim)).toBe(true);
    } finally {
      onStatement = undefined;
      await dispatcher.stop();
    }
  });
});
