// A small history-API router: the app has five screens, and their URLs are
// part of the product (the server answers every app path with the page).
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

/** A screen and its parameters, parsed from the URL. */
export type Route =
  | { name: 'boards' }
  | { name: 'board'; projectId: number; ticket: string | null }
  | { name: 'inbox' }
  | { name: 'sign-in'; next: string | null }
  | { name: 'invite'; token: string }
  | { name: 'set-password'; token: string }
  | { name: 'board-settings'; projectId: number }
  | { name: 'account' }
  | { name: 'team-settings'; teamNumber: number | null }
  | { name: 'webhooks' }
  | { name: 'setup'; token: string }
  | { name: 'not-found' };

/** The settings screens (loaded lazily: a first load of the app does not fetch them). */
export const SETTINGS_ROUTES = new Set<Route['name']>(['board-settings', 'account', 'team-settings', 'webhooks']);

/**
 * Parses a path (query, fragment) into a route. Invite links carry their
 * token in the fragment (`/invite#token=…`), which browsers never send to
 * the server, so it stays out of access logs and Referer headers.
 */
export function parseRoute(path: string, search = '', hash = '', origin = currentOrigin()): Route {
  const params = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'boards')) return { name: 'boards' };
  if (parts[0] === 'boards' && /^\d+$/.test(parts[1] ?? '')) {
    if (parts.length === 2) return { name: 'board', projectId: Number(parts[1]), ticket: null };
    if (parts.length === 3 && parts[2] === 'settings') return { name: 'board-settings', projectId: Number(parts[1]) };
    if (parts.length === 4 && parts[2] === 'tasks')
      return { name: 'board', projectId: Number(parts[1]), ticket: parts[3] };
  }
  if (parts.length === 1 && parts[0] === 'inbox') return { name: 'inbox' };
  const settings = parseSettings(parts);
  if (settings) return settings;
  if (parts.length === 1 && parts[0] === 'sign-in') return { name: 'sign-in', next: safeNext(params.get('next'), origin) };
  if (parts[0] === 'invite' && parts.length <= 2) {
    const token = parts[1] ?? fragment.get('token') ?? params.get('token');
    if (token) return { name: 'invite', token };
  }
  // An operator's set-password link (`tasksvc users password-link`), token in the fragment too.
  if (parts.length === 1 && parts[0] === 'set-password') {
    const token = fragment.get('token');
    if (token) return { name: 'set-password', token };
  }
  // The first run's setup link (printed by `tasksvc serve` while no account has a password).
  if (parts.length === 1 && parts[0] === 'setup') {
    const token = fragment.get('token');
    if (token) return { name: 'setup', token };
  }
  return { name: 'not-found' };
}

/** `/settings` (the account), `/settings/account`, `/settings/teams[/<number>]`, `/settings/webhooks`. */
function parseSettings(parts: string[]): Route | null {
  if (parts[0] !== 'settings') return null;
  if (parts.length === 1 || (parts.length === 2 && parts[1] === 'account')) return { name: 'account' };
  if (parts.length === 2 && parts[1] === 'webhooks') return { name: 'webhooks' };
  if (parts[1] === 'teams' && parts.length === 2) return { name: 'team-settings', teamNumber: null };
  if (parts[1] === 'teams' && parts.length === 3 && /^\d+$/.test(parts[2]!))
    return { name: 'team-settings', teamNumber: Number(parts[2]) };
  return null;
}

/** Where the app runs (outside a browser, as in unit tests, a stand-in origin). */
function currentOrigin(): string {
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}

/**
 * Only same-origin paths are followed after signing in (no open redirect).
 * `next` is resolved the way the browser will resolve it (the URL parser
 * turns `/\host`, tabs and newlines inside `//host` into another origin),
 * compared by origin, and handed back re-serialised as path, query and
 * fragment, so what is followed is exactly what was checked.
 */
export function safeNext(next: string | null, origin: string): string | null {
  if (!next || !next.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  return url.origin === new URL(origin).origin ? url.pathname + url.search + url.hash : null;
}

/** The URL of a board, or of a task open on it; `query` (`?layout=list…`) is kept as given. */
export function boardPath(projectId: number, ticket?: string | null, query = ''): string {
  return (ticket ? `/boards/${projectId}/tasks/${encodeURIComponent(ticket)}` : `/boards/${projectId}`) + query;
}

/** The settings page of a board. */
export function boardSettingsPath(projectId: number): string {
  return `/boards/${projectId}/settings`;
}

/** The settings page of a team (by its number). */
export function teamSettingsPath(teamNumber: number): string {
  return `/settings/teams/${teamNumber}`;
}

const NAVIGATE_EVENT = 'app:navigate';

/** Goes to `path` without reloading (pushState, or replaceState with `replace`). */
export function navigate(path: string, opts: { replace?: boolean } = {}) {
  if (path === location.pathname + location.search) return;
  if (opts.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener('hashchange', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

const currentUrl = () => location.pathname + location.search + location.hash;

/** The current path, query and fragment; re-renders on navigation. */
export function useLocation(): string {
  return useSyncExternalStore(subscribe, currentUrl);
}

/** The current route; re-renders on navigation. */
export function useRoute(): Route {
  const url = new URL(useLocation(), location.origin);
  return parseRoute(url.pathname, url.search, url.hash);
}

/** An in-app link: a real <a href> (open in new tab works), navigating without reload on a plain click. */
export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={click} {...rest} />;
}
