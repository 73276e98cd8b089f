// What the app does when the server stops accepting its session (a 401 on any
// request, a socket closed for its credentials): a full load of the sign-in
// screen, which says the session ended when there was one, and brings the
// person back to where they were afterwards. Unsaved text is not lost: the
// editors keep their drafts in localStorage as the person types (drafts.ts).

/** The sign-in screen's query parameter saying a session ended (rather than: never started). */
export const SESSION_ENDED_PARAM = 'ended';

/** What the sign-in screen says after a session ended. */
export const SESSION_ENDED_MESSAGE = 'Your session ended — sign in again.';

// Whether this page has had a session: the readable identity cookie was there
// when it loaded, or the server named the person since. A 401 then means the
// session ended; before, only that nobody signed in yet.
let hadSession = typeof document !== 'undefined' && /(?:^|;\s*)nookies_user=[^;]/.test(document.cookie);
let leaving = false;

/** Records that the server accepted this page's session (the person is known). */
export function sessionSeen(): void {
  hadSession = true;
}

/**
 * The sign-in URL that brings the person back to `here` afterwards, saying
 * that their session ended when `ended`.
 */
export function signInPath(here: string, ended: boolean): string {
  const params = new URLSearchParams();
  if (ended) params.set(SESSION_ENDED_PARAM, '1');
  if (here !== '/' && !here.startsWith('/sign-in')) params.set('next', here);
  const query = params.toString();
  return query ? `/sign-in?${query}` : '/sign-in';
}

/**
 * Leaves for the sign-in screen (once, however many requests fail at the
 * same moment), with a full load so the next session gets a fresh client
 * and socket.
 */
export function leaveForSignIn(): void {
  if (leaving) return;
  leaving = true;
  // replace: Back from the sign-in screen goes where the person came from, not to the page that failed.
  location.replace(signInPath(location.pathname + location.search, hadSession));
}
