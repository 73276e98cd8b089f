import { requireAdminPassword } from '../../auth/admin-password.ts';
import { resetUser } from '../../domain/session.ts';
import { builder } from '../builder.ts';

interface ResetUserResult {
  userId: number;
  revokedKeys: number;
}

const ResetUserResultType = builder.objectRef<ResetUserResult>('ResetUserResult').implement({
  description: 'What an admin reset did.',
  fields: (t) => ({
    userId: t.exposeInt('userId', { description: 'The user that was reset.' }),
    revokedKeys: t.exposeInt('revokedKeys', { description: 'How many active API keys were revoked.' }),
  }),
});

builder.mutationField('resetUser', (t) =>
  t.field({
    type: ResetUserResultType,
    // Authorised by the admin password, not by a user: no viewer needed (REST: `POST /api/resetUser`).
    skipTypeScopes: true,
    description:
      'Admin tool: revokes every active API key and every signed session of one user (named by exactly one of ' +
      '`email` or `userId`). Needs the admin password (ADMIN_PASSWORD, compared in constant time); when the ' +
      'server has none configured, admin operations are disabled and answer UNAUTHENTICATED. Wrong passwords are ' +
      'throttled like sign-ins, for the one admin account: after 3 failures in a row each attempt waits 1 s, doubling ' +
      'up to 15 min (RATE_LIMITED `login_throttled`); a right password clears the count.',
    args: {
      adminPassword: t.arg.string({
        required: true,
        description: 'The admin password (REST: the `x-admin-password` header).',
      }),
      email: t.arg.string({ description: 'Email of the user to reset.' }),
      userId: t.arg.int({ description: 'Id of the user to reset.' }),
    },
    resolve: async (_root, args, ctx) => {
      await requireAdminPassword(ctx.db, ctx.services.config.ADMIN_PASSWORD, args.adminPassword);
      return resetUser(ctx.db, { email: args.email ?? undefined, userId: args.userId ?? undefined });
    },
  }),
);
