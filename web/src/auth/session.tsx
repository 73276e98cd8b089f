import { type ReactNode, createContext, useContext } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { MeQuery } from '../gql/graphql';
import { errorCode, errorMessage } from '../graphql/errors';
import { leaveForSignIn, sessionSeen } from './session-ended';

const Me = graphql(`
  query Me {
    me {
      id
      email
      displayName
    }
  }
`);

/** The signed-in person. */
export type Me = MeQuery['me'];

const SessionContext = createContext<Me | null>(null);

/**
 * The signed-in person (inside {@link RequireSession}); null for the moment
 * the page is loading, so screens can start their own queries at once.
 */
export function useMe(): Me | null {
  return useContext(SessionContext);
}

/**
 * Renders its children for a signed-in person; sends anyone else to the sign-in
 * screen, which brings them back here afterwards. The children render while
 * `me` loads (their queries run in parallel with it; without a session they
 * fail the same way and this redirects).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const [{ data, error, fetching }, refetch] = useQuery({ query: Me, requestPolicy: 'network-only' });
  if (errorCode(error) === 'UNAUTHENTICATED') {
    queueMicrotask(leaveForSignIn);
    return null;
  }
  if (data?.me) sessionSeen();
  if (error && !data) {
    return (
      <main className="centered">
        <p role="alert">{errorMessage(error)}</p>
        <button type="button" onClick={() => refetch({ requestPolicy: 'network-only' })}>
          Try again
        </button>
      </main>
    );
  }
  return <SessionContext.Provider value={fetching ? null : (data?.me ?? null)}>{children}</SessionContext.Provider>;
}
