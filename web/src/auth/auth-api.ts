// The /api/auth/* routes the app calls with fetch (they set and clear the
// session cookies, which GraphQL cannot). Errors carry the server's message.

/** The signed-in person, as the auth routes return them. */
export interface AuthUser {
  id: number;
  email: string;
  displayName: string;
}

/** An auth route's refusal, with the server's message. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function post(path: string, body?: unknown, method = 'POST'): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new AuthError('The service cannot be reached. Check the connection and try again.', 0);
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new AuthError(
      typeof json.message === 'string' ? json.message : `Request failed (${res.status}).`,
      res.status,
    );
  return json;
}

/** Signs in with email and password (sets the session cookie). */
export async function signIn(email: string, password: string): Promise<AuthUser> {
  return (await post('/api/auth/login', { email, password })).user as AuthUser;
}

/**
 * Accepts an invite and signs in: a new person sends a name and a password
 * (the account is made); someone with an account sends its password only.
 */
export async function acceptInvite(token: string, proof: { displayName?: string; password: string }): Promise<AuthUser> {
  return (await post('/api/auth/invite/accept', { token, ...proof })).user as AuthUser;
}

/** Uses an operator's set-password link: sets the password and signs in. */
export async function setPasswordWithLink(token: string, password: string): Promise<AuthUser> {
  return (await post('/api/auth/set-password', { token, password })).user as AuthUser;
}

/** Uses the first run's setup link: makes the first owner (account and team) and signs in. */
export async function createFirstOwner(
  token: string,
  owner: { email: string; displayName: string; password: string; teamTitle?: string },
): Promise<AuthUser> {
  return (await post('/api/auth/setup', { token, ...owner })).user as AuthUser;
}

/** Ends this browser's session (clears the cookies). */
export async function signOut(): Promise<void> {
  try {
    await post('/api/auth/logout');
  } catch (err) {
    // Services without the logout route: the session route clears the cookies too.
    if (err instanceof AuthError && err.status === 404) await post('/api/auth/session', undefined, 'DELETE');
    else throw err;
  }
}
