import { type FormEvent, useState } from 'react';
import { AuthError, signIn } from '../auth/auth-api';

/** Sign in with email and password; on success, a full load of `next` (fresh client and socket). */
export function SignInScreen({ next }: { next: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await signIn(String(form.get('email')), String(form.get('password')));
      location.assign(next ?? '/');
    } catch (err) {
      setError(err instanceof AuthError ? err.message : 'Signing in failed.');
      setBusy(false);
    }
  };

  return (
    <main className="auth-screen">
      <form className="auth-card" onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" tabIndex={-1}>
          Sign in to tasksvc
        </h1>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required autoFocus />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          Sign in
        </button>
        <p className="hint">New here? Ask a team owner for an invite link.</p>
      </form>
    </main>
  );
}
