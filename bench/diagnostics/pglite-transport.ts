// Spike: the cost of reaching a PGlite that runs in a worker thread, by the
// two ways issue "database off the main thread" names: a small typed channel
// (postMessage: SQL + parameters in, rows out) and the PostgreSQL wire
// protocol (@electric-sql/pglite-socket in the worker, `pg` on the main
// thread, as @prisma/adapter-pg would use it). Against PGlite in process as
// the floor. Run: `nice npx tsx bench/diagnostics/pglite-transport.ts`.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const require = createRequire(import.meta.url);
const pgliteUrl = pathToFileURL(require.resolve('@electric-sql/pglite')).href.replace(/index\.cjs$/, 'index.js');
const socketUrl = pathToFileURL(require.resolve('@electric-sql/pglite-socket')).href.replace(/index\.cjs$/, 'index.js');
const SETUP = `CREATE TABLE t (id serial PRIMARY KEY, board int, pos int, title text, at timestamptz DEFAULT now(), data jsonb);
INSERT INTO t (board, pos, title, data) SELECT g % 50, g, 'task number ' || g, '{"a":1}' FROM generate_series(1, 5000) g;
CREATE INDEX ON t (board, pos);`;
const LIST = 'SELECT id, board, pos, title, at, data FROM t WHERE board = $1 ORDER BY pos LIMIT 50';
const INSERT = 'INSERT INTO t (board, pos, title) VALUES ($1, $2, $3)';

type Runner = { query(sql: string, params?: unknown[]): Promise<unknown>; close(): Promise<void> };

async function time(name: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await fn(i);
  const started = performance.now();
  const elu = performance.eventLoopUtilization();
  for (let i = 0; i < n; i++) await fn(i);
  const us = ((performance.now() - started) * 1000) / n;
  // Main-thread time per operation: what the event loop cannot spend on anything else.
  const mainUs = (performance.eventLoopUtilization(elu).active * 1000) / n;
  return { name, us: Math.round(us), mainUs: Math.round(mainUs) };
}

async function measure(label: string, r: Runner) {
  const rows = [
    await time('SELECT 1', 2000, () => r.query('SELECT 1')),
    await time('list 50 rows', 1000, (i) => r.query(LIST, [i % 50])),
    await time('8 lists at once', 200, (i) => Promise.all(Array.from({ length: 8 }, (_, k) => r.query(LIST, [(i + k) % 50])))),
    await time('BEGIN; INSERT; COMMIT', 500, async (i) => {
      await r.query('BEGIN');
      await r.query(INSERT, [i % 50, 10000 + i, `new ${i}`]);
      await r.query('COMMIT');
    }),
  ];
  console.log(label, rows.map((x) => `${x.name}: ${x.us} µs (main thread ${x.mainUs} µs)`).join(' · '));
  await r.close();
}

async function inProcess(): Promise<Runner> {
  const lite = await PGlite.create('memory://');
  await lite.exec(SETUP);
  return { query: (s, p) => lite.query(s, p), close: () => lite.close() };
}

async function channel(): Promise<Runner> {
  const code = `
    const { parentPort } = require('node:worker_threads');
    import(${JSON.stringify(pgliteUrl)}).then(async ({ PGlite }) => {
      const lite = await PGlite.create('memory://');
      await lite.exec(${JSON.stringify(SETUP)});
      parentPort.postMessage({ ready: true });
      parentPort.on('message', async ({ id, sql, params }) => {
        try {
          const r = await lite.query(sql, params, { rowMode: 'array' });
          parentPort.postMessage({ id, rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });
        } catch (e) { parentPort.postMessage({ id, error: String(e) }); }
      });
    });`;
  const worker = new Worker(code, { eval: true });
  await new Promise((ok) => worker.once('message', ok));
  let next = 0;
  const waiting = new Map<number, (v: unknown) => void>();
  worker.on('message', (m: { id: number }) => {
    waiting.get(m.id)?.(m);
    waiting.delete(m.id);
  });
  return {
    query: (sql, params) =>
      new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        worker.postMessage({ id, sql, params });
      }),
    close: async () => void (await worker.terminate()),
  };
}

async function socket(): Promise<Runner> {
  const port = 40000 + (process.pid % 20000);
  const code = `
    const { parentPort } = require('node:worker_threads');
    Promise.all([import(${JSON.stringify(pgliteUrl)}), import(${JSON.stringify(socketUrl)})]).then(async ([{ PGlite }, { PGLiteSocketServer }]) => {
      const lite = await PGlite.create('memory://');
      await lite.exec(${JSON.stringify(SETUP)});
      const server = new PGLiteSocketServer({ db: lite, host: '127.0.0.1', port: ${port} });
      await server.start();
      parentPort.postMessage({ ready: true });
    });`;
  const worker = new Worker(code, { eval: true });
  await new Promise((ok) => worker.once('message', ok));
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  return { query: (s, p) => client.query(s, p as unknown[]), close: async () => { await client.end(); await worker.terminate(); } };
}

for (let pass = 0; pass < 2; pass++) {
  await measure('in process', await inProcess());
  await measure('channel   ', await channel());
  await measure('socket    ', await socket());
}
