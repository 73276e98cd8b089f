// What the event-lag benchmark stands on: its own PostgreSQL database (seeded
// with one board through bench/seed.ts), Redis under a prefix of its own, the
// app as a child process, and webhook subscriptions created over the API.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { benchAppEnv } from './app-env.ts';
import { createDatabase, databaseUrl } from './database.ts';
import { seedBenchData } from './seed.ts';
import { appServeArgs, freePort, ServerProcess } from './server-process.ts';

/** Redis of the run: REDIS_URL, else the local default. */
export function redisUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/** Answers PING within a few seconds, or says why not. */
export async function redisAnswers(url: string): Promise<{ ok: boolean; reason?: string }> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: (err as Error).message };
  } finally {
    redis.disconnect();
  }
}

/** Deletes whatever keys the run left under its prefix (pub/sub itself leaves none). */
export async function clearRedisPrefix(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

/** The seeded board the updates go to. */
export interface Board {
  url: string;
  apiKey: string;
  projectId: number;
  teamUuid: string;
  /** Live tasks of the board, the update targets. */
  taskIds: number[];
  seedSeconds: number;
}

/**
 * Creates database `name` on `server`, migrates it and seeds one board of
 * the benchmark user's team with at least `tasks` live tasks (plus their
 * watchers, assignees and comments, so an update notifies people as usual).
 */
export async function prepareDatabase(server: string, name: string, tasks: number): Promise<Board> {
  const url = databaseUrl(server, name);
  await createDatabase(server, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  try {
    await migrate(database);
    // About 90 % of seeded tasks are live; the margin keeps the count reached.
    const seed = await seedBenchData(database, { projects: 1, tasks: Math.ceil(tasks / 0.85) + 10, users: 4 });
    const projectId = seed.visibleProjectIds[0];
    const rows = await database.sql.query<{ id: number }>(
      `SELECT id FROM "Task" WHERE "projectId" = $1 AND status = 'Normal' ORDER BY id LIMIT $2`,
      [projectId, tasks],
    );
    return {
      url,
      apiKey: seed.apiKey,
      projectId,
      teamUuid: seed.teamUuid,
      taskIds: rows.map((r) => r.id),
      seedSeconds: seed.seconds,
    };
  } finally {
    await database.close();
  }
}

/** The app's environment: the benchmark defaults, dispatcher on, private webhook destinations allowed. */
export function appEnv(o: { databaseUrl: string; redisUrl: string; redisPrefix: string; subscribers: number }): NodeJS.ProcessEnv {
  return benchAppEnv({
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    REDIS_PREFIX: o.redisPrefix,
    EVENT_DISPATCHER: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // Every subscriber uses the board owner's key: the per-user cap on live connections must admit them all.
    LIVE_CONNECTIONS_PER_USER: String(Math.max(20, o.subscribers + 10)),
  });
}

/**
 * Starts the app (`tasksvc serve`) with the event-loop preload of
 * bench/server-process.ts; with `profileDir`, under `--cpu-prof` (the
 * profile is written there when the app exits).
 */
export async function startApp(env: NodeJS.ProcessEnv, workDir: string, profileDir?: string): Promise<ServerProcess> {
  const port = await freePort();
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  return ServerProcess.start({
    name: 'app',
    args: appServeArgs(),
    env: { ...env, PORT: String(port) },
    port,
    nodeFlags: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    eldFile: join(workDir, 'eld-app.json'),
  });
}

/**
 * Creates `ports.length` task.updated subscriptions pointing at
 * http://127.0.0.1:<port>/hook: the first 20 on the project, the rest on its
 * team (the app allows 20 per scope; both reach the project's events).
 * Answers each one's signing secret, in order.
 */
export async function createSubscriptions(app: string, board: Board, ports: number[]): Promise<string[]> {
  const secrets: string[] = [];
  for (const [i, port] of ports.entries()) {
    const scope = i < 20 ? { project_id: board.projectId } : { team_id: board.teamUuid };
    const res = await fetch(`${app}/api/v1/webhook/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${board.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `http://127.0.0.1:${port}/hook`,
        ...scope,
        metadata: { 'X-Event-Type': ['task.updated'] },
        description: `event-lag receiver ${i}`,
      }),
    });
    const body = (await res.json()) as { subscription?: { secret: string } };
    if (res.status !== 201 || !body.subscription)
      throw new Error(`creating webhook subscription ${i}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    secrets.push(body.subscription.secret);
  }
  return secrets;
}

/** Samples of the database side while a phase runs: the outbox and delivery backlog, commits. */
export class DatabaseProbe {
  private constructor(private readonly client: pg.Client) {}

  /** Connects to the benchmark database. */
  static async open(url: string): Promise<DatabaseProbe> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return new DatabaseProbe(client);
  }

  /** Unprocessed outbox events and pending webhook deliveries right now. */
  async backlog(): Promise<{ outbox: number; deliveries: number }> {
    const { rows } = await this.client.query<{ outbox: number; deliveries: number }>(
      `SELECT (SELECT count(*)::int FROM "OutboxEvent" WHERE "processedAt" IS NULL) AS outbox,
              (SELECT count(*)::int FROM "WebhookDelivery" WHERE status = 'pending') AS deliveries`,
    );
    return rows[0];
  }

  /** Committed transactions of this database so far (cumulative statistics, flushed within a second or so). */
  async commits(): Promise<number> {
    const { rows } = await this.client.query<{ n: string }>(
      `SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
