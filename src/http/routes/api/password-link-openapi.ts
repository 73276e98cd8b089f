import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../auth/password.ts';
import { PASSWORD_LINK_TTL_HOURS } from '../../../domain/password-link.ts';
import { SETUP_PATH, SET_PASSWORD_PATH } from '../../auth-middleware.ts';
import { NAME_LIMITS } from '../../../domain/fields.ts';
import { TEAM_TITLE_MAX } from '../../../domain/team.ts';
import { EVERY_ROUTE, errorResponsesOf, jsonSchemaOf } from '../../openapi.ts';
import { signInAnswer } from './session-openapi.ts';

// The OpenAPI entry of `POST /api/auth/set-password` (./password-link.ts),
// a cookie-setting handler like the invite route: its schemas live here and
// openapi.ts merges them.

const body = z
  .object({
    token: z.string().min(1).max(200).describe('The token of the link (`/set-password#token=<token>`).'),
    password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).describe(`The new password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters).`),
  })
  .strict();

const setupBody = z
  .object({
    token: z.string().min(1).max(200).describe('The token of the setup link (`/setup#token=<token>`) that `tasksvc serve` prints on a first run.'),
    email: z.string().email().max(NAME_LIMITS.emailMax).describe('The owner’s sign-in email.'),
    displayName: z.string().min(1).max(NAME_LIMITS.displayNameMax).describe('The owner’s name as others see it.'),
    password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).describe(`The password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters).`),
    teamTitle: z.string().min(1).max(TEAM_TITLE_MAX).optional().describe('The title of the owner’s first team (default: "<displayName>\'s team").'),
  })
  .strict();

const signedInResponse = (what: string) => ({
  description: `${what}; \`Set-Cookie\` carries \`svc_session\` and \`nookies_user\`.`,
  content: { 'application/json': { schema: jsonSchemaOf(signInAnswer, 'output') } },
});

/** `paths` entries of the set-password and first-run setup routes. */
export function passwordLinkOpenApiPaths(): Record<string, Record<string, unknown>> {
  return {
    [SET_PASSWORD_PATH]: {
      post: {
        operationId: 'setPasswordWithLink',
        summary: 'Set a password with an operator’s link and sign in',
        description:
          `Public. Uses a single-use set-password link (valid ${PASSWORD_LINK_TTL_HOURS} hours) that the operator made with ` +
          '`tasksvc users password-link --email E`; no API operation makes one, so no team owner can. Sets the account’s ' +
          'password, ends every session the account had and signs the person in exactly as `POST /api/auth/login` does ' +
          '(the same answer and cookies). An unknown, expired, replaced or used token answers one 400 naming `token` ' +
          '(`invalid_link`); a password out of bounds is 400 naming `password`. A token that matches no link is charged to ' +
          'the client IP’s sign-in throttle (429 `login_throttled` with `Retry-After`); a valid link never counts. A foreign `Origin` is 403 `csrf`.',
        tags: ['auth'],
        security: [],
        parameters: [],
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(body) } } },
        responses: {
          '200': signedInResponse('Password set and signed in'),
          ...errorResponsesOf([...EVERY_ROUTE]),
        },
      },
    },
    [SETUP_PATH]: {
      post: {
        operationId: 'createFirstOwner',
        summary: 'Create the first owner with the first run’s setup link and sign in',
        description:
          'Public. While no account of the service has a password, `tasksvc serve` prints a setup link ' +
          '(`/setup#token=<token>`); this makes the first owner with it: an account with a password and a team it owns, ' +
          'then signs the person in exactly as `POST /api/auth/login` does. Once any account has a password the link is closed: ' +
          'a wrong token or a setup already done answers one 400 naming `token` (`invalid_link`), and a wrong token is charged to ' +
          'the client IP’s sign-in throttle (429 `login_throttled` with `Retry-After`). An email some password-less account already ' +
          'has is 409 naming `email`. A foreign `Origin` is 403 `csrf`.',
        tags: ['auth'],
        security: [],
        parameters: [],
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(setupBody) } } },
        responses: {
          '200': signedInResponse('The first owner made and signed in'),
          ...errorResponsesOf([...EVERY_ROUTE, 'CONFLICT']),
        },
      },
    },
  };
}
