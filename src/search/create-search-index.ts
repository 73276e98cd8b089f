import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { MeilisearchSearchIndex } from './meilisearch-engine.ts';
import { PostgresSearchIndex, SEARCH_STATEMENT_TIMEOUT_MS } from './postgres-engine.ts';
import type { SearchIndex } from './search-index.ts';

/**
 * The search engine configuration asks for: Meilisearch when `MEILI_HOST`
 * is set (with `MEILI_API_KEY`), else the PostgreSQL engine over the same
 * database (PGlite included). Call `init()` at start-up to apply settings
 * early; the Meilisearch engine also applies them on first use.
 */
export function createSearchIndex(
  config: Pick<Config, 'MEILI_HOST' | 'MEILI_API_KEY'> & Partial<Pick<Config, 'STATEMENT_TIMEOUT_MS'>>,
  database: Pick<Database, 'prisma' | 'kind' | 'session'>,
): SearchIndex {
  if (config.MEILI_HOST)
    return new MeilisearchSearchIndex(database.prisma, { host: config.MEILI_HOST, apiKey: config.MEILI_API_KEY });
  // A search's own budget never loosens the request pool's.
  const pool = config.STATEMENT_TIMEOUT_MS || Infinity;
  return new PostgresSearchIndex(database.prisma, {
    server: database.kind === 'postgres',
    session: database.session,
    statementTimeoutMs: Math.min(SEARCH_STATEMENT_TIMEOUT_MS, pool),
  });
}

const built = new WeakMap<object, SearchIndex>();

/**
 * The search index of a running instance: `services.search` when the
 * services were built with one, else one created from their config and
 * database on first use and cached for that services object.
 */
export function searchIndexOf(services: {
  config: Pick<Config, 'MEILI_HOST' | 'MEILI_API_KEY'> & Partial<Pick<Config, 'STATEMENT_TIMEOUT_MS'>>;
  database: Pick<Database, 'prisma' | 'kind' | 'session'>;
  search?: SearchIndex;
}): SearchIndex {
  if (services.search) return services.search;
  let index = built.get(services);
  if (!index) {
    index = createSearchIndex(services.config, services.database);
    built.set(services, index);
  }
  return index;
}
