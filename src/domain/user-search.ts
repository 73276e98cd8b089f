import { z } from 'zod';
import type { Prisma } from '../generated/prisma/client.ts';
import { knownUsersWhere } from './access.ts';
import { escapeLike } from './like-pattern.ts';
import { parseInput } from './validate.ts';

/** Most users one search answers. */
export const USER_SEARCH_MAX = 20;
/** Longest search prefix (characters). */
export const USER_SEARCH_QUERY_MAX = 100;
/** Most emails one `getByEmails` call may ask for. */
export const EMAIL_LOOKUP_MAX = 100;

const searchInput = z.object({
  query: z.string().trim().min(1).max(USER_SEARCH_QUERY_MAX),
  limit: z.number().int().min(1).max(USER_SEARCH_MAX).default(USER_SEARCH_MAX),
});

/**
 * Prisma arguments of a user search: email prefix, or display-name prefix
 * of any word ("smi" finds "Jane Smith"), case-insensitive, among
 * {@link knownUsersWhere}; by display name, then id.
 */
export function userSearchArgs(viewerId: number, input: z.input<typeof searchInput>) {
  const parsed = parseInput(searchInput, input);
  // Prisma passes the text to (I)LIKE as is: `%` and `_` must stay literal.
  const query = escapeLike(parsed.query);
  const limit = parsed.limit;
  return {
    where: {
      AND: [
        knownUsersWhere(viewerId),
        {
          OR: [
            { email: { startsWith: query, mode: 'insensitive' } },
            { displayName: { startsWith: query, mode: 'insensitive' } },
            { displayName: { contains: ` ${query}`, mode: 'insensitive' } },
          ],
        },
      ],
    },
    orderBy: [{ displayName: 'asc' }, { id: 'asc' }],
    take: limit,
  } satisfies Prisma.UserFindManyArgs;
}

const emailsInput = z.object({
  emails: z.array(z.string().trim().toLowerCase().max(320)).min(1).max(EMAIL_LOOKUP_MAX),
});

/**
 * Prisma arguments of a lookup by emails (case-insensitive): only users of
 * {@link knownUsersWhere}; other or unknown emails are simply absent.
 * Ordered by email.
 */
export function usersByEmailsArgs(viewerId: number, input: z.input<typeof emailsInput>) {
  const { emails } = parseInput(emailsInput, input);
  return {
    where: { AND: [knownUsersWhere(viewerId), { email: { in: [...new Set(emails.filter(Boolean))] } }] },
    orderBy: [{ email: 'asc' }],
    take: EMAIL_LOOKUP_MAX,
  } satisfies Prisma.UserFindManyArgs;
}
