import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { signOut } from '../../auth/auth-api';
import { useAnnounce } from '../../components/announcer';
import { formatDateTime } from '../../components/format';
import { graphql } from '../../gql';
import { errorMessage } from '../../graphql/errors';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { useRefreshOnFocus } from './use-refresh-on-focus';
import { describeUserAgent } from './user-agent';
import type { SessionMethod } from '../../gql/graphql';

const SessionsQuery = graphql(`
  query Sessions {
    sessions {
      id
      method
      userAgent
      ip
      createdAt
      lastSeenAt
      current
    }
  }
`);

const RevokeSession = graphql(`
  mutation RevokeSession($id: Int!) {
    revokeSession(id: $id)
  }
`);

const RevokeOthers = graphql(`
  mutation RevokeOtherSessions {
    revokeOtherSessions
  }
`);

const METHODS: Record<SessionMethod, string> = { PASSWORD: 'Password', INVITE: 'Invite link', KEY: 'API key' };

/**
 * Where the person is signed in: each session with its browser, address and
 * last use; sign one out, all the others, or everywhere (this one too).
 */
export function AccountSessions({ version }: { version: number }) {
  const announce = useAnnounce();
  const [{ data, error }, refetch] = useQuery({ query: SessionsQuery, requestPolicy: 'network-only' });
  const [, revokeSession] = useMutation(RevokeSession);
  const [, revokeOthers] = useMutation(RevokeOthers);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  useRefreshOnFocus(refresh);
  useEffect(() => {
    if (version > 0) refresh();
  }, [version, refresh]);

  const sessions = data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const revoke = async (id: number, name: string) => {
    setActionError(null);
    const result = await revokeSession({ id });
    if (result.error) setActionError(`Signing out ${name} failed: ${errorMessage(result.error)}`);
    else announce(`Signed out ${name}.`);
    refresh();
  };

  const endOthers = async () => {
    setActionError(null);
    const result = await revokeOthers({});
    if (result.error || !result.data) {
      setActionError(`Signing out the other sessions failed: ${errorMessage(result.error)}`);
      return false;
    }
    const n = result.data.revokeOtherSessions;
    announce(`Signed out ${n} other ${n === 1 ? 'session' : 'sessions'}.`);
    refresh();
    return true;
  };

  const everywhere = () =>
    setConfirmation({
      title: 'Sign out everywhere?',
      body: <p>Every browser and tool signed in as you is signed out, this one too. API keys keep working.</p>,
      action: 'Sign out everywhere',
      run: async () => {
        if (!(await endOthers())) return;
        try {
          await signOut();
        } finally {
          location.assign('/sign-in');
        }
      },
    });

  return (
    <section aria-labelledby="sessions-title" className="settings-section">
      <h2 id="sessions-title">Sessions</h2>
      <p className="hint">Where you are signed in. Sign out a browser you no longer use, or one you do not know.</p>
      {error && <p role="alert">{errorMessage(error)}</p>}
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      <table className="settings-table">
        <caption className="sr-only">Active sessions</caption>
        <thead>
          <tr>
            <th scope="col">Browser</th>
            <th scope="col" className="hide-narrow">
              Signed in with
            </th>
            <th scope="col" className="hide-narrow">
              Address
            </th>
            <th scope="col">Last active</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => {
            const browser = describeUserAgent(s.userAgent);
            const name = `${browser}, signed in ${formatDateTime(s.createdAt)}`;
            return (
              <tr key={s.id}>
                <td>
                  <span className="member-name">{browser}</span>
                  <span className="member-email">since {formatDateTime(s.createdAt)}</span>
                </td>
                <td className="hide-narrow">{METHODS[s.method] ?? s.method}</td>
                <td className="hide-narrow">{s.ip ?? '—'}</td>
                <td>{s.current ? 'Now' : formatDateTime(s.lastSeenAt)}</td>
                <td className="row-actions">
                  {s.current ? (
                    <span className="status-pill ok">This session</span>
                  ) : (
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Sign out ${name}`}
                      onClick={() => void revoke(s.id, name)}
                    >
                      Sign out
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="form-actions">
        <button type="button" disabled={others === 0} onClick={() => void endOthers()}>
          Sign out all other sessions
        </button>
        <button type="button" className="danger" onClick={everywhere}>
          Sign out everywhere
        </button>
      </div>
      {confirmation && <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />}
    </section>
  );
}
