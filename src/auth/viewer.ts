/** Who is calling: resolved once per request from the API key or session. */
export interface Viewer {
  userId: number;
  /** The API key in use, when authenticated by key. */
  apiKeyId: number | null;
  /** The agent the key acts for (spec 4.2 `connected_agent`). */
  agentId: string | null;
  /** How the caller proved who they are. */
  via: 'key' | 'session';
}
