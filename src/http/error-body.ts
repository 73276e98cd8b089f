import type { Context } from 'hono';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, HTTP_STATUS, NotFoundError, errorCodeOf, type ErrorCode } from '../errors.ts';
import { STATEMENT_TIMEOUT_MESSAGE } from '../db/statement-timeout.ts';
import type { Logger } from '../logger.ts';
import type { AppEnv } from './env.ts';

/** Spec 7.1: the error body of every REST and tool route. */
export interface ErrorBody {
  success: false;
  error: ErrorCode;
  message: string;
  details: { field: string | null; code: string };
}

/** camelCase → snake_case, the public spelling of most REST and tool fields. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * Renames the field path a message starts with (`input.userIds: must be…`,
 * `user must be…`) and nothing else: the rest of the message may quote the
 * caller's input (an email such as `user@example.com`), which must come back
 * as it was sent. A longer word that merely starts with the field name
 * (`username` for `user`) is not the field.
 */
export function renameLeadingField(message: string, field: string, publicField: string): string {
  if (!message.startsWith(field) || /[\w.]/.test(message.charAt(field.length))) return message;
  return publicField + message.slice(field.length);
}

/**
 * Maps any error to its HTTP status and spec 7.1 body. Unknown errors are
 * logged and masked: the caller learns only that it was an internal error.
 * A database that does not answer is 503 UNAVAILABLE (`details.code:
 * unavailable`), not logged here: the app logs the outage once
 * (src/db/unavailable.ts) and adds `Retry-After`. A statement stopped by the
 * statement budget is 503 TIMEOUT (`details.code: statement_timeout`), its
 * SQL never shown.
 * `rename` turns a GraphQL argument path into the route's public field name.
 */
export function toErrorResponse(
  err: unknown,
  logger: Logger,
  rename: (field: string) => string = (f) => f,
): { status: number; body: ErrorBody } {
  const code = errorCodeOf(err);
  if (code === 'INTERNAL') {
    // The cause, not graphql-js's wrapper: its stack is where the fault is.
    const cause = (err as { originalError?: unknown } | null)?.originalError ?? err;
    logger.error({ err: cause }, 'unhandled error');
    return {
      status: 500,
      body: { success: false, error: code, message: 'Internal error', details: { field: null, code: 'internal' } },
    };
  }
  if (code === 'UNAVAILABLE' && !(err instanceof AppError)) {
    return {
      status: HTTP_STATUS.UNAVAILABLE,
      body: { success: false, error: code, message: DATABASE_UNAVAILABLE_MESSAGE, details: { field: null, code: 'unavailable' } },
    };
  }
  if (code === 'TIMEOUT' && !(err instanceof AppError) && !(errOriginal(err) instanceof AppError)) {
    logger.warn({ error: err instanceof Error ? err.message : String(err) }, 'a statement ran past STATEMENT_TIMEOUT_MS');
    return {
      status: HTTP_STATUS.TIMEOUT,
      body: { success: false, error: code, message: STATEMENT_TIMEOUT_MESSAGE, details: { field: null, code: 'statement_timeout' } },
    };
  }
  const app = err instanceof AppError ? err : errOriginal(err);
  const field = app instanceof AppError ? app.field : null;
  const detail = app instanceof AppError ? app.detail : 'invalid';
  const message = err instanceof Error ? err.message : String(err);
  // An unknown field is named as the caller spelt it (renaming `dueDate` to `due_date` would hide the mistake).
  const publicField = field ? (detail === 'unknown_field' ? field : rename(field)) : null;
  return {
    status: HTTP_STATUS[code],
    body: {
      success: false,
      error: code,
      message: field && publicField ? renameLeadingField(message, field, publicField) : message,
      details: { field: publicField, code: detail },
    },
  };
}

/** The error a GraphQL error wraps, if any. */
function errOriginal(err: unknown): unknown {
  return (err as { originalError?: unknown } | null)?.originalError;
}

/** The 404 NOT_FOUND answer (spec 7.1 body) for a path nothing here serves. */
export function routeNotFound(c: Context<AppEnv>) {
  const { status, body } = toErrorResponse(new NotFoundError(`Route ${c.req.method} ${c.req.path}`), c.get('logger'));
  return c.json(body, status as 404);
}

/**
 * Seconds a RATE_LIMITED error asks the caller to wait (its `retryAfter`
 * extension, as the sign-in throttle sets it), for the `Retry-After` header;
 * null for other errors.
 */
export function retryAfterOf(err: unknown): number | null {
  const app = err instanceof AppError ? err : (err as { originalError?: unknown } | null)?.originalError;
  const value = app instanceof AppError ? app.extensions.retryAfter : undefined;
  return typeof value === 'number' && value > 0 ? value : null;
}
