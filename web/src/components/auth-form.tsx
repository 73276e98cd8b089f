import { type FormEvent, type ReactNode, useState } from 'react';
import { AuthError } from '../auth/auth-api';

/** One labelled input of an {@link AuthForm}. */
export interface AuthField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  minLength?: number;
  maxLength?: number;
  autoFocus?: boolean;
}

/**
 * The card every signed-out screen uses (sign in, accept an invite): a
 * heading, labelled fields, one error line (`role="alert"`) and a submit
 * button that is disabled while the request runs. `submit` gets the form's
 * values; an {@link AuthError} it throws shows its message, anything else
 * `failure`. On success `submit` navigates away itself (a full load, so the
 * new session gets a fresh client and socket).
 */
export function AuthForm(props: {
  id: string;
  title: string;
  intro?: ReactNode;
  fields: AuthField[];
  submitLabel: string;
  failure: string;
  footer?: ReactNode;
  submit: (values: FormData) => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.submit(new FormData(e.currentTarget));
    } catch (err) {
      setError(err instanceof AuthError ? err.message : props.failure);
      setBusy(false);
    }
  };

  return (
    <main className="auth-screen">
      <form className="auth-card" onSubmit={onSubmit} aria-labelledby={`${props.id}-title`}>
        <h1 id={`${props.id}-title`} tabIndex={-1}>
          {props.title}
        </h1>
        {props.intro}
        {props.fields.map((f) => (
          <label key={f.name}>
            {f.label}
            <input
              name={f.name}
              type={f.type ?? 'text'}
              autoComplete={f.autoComplete}
              required
              minLength={f.minLength}
              maxLength={f.maxLength}
              autoFocus={f.autoFocus}
            />
          </label>
        ))}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {props.submitLabel}
        </button>
        {props.footer}
      </form>
    </main>
  );
}
