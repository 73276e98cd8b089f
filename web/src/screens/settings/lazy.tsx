// The settings screens, loaded on first use: their code is in chunks of its
// own, so a first load of the app (sign-in, boards, a board) does not fetch it.
import { Suspense, lazy } from 'react';
import type { Route } from '../../router';
import { LOADING_SCREEN_ATTRIBUTE } from '../focus-heading';

const AccountScreen = lazy(() => import('./account').then((m) => ({ default: m.AccountScreen })));
const TeamSettingsScreen = lazy(() => import('./team-settings').then((m) => ({ default: m.TeamSettingsScreen })));
const BoardSettingsScreen = lazy(() => import('./board-settings').then((m) => ({ default: m.BoardSettingsScreen })));
const WebhooksScreen = lazy(() => import('./webhooks').then((m) => ({ default: m.WebhooksScreen })));

/** The settings screen of `route` (one of SETTINGS_ROUTES), with a busy page while its code loads. */
export function SettingsScreens({ route }: { route: Route }) {
  return (
    <Suspense fallback={<div className="page" aria-busy="true" {...{ [LOADING_SCREEN_ATTRIBUTE]: true }} />}>
      {route.name === 'account' && <AccountScreen route={route} />}
      {route.name === 'team-settings' && <TeamSettingsScreen route={route} teamNumber={route.teamNumber} />}
      {route.name === 'board-settings' && <BoardSettingsScreen key={route.projectId} projectId={route.projectId} />}
      {route.name === 'webhooks' && <WebhooksScreen route={route} />}
    </Suspense>
  );
}
