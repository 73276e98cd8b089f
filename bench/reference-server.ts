// The reference: PostGraphile 5 (amber preset) on the benchmark's database, the best-known GraphQL-over-PostgreSQL
// server in Node (plans each document once, one SQL statement per request, results shaped by the database). The
// bench sends it bench/reference-documents.ts over the functions of bench/reference.sql and floor-sql.ts's
// REFERENCE_WRITES_SQL, made here at start-up. No authentication and no visibility rule (the user id is an
// argument): what it does per request is a subset of the app's work, which flatters it slightly.
// Run: DATABASE_URL=… PORT=… node --import tsx bench/reference-server.ts

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import { REFERENCE_WRITES_SQL } from './floor-sql.ts';

// PostGraphile 5 calls Promise.withResolvers (Node ≥ 22); the app supports Node 20.
(Promise as unknown as { withResolvers?: () => unknown }).withResolvers ??= () => {
  const out: Record<string, unknown> = {};
  out.promise = new Promise((resolve, reject) => Object.assign(out, { resolve, reject }));
  return out;
};

const connectionString = process.env.DATABASE_URL;
if (!connectionString) throw new Error('DATABASE_URL is required');
const setup = new pg.Client({ connectionString });
await setup.connect();
await setup.query(readFileSync(new URL('./reference.sql', import.meta.url), 'utf8') + REFERENCE_WRITES_SQL);
await setup.end();

// Loaded by a computed specifier on purpose: PostGraphile's types augment graphql's `ExecutionResult` globally
// (grafast adds `hasNext`), which would change the types of the service's own code if these imports were type-checked.
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
// The plain request handler: no WebSocket needed, and addTo would answer /healthz with a 404.
const handle = serv.createHandler();
const server = createServer((req, res) => {
  if (req.url === '/healthz') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  else handle(req, res);
});
server.keepAliveTimeout = 65_000;
await serv.ready();
server.listen(Number(process.env.PORT ?? 3998), process.env.HOST ?? '127.0.0.1', () => process.stdout.write(`reference listening on ${process.env.PORT}\n`));

const stop = () => void Promise.resolve(pgl.release()).finally(() => process.exit(0));
process.once('SIGTERM', stop).once('SIGINT', stop);
