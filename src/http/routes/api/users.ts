import { z } from 'zod';
import { EMAIL_LOOKUP_MAX, USER_SEARCH_MAX, USER_SEARCH_QUERY_MAX } from '../../../domain/user-search.ts';
import { qsInt } from '../../query-params.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';
import { userProfileSchema } from '../../presenters/user.ts';

const usersResponse = z.object({
  success: z.literal(true),
  users: z.array(userProfileSchema),
});

const sessionRule =
  'Requires a signed session: the `svc_session` cookie from `POST /api/auth/session` (with its `nookies_user`). ' +
  'An API key alone answers 401 (`details.code: session_required`). Only the caller and users sharing a team or ' +
  'project with the caller are ever returned.';

/** GET /api/users/search (spec 4.7, 5.5). */
export const searchUsersRoute = route({
  method: 'GET',
  path: '/users/search',
  operationId: 'searchUsers',
  tag: 'users',
  summary: 'Finds users by email or name prefix.',
  description:
    `\`q\` (1 to ${USER_SEARCH_QUERY_MAX} characters) matches the start of the email or of any word of the display name, ` +
    `case-insensitive; \`limit\` 1 to ${USER_SEARCH_MAX} (default ${USER_SEARCH_MAX}); by display name. ${sessionRule}`,
  query: z.object({
    q: z.string().describe('Prefix of an email or of a word of a display name.'),
    limit: qsInt(1, USER_SEARCH_MAX).optional().describe(`Most users, 1 to ${USER_SEARCH_MAX}.`),
  }),
  document: graphql(`
    query ApiSearchUsers($query: String!, $limit: Int) {
      userSearch(query: $query, limit: $limit) { ...UserProfileFields }
    }
  `),
  fieldNames: { query: 'q' },
  response: usersResponse,
  toVariables: ({ query }) => ({ query: query.q, limit: query.limit }),
  toBody: (data) => ({ success: true, users: data.userSearch }),
});

/** GET /api/users/getByEmails (spec 4.7, 5.5). */
export const usersByEmailsRoute = route({
  method: 'GET',
  path: '/users/getByEmails',
  operationId: 'getUsersByEmails',
  tag: 'users',
  summary: 'Looks users up by email.',
  description:
    `\`emails\`: comma-separated, 1 to ${EMAIL_LOOKUP_MAX}, case-insensitive. Unknown emails and users who share ` +
    `no team or project with the caller are simply absent (never an error). Ordered by email. ${sessionRule}`,
  query: z.object({
    emails: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(320)).min(1).max(EMAIL_LOOKUP_MAX))
      .describe('Comma-separated emails.'),
  }),
  document: graphql(`
    query ApiUsersByEmails($emails: [String!]!) {
      usersByEmails(emails: $emails) { ...UserProfileFields }
    }
  `),
  response: usersResponse,
  toVariables: ({ query }) => ({ emails: query.emails }),
  toBody: (data) => ({ success: true, users: data.usersByEmails }),
});

export const userDirectoryRoutes = [searchUsersRoute, usersByEmailsRoute];
