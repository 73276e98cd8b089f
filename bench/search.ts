// Task search benchmark. Not a test: run it by hand.
//
//   npm run bench:search [-- --tasks 100000 --projects 50 --queries 1000 --json | --smoke]
//
// On the configured database (DATABASE_URL, else the embedded PGlite in
// TASKSVC_DATA_DIR) it seeds --tasks tasks across --projects projects of one
// benchmark user (once: a later run with the same sizes reuses them), then
// runs --queries mixed searches one after the other, each twice:
//   http  GET /api/mcp/tasks/search on a local server (auth, GraphQL,
//         visibility, engine): what a client sees. On PostgreSQL the server
//         is a separate `tasksvc serve` process, as deployed; on the
//         embedded database (one process only) it runs in this process;
//   sql   the engine's main statement run directly on one connection (the
//         floor: what the database alone costs for the same search).
// and, for scale, GET /api/mcp/user/context (the fixed cost of any route:
// HTTP, auth, GraphQL).
// It prints p50/p95/p99 of both, their ratio, and the targets:
// p95 <= 30 ms through HTTP, HTTP at most 2x the SQL floor.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseConfig } from '../src/config.ts';
import type { SqlRunner } from '../src/db/client.ts';
import { createApiKey } from '../src/domain/api-key.ts';
import { createUser } from '../src/domain/user.ts';
import { startServer } from '../src/http/server.ts';
import { createSearchIndex } from '../src/search/create-search-index.ts';
import { PostgresSearchIndex } from '../src/search/postgres-engine.ts';
import type { SearchFilters } from '../src/search/search-index.ts';
import { createServices, type Services } from '../src/services.ts';
import { benchCommand, integer } from './options.ts';
import { Prng } from './prng.ts';

const args = benchCommand('npm run bench:search --', 'Task search latency through HTTP against its SQL statement alone (p50/p95/p99).')
  .option('--tasks <n>', 'tasks to seed (default 100000)', integer(1), 100_000)
  .option('--projects <n>', 'projects to spread them over (default 50)', integer(1), 50)
  .option('--queries <n>', 'mixed searches to run (default 1000)', integer(1), 1000)
  .option('--json', 'print the result as one JSON line')
  .parse(process.argv.slice(2), { from: 'user' })
  .opts();
// Smoke: a tiny data set in a throw-away embedded database, a handful of queries.
if (args.smoke) Object.assign(args, { tasks: 300, projects: 3, queries: 20 });
const TASKS: number = args.tasks;
const PROJECTS: number = args.projects;
const QUERIES: number = args.queries;

const relevance = JSON.parse(
  readFileSync(new URL('../test/fixtures/search-relevance.json', import.meta.url), 'utf8'),
) as {
  titles: string[];
  queries: { query: string }[];
};
const AREAS = [
  'web app',
  'API',
  'mobile',
  'admin panel',
  'billing',
  'search',
  'board',
  'CLI',
  'importer',
  'reports',
  'inbox',
  'editor',
];
const CUSTOMERS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Soylent', 'Tyrell'];
const SENTENCES = [
  'Steps to reproduce are in the linked ticket.',
  'Customer reported this twice this week.',
  'We should check the logs first and then decide.',
  'Blocked until the design review is done.',
  'Needs a migration and a feature flag.',
  'See the <a href="https://example.com/spec">spec</a> for details.',
  'Pair with the platform team on this.',
  'Add tests before merging.',
  'The current behaviour confuses new users.',
  'Happens only in production, never on staging.',
];
const PRIORITIES = ['urgent', 'high', 'medium', 'low', null] as const;

function log(line: string) {
  process.stderr.write(`${line}\n`);
}

/** The benchmark user, key and projects; seeded once per size. */
async function seed(services: Services) {
  const db = services.database.prisma;
  const marker = `search-bench-${TASKS}x${PROJECTS}`;
  const email = `${marker}@bench.local`;
  let user = await db.user.findUnique({ where: { email } });
  if (!user) user = await createUser(db, { email, displayName: 'Search Bench' });
  const { key } = await createApiKey(db, user.id, { label: marker }).catch(async () => {
    // At most 10 active keys: revoke the older ones of earlier runs.
    await db.apiKey.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: new Date() } });
    return createApiKey(db, user.id, { label: marker });
  });
  let projects = await db.project.findMany({
    where: { title: { startsWith: `${marker} ` } },
    include: { sections: true },
    orderBy: { id: 'asc' },
  });
  const existing = await db.task.count({ where: { projectId: { in: projects.map((p) => p.id) } } });
  if (projects.length === PROJECTS && existing === TASKS) {
    log(`reusing ${TASKS} tasks in ${PROJECTS} projects (${marker})`);
    return { user, key, projects };
  }
  if (projects.length) await db.project.deleteMany({ where: { id: { in: projects.map((p) => p.id) } } });
  projects = [];
  for (let i = 0; i < PROJECTS; i++) {
    projects.push(
      await db.project.create({
        data: {
          title: `${marker} ${i + 1}`,
          ticketPrefix: `SB${i + 1}`,
          members: { create: [{ userId: user.id }] },
          sections: {
            create: ['Backlog', 'Todo', 'In Progress', 'Done'].map((title, r) => ({ title, ranking: `a${r}` })),
          },
        },
        include: { sections: true },
      }),
    );
  }
  const rnd = new Prng(42);
  const batch = 1000;
  const started = Date.now();
  const counters = new Array<number>(PROJECTS).fill(0);
  for (let done = 0; done < TASKS; done += batch) {
    const cols = {
      projectId: [] as number[],
      sectionId: [] as number[],
      uniqueIndex: [] as number[],
      title: [] as string[],
      description: [] as string[],
      priority: [] as (string | null)[],
      dueDate: [] as (string | null)[],
    };
    for (let i = done; i < Math.min(TASKS, done + batch); i++) {
      const p = i % PROJECTS;
      const r = rnd.next();
      const title =
        rnd.pick(relevance.titles) +
        (r < 0.3 ? ` in ${rnd.pick(AREAS)}` : r < 0.5 ? ` for ${rnd.pick(CUSTOMERS)}` : '');
      cols.projectId.push(projects[p].id);
      cols.sectionId.push(rnd.pick(projects[p].sections).id);
      cols.uniqueIndex.push(++counters[p]);
      cols.title.push(title);
      cols.description.push(`<p>${rnd.pick(SENTENCES)} ${rnd.pick(SENTENCES)}</p>`);
      cols.priority.push(rnd.pick(PRIORITIES));
      cols.dueDate.push(
        rnd.next() < 0.3 ? new Date(Date.UTC(2027, 0, 1 + Math.floor(rnd.next() * 365))).toISOString() : null,
      );
    }
    await services.database.sql.query(
      `INSERT INTO "Task" ("projectId", "sectionId", "uniqueIndex", title, description, priority, "dueDate", "updatedAt")
       SELECT p, s, u, t, d, pr::"Priority", dd::timestamp, now()
       FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[]) AS x(p, s, u, t, d, pr, dd)`,
      [cols.projectId, cols.sectionId, cols.uniqueIndex, cols.title, cols.description, cols.priority, cols.dueDate],
    );
    const n = Math.min(TASKS, done + batch);
    const rate = n / Math.max(1, (Date.now() - started) / 1000);
    process.stderr.write(
      `\rseeding tasks ${n}/${TASKS} (${rate.toFixed(0)}/s, about ${Math.round((TASKS - n) / rate)} s left)   `,
    );
  }
  process.stderr.write('\n');
  for (const [i, p] of projects.entries())
    await db.project.update({ where: { id: p.id }, data: { taskCounter: counters[i] } });
  // Assign a tenth of the tasks to the user, so `assigned_to=me` has work.
  await services.database.sql.query(
    `INSERT INTO "TaskAssignee" ("taskId", "userId") SELECT id, $1 FROM "Task" WHERE "projectId" = ANY($2::int[]) AND id % 10 = 0`,
    [user.id, projects.map((p) => p.id)],
  );
  await services.database.sql.exec('ANALYZE "Task"');
  log(`seeded ${TASKS} tasks in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { user, key, projects };
}

interface BenchQuery {
  query: string;
  params: Record<string, string>;
}

/** 1,000 mixed searches: misspelt, exact words, prefixes, ticket numbers, with and without filters. */
function mixedQueries(projects: { id: number; ticketPrefix: string }[], tasksPerProject: number): BenchQuery[] {
  const rnd = new Prng(7);
  const words = [
    ...new Set(relevance.titles.flatMap((t) => t.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 4)),
  ];
  const out: BenchQuery[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const kind = rnd.next();
    let query: string;
    if (kind < 0.35)
      query = rnd.pick(relevance.queries).query; // one or two typos
    else if (kind < 0.55)
      query = `${rnd.pick(words)} ${rnd.pick(words)}`; // two exact words (often no task has both)
    else if (kind < 0.7)
      query = rnd.pick(words); // one common word
    else if (kind < 0.8)
      query = rnd.pick(words).slice(0, 4); // typing: a prefix
    else if (kind < 0.9) {
      const title = rnd.pick(relevance.titles).split(' ');
      query = title.slice(0, Math.min(3, title.length)).join(' '); // start of a real title
    } else {
      const p = rnd.pick(projects);
      query = `${p.ticketPrefix}-${1 + Math.floor(rnd.next() * tasksPerProject)}`; // ticket number
    }
    const params: Record<string, string> = {};
    const f = rnd.next();
    if (f < 0.15) params.project_id = String(rnd.pick(projects).id);
    else if (f < 0.25) params.priority = rnd.pick(['urgent', 'high', 'medium', 'low']);
    else if (f < 0.3) params.has_due_date = 'true';
    else if (f < 0.35) params.assigned_to = 'me';
    if (rnd.next() < 0.2) params.limit = '50';
    out.push({ query, params });
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    mean: r(s.reduce((a, b) => a + b, 0) / s.length),
  };
}

/** The HTTP server under test: a `tasksvc serve` child on PostgreSQL, in this process on PGlite. */
async function startHttp(services: Services): Promise<{ url: string; where: string; close(): Promise<void> }> {
  if (services.database.kind !== 'postgres') {
    const running = await startServer(services, { port: 0, host: '127.0.0.1' });
    return { url: running.url, where: 'in this process', close: () => running.close() };
  }
  const bin = new URL('../bin/tasksvc.js', import.meta.url).pathname;
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--json'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      EVENT_DISPATCHER: 'false',
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The start-up summary is the JSON line with `url` (log lines may come first).
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const found = /^\{.*"url":"([^"]+)"/.exec(line);
      if (found) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`tasksvc serve exited with ${code}`)));
  });
  return {
    url,
    where: `separate process (pid ${child.pid})`,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function main() {
  // No rate limit: the benchmark is one caller sending a thousand requests.
  const smokeDir = args.smoke ? mkdtempSync(join(tmpdir(), 'tasksvc-search-smoke-')) : null;
  const env = smokeDir ? { ...process.env, DATABASE_URL: undefined, MEILI_HOST: undefined, TASKSVC_DATA_DIR: smokeDir } : process.env;
  const config = parseConfig({ ...env, RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' });
  if (config.MEILI_HOST) log('note: MEILI_HOST is set; the HTTP side uses Meilisearch, the SQL floor is PostgreSQL');
  const services = await createServices(config, { dispatcher: false });
  let server: Awaited<ReturnType<typeof startHttp>> | null = null;
  try {
    const { user, key, projects } = await seed(services);
    server = await startHttp(services);
    log(`server: ${server.url} (${server.where})`);
    const base = server.url;
    const queries = mixedQueries(projects, Math.ceil(TASKS / PROJECTS));
    const engine = new PostgresSearchIndex(services.database.prisma, { server: services.database.kind === 'postgres' });
    const visible = projects.map((p) => p.id);
    const http: number[] = [];
    const sql: number[] = [];
    const baseline: number[] = [];
    const url = (q: BenchQuery) =>
      `${base}/api/mcp/tasks/search?${new URLSearchParams({ query: q.query, ...q.params })}`;
    const filtersOf = (q: BenchQuery): SearchFilters => ({
      visibleProjectIds: visible,
      projectId: q.params.project_id ? Number(q.params.project_id) : undefined,
      priority: q.params.priority as SearchFilters['priority'],
      hasDueDate: q.params.has_due_date ? true : undefined,
      assignedTo: q.params.assigned_to ? user.id : undefined,
      status: 'Normal',
      limit: Number(q.params.limit ?? 10),
    });

    const measure = async (conn: SqlRunner) => {
      const runSql = async (q: BenchQuery) => {
        const statement = engine.matchStatement(q.query, filtersOf(q));
        if (statement) await conn.query(statement.text, statement.values);
      };
      const runHttp = async (q: BenchQuery) => {
        const res = await fetch(url(q), { headers: { authorization: `Bearer ${key}` } });
        if (res.status !== 200) throw new Error(`${res.status} for ${url(q)}: ${await res.text()}`);
        await res.json();
      };
      log('warming up (50 queries)');
      for (const q of queries.slice(0, 50)) {
        await runHttp(q);
        await runSql(q);
      }
      for (const [i, q] of queries.entries()) {
        let t0 = performance.now();
        await runHttp(q);
        http.push(performance.now() - t0);
        t0 = performance.now();
        await runSql(q);
        sql.push(performance.now() - t0);
        t0 = performance.now();
        await (await fetch(`${base}/api/mcp/user/context`, { headers: { authorization: `Bearer ${key}` } })).json();
        baseline.push(performance.now() - t0);
        if ((i + 1) % 100 === 0) process.stderr.write(`\rmeasured ${i + 1}/${queries.length}`);
      }
      process.stderr.write('\n');
    };
    if (services.database.kind === 'postgres') {
      await services.database.session(async (conn: SqlRunner) => {
        // The floor runs without JIT, as the engine's own statement does.
        await conn.exec('SET jit = off');
        await measure(conn);
      });
    } else {
      // PGlite is one connection, which a session holds for its whole callback: the server's
      // requests would wait for it. Its statements take their turn like the server's.
      await measure(services.database.sql);
    }

    const h = summary(http);
    const s = summary(sql);
    const b = summary(baseline);
    const ratio = {
      p50: +(h.p50 / s.p50).toFixed(2),
      p95: +(h.p95 / s.p95).toFixed(2),
      p99: +(h.p99 / s.p99).toFixed(2),
    };
    const engineName = createSearchIndex(config, services.database).engine;
    const result = {
      date: new Date().toISOString(),
      database: `${services.database.kind} (${services.database.location})`,
      server: server.where,
      engine: engineName,
      tasks: TASKS,
      projects: PROJECTS,
      queries: queries.length,
      httpMs: h,
      sqlMs: s,
      userContextMs: b,
      httpOverSql: ratio,
      targets: { httpP95Max: 30, ratioMax: 2, httpP95Met: h.p95 <= 30, ratioMet: ratio.p95 <= 2 },
    };
    if (args.json) process.stdout.write(`${JSON.stringify(result)}\n`);
    else {
      process.stdout.write(
        [
          `search benchmark ${result.date}: ${TASKS} tasks, ${PROJECTS} projects, ${queries.length} queries, ${result.database}, engine ${engineName}`,
          `            p50      p95      p99      mean   (ms)`,
          `  http  ${[h.p50, h.p95, h.p99, h.mean].map((n) => n.toFixed(2).padStart(7)).join('  ')}`,
          `  sql   ${[s.p50, s.p95, s.p99, s.mean].map((n) => n.toFixed(2).padStart(7)).join('  ')}`,
          `  (GET /api/mcp/user/context, for scale: ${[b.p50, b.p95, b.p99, b.mean].map((n) => n.toFixed(2)).join(' / ')})`,
          `  http/sql ${String(ratio.p50).padStart(5)}x ${String(ratio.p95).padStart(6)}x ${String(ratio.p99).padStart(6)}x`,
          `  targets: http p95 <= 30 ms ${result.targets.httpP95Met ? 'met' : 'NOT met'}; http/sql p95 <= 2x ${result.targets.ratioMet ? 'met' : 'NOT met'}`,
        ].join('\n') + '\n',
      );
    }
  } finally {
    await server?.close();
    await services.close();
    if (smokeDir) rmSync(smokeDir, { recursive: true, force: true });
  }
}

await main();
