import { AuthError, acceptInvite } from '../auth/auth-api';
import { AuthForm } from '../components/auth-form';

/**
 * Accepting an invite link: a name and a password make the account (or, for
 * someone who already has one, its password joins it to the team) and sign
 * in; then the boards.
 */
export function InviteScreen({ token }: { token: string }) {
  return (
    <AuthForm
      id="invite"
      title="Join your team on tasksvc"
      intro={
        <p className="hint">
          Choose how your name appears to others and a password for signing in. Already have an account? Enter its
          password.
        </p>
      }
      fields={[
        { name: 'displayName', label: 'Your name', autoComplete: 'name', maxLength: 200, autoFocus: true },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', minLength: 8 },
        { name: 'confirm', label: 'Repeat password', type: 'password', autoComplete: 'new-password', minLength: 8 },
      ]}
      submitLabel="Accept invite"
      failure="Accepting the invite failed."
      submit={async (form) => {
        if (form.get('password') !== form.get('confirm')) throw new AuthError('The two passwords differ.', 0);
        await acceptInvite(token, String(form.get('displayName')), String(form.get('password')));
        location.assign('/');
      }}
    />
  );
}
