import type { Config } from './config.ts';
import { configureContentRendering } from './content/render.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { type DispatcherOptions, EventDispatcher } from './events/dispatcher.ts';
import { createEventBus, type EventPubSub } from './events/pubsub.ts';
import { DEFAULT_DELIVERY_OPTIONS } from './events/webhook-delivery.ts';
import { createLogger, type Logger } from './logger.ts';
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
  /** GraphQL subscriptions' pub/sub (Redis when REDIS_URL is set, else in memory). */
  pubsub: EventPubSub;
  /** The outbox dispatcher and webhook deliverer of this instance, when it runs one. */
  dispatcher: EventDispatcher | null;
  /** Task search; the dispatcher keeps it in sync when present. */
  search?: SearchIndex;
}

/** Options of `createServices`. */
export interface ServicesOptions {
  migrate?: boolean;
  logger?: Logger;
  onQuery?: (sql: string) => void;
  /** An embedded database to start from (see `DatabaseOptions.loadDataDir`). */
  loadDataDir?: Blob;
  /**
   * Run the event dispatcher (default: config EVENT_DISPATCHER; unset, on
   * except under NODE_ENV=test). An object enables it with those tuning
   * options; CLI commands that do not need events pass false.
   */
  dispatcher?: boolean | Partial<DispatcherOptions>;
}

/** Opens the database (migrating it unless told not to) and builds the services. */
export async function createServices(
  config: Config,
  opts: ServicesOptions = {},
): Promise<Services & { close(): Promise<void> }> {
  const logger = opts.logger ?? createLogger(config);
  configureContentRendering(config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.TASKSVC_DATA_DIR,
    onQuery: opts.onQuery,
    loadDataDir: opts.loadDataDir,
    onIdleError: (err) => logger.warn({ err }, 'an idle database connection failed; the pool replaces it'),
  });
  if (opts.migrate !== false) {
    const result = await migrate(database);
    if (result.applied.length) logger.info({ applied: result.applied }, 'migrations applied');
  }
  const bus = createEventBus({ redisUrl: config.REDIS_URL, redisPrefix: config.REDIS_PREFIX, logger });
  const services: Services = {
    config,
    database,
    logger,
    pubsub: bus.pubsub,
    dispatcher: null,
    search: createSearchIndex(config, database),
  };

  const wanted = opts.dispatcher ?? config.EVENT_DISPATCHER ?? config.NODE_ENV !== 'test';
  if (wanted !== false) {
    const tuning = typeof wanted === 'object' ? wanted : {};
    services.dispatcher = new EventDispatcher(
      { database, pubsub: bus.pubsub, logger, search: () => services.search, databaseUrl: config.DATABASE_URL },
      {
        ...tuning,
        delivery: { ...DEFAULT_DELIVERY_OPTIONS, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, ...tuning.delivery },
      },
    );
    services.dispatcher.start();
  }

  return Object.assign(services, {
    close: async () => {
      await services.dispatcher?.stop();
      await bus.close();
      await database.close();
    },
  });
}
