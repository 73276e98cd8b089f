import { ForbiddenError, UnauthenticatedError } from '../errors.ts';

/** Who is calling: resolved once per request from the API key or session. */
export interface Viewer {
  userId: number;
  /** The API key in use, when authenticated by key. */
  apiKeyId: number | null;
  /** The agent the key acts for (spec 4.2 `connected_agent`). */
  agentId: string | null;
  /** How the caller proved who they are. */
  via: 'key' | 'session';
  /** The signed-in session (`via: 'session'`), for listing it as current and signing it out. */
  sessionId?: number | null;
  /**
   * The API key a session was made from (`POST /api/auth/session`): such a
   * session ends with its key and may not manage keys (see {@link requirePersonalSession}).
   */
  sessionKeyId?: number | null;
}

/**
 * Spec 5.4, 5.5: operations that reveal other users or mint credentials
 * need a verified signed session, not only an API key (a leaked key must
 * not be enough to read the directory or create more keys).
 */
export function requireSessionViewer(viewer: Viewer | null | undefined): void {
  if (viewer?.via !== 'session') {
    throw new UnauthenticatedError(
      'This operation requires a signed session (svc_session cookie from POST /api/auth/session); an API key alone is not enough.',
      'svc_session',
      'session_required',
    );
  }
}

/**
 * Managing credentials (keys, sessions, the password) needs a session a
 * person signed in to (password or invite), not one made from an API key:
 * a leaked key must not be able to mint more keys or keep itself alive.
 */
export function requirePersonalSession(viewer: Viewer | null | undefined): void {
  requireSessionViewer(viewer);
  if (viewer!.sessionKeyId != null) {
    throw new ForbiddenError(
      'A session made from an API key cannot manage keys, sessions or team membership; sign in with your password.',
      'svc_session',
      'key_session',
    );
  }
}
