import { signIn } from '../auth/auth-api';
import { SESSION_ENDED_MESSAGE, SESSION_ENDED_PARAM } from '../auth/session-ended';
import { AuthForm } from '../components/auth-form';

/**
 * Sign in with email and password; on success, a full load of `next` (fresh
 * client and socket). Sent here because a session ended (`?ended=1`), it says so.
 */
export function SignInScreen({ next }: { next: string | null }) {
  const ended = new URLSearchParams(location.search).has(SESSION_ENDED_PARAM);
  return (
    <AuthForm
      id="sign-in"
      title="Sign in to tasksvc"
      intro={
        ended ? (
          <p className="notice" role="status">
            {SESSION_ENDED_MESSAGE}
          </p>
        ) : undefined
      }
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
