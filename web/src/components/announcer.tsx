import { type ReactNode, createContext, useCallback, useContext, useState } from 'react';

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/** Tells screen-reader users what just happened (a polite live region). */
export function useAnnounce() {
  return useContext(AnnounceContext);
}

/** Provides {@link useAnnounce} and renders the live region. */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  // The same message twice in a row must still be read: clear, then set.
  const announce = useCallback((text: string) => {
    setMessage('');
    requestAnimationFrame(() => setMessage(text));
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}
