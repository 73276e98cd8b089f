import { useState } from 'react';
import { AuthError, acceptInvite } from '../auth/auth-api';
import { AuthForm } from '../components/auth-form';

/**
 * Accepting an invite link, two ways: someone new chooses a name and a
 * password (the account is made); someone who already has an account for
 * the invited address signs in as themself with its password (an invite
 * never sets the password of an existing account). Either way they join the
 * team and land on the boards.
 */
export function InviteScreen({ token }: { token: string }) {
  const [existing, setExisting] = useState(false);
  const switchTo = (
    <p className="hint">
      <button type="button" className="link-button" onClick={() => setExisting(!existing)}>
        {existing ? 'New here? Create your account' : 'Already have an account? Sign in to join'}
      </button>
    </p>
  );
  if (existing)
    return (
      <AuthForm
        key="existing"
        id="invite"
        title="Join your team on tasksvc"
        intro={
          <p className="hint">
            Sign in with the password of your account for the invited address. No password yet? Ask your operator for a
            set-password link.
          </p>
        }
        fields={[{ name: 'password', label: 'Your password', type: 'password', autoComplete: 'current-password', autoFocus: true }]}
        submitLabel="Sign in and join"
        failure="Accepting the invite failed."
        footer={switchTo}
        submit={async (form) => {
          await acceptInvite(token, { password: String(form.get('password')) });
          location.assign('/');
        }}
      />
    );
  return (
    <AuthForm
      key="new"
      id="invite"
      title="Join your team on tasksvc"
      intro={<p className="hint">Choose how your name appears to others and a password for signing in.</p>}
      fields={[
        { name: 'displayName', label: 'Your name', autoComplete: 'name', maxLength: 200, autoFocus: true },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', minLength: 8 },
        { name: 'confirm', label: 'Repeat password', type: 'password', autoComplete: 'new-password', minLength: 8 },
      ]}
      submitLabel="Accept invite"
      failure="Accepting the invite failed."
      footer={switchTo}
      submit={async (form) => {
        if (form.get('password') !== form.get('confirm')) throw new AuthError('The two passwords differ.', 0);
        await acceptInvite(token, { displayName: String(form.get('displayName')), password: String(form.get('password')) });
        location.assign('/');
      }}
    />
  );
}
