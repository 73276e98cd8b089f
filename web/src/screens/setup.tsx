import { AuthError, createFirstOwner } from '../auth/auth-api';
import { AuthForm } from '../components/auth-form';

/**
 * The first run's setup link (printed by `tasksvc serve` while no account
 * has a password): the person who started the service makes the first
 * owner (email, name, password twice, their team's title) and is signed in;
 * then the boards, where "New board" works at once (they own a team).
 */
export function SetupScreen({ token }: { token: string }) {
  return (
    <AuthForm
      id="setup"
      title="Set up tasksvc"
      intro={
        <p className="hint">
          Create the owner account. This link works once: later accounts join through team invites.
        </p>
      }
      fields={[
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: 320, autoFocus: true },
        { name: 'displayName', label: 'Your name', autoComplete: 'name', maxLength: 200 },
        { name: 'teamTitle', label: 'Team name', autoComplete: 'organization', maxLength: 200 },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', minLength: 8 },
        { name: 'confirm', label: 'Repeat password', type: 'password', autoComplete: 'new-password', minLength: 8 },
      ]}
      submitLabel="Create owner account"
      failure="Setting up failed."
      submit={async (form) => {
        if (form.get('password') !== form.get('confirm')) throw new AuthError('The two passwords differ.', 0);
        await createFirstOwner(token, {
          email: String(form.get('email')),
          displayName: String(form.get('displayName')),
          password: String(form.get('password')),
          teamTitle: String(form.get('teamTitle')),
        });
        location.assign('/');
      }}
    />
  );
}
