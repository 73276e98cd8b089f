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
