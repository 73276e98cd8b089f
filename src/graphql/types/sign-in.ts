import { activeSessionsOf, revokeOtherSessions, revokeSession } from '../../domain/session.ts';
import { changePassword } from '../../domain/user.ts';
import { builder } from '../builder.ts';
import { enumValues, SESSION_METHOD } from '../enum-names.ts';
import { personalViewerOf as personalViewer } from '../viewer.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../auth/password.ts';

const PERSONAL =
  'Requires a session the person signed in to (`POST /api/auth/login` or an invite): an API key is ' +
  'UNAUTHENTICATED, a session made from a key (`POST /api/auth/session`) is FORBIDDEN (`key_session`).';

/** How a session started. */
const SessionMethodEnum = builder.enumType('SessionMethod', {
  description: 'How a session started.',
  values: enumValues(SESSION_METHOD, {
    password: 'Signed in with a password.',
    invite: 'Signed in by accepting a team invite.',
    key: 'Made from an API key (`POST /api/auth/session`).',
  }),
});

/** A signed-in session of the viewer. */
export const SessionType = builder.prismaObject('Session', {
  description: 'A signed-in session of the viewer (one browser or tool), listed so it can be signed out.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Session id (for revokeSession).' }),
    method: t.field({
      type: SessionMethodEnum,
      description: 'How it started: `PASSWORD`, `INVITE` or `KEY` (made from an API key).',
      resolve: (session) => session.method as (typeof SESSION_METHOD.specs)[number],
    }),
    userAgent: t.exposeString('userAgent', { nullable: true, description: 'The browser or tool that signed in.' }),
    ip: t.exposeString('ip', { nullable: true, description: 'Client address at sign-in.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Sign-in time.' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime', description: 'Last use (to the minute).' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When it ends by itself.' }),
    current: t.boolean({
      description: 'Whether this is the session of the request asking.',
      resolve: (session, _args, ctx) => ctx.viewer?.sessionId === session.id,
    }),
  }),
});

builder.queryField('sessions', (t) =>
  t.prismaField({
    type: ['Session'],
    description: `The viewer's active sessions, newest first (at most 200). ${PERSONAL}`,
    resolve: (query, _root, _args, ctx) =>
      ctx.db.session.findMany({ ...query, ...activeSessionsOf(personalViewer(ctx).userId) }),
  }),
);

builder.mutationFields((t) => ({
  revokeSession: t.boolean({
    description: `Signs one of the viewer's sessions out at once; another user's id is NOT_FOUND. ${PERSONAL}`,
    args: { id: t.arg.int({ required: true, description: 'Session id.' }) },
    resolve: async (_root, args, ctx) => {
      await revokeSession(ctx.db, personalViewer(ctx).userId, args.id);
      return true;
    },
  }),
  revokeOtherSessions: t.int({
    description: `Signs the viewer out everywhere else (every session but this one); answers how many ended. ${PERSONAL}`,
    resolve: (_root, _args, ctx) => {
      const viewer = personalViewer(ctx);
      return revokeOtherSessions(ctx.db, viewer.userId, viewer.sessionId ?? null);
    },
  }),
  changePassword: t.boolean({
    description:
      `Changes the viewer's password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters); \`currentPassword\` must match (VALIDATION ` +
      '`wrong_password` otherwise; empty when the account has no password yet). Every other session ends. ' +
      PERSONAL,
    args: {
      currentPassword: t.arg.string({ required: true, description: 'The password now in use.' }),
      newPassword: t.arg.string({ required: true, description: 'The new password.' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = personalViewer(ctx);
      await changePassword(ctx.db, viewer.userId, args, viewer.sessionId ?? null);
      return true;
    },
  }),
}));
