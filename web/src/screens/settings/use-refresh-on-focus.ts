import { useEffect } from 'react';

/**
 * Calls `refresh` when the page comes back into view (window focus, tab
 * shown): for lists the service sends no live events about (team rosters,
 * sessions, webhook deliveries), so a change made elsewhere shows on return.
 */
export function useRefreshOnFocus(refresh: () => void) {
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);
}
