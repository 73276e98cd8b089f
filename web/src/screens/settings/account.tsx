import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useAnnounce } from '../../components/announcer';
import { ApiKeysDialog } from '../../components/api-keys-dialog';
import { graphql } from '../../gql';
import { errorMessage } from '../../graphql/errors';
import type { Route } from '../../router';
import { usePageTitle } from '../page-title';
import { AccountSessions } from './account-sessions';
import { SettingsNav } from './settings-nav';

const AccountQuery = graphql(`
  query Account {
    me {
      id
      email
      displayName
    }
  }
`);

const UpdateMe = graphql(`
  mutation UpdateMe($displayName: String!) {
    updateMe(displayName: $displayName) {
      id
      displayName
    }
  }
`);

const ChangePassword = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`);

/** The signed-in person's account: display name, password, sessions and API keys. */
export function AccountScreen({ route }: { route: Route }) {
  usePageTitle('Account');
  const [{ data }] = useQuery({ query: AccountQuery, requestPolicy: 'network-only' });
  const [keysOpen, setKeysOpen] = useState(false);
  const [sessionsVersion, setSessionsVersion] = useState(0);
  return (
    <div className="page settings-page">
      <SettingsNav route={route} />
      <div className="settings-content">
        <div className="page-header">
          <h1 tabIndex={-1}>Account</h1>
        </div>
        {data && <ProfileForm me={data.me} />}
        <PasswordForm onChanged={() => setSessionsVersion((v) => v + 1)} />
        <AccountSessions version={sessionsVersion} />
        <section aria-labelledby="keys-title" className="settings-section">
          <h2 id="keys-title">API keys</h2>
          <p className="hint">
            Keys let scripts and integrations use the REST API, the tool routes and GraphQL as you. A key is shown
            once, when it is created.
          </p>
          <div>
            <button type="button" onClick={() => setKeysOpen(true)}>
              Manage API keys
            </button>
          </div>
        </section>
      </div>
      {keysOpen && <ApiKeysDialog onClose={() => setKeysOpen(false)} />}
    </div>
  );
}

function ProfileForm({ me }: { me: { email: string; displayName: string } }) {
  const announce = useAnnounce();
  const [state, updateMe] = useMutation(UpdateMe);
  const [message, setMessage] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const displayName = String(new FormData(e.currentTarget).get('displayName') ?? '').trim();
    setMessage(null);
    const result = await updateMe({ displayName });
    if (result.error) return;
    setMessage('Saved. Teammates see the new name on cards, comments and member lists.');
    announce(`Your name is now ${result.data!.updateMe.displayName}.`);
  };
  return (
    <section aria-labelledby="profile-title" className="settings-section">
      <h2 id="profile-title">Profile</h2>
      <form className="stacked-form settings-form" onSubmit={submit} aria-labelledby="profile-title">
        <label>
          Display name
          <input name="displayName" defaultValue={me.displayName} required maxLength={200} autoComplete="name" />
        </label>
        <p className="hint">
          Signed in as <strong>{me.email}</strong>.
        </p>
        {state.error && (
          <p className="form-error" role="alert">
            {errorMessage(state.error)}
          </p>
        )}
        {message && <p role="status">{message}</p>}
        <button type="submit" className="primary" disabled={state.fetching}>
          Save name
        </button>
      </form>
    </section>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const announce = useAnnounce();
  const [state, changePassword] = useMutation(ChangePassword);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const fields = new FormData(form);
    const currentPassword = String(fields.get('current') ?? '');
    const newPassword = String(fields.get('new') ?? '');
    setDone(false);
    if (newPassword !== String(fields.get('repeat') ?? '')) return setProblem('The two new passwords differ.');
    setProblem(null);
    const result = await changePassword({ currentPassword, newPassword });
    if (result.error) return setProblem(errorMessage(result.error));
    form.reset();
    setDone(true);
    announce('Password changed. Your other sessions were signed out.');
    onChanged();
  };
  return (
    <section aria-labelledby="password-title" className="settings-section">
      <h2 id="password-title">Password</h2>
      <form className="stacked-form settings-form" onSubmit={submit} aria-labelledby="password-title">
        <label>
          Current password
          <input name="current" type="password" autoComplete="current-password" maxLength={1024} />
        </label>
        <label>
          New password
          <input name="new" type="password" autoComplete="new-password" required minLength={8} maxLength={1024} />
        </label>
        <label>
          Repeat new password
          <input name="repeat" type="password" autoComplete="new-password" required minLength={8} maxLength={1024} />
        </label>
        <p className="hint">At least 8 characters. Changing it signs you out everywhere else.</p>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        {done && <p role="status">Password changed. Your other sessions were signed out.</p>}
        <button type="submit" className="primary" disabled={state.fetching}>
          Change password
        </button>
      </form>
    </section>
  );
}
