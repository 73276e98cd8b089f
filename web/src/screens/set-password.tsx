import { AuthError, setPasswordWithLink } from '../auth/auth-api';
import { AuthForm } from '../components/auth-form';

/**
 * An operator's set-password link (`tasksvc users password-link`): the
 * person chooses their password (twice) and is signed in; then the boards.
 */
export function SetPasswordScreen({ token }: { token: string }) {
  return (
    <AuthForm
      id="set-password"
      title="Choose your password"
      intro={<p className="hint">This link works once. Every other place you were signed in is signed out.</p>}
      fields={[
        { name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password', minLength: 8, autoFocus: true },
        { name: 'confirm', label: 'Repeat password', type: 'password', autoComplete: 'new-password', minLength: 8 },
      ]}
      submitLabel="Set password"
      failure="Setting the password failed."
      submit={async (form) => {
        if (form.get('password') !== form.get('confirm')) throw new AuthError('The two passwords differ.', 0);
        await setPasswordWithLink(token, String(form.get('password')));
        location.assign('/');
      }}
    />
  );
}
