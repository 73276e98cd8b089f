/**
 * The two identity cookies of spec 5.3:
 * - `svc_session`: the signed session (see ./session.ts), HttpOnly so page
 *   scripts never see it;
 * - `nookies_user`: `{"id":<user id>}` as URL-encoded JSON, readable by the
 *   web client (the name comes from the `nookies` library). It proves
 *   nothing by itself: a request carrying it must also carry a valid
 *   `svc_session` for the same id.
 */
export const SESSION_COOKIE = 'svc_session';
export const IDENTITY_COOKIE = 'nookies_user';

/** Cookies of one request by name; the first of duplicate names wins (as browsers send the most specific first). */
export function parseCookies(header: string | undefined | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (name && !out.has(name)) out.set(name, value);
  }
  return out;
}

/**
 * Reads the user id of a `nookies_user` value (`%7B%22id%22%3A5%7D` or raw
 * `{"id":5}`; the id may be a number or a numeric string). Anything else is
 * null: a malformed identity cookie is treated as forged.
 */
export function parseIdentityCookie(value: string): number | null {
  let text: string;
  try {
    text = decodeURIComponent(value);
  } catch {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const id = (parsed as { id?: unknown }).id;
  const n = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The `nookies_user` value for a user: URL-encoded `{"id":…}`. */
export function identityCookieValue(userId: number): string {
  return encodeURIComponent(JSON.stringify({ id: userId }));
}

/**
 * Whether cookies may drop the `Secure` flag: only for plain-HTTP
 * development on this machine (`localhost`, `127.0.0.1`, `::1`).
 */
export function isLocalHost(host: string | undefined | null): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d+$/, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '::1';
}

/** The host a request was sent to: its `Host` header, else the host of its URL. */
export function requestHost(req: { header(name: string): string | undefined; url: string }): string {
  return req.header('host') ?? new URL(req.url).host;
}

interface CookieOptions {
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  httpOnly: boolean;
  secure: boolean;
}

/** One `Set-Cookie` value: Path=/, SameSite=Lax, plus the given flags. */
export function serializeCookie(name: string, value: string, opts: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', `Max-Age=${opts.maxAge}`, 'SameSite=Lax'];
  if (opts.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (opts.httpOnly) parts.push('HttpOnly');
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The two `Set-Cookie` values that start a session. */
export function sessionCookies(
  token: string,
  userId: number,
  maxAgeSeconds: number,
  host: string | undefined,
): string[] {
  const secure = !isLocalHost(host);
  return [
    serializeCookie(SESSION_COOKIE, token, { maxAge: maxAgeSeconds, httpOnly: true, secure }),
    // Readable by the web client, which only needs to know who is signed in.
    serializeCookie(IDENTITY_COOKIE, identityCookieValue(userId), { maxAge: maxAgeSeconds, httpOnly: false, secure }),
  ];
}

/** The two `Set-Cookie` values that clear both identity cookies. */
export function clearedSessionCookies(host: string | undefined): string[] {
  const secure = !isLocalHost(host);
  return [
    serializeCookie(SESSION_COOKIE, '', { maxAge: 0, httpOnly: true, secure }),
    serializeCookie(IDENTITY_COOKIE, '', { maxAge: 0, httpOnly: false, secure }),
  ];
}
