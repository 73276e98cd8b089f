// The environment of the app child of every benchmark: production settings, quiet logs, no rate limits,
// nothing inherited that would point it at shared state (databases, Redis, Meilisearch, ports) unless given,
// and the bench's trusted document: the task list route's own document (what the "GraphQL direct" list sends
// as text) in a manifest the app trusts, so the same operation runs as text and by `documentId` in one run.

import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { print } from 'graphql';
import { documentIdOf } from '../src/graphql/trusted-documents.ts';
import { listTasksRoute } from '../src/http/routes/tools/tasks.ts';

const INHERITED_STATE = ['DATABASE_URL', 'TASKSVC_DATA_DIR', 'REDIS_URL', 'REDIS_PREFIX', 'RATE_LIMIT_REDIS_PREFIX', 'MEILI_HOST', 'MEILI_API_KEY', 'MCP_PORT', 'PUBLIC_URL', 'PORT', 'HOST', 'EVENT_DISPATCHER', 'WEBHOOK_ALLOW_PRIVATE', 'NODE_OPTIONS'];

/** What the reports show of the app's environment (no secrets, no URLs). */
const SHOWN_ENV = ['NODE_ENV', 'HEAP_GROWING_PERCENT', 'WASM_LIFTOFF_ONLY', 'LOG_LEVEL', 'EVENT_DISPATCHER', 'WEBHOOK_ALLOW_PRIVATE', 'RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_ANON_PER_MINUTE', 'LIVE_CONNECTIONS_PER_USER'];

/** The task list route's document as text (printed once), and its trusted-document id. */
export const LIST_SOURCE = print(listTasksRoute.document);
export const LIST_DOCUMENT_ID = documentIdOf(LIST_SOURCE);

let trustedFile: string | undefined;

/** The app child's environment: the benchmark defaults, then `overrides` (e.g. DATABASE_URL). */
export function benchAppEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  if (!trustedFile) {
    // Written once per bench process, removed at exit.
    const file = (trustedFile = join(tmpdir(), `tasksvc-bench-trusted-${process.pid}.json`));
    writeFileSync(file, JSON.stringify({ [LIST_DOCUMENT_ID]: LIST_SOURCE }));
    process.once('exit', () => rmSync(file, { force: true }));
  }
  const env = { ...process.env };
  for (const name of INHERITED_STATE) delete env[name];
  return {
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_ANON_PER_MINUTE: '0',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    GRAPHQL_TRUSTED_DOCUMENTS_FILES: trustedFile,
    ...overrides,
  };
}

/** The settings of `env` the reports show: the ones of {@link SHOWN_ENV} that are set. */
export function shownEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(SHOWN_ENV.filter((k) => env[k]).map((k) => [k, env[k]!]));
}
