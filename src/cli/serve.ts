import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { type Config, loadConfig } from '../config.ts';
import { applyHeapGrowth } from '../heap-growth.ts';
import { applyWasmTiers } from '../wasm-tiers.ts';
import { bindListeners } from '../http/listen.ts';
import { integerOption } from './options.ts';
import { MAX_WORKERS, reportReady, runPrimary, workerSlot } from './serve-cluster.ts';

/** `tasksvc serve`: what `npm start` runs. */
export function registerServeCommand(program: Command) {
  program
    .command('serve')
    .description('Run the HTTP service (GraphQL, REST, tool routes, subscriptions)')
    .option('--port <port>', 'port (default PORT or 3000)', integerOption('the port', 0, 65535))
    .option('--workers <n>', `processes sharing the port(s), PostgreSQL only (default 1; at most ${MAX_WORKERS})`, integerOption('--workers', 1, MAX_WORKERS))
    .option('--json', 'print the start-up summary as JSON')
    .action(async (o: { port?: number; workers?: number; json?: boolean }) => {
      const config = loadConfig();
      const workers = o.workers ?? 1;
      const slot = workerSlot();
      if (workers > 1 && slot === null) {
        if (!config.DATABASE_URL) {
          // PGlite is one process's database (its files are opened by one process at a time), and
          // already runs on a thread of its own beside the event loop: the second core is its.
          throw Object.assign(
            new Error(
              `--workers ${workers} needs PostgreSQL (DATABASE_URL): the embedded database serves one process ` +
                '(it runs on its own thread beside the event loop, so one process already uses two cores). Run without --workers, or set DATABASE_URL.',
            ),
            { code: 'USAGE' },
          );
        }
        return runPrimary({ workers, env: sharedWorkerEnv(config), warnings: clusterWarnings(config), onReady: (summary) => printSummary({ ...summary, workers: String(workers) }, o.json) });
      }
      applyHeapGrowth(config.HEAP_GROWING_PERCENT);
      applyWasmTiers(config);
      // The port first: a port that is taken is one line and exit 1 before the
      // database is touched, and probes see a listener (503 "starting") meanwhile.
      const listeners = await bindListeners({ port: o.port ?? config.PORT, host: config.HOST, mcpPort: config.MCP_PORT });
      // The app's code (schema, routes) loads while the database is reached and migrated.
      const [services, { startServer }] = await Promise.all([
        import('../services.ts').then(async (m) =>
          m.createServices(config, slot === null ? {} : await workerServices(slot, config)),
        ),
        import('../http/server.ts'),
      ]);
      // The session secret now, so a data directory that cannot hold it stops start-up with one line.
      void services.sessionKey.current;
      const running = await startServer(services, listeners);
      // On the embedded database, admin commands of the CLI reach this process (src/control/).
      const control =
        services.database.kind === 'pglite' && !config.TASKSVC_DATA_DIR.startsWith('memory://')
          ? await import('../control/server.ts').then((m) => m.startControlChannel(services, config.TASKSVC_DATA_DIR))
          : null;
      const base = config.PUBLIC_URL ?? running.url;
      const setup = await firstRunLink(services, base);
      const summary = {
        url: base,
        graphql: `${base}/graphql`,
        subscriptions: `${base.replace(/^http/, 'ws')}/graphql`,
        rest: `${base}/api/v1`,
        tools: config.MCP_PORT ? `${base.replace(/:\d+$/, '')}:${config.MCP_PORT}/api/mcp` : `${base}/api/mcp`,
        health: `${base}/healthz`,
        database: `${services.database.kind} (${services.database.location})`,
        ...(control ? { control: control.path } : {}),
        ...(setup ? { setup } : {}),
      };
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        services.logger.info({ signal }, 'shutting down');
        await running.close();
        await control?.close();
        await services.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
      if (slot === null) printSummary(summary, o.json);
      else {
        // A worker whose primary is gone (killed) stops too, rather than serving unsupervised.
        process.once('disconnect', () => void stop('primary gone'));
        reportReady(summary);
      }
    });
}

/**
 * What every worker must share that a single process would make up for
 * itself: without SESSION_SECRET the workers read one secret file in the
 * data directory, except on a `memory://` one, where they get one random
 * secret for the run (a cookie signed by one worker must verify on the others).
 */
function sharedWorkerEnv(config: Config): Record<string, string> {
  if (config.SESSION_SECRET || !config.TASKSVC_DATA_DIR.startsWith('memory://')) return {};
  return { SESSION_SECRET: randomBytes(32).toString('base64url') };
}

/** What a cluster of workers does differently from one process, in this configuration. */
function clusterWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!config.REDIS_URL) {
    warnings.push('REDIS_URL is not set: rate limits count per worker (each allows RATE_LIMIT_PER_MINUTE); wake-ups go through the primary');
  }
  if (!config.SESSION_SECRET && config.TASKSVC_DATA_DIR.startsWith('memory://')) {
    warnings.push('SESSION_SECRET is not set and the data directory is in memory: the workers share a random secret for this run (signed sessions end at restart)');
  }
  return warnings;
}

/** A worker's service options: its slot in the log, the dispatcher in worker 1 only, wake-ups through the primary unless Redis carries them. */
async function workerServices(slot: number, config: Config) {
  const [{ clusterWakeChannel }, { createLogger }] = await Promise.all([import('../events/cluster-wake-channel.ts'), import('../logger.ts')]);
  return {
    logger: createLogger(config).child({ worker: slot }),
    dispatcher: slot === 1 ? undefined : false,
    wakeChannel: config.REDIS_URL ? undefined : clusterWakeChannel(),
  };
}

/** The first run's setup link while no account has a password (src/domain/first-owner.ts), else null. */
async function firstRunLink(services: import('../services.ts').Services, base: string): Promise<string | null> {
  const { needsFirstOwner, setupLinkPath, setupToken } = await import('../domain/first-owner.ts');
  if (!(await needsFirstOwner(services.database.prisma))) return null;
  return base + setupLinkPath(setupToken(services.sessionKey.current));
}

function printSummary(summary: Record<string, string>, json?: boolean) {
  if (json) return void process.stdout.write(`${JSON.stringify(summary)}\n`);
  const firstRun = summary.setup
    ? [
        'First run: no account can sign in yet. Open this link to create the owner account (it works once):',
        `  ${summary.setup}`,
        'Or try a demo board: npx tasksvc seed --demo  (prints a sign-in email and password)',
      ]
    : [];
  process.stdout.write(
    [
      `tasksvc listening on ${summary.url}${summary.workers ? ` (${summary.workers} workers)` : ''}`,
      `  GraphQL + GraphiQL  ${summary.graphql}`,
      `  Subscriptions (ws)  ${summary.subscriptions}`,
      `  REST API            ${summary.rest}`,
      `  Tool routes         ${summary.tools}`,
      `  Health              ${summary.health}  /readyz`,
      `  Database            ${summary.database}`,
      ...(summary.control ? [`  Admin commands      through ${summary.control} (this user only)`] : []),
      ...firstRun,
      ...(firstRun.length
        ? []
        : [`API requests need "Authorization: Bearer <API key>": the web app's command menu (REST API) or npx tasksvc keys create --email E`]),
      '',
    ].join('\n'),
  );
}
