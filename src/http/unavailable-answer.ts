import type { Logger } from '../logger.ts';
import { GraphQLError } from 'graphql';
import { maskError } from 'graphql-yoga';
import { isStatementTimeout, STATEMENT_TIMEOUT_MESSAGE } from '../db/statement-timeout.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../errors.ts';

/**
 * yoga's error masking, except that an error caused by a database that does
 * not answer becomes `UNAVAILABLE` with HTTP 503 (yoga takes the status from
 * `extensions.http`), and a statement stopped by the statement budget
 * (STATEMENT_TIMEOUT_MS) becomes `TIMEOUT` with HTTP 503: the codes and
 * statuses the REST routes answer.
 */
export function maskGraphQLError(error: unknown, message: string, isDev?: boolean): Error {
  const original = (error as { originalError?: unknown }).originalError ?? error;
  const located = error instanceof GraphQLError ? error : undefined;
  if (!isDatabaseUnavailable(original)) {
    if (!isStatementTimeout(original)) return maskError(error, message, isDev);
    return new GraphQLError(STATEMENT_TIMEOUT_MESSAGE, {
      path: located?.path,
      nodes: located?.nodes,
      extensions: { code: 'TIMEOUT', field: null, detail: 'statement_timeout', http: { status: 503 } },
    });
  }
  return new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE, {
    path: located?.path,
    nodes: located?.nodes,
    extensions: { code: 'UNAVAILABLE', http: { status: 503 } },
  });
}

/**
 * Whether a 503 answer is the database-unavailable one (a spec error body
 * with `details.code: unavailable`, or GraphQL errors with code
 * `UNAVAILABLE`), not a request timeout. Reads a clone: the body still goes
 * to the client.
 */
export async function isDatabaseUnavailableAnswer(res: Response): Promise<boolean> {
  if (!res.headers.get('content-type')?.includes('json')) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { details?: { code?: unknown }; errors?: { extensions?: { code?: unknown } }[] } | null;
  return body?.details?.code === 'unavailable' || !!body?.errors?.some((e) => e.extensions?.code === 'UNAVAILABLE');
}

/**
 * yoga's `maskError` for /graphql (POST, GET and SSE): {@link maskGraphQLError},
 * and an unexpected error (not a GraphQLError raised on purpose, not a
 * database that does not answer, which the outage monitor logs once) is
 * logged here with its cause and path, once: yoga itself logs nothing.
 */
export function loggingMaskError(logger: Logger) {
  return (error: unknown, message: string, isDev?: boolean): Error => {
    const original = (error as { originalError?: unknown }).originalError ?? error;
    if (!(original instanceof GraphQLError) && !isDatabaseUnavailable(original)) {
      logger.error({ err: original, path: error instanceof GraphQLError ? error.path : undefined }, 'unexpected error in a GraphQL operation');
    }
    return maskGraphQLError(error, message, isDev);
  };
}
