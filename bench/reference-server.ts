// The reference: PostGraphile v5 (amber preset) on the benchmark's database,
// the best-known GraphQL-over-PostgreSQL server in Node (plans each document
// once, one SQL statement per request, results shaped by the database). The
// bench sends it the equivalent of the tool routes' task list and, through
// bench_ref.add_task (bench/reference.sql, made here at start-up), the
// equivalent create. No authentication and no visibility rule: what it does
// per request is a subset of the app's work, which flatters it slightly.
// Run: DATABASE_URL=… PORT=… node --import tsx bench/reference-server.ts

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';

// PostGraphile 5 calls Promise.withResolvers (Node ≥ 22); the app supports Node 20.
const promiseStatics = Promise as unknown as { withResolvers?: () => unknown };
promiseStatics.withResolvers ??= () => {
  let resolve!: (v: unknown) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const connectionString = process.env.DATABASE_URL;
if (!connectionString) throw new Error('DATABASE_URL is required');

const setup = new pg.Client({ connectionString });
await setup.connect();
await setup.query(readFileSync(new URL('./reference.sql', import.meta.url), 'utf8'));
await setup.end();

// Loaded by a computed specifier on purpose: PostGraphile's types augment graphql's
// `ExecutionResult` globally (grafast adds `hasNext`), which would change the types
// of the service's own code if this file's imports were part of the typecheck.
const load = (specifier: string): Promise<any> => import(specifier);
const { postgraphile } = await load('postgraphile');
const { PostGraphileAmberPreset } = await load('postgraphile/presets/amber');
const { makePgService } = await load('postgraphile/adaptors/pg');
const { grafserv } = await load('postgraphile/grafserv/node');

const pgl = postgraphile({
  extends: [PostGraphileAmberPreset],
  // A pool of 10, like the app and the floor.
  pgServices: [makePgService({ connectionString, schemas: ['public', 'bench_ref'], poolConfig: { max: 10 } })],
  grafserv: { graphqlPath: '/graphql', graphiql: false },
  grafast: { explain: false },
});
const serv = pgl.createServ(grafserv);
// No WebSocket support needed, so the plain request handler (addTo would also answer /healthz with a 404).
const handle = serv.createHandler();
const server = createServer((req, res) => {
  if (req.url === '/healthz') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  else handle(req, res);
});
server.keepAliveTimeout = 65_000;
await serv.ready();
server.listen(Number(process.env.PORT ?? 3998), process.env.HOST ?? '127.0.0.1', () => {
  process.stdout.write(`reference listening on ${process.env.PORT}\n`);
});

const stop = () => {
  server.close();
  void Promise.resolve(pgl.release()).finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
