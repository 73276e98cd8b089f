import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../auth/password.ts';
import { INVITE_TTL_DAYS } from '../../../domain/team-invite.ts';
import { INVITE_ACCEPT_PATH } from '../../auth-middleware.ts';
import { EVERY_ROUTE, errorResponsesOf, jsonSchemaOf } from '../../openapi.ts';
import { signInAnswer } from './session-openapi.ts';

// The OpenAPI entry of `POST /api/auth/invite/accept` (./invite.ts). That
// handler sets cookies, so it is not a route-table entry the document is
// generated from; its schemas live here, beside it, and openapi.ts merges them.

const body = z
  .object({
    token: z.string().min(1).max(200).describe('The token of the invite link (`/invite#token=<token>`).'),
    displayName: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('A new person’s name: sent (with `password`) to make a new account; ignored when the account exists.'),
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX)
      .optional()
      .describe(
        `The existing account’s own password, or, with \`displayName\`, a new account’s password (${PASSWORD_MIN} to ` +
          `${PASSWORD_MAX} characters). Leave it out when the request carries a session signed in to as the invited account.`,
      ),
  })
  .strict();

/** `paths` entries of the invite routes. */
export function inviteOpenApiPaths(): Record<string, Record<string, unknown>> {
  return {
    [INVITE_ACCEPT_PATH]: {
      post: {
        operationId: 'acceptTeamInvite',
        summary: 'Accept a team invite and sign in',
        description:
          `Public. Accepts a single-use team invite (valid ${INVITE_TTL_DAYS} days). The token alone is not enough (the inviter ` +
          'holds it too): when an account with the invited email exists, the person proves they are it, with its `password` or ' +
          'by sending the request with the cookies of a session they signed in to as that account (password or invite; not one ' +
          'made from an API key). An invite never sets or replaces an existing account’s password; an account without one ' +
          'gets it from the operator (`tasksvc users set-password` or `tasksvc users password-link`). With no account for the ' +
          'email, `displayName` and `password` make one. A failed proof is one 400 naming `password` ' +
          '(`invalid_credentials`), the same whether no account exists, the password is wrong or the account has none; the ' +
          'invite stays usable. The person joins the team (and its boards) and is signed in exactly as by ' +
          '`POST /api/auth/login`: the same answer and the `svc_session` (HttpOnly) and `nookies_user` cookies. An unknown, ' +
          'expired, revoked or used token answers one 400 naming `token` (`invalid_invite`). Every attempt is charged to the ' +
          'client IP’s and the invited account’s sign-in throttle (429 `login_throttled` with `Retry-After`). A foreign ' +
          '`Origin` is 403 `csrf`. When an account for the email is made while the invite is being accepted (another invite, ' +
          'an admin), the answer is 409 `account_exists` and the invite stays usable with that account’s password.',
        tags: ['auth'],
        security: [],
        parameters: [],
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(body) } } },
        responses: {
          '200': {
            description: 'Signed in; `Set-Cookie` carries `svc_session` and `nookies_user`.',
            content: { 'application/json': { schema: jsonSchemaOf(signInAnswer, 'output') } },
          },
          // 409: the account was made meanwhile.
          ...errorResponsesOf([...EVERY_ROUTE, 'NOT_FOUND', 'CONFLICT']),
        },
      },
    },
  };
}
