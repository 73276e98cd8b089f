import { type ReactNode, createContext, useContext, useSyncExternalStore } from 'react';
import { Provider } from 'urql';
import type { Api, LiveState } from './client';

const ApiContext = createContext<Api | null>(null);

/** Provides the GraphQL client (urql's hooks) and the live connection. */
export function ApiProvider({ api, children }: { api: Api; children: ReactNode }) {
  return (
    <ApiContext.Provider value={api}>
      <Provider value={api.client}>{children}</Provider>
    </ApiContext.Provider>
  );
}

/** The client pair (for imperative queries and the live connection). */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}

/** The live connection's state; re-renders when it changes. */
export function useLiveState(): LiveState {
  const { live } = useApi();
  return useSyncExternalStore(live.subscribe, live.getState);
}
