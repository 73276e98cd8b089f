import type { CombinedError } from 'urql';

/** The GraphQL error code (`extensions.code`) of the first error, if any. */
export function errorCode(error: CombinedError | undefined | null): string | null {
  if (!error) return null;
  const code = error.graphQLErrors[0]?.extensions?.code;
  if (typeof code === 'string') return code;
  const status = (error.response as Response | undefined)?.status;
  if (status === 401) return 'UNAUTHENTICATED';
  return error.networkError ? 'NETWORK' : null;
}

/** A sentence for people: the server's message, or what went wrong with the connection. */
export function errorMessage(error: CombinedError | undefined | null): string {
  if (!error) return '';
  const first = error.graphQLErrors[0];
  if (first) return first.message;
  if (error.networkError) return 'The service cannot be reached. Check the connection and try again.';
  return error.message.replace(/^\[\w+\]\s*/, '');
}
