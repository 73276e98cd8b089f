import type { Route } from '../../router';
import { SettingsNav } from './settings-nav';

/** Webhooks. */
export function WebhooksScreen({ route }: { route: Route }) {
  return (
    <div className="page settings-page">
      <SettingsNav route={route} />
      <div className="settings-content">
        <h1 tabIndex={-1}>Webhooks</h1>
      </div>
    </div>
  );
}
