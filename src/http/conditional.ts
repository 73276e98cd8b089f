import { createHash } from 'node:crypto';
import { ValidationError } from '../errors.ts';

/**
 * The entity tag of a JSON body: a hash of its bytes, so equal answers have
 * equal tags on every instance (no per-process state).
 */
export function etagOf(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

/**
 * Whether an `If-None-Match` header matches `etag` (RFC 9110 13.1.2: `*`, or
 * a comma-separated list compared weakly, so `W/"x"` matches `"x"`).
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * RFC 8288 `Link` of an offset-paged list answer (`{total, limit, offset}`):
 * `next` while items remain, `prev` unless at the start; same path and query
 * with `offset` (and `limit`) set. Null when there is neither.
 */
export function pageLinks(url: string, page: { total: number; limit: number; offset: number }): string | null {
  const links: string[] = [];
  const at = (offset: number, rel: string) => {
    const u = new URL(url);
    u.searchParams.set('offset', String(offset));
    u.searchParams.set('limit', String(page.limit));
    links.push(`<${u.pathname}${u.search}>; rel="${rel}"`);
  };
  if (page.offset + page.limit < page.total) at(page.offset + page.limit, 'next');
  if (page.offset > 0) at(Math.max(0, page.offset - page.limit), 'prev');
  return links.length ? links.join(', ') : null;
}

/** The page fields of a list answer, when it has all three. */
export function pageOf(body: unknown): { total: number; limit: number; offset: number } | null {
  const b = body as Record<string, unknown> | null;
  if (!b || typeof b.total !== 'number' || typeof b.limit !== 'number' || typeof b.offset !== 'number') return null;
  return { total: b.total, limit: b.limit, offset: b.offset };
}

/** The request header naming the version an update edits (error bodies name it so). */
export const IF_MATCH_HEADER = 'If-Match';

/** An `ETag` that carries the version of what it tags (see `RouteDef.etagVersion`). */
export function versionedEtag(version: number, text: string): string {
  return `"${version}-${etagOf(text).slice(1)}`;
}

/**
 * The version an `If-Match` header names: undefined for none or `*` (any
 * current version); null for a tag that is not one of {@link versionedEtag}'s
 * (a weak tag included: If-Match compares strongly), which matches nothing.
 * Several tags are refused (one version is edited at a time).
 */
export function ifMatchVersion(header: string | undefined): number | undefined | null {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  if (value.includes(',')) {
    throw new ValidationError(IF_MATCH_HEADER, 'Give one entity tag in If-Match (the ETag of the version you edited).', 'invalid');
  }
  const m = /^"(\d{1,10})-[\w-]+"$/.exec(value);
  const version = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(version) && version >= 1 && version <= 2_147_483_647 ? version : null;
}
