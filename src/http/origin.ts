import type { Config } from '../config.ts';

/**
 * Which browser origins may act with a person's cookies: the service's own
 * (the origin the request was sent to, or PUBLIC_URL's) and those listed in
 * CORS_ORIGINS. Used by CORS, the CSRF check and the graphql-ws upgrade.
 */
export interface OriginPolicy {
  /** Whether `origin` is the service's own for a request sent to `host`, or listed. */
  allows(origin: string, host: string | undefined): boolean;
  /** Whether `origin` is listed in CORS_ORIGINS (CORS answers are only for these). */
  listed(origin: string): boolean;
}

/** The policy of a configuration. */
export function originPolicy(config: Pick<Config, 'CORS_ORIGINS' | 'PUBLIC_URL'>): OriginPolicy {
  const listed = new Set(config.CORS_ORIGINS);
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  return {
    listed: (origin) => listed.has(origin),
    allows(origin, host) {
      if (listed.has(origin) || origin === publicOrigin) return true;
      // Own origin: the Host the browser sent the request to, either scheme (TLS may end at a proxy).
      return !!host && (origin === `http://${host}` || origin === `https://${host}`);
    },
  };
}

/** The origin a `Referer` names (`null` when absent or not a URL). */
export function refererOrigin(referer: string | undefined | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
