import { useEffect } from 'react';

/** Sets the document title ("Inbox · tasksvc"), which screen readers announce on navigation. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · tasksvc` : 'tasksvc';
  }, [title]);
}
