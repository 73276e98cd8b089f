import { z } from 'zod';
import { NAME_LIMITS, idField } from '../../../domain/fields.ts';
import { ADMIN_PASSWORD_HEADER } from '../../../auth/admin-password.ts';
import { route } from '../../route.ts';
import { graphql } from '../../gql/index.ts';

/** POST /api/resetUser (spec 4.7, 5.5). */
export const resetUserRoute = route({
  method: 'POST',
  path: '/resetUser',
  operationId: 'resetUser',
  tag: 'admin',
  summary: 'Admin: revokes all API keys and signed sessions of a user.',
  description:
    `Authorised by the \`${ADMIN_PASSWORD_HEADER}\` header (compared in constant time with ADMIN_PASSWORD), not by ` +
    'an API key. No ADMIN_PASSWORD configured: the route is disabled and always answers 401 ' +
    '(`details.code: admin_disabled`); missing or wrong password → 401. Body: exactly one of `email` or `user_id`; ' +
    'an unknown user → 404. Answers `{success, user_id, revoked_keys, message}`.',
  public: true,
  body: z.object({
    email: z.string().max(NAME_LIMITS.emailMax).optional().describe('Email of the user to reset.'),
    user_id: idField().optional().describe('Id of the user to reset.'),
  }),
  document: graphql(`
    mutation ApiResetUser($adminPassword: String!, $email: String, $userId: Int) {
      resetUser(adminPassword: $adminPassword, email: $email, userId: $userId) {
        userId
        revokedKeys
      }
    }
  `),
  fieldNames: { adminPassword: ADMIN_PASSWORD_HEADER },
  response: z.object({ success: z.literal(true), user_id: z.number(), revoked_keys: z.number(), message: z.string() }),
  toVariables: ({ body, headers }) => ({
    adminPassword: headers[ADMIN_PASSWORD_HEADER] ?? '',
    email: body.email,
    userId: body.user_id,
  }),
  toBody: (data) => ({
    success: true,
    user_id: data.resetUser.userId,
    revoked_keys: data.resetUser.revokedKeys,
    message: `Revoked ${data.resetUser.revokedKeys} API key(s) and every session of user ${data.resetUser.userId}.`,
  }),
});

export const adminRoutes = [resetUserRoute];
