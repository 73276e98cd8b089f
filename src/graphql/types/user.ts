import { NAME_LIMITS } from '../../domain/fields.ts';
import { updateDisplayName } from '../../domain/user.ts';
import { builder } from '../builder.ts';
import { viewerOf } from '../viewer.ts';

/** A person using the service. */
export const UserType = builder.prismaNode('User', {
  id: { field: 'id' },
  description: 'A person using the service.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Numeric user id.' }),
    email: t.exposeString('email', { description: 'Login email, lower-case.' }),
    displayName: t.exposeString('displayName', { description: 'Name shown to other users.' }),
    photoURL: t.string({
      nullable: true,
      description: 'Avatar URL, if the user set one.',
      select: { photoUrl: true },
      resolve: (user) => user.photoUrl,
    }),
  }),
});

builder.queryField('me', (t) =>
  t.prismaField({
    type: 'User',
    description: 'The authenticated user (owner of the API key or session).',
    resolve: (query, _root, _args, ctx) =>
      ctx.db.user.findUniqueOrThrow({ ...query, where: { id: viewerOf(ctx).userId } }),
  }),
);

builder.mutationField('updateMe', (t) =>
  t.prismaField({
    type: 'User',
    description:
      `Changes the viewer's own display name (trimmed, 1 to ${NAME_LIMITS.displayNameMax} characters; else VALIDATION on ` +
      '`displayName`), the name teammates see on cards, comments and member lists. Only ever the viewer: there is no ' +
      'argument naming another person. Works with a session or an API key, like `me`.',
    args: {
      displayName: t.arg.string({
        required: true,
        description: `The new display name, 1 to ${NAME_LIMITS.displayNameMax} characters after trimming.`,
      }),
    },
    resolve: async (query, _root, args, ctx) => {
      const user = await updateDisplayName(ctx.db, viewerOf(ctx).userId, args.displayName);
      return ctx.db.user.findUniqueOrThrow({ ...query, where: { id: user.id } });
    },
  }),
);
