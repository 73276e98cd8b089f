import type { Config } from './config.ts';
import { configureContentRendering } from './content/render.ts';
import { type Database, type DatabaseOptions, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { describeError } from './db/outage.ts';
import { waitForDatabase } from './db/wait-for-database.ts';
import { type DispatcherOptions, EventDispatcher } from './events/dispatcher.ts';
import { DEFAULT_FEED_OPTIONS, EventFeed, type FeedOptions } from './events/event-feed.ts';
import { memoryWakeChannel, redisWakeChannel, type WakeChannel } from './events/wake-channel.ts';
import { DEFAULT_DELIVERY_OPTIONS } from './events/webhook-delivery.ts';
import { createLogger, type Logger } from './logger.ts';
import { SessionKey } from './auth/session-secret.ts';
import { DatabaseOutageMonitor } from './db/unavailable.ts';
import { createSearchIndex } from './search/create-search-index.ts';
import type { SearchIndex } from './search/search-index.ts';

/**
 * The long-lived parts of one running instance, passed to resolvers through
 * the GraphQL context. Built by `createServices`, closed by `close()`.
 */
export interface Services {
  config: Config;
  database: Database;
  logger: Logger;
  /** Live events of this instance, read from the outbox (GraphQL subscriptions subscribe here). */
  feed: EventFeed;
  /** Wakes the feeds of every instance (Redis when REDIS_URL is set, else in process). */
  wakeChannel: WakeChannel;
  /** The outbox dispatcher and webhook deliverer of this instance, when it runs one. */
  dispatcher: EventDispatcher | null;
  /** Task search; the dispatcher keeps it in sync when present. */
  search?: SearchIndex;
  /** Whether requests find the database unavailable (503s, logged once per outage). */
  databaseOutage: DatabaseOutageMonitor;
  /** The HMAC key of signed sessions (SESSION_SECRET, else kept in the data directory). */
  sessionKey: SessionKey;
  /** Test-only fault injection. */
  faults?: ServiceFaults;
}

/** Test-only hooks that simulate crashes at chosen points. */
export interface ServiceFaults {
  /** Runs after an Idempotency-Key route's transaction committed, before the response is sent. */
  afterIdempotentCommit?: () => Promise<void> | void;
}

/** Options of `createServices`. */
export interface ServicesOptions {
  migrate?: boolean;
  logger?: Logger;
  onQuery?: (sql: string) => void;
  /** The embedded database's filesystem (see `DatabaseOptions.pgliteFs`). */
  pgliteFs?: DatabaseOptions['pgliteFs'];
  /**
   * Run the event dispatcher (default: config EVENT_DISPATCHER; unset, on
   * except under NODE_ENV=test). An object enables it with those tuning
   * options; CLI commands that do not need events pass false.
   */
  dispatcher?: boolean | Partial<DispatcherOptions>;
  /** Live-event feed tuning (tests shorten the polls). */
  feed?: Partial<FeedOptions>;
  /** The wake channel to use instead of config's (Redis with REDIS_URL, else in process): the workers of `serve --workers` pass theirs. */
  wakeChannel?: WakeChannel;
  faults?: ServiceFaults;
}

/** Opens the database (migrating it unless told not to) and builds the services. */
export async function createServices(
  config: Config,
  opts: ServicesOptions = {},
): Promise<Services & { close(): Promise<void> }> {
  const logger = opts.logger ?? createLogger(config);
  configureContentRendering(config);
  if (config.DATABASE_URL) await waitForDatabase(config.DATABASE_URL, { waitMs: config.DATABASE_WAIT_SECONDS * 1000, logger });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.TASKSVC_DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    backgroundPoolSize: config.EVENT_POOL_SIZE,
    onQuery: opts.onQuery,
    pgliteFs: opts.pgliteFs,
    // One line, no stack: when the database goes away every idle connection reports it.
    onIdleError: (err) => logger.warn({ error: describeError(err) }, 'an idle database connection failed; the pool replaces it'),
    onPGliteRestart: ({ cause, restartedInMs, error }) => {
      if (error) logger.error({ cause, error: describeError(error) }, 'embedded database worker could not start; retrying');
      else if (restartedInMs === undefined)
        logger.warn(
          { cause },
          cause === 'budget'
            ? 'a statement ran past STATEMENT_TIMEOUT_MS: the embedded database worker is restarted to stop it'
            : 'the embedded database worker stopped; restarting it',
        );
      else logger.info({ cause, ms: Math.round(restartedInMs) }, 'embedded database worker restarted');
    },
    onWalCheckpoint: {
      onCheckpoint: ({ walBytes, ms }) => logger.debug({ walBytes, ms: Math.round(ms) }, 'embedded database checkpointed'),
      onError: (err) => logger.warn({ error: describeError(err) }, 'embedded database checkpoint failed; retried shortly'),
    },
  });
  if (opts.migrate !== false) {
    const result = await migrate(database);
    if (result.applied.length) logger.info({ applied: result.applied }, 'migrations applied');
  }
  const wakeChannel =
    opts.wakeChannel ??
    (config.REDIS_URL
    ? redisWakeChannel({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, logger })
    : memoryWakeChannel());
  const feed = new EventFeed(database.background, wakeChannel, logger, { ...DEFAULT_FEED_OPTIONS, ...opts.feed });
  feed.start();
  const services: Services = {
    config,
    database,
    logger,
    feed,
    wakeChannel,
    dispatcher: null,
    search: createSearchIndex(config, database),
    databaseOutage: new DatabaseOutageMonitor(() => database.sql.query('SELECT 1'), logger),
    sessionKey: new SessionKey(config),
    faults: opts.faults,
  };

  const wanted = opts.dispatcher ?? config.EVENT_DISPATCHER ?? config.NODE_ENV !== 'test';
  if (wanted !== false) {
    const tuning = typeof wanted === 'object' ? wanted : {};
    services.dispatcher = new EventDispatcher(
      {
        database,
        logger,
        search: () => services.search,
        databaseUrl: config.DATABASE_URL,
        announce: (lastPosition, stampedHere) => {
          feed.notify(lastPosition);
          if (stampedHere) wakeChannel.publish(lastPosition);
        },
      },
      {
        retentionDays: config.EVENT_RETENTION_DAYS,
        ...tuning,
        delivery: { ...DEFAULT_DELIVERY_OPTIONS, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, ...tuning.delivery },
      },
    );
    services.dispatcher.start();
  }

  return Object.assign(services, {
    close: async () => {
      services.databaseOutage.close();
      await services.dispatcher?.stop();
      await feed.stop();
      await wakeChannel.close();
      await database.close();
    },
  });
}
