import { GraphQLError } from 'graphql';
import { isStatementTimeout } from './db/statement-timeout.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';

/** Stable error codes; GraphQL `extensions.code` and REST `error` carry them. */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'UNPROCESSABLE'
  | 'GONE'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'TIMEOUT'
  | 'UNAVAILABLE';

/** The one mapping from error code to HTTP status, used by every facade. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  TIMEOUT: 503,
  UNAVAILABLE: 503,
};

/**
 * Base of every error the service raises on purpose. It is a GraphQLError so
 * yoga shows it unmasked; anything else is masked as INTERNAL in production.
 * `field` names the offending input; `detail` is a finer machine code
 * (`too_long`, `invalid_type`, …) that REST shows as `details.code`.
 */
export class AppError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field: string | null = null,
    readonly detail: string = code.toLowerCase(),
    extra: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { code, field, detail, ...extra } });
  }
}

/** Bad input: names the field and a detail code. */
export class ValidationError extends AppError {
  constructor(field: string | null, message: string, detail = 'invalid') {
    super('VALIDATION', message, field, detail);
  }
}

/** Missing, malformed, unknown or revoked credentials. */
export class UnauthenticatedError extends AppError {
  constructor(message = 'Authentication required: send Authorization: Bearer <API key>.', field: string | null = 'authorization', detail = 'unauthenticated') {
    super('UNAUTHENTICATED', message, field, detail);
  }
}

/** Something that does not exist, or that the caller may not see (never 403 for tenancy). */
export class NotFoundError extends AppError {
  constructor(what: string, field: string | null = null) {
    super('NOT_FOUND', `${what} not found`, field, 'not_found');
  }
}

/** The request conflicts with the current state (duplicate name, request in flight). */
export class ConflictError extends AppError {
  constructor(message: string, field: string | null = null, detail = 'conflict') {
    super('CONFLICT', message, field, detail);
  }
}

/** A request condition (`If-Match`) that the resource no longer meets (412); nothing was written. */
export class PreconditionFailedError extends AppError {
  constructor(message: string, field: string | null = 'If-Match', detail = 'stale_version') {
    super('PRECONDITION_FAILED', message, field, detail);
  }
}

/** Well-formed but unacceptable (idempotency key reused with another body). */
export class UnprocessableError extends AppError {
  constructor(message: string, field: string | null = null, detail = 'unprocessable') {
    super('UNPROCESSABLE', message, field, detail);
  }
}

/** A route or resource that existed and was removed on purpose, or a resume cursor past the retention (410). */
export class GoneError extends AppError {
  constructor(message: string, field: string | null = null, detail = 'gone') {
    super('GONE', message, field, detail);
  }
}

/** The caller is known but the action is not allowed to anyone in that role. */
export class ForbiddenError extends AppError {
  constructor(message: string, field: string | null = null, detail = 'forbidden') {
    super('FORBIDDEN', message, field, detail);
  }
}

/** What a caller is told when the database does not answer (UNAVAILABLE, 503 with `Retry-After`). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; retry after the time in Retry-After.';

/**
 * Reads the code of any error: AppErrors keep theirs, GraphQL's own are
 * validation, a database that cannot be reached is UNAVAILABLE (not the
 * request's fault), a statement stopped by the statement budget is TIMEOUT
 * (503), anything else INTERNAL.
 */
export function errorCodeOf(err: unknown): ErrorCode {
  if (err instanceof AppError) return err.code;
  if (err instanceof GraphQLError) {
    const code = err.extensions?.code;
    if (typeof code === 'string' && code in HTTP_STATUS) return code as ErrorCode;
    if (err.originalError && !(err.originalError instanceof GraphQLError)) return databaseErrorCode(err.originalError);
    if (err.originalError) return errorCodeOf(err.originalError);
    return 'VALIDATION';
  }
  return databaseErrorCode(err);
}

/** The code of an error the service did not raise on purpose. */
function databaseErrorCode(err: unknown): ErrorCode {
  if (isDatabaseUnavailable(err)) return 'UNAVAILABLE';
  return isStatementTimeout(err) ? 'TIMEOUT' : 'INTERNAL';
}
