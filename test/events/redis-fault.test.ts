// Redis only wakes instances: killed while events flow, every live
// subscriber (graphql-ws and SSE, on two instances) still ends with every
// event exactly once and in order; the outage is logged once each way.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { isPostgres } from '../support/database.ts';
import { emit, eventTestEnv, type Instance, makeTask, startInstance, waitFor } from './harness.ts';
import { type PrivateRedis, startPrivateRedis } from './redis-server.ts';
import { sseSubscribe, type SseStream } from './sse-client.ts';
import { disposeClients, feedWaiter, SUBSCRIPTION, wsSubscribe } from './ws-client.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;
let redis: PrivateRedis;
const instances: Instance[] = [];
const streams: SseStream[] = [];
const logsOfB: { level: number; msg: string }[] = [];

beforeAll(async () => {
  if (!isPostgres) return;
  testEnv = await eventTestEnv();
  redis = await startPrivateRedis();
  const env = { ...testEnv.env, REDIS_URL: redis.url };
  // A commits and dispatches; B only serves subscribers, so it hears of new events through Redis (or its polls).
  instances.push(await startInstance({ env }));
  const logger = pino({ level: 'info' }, { write: (line: string) => void logsOfB.push(JSON.parse(line)) });
  // Its idle poll is too slow to matter here: while Redis is down only the fallback poll can feed it.
  instances.push(await startInstance({ env, dispatcher: false, logger, feed: { idlePollMs: 120_000, fallbackPollMs: 100 } }));
});
afterAll(async () => {
  for (const s of streams) s.close();
  await disposeClients();
  await Promise.all(instances.map((i) => i.close()));
  await redis?.kill();
  await testEnv?.drop();
});

type Result = { data?: { taskEvents: { cursor: string; data: { n: number } } }; errors?: unknown[] };

// PostgreSQL only: two instances share one database, and an embedded database belongs to one process.
describe.runIf(isPostgres)('Redis outage', () => {
  it('subscribers on both instances get every event once, in order, through a Redis kill and restart; B logs the outage once each way', async () => {
    const [a, b] = instances;
    const owner = await makeUserWithKey(a.db, 'Owner');
    const project = await makeProject(a.db, { memberIds: [owner.user.id] });
    const task = await makeTask(a.db, project);
    const variables = { projectId: project.id };
    const onA = feedWaiter(a.services.feed);
    const onB = feedWaiter(b.services.feed);
    const ws = [wsSubscribe(a.url, owner.key, variables), wsSubscribe(b.url, owner.key, variables)];
    streams.push(
      await sseSubscribe(a.url, owner.key, { query: SUBSCRIPTION, variables }),
      await sseSubscribe(b.url, owner.key, { query: SUBSCRIPTION, variables }, { method: 'GET' }),
    );
    await onA(2);
    await onB(2);
    expect(b.services.wakeChannel.connected).toBe(true);

    const total = 60;
    for (let n = 1; n <= total; n++) {
      await emit(a.db, task, 'task.updated', { n });
      if (n === 20) {
        await redis.kill();
        await waitFor(() => !b.services.wakeChannel.connected, 10_000, 'B to notice the outage');
      }
      if (n === 40) {
        // Polling the outbox, B's subscribers got what was committed during the outage.
        const onB = () => [ws[1].got.length, streams[1].results().length];
        await waitFor(() => onB().every((count) => count >= 40), 10_000, 'B to deliver during the outage');
        await redis.start();
        await waitFor(() => b.services.wakeChannel.connected, 20_000, 'B to reconnect');
      }
      await new Promise((r) => setTimeout(r, 40));
    }

    const sequences = () => [
      ...ws.map((s) => s.got.map((g) => g.data!.taskEvents.data.n as number)),
      ...streams.map((s) => s.results<Result>().map((r) => r.data!.taskEvents.data.n)),
    ];
    await waitFor(() => sequences().every((seq) => seq.length >= total), 30_000, 'every event at every subscriber');
    await new Promise((r) => setTimeout(r, 500));
    const expected = Array.from({ length: total }, (_, i) => i + 1);
    for (const seq of sequences()) expect(seq).toEqual(expected);
    expect(ws.every((s) => s.got.every((g) => !g.errors))).toBe(true);

    const lost = logsOfB.filter((l) => l.msg.includes('wake-ups (Redis) unavailable'));
    const back = logsOfB.filter((l) => l.msg.includes('wake-ups (Redis) are back'));
    expect(lost).toHaveLength(1);
    expect(lost[0].level).toBe(40);
    expect(back).toHaveLength(1);
  });
});
