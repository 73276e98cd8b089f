// The last phase of a pass: wait for the app's outbox dispatcher to work off
// the backlog the load left (and say how long that took), then create team
// boards one after another on the app and, on PostgreSQL, on the floor and
// PostGraphile, each timed end to end over the same number of calls.

import pg from 'pg';
import type { BenchOptions } from './options.ts';
import { REFERENCE_BOARD } from './reference-documents.ts';
import type { BoardResult, DrainResult, ServerKind } from './results.ts';
import { teamBoardManifest } from './scenarios.ts';
import type { ServerProcess } from './server-process.ts';

/** A team board call still running after this is abandoned (and reported). */
const BOARD_TIMEOUT_MS = 120_000;

/** Longest wait for the outbox backlog before the boards (longer is reported as not drained). */
const DRAIN_MAX_MS = { full: 300_000, quick: 120_000, smoke: 30_000 } as const;

/**
 * Waits until the app's dispatcher has processed every outbox event (the
 * load's creates and updates, the floor's and PostGraphile's too: the app's
 * dispatcher reads the whole table). On PostgreSQL it counts the rows with
 * no `processedAt`; on PGlite the app holds the database, so the app's CPU
 * going idle (under 5 % of a core over 0.3 s) stands for the drain.
 */
export async function waitForDrain(app: ServerProcess, mode: BenchOptions['mode'], databaseUrl?: string): Promise<DrainResult> {
  const maxMs = DRAIN_MAX_MS[mode];
  const started = performance.now();
  if (!databaseUrl) {
    await app.settle(maxMs);
    const ms = Math.round(performance.now() - started);
    return { method: 'cpu-idle', ms, drained: ms < maxMs };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const backlog = async () => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "OutboxEvent" WHERE "processedAt" IS NULL`)).rows[0].n);
    const before = await backlog();
    let left = before;
    while (left > 0 && performance.now() - started < maxMs) {
      await new Promise((r) => setTimeout(r, 250));
      left = await backlog();
    }
    return { method: 'outbox', ms: Math.round(performance.now() - started), drained: left === 0, backlogBefore: before, backlogAfter: left };
  } finally {
    await client.end();
  }
}

/** How one server is asked for a board, and how its answer is checked. */
function boardRequest(server: ServerKind, url: string, teamUuid: string, userId: number, manifest: ReturnType<typeof teamBoardManifest>) {
  if (server === 'reference') {
    return {
      url: `${url}/graphql`,
      body: JSON.stringify({ query: REFERENCE_BOARD, variables: { teamId: teamUuid, userId, manifest } }),
      tasks: (status: number, json: any) => (status === 200 && !json?.errors ? json?.data?.benchRefCreateTeamBoard?.result?.tasksByProjectId?.nodes?.length : undefined),
    };
  }
  return {
    url: `${url}/api/v1/teams/${teamUuid}/boards`,
    body: JSON.stringify(manifest),
    tasks: (status: number, json: any) => (status === 201 ? json?.tasks?.length : undefined),
  };
}

/** Creates `boardCalls` boards one after another on `server`, each timed end to end. */
export async function timeBoards(
  server: ServerProcess,
  kind: ServerKind,
  o: BenchOptions,
  a: { run: string; teamUuid: string; userId: number; headers: Record<string, string> },
): Promise<BoardResult> {
  const { boardCalls, boardTasks } = o;
  const ms: number[] = [];
  const statuses: number[] = [];
  let problem: string | null = null;
  await server.settle();
  await server.beginWindow();
  for (let n = 0; n < boardCalls; n++) {
    // Each server its own titles (ticket prefixes are chosen from the title).
    const manifest = teamBoardManifest(kind === 'app' ? a.run : `${a.run} ${kind}`, n, boardTasks);
    const request = boardRequest(kind, server.url, a.teamUuid, a.userId, manifest);
    const started = performance.now();
    let status: number;
    let text: string;
    try {
      const res = await fetch(request.url, {
        method: 'POST',
        headers: { ...a.headers, 'content-type': 'application/json' },
        body: request.body,
        signal: AbortSignal.timeout(BOARD_TIMEOUT_MS),
      });
      text = await res.text();
      status = res.status;
    } catch (err) {
      const e = err as Error & { cause?: Error };
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      problem = `call ${n + 1} failed after ${secs} s: ${e.name}: ${e.message}${e.cause ? ` (${e.cause.message})` : ''}; ${kind} output: ${server.tail(5).replace(/\s+/g, ' ').slice(0, 300)}`;
      ms.push(Math.round(performance.now() - started));
      statuses.push(0);
      break;
    }
    ms.push(Math.round((performance.now() - started) * 10) / 10);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // reported below
    }
    const tasks = request.tasks(status, json);
    statuses.push(tasks === undefined && status < 300 ? 500 : status);
    if (tasks === undefined && !problem) problem = `HTTP ${status}: ${text.slice(0, 300)}`;
    else if (tasks !== boardTasks && !problem) problem = `answered ${tasks} tasks, not ${boardTasks}`;
  }
  const window = await server.endWindow();
  const sorted = [...ms].sort((x, y) => x - y);
  return {
    tasksPerBoard: boardTasks,
    ms,
    statuses,
    p50: sorted[Math.floor((sorted.length - 1) / 2)],
    max: sorted[sorted.length - 1],
    mean: Math.round((ms.reduce((x, y) => x + y, 0) / ms.length) * 10) / 10,
    problem,
    window,
  };
}
