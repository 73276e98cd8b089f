import type { Route } from '../../router';
import { SettingsNav } from './settings-nav';

/** The signed-in person's account. */
export function AccountScreen({ route }: { route: Route }) {
  return (
    <div className="page settings-page">
      <SettingsNav route={route} />
      <div className="settings-content">
        <h1 tabIndex={-1}>Account</h1>
      </div>
    </div>
  );
}
