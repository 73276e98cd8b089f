// The statement budget of requests on PostgreSQL (config STATEMENT_TIMEOUT_MS):
// every statement of the request pool runs with `statement_timeout`, so no
// request holds a connection or a server core for longer than that. The
// background pool (dispatcher, webhook deliverer, live-event feed) and the
// migrator run without it (see src/db/migrate.ts): their long work is
// bounded by batch sizes, not by a clock.

/** PostgreSQL's `query_canceled` (statement_timeout, or a cancel request). */
const QUERY_CANCELED = '57014';

/** What a caller is told when a statement of its request ran past the budget (TIMEOUT, 503). */
export const STATEMENT_TIMEOUT_MESSAGE =
  'The request needed more database time than one statement may take and was stopped; retry later or ask for less.';

/**
 * True when `err` (or what it wraps: `cause`, `originalError`, Prisma's
 * `meta.driverAdapterError`) is PostgreSQL cancelling a statement, as it does
 * when `statement_timeout` runs out.
 */
export function isStatementTimeout(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 6) return false;
  const e = err as {
    code?: unknown;
    originalCode?: unknown;
    cause?: unknown;
    originalError?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  if (e.code === QUERY_CANCELED || e.originalCode === QUERY_CANCELED) return true;
  const inner = [e.cause, e.originalError, e.meta?.driverAdapterError];
  return inner.some((i) => i !== err && isStatementTimeout(i, depth + 1));
}
