import { GraphQLError } from 'graphql';
import type { Logger } from '../logger.ts';

/** True for an error the service raised on purpose (a GraphQLError, as AppError is), not a crash. */
function intended(error: GraphQLError): boolean {
  const original = error.originalError;
  return !original || original instanceof GraphQLError;
}

/**
 * An execution result whose unexpected errors (anything but a GraphQLError
 * raised on purpose) are replaced by `Unexpected error.` with code INTERNAL,
 * the message yoga's masking gives on HTTP; the original goes to the log.
 * Answers the result unchanged when nothing needs masking.
 */
export function maskUnexpectedErrors<R extends { errors?: readonly GraphQLError[] }>(result: R, logger: Logger): R {
  if (!result.errors?.some((e) => !intended(e))) return result;
  const errors = result.errors.map((e) => {
    if (intended(e)) return e;
    logger.error({ err: e.originalError, path: e.path }, 'unexpected error in a socket operation');
    return new GraphQLError('Unexpected error.', { path: e.path, extensions: { code: 'INTERNAL' } });
  });
  return { ...result, errors };
}
