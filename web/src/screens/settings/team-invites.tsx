import { type FormEvent, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useAnnounce } from '../../components/announcer';
import { formatDate } from '../../components/format';
import { ShownOnce } from '../../components/shown-once';
import { graphql } from '../../gql';
import type { TeamRole } from '../../gql/graphql';
import { errorMessage } from '../../graphql/errors';

const TeamInvitesQuery = graphql(`
  query TeamInvites($teamId: ID!) {
    teamInvites(teamId: $teamId) {
      id
      email
      role
      createdAt
      expiresAt
    }
  }
`);

const CreateInvite = graphql(`
  mutation CreateTeamInvite($teamId: ID!, $email: String!, $role: TeamRole) {
    createTeamInvite(teamId: $teamId, email: $email, role: $role) {
      url
      path
      invite {
        id
        email
        role
        expiresAt
      }
    }
  }
`);

const RevokeInvite = graphql(`
  mutation RevokeTeamInvite($id: Int!) {
    revokeTeamInvite(id: $id) {
      id
      revokedAt
    }
  }
`);

/**
 * An owner's invites: invite by email (the link is shown once, to copy and
 * send: the service keeps only its hash) and the pending ones with revoke.
 */
export function TeamInvites({ team, version }: { team: { id: string; title: string }; version: number }) {
  const announce = useAnnounce();
  const [{ data, error }, refetch] = useQuery({
    query: TeamInvitesQuery,
    variables: { teamId: team.id },
    requestPolicy: 'network-only',
  });
  const [create, createInvite] = useMutation(CreateInvite);
  const [, revokeInvite] = useMutation(RevokeInvite);
  const [created, setCreated] = useState<{ email: string; link: string } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    if (version > 0) refetch({ requestPolicy: 'network-only' });
  }, [version, refetch]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const fields = new FormData(form);
    const email = String(fields.get('email') ?? '').trim();
    const role = String(fields.get('role')) as TeamRole;
    setActionError(null);
    const result = await createInvite({ teamId: team.id, email, role });
    if (result.error || !result.data) return setActionError(errorMessage(result.error));
    const { url, path } = result.data.createTeamInvite;
    setCreated({ email, link: url ?? `${location.origin}${path}` });
    form.reset();
    refetch({ requestPolicy: 'network-only' });
    announce(`Invite for ${email} created. Copy the link now: it is shown only once.`);
  };

  const revoke = async (id: number, email: string) => {
    setActionError(null);
    const result = await revokeInvite({ id });
    if (result.error) setActionError(`Revoking the invite for ${email} failed: ${errorMessage(result.error)}`);
    else announce(`Revoked the invite for ${email}.`);
    refetch({ requestPolicy: 'network-only' });
  };

  const invites = data?.teamInvites ?? [];
  return (
    <section aria-labelledby="invites-title" className="settings-section">
      <h2 id="invites-title">Invite people</h2>
      <form className="inline-form" onSubmit={submit} aria-label={`Invite to ${team.title}`}>
        <label>
          Email
          <input name="email" type="email" required maxLength={320} autoComplete="off" />
        </label>
        <label>
          Role
          <select name="role" defaultValue="MEMBER">
            <option value="MEMBER">Member</option>
            <option value="OWNER">Owner</option>
          </select>
        </label>
        <button type="submit" className="primary" disabled={create.fetching}>
          Create invite link
        </button>
      </form>
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      {created && (
        <ShownOnce
          title={`Invite link for ${created.email}`}
          note="Copy it now and send it to them: it is shown only once and works once, for 7 days."
          value={created.link}
          label="Invite link"
          what="link"
          onDone={() => setCreated(null)}
        />
      )}
      <h3 className="subheading" id="pending-title">
        Pending invites
      </h3>
      {error && <p role="alert">{errorMessage(error)}</p>}
      {data && invites.length === 0 && <p className="empty">No pending invites.</p>}
      {invites.length > 0 && (
        <ul className="settings-list" aria-labelledby="pending-title">
          {invites.map((invite) => (
            <li key={invite.id}>
              <span className="grow">
                <span className="member-name">{invite.email}</span>
                <span className="member-email">
                  {invite.role === 'OWNER' ? 'Owner' : 'Member'} · expires {formatDate(invite.expiresAt)}
                </span>
              </span>
              <button
                type="button"
                className="danger"
                aria-label={`Revoke the invite for ${invite.email}`}
                onClick={() => void revoke(invite.id, invite.email)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
