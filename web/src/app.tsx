import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from 'urql';
import { signOut } from './auth/auth-api';
import { RequireSession, useMe } from './auth/session';
import { ApiKeysDialog } from './components/api-keys-dialog';
import { CommandMenu, isCommandMenuShortcut } from './components/command-menu';
import { CreateTaskDialog } from './components/create-task-dialog';
import { Link, type Route, SETTINGS_ROUTES, useRoute } from './router';
import { BoardScreen } from './screens/board/board-screen';
import { BoardsScreen } from './screens/boards';
import { InboxScreen, UnreadCountQuery } from './screens/inbox';
import { useInboxEvents } from './screens/inbox-live';
import { focusHeading } from './screens/focus-heading';
import { InviteScreen } from './screens/invite';
import { SetPasswordScreen } from './screens/set-password';
import { SettingsScreens } from './screens/settings/lazy';
import { SetupScreen } from './screens/setup';
import { SignInScreen } from './screens/sign-in';

/** The app: sign-in, invite, set-password and first-run setup screens for anyone, the rest for a signed-in person. */
export function App() {
  const route = useRoute();
  if (route.name === 'sign-in') return <SignInScreen next={route.next} />;
  if (route.name === 'invite') return <InviteScreen token={route.token} />;
  if (route.name === 'set-password') return <SetPasswordScreen token={route.token} />;
  if (route.name === 'setup') return <SetupScreen token={route.token} />;
  return (
    <RequireSession>
      <Shell route={route} />
    </RequireSession>
  );
}

/** Ends the session and reloads at the sign-in screen (a fresh client and socket). */
async function signOutAndLeave() {
  try {
    await signOut();
  } finally {
    location.assign('/sign-in');
  }
}

function Shell({ route }: { route: Route }) {
  const me = useMe();
  const [menuOpen, setMenuOpen] = useState(false);
  const [keysOpen, setKeysOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [unread, refetchUnread] = useQuery({ query: UnreadCountQuery, requestPolicy: 'cache-and-network' });
  const main = useRef<HTMLElement>(null);
  const refreshUnread = useCallback(() => refetchUnread({ requestPolicy: 'network-only' }), [refetchUnread]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isCommandMenuShortcut(e)) return;
      e.preventDefault();
      setMenuOpen((open) => !open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The unread count and the inbox follow the inbox's live events (no poll); a focus refreshes too.
  const [inboxVersion, setInboxVersion] = useState(0);
  useInboxEvents(
    useCallback(() => {
      refreshUnread();
      setInboxVersion((v) => v + 1);
    }, [refreshUnread]),
  );
  useEffect(() => {
    window.addEventListener('focus', refreshUnread);
    return () => window.removeEventListener('focus', refreshUnread);
  }, [refreshUnread]);

  // After a navigation, focus goes to the new screen's heading (screen readers announce it).
  const screenKey =
    route.name === 'board' || route.name === 'board-settings'
      ? `${route.name}-${route.projectId}`
      : route.name === 'team-settings'
        ? `team-${route.teamNumber}`
        : route.name;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    refreshUnread();
    // At once, in the commit that shows the screen: deferred to a later frame it
    // ran after what the person did next (on a busy machine the command menu,
    // opened right after the navigation, did not stay open).
    return focusHeading(main.current);
  }, [screenKey, refreshUnread]);

  const count = unread.data?.inbox.total ?? 0;
  const openKeys = useCallback(() => setKeysOpen(true), []);
  const openCreate = useCallback(() => setCreateOpen(true), []);
  const leave = useCallback(() => void signOutAndLeave(), []);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          tasksvc
        </Link>
        <nav aria-label="Main">
          <Link to="/" aria-current={route.name === 'boards' ? 'page' : undefined}>
            Boards
          </Link>
          <Link to="/inbox" aria-current={route.name === 'inbox' ? 'page' : undefined}>
            Inbox
            {count > 0 && (
              <span className="badge">
                <span aria-hidden="true">{count}</span>
                <span className="sr-only">, {count} unread</span>
              </span>
            )}
          </Link>
          <Link to="/settings/account" aria-current={SETTINGS_ROUTES.has(route.name) ? 'page' : undefined}>
            Settings
          </Link>
        </nav>
        <button
          type="button"
          className="command-button"
          aria-keyshortcuts="Control+K Meta+K"
          onClick={() => setMenuOpen(true)}
        >
          Command menu <kbd aria-hidden="true">Ctrl K</kbd>
        </button>
        <span className="me" title={me?.email}>
          {me?.displayName}
        </span>
        <button type="button" onClick={leave}>
          Sign out
        </button>
      </header>
      <main id="main" ref={main}>
        {route.name === 'boards' && <BoardsScreen />}
        {route.name === 'board' && (
          <BoardScreen key={route.projectId} projectId={route.projectId} ticket={route.ticket} />
        )}
        {route.name === 'inbox' && <InboxScreen onCountChanged={refreshUnread} version={inboxVersion} />}
        {SETTINGS_ROUTES.has(route.name) && <SettingsScreens route={route} />}
        {route.name === 'not-found' && (
          <div className="page">
            <h1 tabIndex={-1}>Page not found</h1>
            <p>
              <Link to="/">Go to your boards</Link>
            </p>
          </div>
        )}
      </main>
      {menuOpen && (
        <CommandMenu
          onClose={() => setMenuOpen(false)}
          onCreateTask={openCreate}
          onApiKeys={openKeys}
          onSignOut={leave}
        />
      )}
      {keysOpen && <ApiKeysDialog onClose={() => setKeysOpen(false)} />}
      {createOpen && <CreateTaskDialog onClose={() => setCreateOpen(false)} />}
    </>
  );
}
