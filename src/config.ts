import { z } from 'zod';
import { productionRefusal } from './config-production.ts';
import { DEFAULT_DATA_DIR } from './control/channel.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A flag whose absence means "decide from the rest of the configuration": undefined when unset. */
const unsetOrBool = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Optional second listener for the tool routes only (`{mcp_base_url}`). */
  MCP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** PostgreSQL only (`postgres://` or `postgresql://`): the schema and its migrations are PostgreSQL's. */
  DATABASE_URL: z
    .string()
    .url()
    .refine((v) => /^postgres(ql)?:\/\//i.test(v), 'must be a postgres:// or postgresql:// URL (only PostgreSQL is supported; unset it for the embedded database)')
    .optional(),
  /**
   * How long start-up waits for PostgreSQL to accept connections (retrying
   * with back-off) before giving up; 0 tries once.
   */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  TASKSVC_DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  REDIS_URL: z.string().url().optional(),
  /**
   * Prefix of every Redis key and channel of this deployment (the wake-up
   * channel `<prefix>events:wake`, rate-limit buckets `<prefix>ratelimit:…`):
   * deployments sharing one Redis keep apart with different prefixes;
   * instances of one deployment share limits and wake-ups with the same one.
   */
  REDIS_PREFIX: z.string().max(100).default('tasksvc:'),
  MEILI_HOST: z.string().url().optional(),
  MEILI_API_KEY: z.string().optional(),
  /**
   * HMAC key of `svc_session`. Unset: a random secret made once and kept in
   * TASKSVC_DATA_DIR (`session-secret`, src/auth/session-secret.ts); per
   * process only with a `memory://` data directory.
   */
  SESSION_SECRET: z.string().min(16).optional(),
  /** Lifetime of a signed session. */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24 * 7),
  /** Unset: `POST /api/resetUser` answers 401 (admin routes disabled). */
  ADMIN_PASSWORD: z.string().min(1).optional(),
  /** Token-bucket refill per API key (or session user), per minute; 0 disables rate limiting of callers. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /** Bucket size per caller (requests allowed at once); default: RATE_LIMIT_PER_MINUTE. */
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** The same per client IP for requests without valid credentials; 0 disables. */
  RATE_LIMIT_ANON_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(600),
  RATE_LIMIT_ANON_BURST: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** Take the client IP from the first `X-Forwarded-For` entry (only behind a proxy that sets it). */
  TRUST_PROXY: bool,
  /** Largest accepted request body (413 above). */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(1024 * 1024),
  /** Longest accepted query string, in characters (400 above). */
  MAX_QUERY_STRING_LENGTH: z.coerce.number().int().min(256).max(1_000_000).default(8192),
  /** Largest accepted total of header names and values, in bytes (400 above). */
  MAX_HEADER_BYTES: z.coerce.number().int().min(1024).max(1_000_000).default(8192),
  /** graphql-ws sockets and SSE streams one user may hold open at once on an instance (close 4429 / 429 above). */
  LIVE_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * How often an open socket or stream re-runs the caller identification it
   * was opened with; a revoked key or session ends it within this time.
   */
  CREDENTIAL_RECHECK_MS: z.coerce.number().int().min(100).max(5000).default(4000),
  /**
   * What GraphQL documents a cookie session (the web app) may run on /graphql
   * and graphql-ws: `any` document, or only the `trusted` ones (the web app's,
   * sent as `{"documentId": "sha256:…"}`; src/graphql/trusted-documents.ts).
   * API keys always keep the full language; the REST and tool routes run
   * their own documents and are unaffected.
   */
  GRAPHQL_SESSION_DOCUMENTS: z.enum(['any', 'trusted']).default('any'),
  /**
   * More trusted documents besides the web app's: comma-separated paths of
   * manifests in the format GraphQL Code Generator's client preset writes
   * (`persisted-documents.json`: `{"<sha256 hex or sha256:hex>": "<document>"}`),
   * for other clients of this service (a mobile app, an integration).
   */
  GRAPHQL_TRUSTED_DOCUMENTS_FILES: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map((p) => p.trim()).filter(Boolean)),
  /** Requests still running after this answer 503 (subscriptions excepted). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Open connections one client address may hold (0: no cap); more are
   * answered 429 and closed. Not applied with TRUST_PROXY (every connection
   * is then the proxy's). High enough for an office behind one NAT address.
   */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).default(256),
  /** Worker threads that render markdown and sanitise HTML (started on demand). */
  CONTENT_RENDER_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  /**
   * CPU time of its worker thread one content field (or a board manifest's
   * descriptions together) may use to render; 400 `too_complex` above. CPU,
   * not wall time: a busy machine does not turn valid input into a 400.
   */
  CONTENT_RENDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Wall time a render job may take however little CPU it got (a backstop for a starved worker); at least CONTENT_RENDER_TIMEOUT_MS. */
  CONTENT_RENDER_WALL_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(20_000),
  /** Render workers one user may occupy at once; the user's further texts wait in the user's own queue. */
  CONTENT_RENDER_WORKERS_PER_USER: z.coerce.number().int().min(1).max(32).default(1),
  /**
   * How far the JS heap may grow past its live data before a full collection,
   * in percent; 0 leaves V8's default (up to 4×). See src/heap-growth.ts.
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1000).default(50),
  /**
   * Compile WebAssembly with V8's baseline compiler only (no optimised tier).
   * Unset: yes on PostgreSQL (the only module is Prisma's query compiler; ~50 MB
   * less resident memory), no on the embedded database (PGlite runs every
   * statement in WebAssembly). See src/wasm-tiers.ts.
   */
  WASM_LIFTOFF_ONLY: unsetOrBool,
  WEBHOOK_ALLOW_PRIVATE: bool,
  /**
   * Run the outbox dispatcher and webhook deliverer in this process. Unset:
   * yes, except under NODE_ENV=test (test apps opt in, so pollers do not
   * disturb other tests). Any number of instances may run it; `false` for
   * API-only replicas.
   */
  EVENT_DISPATCHER: unsetOrBool,
  /**
   * Days events stay resumable: a live subscription may resume (`after`,
   * SSE `Last-Event-ID`) from a cursor at most this old; older is GONE.
   */
  EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** Connections of the background pool on PostgreSQL (dispatcher, webhook deliverer, live-event feed). */
  EVENT_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(3),
  /** Connections of the request pool on PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Longest one SQL statement of a request may run (ms) before the database
   * stops it: PostgreSQL's `statement_timeout` on the request pool (not the
   * background pool, not migrations). The request answers 503 TIMEOUT (a
   * search, 400 `too_complex` on `query`). On the embedded database, the
   * budget of the request client's statements: past it the database's worker
   * thread is restarted (src/db/pglite-remote.ts). 0 turns the budget off.
   */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /**
   * Most distinct SQL statements run as named (prepared) statements on
   * PostgreSQL, planned once per connection; a statement is named on its
   * second use. 0 sends every statement unnamed (parsed and planned per call).
   */
  DATABASE_PREPARED_STATEMENTS: z.coerce.number().int().min(0).max(100000).default(1000),
  /** Serve Prometheus metrics at `/metrics` (off by default: they describe the traffic). */
  METRICS_ENABLED: bool,
  /** When set, `/metrics` asks for `Authorization: Bearer <METRICS_TOKEN>` (a scraper's credential, not an API key). */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Browser origins (comma-separated, exact `scheme://host[:port]`) allowed
   * to call the API with credentials: CORS answers, cookie-authenticated
   * unsafe requests (CSRF) and graphql-ws upgrades carrying the session
   * cookie. None by default: only the service's own origin.
   */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      for (const origin of list) {
        let parsed: URL | null = null;
        try {
          parsed = new URL(origin);
        } catch {
          /* reported below */
        }
        if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `${origin} is not an origin (scheme://host[:port], no path)` });
        }
      }
      return list.map((o) => o.replace(/\/$/, ''));
    }),
  /** Public base URL printed at start-up and used in links. */
  PUBLIC_URL: z.string().url().optional(),
  /** Client side (`tasksvc mcp`, `tasksvc tasks …`): the service to call; default `http://localhost:PORT`. */
  TASKSVC_URL: z.string().url().optional(),
  /** Client side: the API key those commands send as `Authorization: Bearer`. */
  TASKSVC_API_KEY: z.string().min(1).optional(),
});

export type Config = z.infer<typeof schema>;

/**
 * Parses configuration from an environment object. The only place that reads
 * `process.env` is {@link loadConfig}; everything else receives a `Config`.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Production refuses placeholder, short or missing secrets (src/config-production.ts): one line naming the variable.
  const refusal = result.data.NODE_ENV === 'production' ? productionRefusal(result.data) : null;
  if (refusal) throw Object.assign(new Error(refusal), { code: 'UNSAFE_CONFIG' });
  return result.data;
}

let cached: Config | undefined;

/** The process configuration, read from `process.env` once. */
export function loadConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
