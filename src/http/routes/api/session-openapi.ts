import { z } from 'zod';
import { loginInput } from '../../../domain/login.ts';
import { SESSION_ERRORS } from '../../../domain/session.ts';
import { LOGIN_PATH, SESSION_VERIFY_PATH } from '../../auth-middleware.ts';
import { EVERY_ROUTE, errorResponsesOf, jsonSchemaOf } from '../../openapi.ts';
import type { ErrorCode } from '../../../errors.ts';

// The OpenAPI entries of the session routes (./session.ts). Those handlers set
// and clear cookies, so they are not route-table entries the document is
// generated from; their schemas live here, beside them, and openapi.ts merges them.

/** `{success, user, expiresAt}`: what signing in answers (login, a key's session, an accepted invite). */
export const signInAnswer = z
  .object({
    success: z.literal(true),
    user: z.object({ id: z.number().int(), email: z.string(), displayName: z.string() }).strict(),
    expiresAt: z.string().describe('When the session ends (ISO 8601).'),
  })
  .strict();

const signedOut = z.object({ success: z.literal(true), message: z.string() }).strict();

const revoked = z
  .object({
    success: z.literal(true),
    revoked_all: z.boolean().describe('Whether every session of the user was revoked (`all=true`).'),
    message: z.string(),
  })
  .strict();

const verified = z
  .object({
    success: z.literal(true),
    valid: z.boolean(),
    user: signInAnswer.shape.user.nullable().describe('The session’s user; null when not valid.'),
    expiresAt: z.string().nullable().describe('When the session ends (ISO 8601); null when not valid.'),
    reason: z
      .enum(['missing', ...(Object.keys(SESSION_ERRORS) as [string, ...string[]])])
      .nullable()
      .describe('Why the session is not valid; null when it is.'),
  })
  .strict();

const SET_COOKIES = 'Signed in; `Set-Cookie` carries `svc_session` (HttpOnly) and `nookies_user`.';
const CLEARS_COOKIES = '`Set-Cookie` clears `svc_session` and `nookies_user`.';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: jsonSchemaOf(schema, 'output') } });

/** `paths` entries of the session routes. */
export function sessionOpenApiPaths(): Record<string, Record<string, unknown>> {
  // (Here, not at module level: openapi.ts imports this file, so EVERY_ROUTE is not there yet when it loads.)
  // 404: signing out of a session row removed meanwhile.
  const errors: ErrorCode[] = [...EVERY_ROUTE, 'NOT_FOUND'];
  return {
    [LOGIN_PATH]: {
      post: {
        operationId: 'login',
        summary: 'Sign in with email and password',
        description:
          'Public. Sets the `svc_session` (HttpOnly) and `nookies_user` cookies, SameSite=Lax, for SESSION_TTL_HOURS. ' +
          'A wrong email and a wrong password answer one identical 401 (`invalid_credentials`). Failed attempts slow ' +
          'down the account and the client IP: 429 `login_throttled` with `Retry-After` (seconds). A foreign `Origin` ' +
          'is 403 `csrf`.',
        tags: ['auth'],
        security: [],
        parameters: [],
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(loginInput) } } },
        responses: { '200': { description: SET_COOKIES, content: json(signInAnswer) }, ...errorResponsesOf(errors) },
      },
    },
    '/api/auth/logout': {
      post: {
        operationId: 'logout',
        summary: 'Sign out of this session',
        description:
          'Ends the current session (with an API key there is none to end) and clears both cookies. A request ' +
          'authenticated by cookie must come from this service or an origin in CORS_ORIGINS (403 `csrf`).',
        tags: ['auth'],
        parameters: [],
        responses: { '200': { description: CLEARS_COOKIES, content: json(signedOut) }, ...errorResponsesOf(errors) },
      },
    },
    '/api/auth/session': {
      post: {
        operationId: 'createSession',
        summary: 'Start a browser session from an API key',
        description:
          'The same cookies and answer as `POST /api/auth/login`, for the key’s user (for the CLI and tools). Only an ' +
          'API key may start one: a session cannot mint another (401 `key_required`). The session ends when its key ' +
          'is revoked and cannot manage keys.',
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        parameters: [],
        responses: { '200': { description: SET_COOKIES, content: json(signInAnswer) }, ...errorResponsesOf(errors) },
      },
      delete: {
        operationId: 'deleteSession',
        summary: 'Sign out (here or everywhere)',
        description:
          'Ends the current session and clears both cookies; `all=true` revokes every session of the caller ' +
          'everywhere (API keys are untouched). Cookie requests need an allowed `Origin` (403 `csrf`).',
        tags: ['auth'],
        parameters: [
          {
            name: 'all',
            in: 'query',
            required: false,
            description: 'Revoke every session of the caller (`true`/`1`), or only this one (default).',
            schema: { type: 'string', enum: ['true', 'false', '1', '0'] },
          },
        ],
        responses: { '200': { description: CLEARS_COOKIES, content: json(revoked) }, ...errorResponsesOf(errors) },
      },
    },
    [SESSION_VERIFY_PATH]: {
      get: {
        operationId: 'verifySession',
        summary: 'Report on the presented session cookie',
        description:
          'Public. Reads `svc_session`: valid with its user and expiry, or why not (a refused one is also cleared). ' +
          'A `nookies_user` not backed by a valid session of the same user is a 401, as on every route.',
        tags: ['auth'],
        security: [],
        parameters: [],
        responses: { '200': { description: 'The session’s state.', content: json(verified) }, ...errorResponsesOf(EVERY_ROUTE) },
      },
    },
  };
}
