import { type ReactNode, createContext, useContext } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { MeQuery } from '../gql/graphql';
import { errorCode, errorMessage } from '../graphql/errors';
import { navigate } from '../router';

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

/** The signed-in person (inside {@link RequireSession}). */
export function useMe(): Me {
  const me = useContext(SessionContext);
  if (!me) throw new Error('useMe outside RequireSession');
  return me;
}

/**
 * Renders its children for a signed-in person; sends anyone else to the sign-in
 * screen, which brings them back here afterwards.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const [{ data, error, fetching }, refetch] = useQuery({ query: Me, requestPolicy: 'network-only' });
  if (errorCode(error) === 'UNAUTHENTICATED') {
    const here = location.pathname + location.search;
    queueMicrotask(() =>
      navigate(here === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(here)}`, { replace: true }),
    );
    return null;
  }
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
  if (fetching || !data) return <main className="centered" aria-busy="true" />;
  return <SessionContext.Provider value={data.me}>{children}</SessionContext.Provider>;
}
