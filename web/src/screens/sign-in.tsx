import { signIn } from '../auth/auth-api';
import { AuthForm } from '../components/auth-form';

/** Sign in with email and password; on success, a full load of `next` (fresh client and socket). */
export function SignInScreen({ next }: { next: string | null }) {
  return (
    <AuthForm
      id="sign-in"
      title="Sign in to tasksvc"
      fields={[
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'username', autoFocus: true },
        { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
      ]}
      submitLabel="Sign in"
      failure="Signing in failed."
      footer={<p className="hint">New here? Ask a team owner for an invite link.</p>}
      submit={async (form) => {
        await signIn(String(form.get('email')), String(form.get('password')));
        location.assign(next ?? '/');
      }}
    />
  );
}
