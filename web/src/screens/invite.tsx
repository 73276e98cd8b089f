import { type FormEvent, useState } from 'react';
import { AuthError, acceptInvite } from '../auth/auth-api';

/** Accepting an invite link: a name and a password make (or join) the account and sign in. */
export function InviteScreen({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (form.get('password') !== form.get('confirm')) {
      setError('The two passwords differ.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await acceptInvite(token, String(form.get('displayName')), String(form.get('password')));
      location.assign('/');
    } catch (err) {
      setError(err instanceof AuthError ? err.message : 'Accepting the invite failed.');
      setBusy(false);
    }
  };

  return (
    <main className="auth-screen">
      <form className="auth-card" onSubmit={submit} aria-labelledby="invite-title">
        <h1 id="invite-title">Join your team on tasksvc</h1>
        <p className="hint">Choose how your name appears to others and a password for signing in.</p>
        <label>
          Your name
          <input name="displayName" autoComplete="name" required maxLength={100} autoFocus />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="new-password" required minLength={8} />
        </label>
        <label>
          Repeat password
          <input name="confirm" type="password" autoComplete="new-password" required minLength={8} />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          Accept invite
        </button>
      </form>
    </main>
  );
}
