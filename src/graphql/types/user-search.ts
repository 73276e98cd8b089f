import {
  EMAIL_LOOKUP_MAX,
  USER_SEARCH_MAX,
  USER_SEARCH_QUERY_MAX,
  userSearchArgs,
  usersByEmailsArgs,
} from '../../domain/user-search.ts';
import { builder } from '../builder.ts';
import { sessionViewerOf } from '../viewer.ts';

builder.queryFields((t) => ({
  userSearch: t.prismaField({
    type: ['User'],
    description:
      'Users whose email, or any word of whose display name, starts with `query` (case-insensitive), among the ' +
      'viewer and the users sharing a team or project with the viewer; by display name, at most ' +
      `${USER_SEARCH_MAX}. Requires a signed session (\`svc_session\` cookie): an API key alone answers UNAUTHENTICATED.`,
    args: {
      query: t.arg.string({ required: true, description: `Prefix to look for, 1 to ${USER_SEARCH_QUERY_MAX} characters.` }),
      limit: t.arg.int({ description: `Most users to return, 1 to ${USER_SEARCH_MAX} (default ${USER_SEARCH_MAX}).` }),
    },
    resolve: (query, _root, args, ctx) => {
      const viewer = sessionViewerOf(ctx);
      return ctx.db.user.findMany({
        ...query,
        ...userSearchArgs(viewer.userId, { query: args.query, limit: args.limit ?? undefined }),
      });
    },
  }),
  usersByEmails: t.prismaField({
    type: ['User'],
    description:
      'The users with these emails (case-insensitive) among the viewer and the users sharing a team or project ' +
      'with the viewer, ordered by email; unknown or foreign emails are simply absent. Requires a signed session ' +
      '(`svc_session` cookie): an API key alone answers UNAUTHENTICATED.',
    args: {
      emails: t.arg.stringList({ required: true, description: `1 to ${EMAIL_LOOKUP_MAX} emails.` }),
    },
    resolve: (query, _root, args, ctx) => {
      const viewer = sessionViewerOf(ctx);
      return ctx.db.user.findMany({ ...query, ...usersByEmailsArgs(viewer.userId, { emails: args.emails }) });
    },
  }),
}));
