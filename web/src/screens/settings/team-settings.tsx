import { useCallback, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useMe } from '../../auth/session';
import { useAnnounce } from '../../components/announcer';
import { formatDate } from '../../components/format';
import { graphql } from '../../gql';
import type { TeamRole } from '../../gql/graphql';
import { errorMessage } from '../../graphql/errors';
import { type Route, navigate } from '../../router';
import { usePageTitle } from '../page-title';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { SettingsNav } from './settings-nav';
import { TeamInvites } from './team-invites';
import { useRefreshOnFocus } from './use-refresh-on-focus';

const TeamSettingsQuery = graphql(`
  query TeamSettings {
    teams {
      id
      number
      title
      viewerRole
      members {
        role
        joinedAt
        user {
          id
          displayName
          email
        }
      }
    }
  }
`);

const SetRole = graphql(`
  mutation SetTeamMemberRole($teamId: ID!, $user: String!, $role: TeamRole!) {
    setTeamMemberRole(teamId: $teamId, user: $user, role: $role) {
      role
      user {
        id
      }
    }
  }
`);

const RemoveMember = graphql(`
  mutation RemoveTeamMember($teamId: ID!, $user: String!) {
    removeTeamMember(teamId: $teamId, user: $user) {
      id
    }
  }
`);

const ROLE_NAMES: Record<TeamRole, string> = { OWNER: 'Owner', MEMBER: 'Member' };

/**
 * A team's settings: its members and their roles, and for owners the invites
 * (a link shown once), role changes and removals; a member sees the roster
 * read-only and may leave. The service sends no live events about teams, so
 * the lists are read again whenever the page comes back into view.
 */
export function TeamSettingsScreen({ route, teamNumber }: { route: Route; teamNumber: number | null }) {
  const me = useMe();
  const announce = useAnnounce();
  const [{ data, error, fetching }, refetch] = useQuery({ query: TeamSettingsQuery, requestPolicy: 'network-only' });
  const [, setRole] = useMutation(SetRole);
  const [, removeMember] = useMutation(RemoveMember);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [invitesVersion, setInvitesVersion] = useState(0);
  const refresh = useCallback(() => {
    refetch({ requestPolicy: 'network-only' });
    setInvitesVersion((v) => v + 1);
  }, [refetch]);
  useRefreshOnFocus(refresh);

  const teams = data?.teams ?? [];
  const team = teamNumber === null ? teams[0] : teams.find((t) => t.number === teamNumber);
  usePageTitle(team ? `${team.title} settings` : 'Team settings');
  const isOwner = team?.viewerRole === 'OWNER';
  const owners = team?.members.filter((m) => m.role === 'OWNER').length ?? 0;

  const changeRole = async (userId: number, name: string, role: TeamRole) => {
    if (!team) return;
    setActionError(null);
    const result = await setRole({ teamId: team.id, user: String(userId), role });
    if (result.error) setActionError(`Changing ${name}'s role failed: ${errorMessage(result.error)}`);
    else announce(`${name} is now ${ROLE_NAMES[role].toLowerCase()}.`);
    refetch({ requestPolicy: 'network-only' });
  };

  const remove = (userId: number, name: string, self: boolean) => {
    if (!team) return;
    setConfirmation({
      title: self ? `Leave ${team.title}?` : `Remove ${name} from ${team.title}?`,
      body: self ? (
        <p>You leave every board of the team. To come back, an owner has to invite you again.</p>
      ) : (
        <p>
          {name} leaves every board of the team and stops getting its notifications. Their assignments stay as
          history.
        </p>
      ),
      action: self ? 'Leave team' : `Remove ${name}`,
      run: async () => {
        setActionError(null);
        const result = await removeMember({ teamId: team.id, user: String(userId) });
        if (result.error) {
          setActionError(`${self ? 'Leaving' : `Removing ${name}`} failed: ${errorMessage(result.error)}`);
          return;
        }
        if (self) {
          announce(`You left ${team.title}.`);
          navigate('/');
          return;
        }
        announce(`Removed ${name}.`);
        refetch({ requestPolicy: 'network-only' });
      },
    });
  };

  return (
    <div className="page settings-page">
      <SettingsNav route={route} />
      <div className="settings-content">
        <div className="page-header">
          <h1 tabIndex={-1}>{team ? team.title : 'Team settings'}</h1>
        </div>
        {error && <p role="alert">{errorMessage(error)}</p>}
        {!fetching && data && !team && (
          <p className="notice">
            {teams.length === 0
              ? 'You are not on a team yet: a team owner can invite you.'
              : 'This team does not exist or you are not one of its members.'}
          </p>
        )}
        {team && (
          <>
            <p className="settings-lead">
              {isOwner
                ? 'You own this team: you invite people, change roles and remove members.'
                : 'You are a member of this team. Only its owners invite people, change roles or remove members.'}
            </p>
            {actionError && (
              <p className="form-error" role="alert">
                {actionError}
              </p>
            )}
            <section aria-labelledby="members-title" className="settings-section">
              <h2 id="members-title">Members ({team.members.length})</h2>
              <table className="settings-table">
                <caption className="sr-only">Members of {team.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Role</th>
                    <th scope="col" className="hide-narrow">
                      Joined
                    </th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {team.members.map((m) => {
                    const self = m.user.id === me?.id;
                    const name = m.user.displayName;
                    return (
                      <tr key={m.user.id}>
                        <td>
                          <span className="member-name">
                            {name}
                            {self && <span className="muted"> (you)</span>}
                          </span>
                          <span className="member-email">{m.user.email}</span>
                        </td>
                        <td>
                          {isOwner ? (
                            <select
                              aria-label={`Role of ${name}`}
                              value={m.role}
                              onChange={(e) => void changeRole(m.user.id, name, e.target.value as TeamRole)}
                            >
                              <option value="OWNER">Owner</option>
                              <option value="MEMBER">Member</option>
                            </select>
                          ) : (
                            ROLE_NAMES[m.role]
                          )}
                        </td>
                        <td className="hide-narrow">{formatDate(m.joinedAt)}</td>
                        <td className="row-actions">
                          {self ? (
                            <button
                              type="button"
                              className="danger"
                              disabled={m.role === 'OWNER' && owners === 1}
                              title={m.role === 'OWNER' && owners === 1 ? 'Make someone else owner first' : undefined}
                              onClick={() => remove(m.user.id, name, true)}
                            >
                              Leave team
                            </button>
                          ) : (
                            isOwner && (
                              <button
                                type="button"
                                className="danger"
                                aria-label={`Remove ${name}`}
                                onClick={() => remove(m.user.id, name, false)}
                              >
                                Remove
                              </button>
                            )
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {isOwner && owners === 1 && (
                <p className="hint">A team keeps at least one owner: make someone else owner before you leave.</p>
              )}
            </section>
            {isOwner && <TeamInvites team={team} version={invitesVersion} />}
          </>
        )}
      </div>
      {confirmation && <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />}
    </div>
  );
}
