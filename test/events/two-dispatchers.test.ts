// Two instances on one PostgreSQL database and one Redis prefix, both running
// the event dispatcher and webhook deliverer. One of them (a child process)
// is killed with SIGKILL while updates flow through both, and started again:
// every committed event still reaches the live subscribers of both instances
// once each, in order, and every webhook receiver (which verifies each
// request with standardwebhooks) by id; a repeat only of a delivery that was
// in flight at the kill (its attempt logged with outcome `unknown`).
import { type ChildProcess, spawn } from 'node:child_process';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPostgres } from '../support/database.ts';
import { makeProject, makeUserWithKey } from '../support/factories.ts';
import { eventTestEnv, type Instance, makeTask, startInstance, startReceiver, subscribe, waitFor } from './harness.ts';
import { eventsSettled, SUBSCRIPTION } from './ws-client.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let testEnv: Awaited<ReturnType<typeof eventTestEnv>>;
let env: Record<string, string>;
let a: Instance;
let b: { child: ChildProcess; url: string } | null = null;
const clients = new Set<Client>();

/** Starts instance B as a child process (on `port` when given) and waits until it listens. */
async function startB(port = 0) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/events/instance-child.ts'], {
    env: { ...process.env, ...env, NODE_ENV: 'test', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code, signal) => reject(new Error(`instance B exited (${code ?? signal}) before listening`)));
  });
  return { child, url };
}

async function killB() {
  const child = b!.child;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  if (!isPostgres) return;
  testEnv = await eventTestEnv();
  env = { ...testEnv.env, EVENT_DISPATCHER: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', RATE_LIMIT_PER_MINUTE: '100000' };
  // B's leases and claims run out after 1 s, so A takes over B's unfinished work within the test.
  a = await startInstance({ env, dispatcher: { delivery: { leaseMs: 1_000 } } });
  b = await startB();
});
afterAll(async () => {
  await Promise.all([...clients].map((c) => c.dispose()));
  if (b && b.child.exitCode === null && b.child.signalCode === null) await killB();
  await a?.close();
  await testEnv?.drop();
});

type Got = { id: string; cursor: string; taskId: number };

/**
 * A graphql-ws subscriber of `taskEvents` that, whenever its socket closes or
 * cannot connect, subscribes again with `after` = the cursor of the last
 * event it got, as a client following the schema's advice would.
 */
function resumingSubscriber(url: string, key: string, projectId: number, after: string) {
  const got: Got[] = [];
  const errors: unknown[] = [];
  let reconnects = 0;
  let stopped = false;
  const connect = () => {
    if (stopped) return;
    const client = createClient({
      url: url.replace(/^http/, 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${key}` },
      retryAttempts: 0,
      lazy: false,
      onNonLazyError: () => undefined,
    });
    clients.add(client);
    const again = () => {
      clients.delete(client);
      void client.dispose();
      reconnects++;
      setTimeout(connect, 200);
    };
    client.subscribe<{ taskEvents: Got }>(
      { query: SUBSCRIPTION, variables: { projectId, after: got.at(-1)?.cursor ?? after } },
      {
        next: (r) => void (r.errors ? errors.push(r.errors) : got.push(r.data!.taskEvents)),
        error: again,
        complete: again,
      },
    );
  };
  connect();
  return { got, errors, reconnects: () => reconnects, stop: () => void (stopped = true) };
}

describe.runIf(isPostgres)('dispatchers on two instances, one killed and restarted mid-stream', () => {
  it('every committed event reaches the subscribers of both instances once, in order, and every webhook receiver by id', async () => {
    const owner = await makeUserWithKey(a.db, 'Owner');
    const project = await makeProject(a.db, { memberIds: [owner.user.id] });
    const tasks = await Promise.all([1, 2, 3].map((i) => makeTask(a.db, project, `Task ${i}`)));
    // A slow receiver: deliveries are in flight most of the time, so the kill likely cuts some off.
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 100 }));
    const hooks = ['one', 'two', 'three'];
    for (const name of hooks) {
      await subscribe(a, owner.key, receiver, name, { project_id: project.id }, ['task.created', 'task.updated', 'task.assigned']);
    }

    await eventsSettled(a.db, a.services.feed);
    const [{ lastPosition }] = await a.db.outboxSequence.findMany({ where: { id: 1 } });
    const start = String(lastPosition);
    const subscribers = [a.url, a.url, b!.url, b!.url].map((url) => resumingSubscriber(url, owner.key, project.id, start));

    // Updates through both instances; through A alone while B is down. From update 30 A's dispatcher
    // pauses, so B alone numbers and delivers; B is killed at 45 (A's dispatcher resumes at once) and
    // comes back at 80.
    const total = 120;
    const failedOnB: string[] = [];
    let deliveredByB = 0;
    let pausedAt = lastPosition;
    for (let n = 1; n <= total; n++) {
      if (n === 30) await a.services.dispatcher!.stop();
      if (n === 45) {
        const ofPaused = { event: { projectId: project.id, position: { gt: pausedAt } } };
        await waitFor(async () => (deliveredByB = await a.db.webhookDelivery.count({ where: { ...ofPaused, status: 'succeeded' } })) > 0, 20_000, 'B to deliver');
        // Kill B while it has a webhook request in flight, if it gets to one within a second.
        const until = Date.now() + 1_000;
        while (Date.now() < until && (await a.db.webhookAttempt.count({ where: { outcome: 'unknown', delivery: ofPaused } })) === 0);
        await killB();
        a.services.dispatcher!.start();
      }
      if (n === 80) b = await startB(Number(new URL(b!.url).port));
      const up = b!.child.exitCode === null && b!.child.signalCode === null;
      const via = n % 2 === 0 && up ? b!.url : a.url;
      const task = tasks[n % tasks.length];
      const res = await fetch(`${via}/api/v1/tasks/${task.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${owner.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Update ${n}` }),
      }).catch((e: Error) => e);
      if (res instanceof Error || res.status !== 200) failedOnB.push(`${n}: ${res instanceof Error ? res.message : res.status}`);
      await new Promise((r) => setTimeout(r, 30));
      if (n === 29) pausedAt = (await a.db.outboxSequence.findFirstOrThrow({ where: { id: 1 } })).lastPosition;
    }
    expect(failedOnB).toEqual([]);

    // What was committed, in commit order.
    await waitFor(async () => (await a.db.outboxEvent.count({ where: { position: null } })) === 0, 30_000, 'every event stamped');
    const committed = await a.db.outboxEvent.findMany({
      where: { projectId: project.id, position: { gt: lastPosition } },
      orderBy: { position: 'asc' },
      select: { id: true, taskId: true },
    });
    expect(committed).toHaveLength(total);
    const ids = committed.map((e) => String(e.id));

    await waitFor(() => subscribers.every((s) => s.got.length >= total), 60_000, 'every event at every subscriber');
    const deliveries = () => a.db.webhookDelivery.count({ where: { event: { projectId: project.id }, status: { not: 'succeeded' } } });
    await waitFor(async () => (await deliveries()) === 0, 60_000, 'every webhook delivered');
    await waitFor(() => hooks.every((h) => new Set(receiver.at(h).map((r) => r.id)).size >= total), 30_000, 'every webhook received');
    await new Promise((r) => setTimeout(r, 500)); // nothing more may come
    subscribers.forEach((s) => s.stop());

    for (const s of subscribers) expect([s.errors, s.got.map((e) => e.id)]).toEqual([[], ids]);
    // B's subscribers lost their socket at the kill and resumed with `after`.
    expect(subscribers.slice(2).every((s) => s.reconnects() > 0)).toBe(true);

    const inFlightAtKill = await a.db.webhookAttempt.findMany({
      where: { outcome: 'unknown', delivery: { event: { projectId: project.id } } },
      select: { delivery: { select: { eventId: true, subscription: { select: { url: true } } } } },
    });
    const mayRepeat = new Set(inFlightAtKill.map((x) => `${x.delivery.subscription.url} ${x.delivery.eventId}`));
    for (const name of hooks) {
      const got = receiver.at(name);
      expect(got.every((r) => r.verified)).toBe(true);
      const firstSeen = [...new Set(got.map((r) => r.id))];
      expect([...firstSeen].sort()).toEqual([...ids].sort());
      const counts = new Map<string, number>();
      for (const r of got) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
      const repeated = [...counts].filter(([, c]) => c > 1).map(([id]) => id);
      expect(repeated.filter((id) => !mayRepeat.has(`${receiver.urlFor(name)} ${id}`))).toEqual([]);
      // Per task, a receiver sees the events in commit order.
      for (const task of tasks) {
        const ofTask = committed.filter((e) => e.taskId === task.id).map((e) => String(e.id));
        expect(firstSeen.filter((id) => ofTask.includes(id))).toEqual(ofTask);
      }
    }
    expect(deliveredByB).toBeGreaterThan(0);
    console.log(
      `[two dispatchers] ${total} events; delivered by B alone before the kill: ${deliveredByB}; reconnects of B's subscribers: ${subscribers.slice(2).map((s) => s.reconnects()).join(', ')}; ` +
        `webhook attempts in flight at the kill: ${inFlightAtKill.length}; requests at the receiver: ${receiver.received.length}`,
    );
    await receiver.close();
  });
});
