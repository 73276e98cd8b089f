import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { useMe } from '../../auth/session';
import { useAnnounce } from '../../components/announcer';
import { formatDate } from '../../components/format';
import type { BoardSettingsQuery as BoardSettingsData } from '../../gql/graphql';
import { errorMessage } from '../../graphql/errors';
import { navigate } from '../../router';
import { AddMember, RemoveMember } from './board-settings-queries';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';

type Member = NonNullable<BoardSettingsData['project']>['members'][number];

/** The board's members: add someone of the team by email, remove someone, leave the board. */
export function BoardMembers({
  projectId,
  members,
  onChanged,
}: {
  projectId: number;
  members: readonly Member[];
  onChanged: () => void;
}) {
  const me = useMe();
  const announce = useAnnounce();
  const [add, addMember] = useMutation(AddMember);
  const [, removeMember] = useMutation(RemoveMember);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    setActionError(null);
    const result = await addMember({ projectId, user: email });
    if (result.error || !result.data) return setActionError(`Adding ${email} failed: ${errorMessage(result.error)}`);
    form.reset();
    announce(`Added ${result.data.addProjectMember.user.displayName} to the board.`);
    onChanged();
  };

  const remove = (member: Member) => {
    const self = member.user.id === me?.id;
    const name = member.user.displayName;
    setConfirmation({
      title: self ? 'Leave this board?' : `Remove ${name} from the board?`,
      body: self ? (
        <p>You stop seeing the board and its tasks. A member can add you again.</p>
      ) : (
        <p>{name} stops seeing the board and watching its tasks; their assignments stay.</p>
      ),
      action: self ? 'Leave board' : `Remove ${name}`,
      run: async () => {
        setActionError(null);
        const result = await removeMember({ projectId, user: String(member.user.id) });
        if (result.error) return setActionError(`Removing ${name} failed: ${errorMessage(result.error)}`);
        if (self) return navigate('/');
        announce(`Removed ${name} from the board.`);
        onChanged();
      },
    });
  };

  return (
    <section aria-labelledby="board-members-title" className="settings-section">
      <h2 id="board-members-title">Members ({members.length})</h2>
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      <ul className="settings-list" aria-labelledby="board-members-title">
        {members.map((m) => {
          const self = m.user.id === me?.id;
          return (
            <li key={m.user.id}>
              <span className="grow">
                <span className="member-name">
                  {m.user.displayName}
                  {self && <span className="muted"> (you)</span>}
                </span>
                <span className="member-email">
                  {m.user.email} · joined {formatDate(m.joinedAt)}
                </span>
              </span>
              <button
                type="button"
                className="danger"
                aria-label={self ? 'Leave the board' : `Remove ${m.user.displayName} from the board`}
                disabled={members.length === 1}
                onClick={() => remove(m)}
              >
                {self ? 'Leave' : 'Remove'}
              </button>
            </li>
          );
        })}
      </ul>
      <form className="inline-form" onSubmit={submit} aria-label="Add a board member">
        <label>
          Email of a teammate
          <input name="email" type="email" required maxLength={320} autoComplete="off" />
        </label>
        <button type="submit" className="primary" disabled={add.fetching}>
          Add member
        </button>
      </form>
      {confirmation && <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />}
    </section>
  );
}
