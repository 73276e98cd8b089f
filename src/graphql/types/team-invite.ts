import {
  type CreatedInvite,
  INVITE_TTL_DAYS,
  createTeamInvite,
  invitePath,
  listTeamInvites,
  revokeTeamInvite,
} from '../../domain/team-invite.ts';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { personalViewerOf, viewerOf } from '../viewer.ts';
import { OWNER_ROLE_PERSON_ONLY, PERSON_ONLY, TeamRoleEnum, membershipActor } from './team.ts';

/** A pending (or past) invite to a team; never its token. */
export const TeamInviteType = builder.prismaObject('TeamInvite', {
  description: 'An invitation to join a team. Its token is shown only once, by `createTeamInvite`.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Invite id (for revoking).' }),
    email: t.exposeString('email', { description: 'The invited address (lower-cased).' }),
    role: t.field({ type: TeamRoleEnum, description: 'Role given on acceptance.', resolve: (i) => i.role as 'owner' | 'member' }),
    team: t.relation('team', { description: 'The team.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was sent.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: `When it stops working (${INVITE_TTL_DAYS} days after sending).` }),
    acceptedAt: t.expose('acceptedAt', { type: 'DateTime', nullable: true, description: 'When it was accepted; null while pending.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'When it was revoked (or replaced by a newer invite).' }),
  }),
});

/** A new invite with its one-time link. */
interface CreatedInviteLink extends CreatedInvite {
  path: string;
  url: string | null;
}

const CreatedTeamInvite = builder.objectRef<CreatedInviteLink>('CreatedTeamInvite').implement({
  description: 'A new invite: `token` and the link holding it are shown this once; only a hash is stored.',
  fields: (t) => ({
    invite: t.field({
      type: TeamInviteType,
      description: 'The invite.',
      resolve: (r, _args, ctx) => ctx.db.teamInvite.findUniqueOrThrow({ where: { id: r.invite.id } }),
    }),
    token: t.exposeString('token', { description: 'The secret token; it works once, until `invite.expiresAt`.' }),
    path: t.exposeString('path', { description: 'The link’s path, `/invite#token=<token>` (the web app’s invite screen; the token rides in the fragment, so it never reaches server logs).' }),
    url: t.exposeString('url', {
      nullable: true,
      description: 'The full link: PUBLIC_URL, else the origin this request was sent to, plus `path`. Null when neither is known (graphql-ws without PUBLIC_URL).',
    }),
  }),
});

/** Where invite links point: PUBLIC_URL, else the request's origin. */
function linkBase(ctx: GraphQLContext): string | null {
  const base = ctx.services.config.PUBLIC_URL ?? ctx.requestOrigin ?? null;
  return base === null ? null : base.replace(/\/+$/, '');
}

builder.queryField('teamInvites', (t) =>
  t.prismaField({
    type: ['TeamInvite'],
    description:
      'Pending invites of a team, newest first (team owners only: a member gets FORBIDDEN, another team NOT_FOUND). Not paged: a short list.',
    args: { teamId: t.arg.id({ required: true, description: 'The team: UUID or number.' }) },
    resolve: async (_query, _root, args, ctx) => listTeamInvites(ctx.db, viewerOf(ctx).userId, String(args.teamId)),
  }),
);

builder.mutationFields((t) => ({
  createTeamInvite: t.field({
    type: CreatedTeamInvite,
    description:
      `Invites an email address to a team (team owners only). The invite works once, for ${INVITE_TTL_DAYS} days; ` +
      'accepting it (`POST /api/auth/invite/accept`) creates the account or joins the existing one and signs the person in. ' +
      'The token is no key to an existing account: its person must prove who they are (their password or their own ' +
      'session) to accept. Inviting the same address again replaces its pending invite. Someone already in the team: ' +
      'CONFLICT `already_member`. ' +
      OWNER_ROLE_PERSON_ONLY,
    args: {
      teamId: t.arg.id({ required: true, description: 'The team: UUID or number.' }),
      email: t.arg.string({ required: true, description: 'Address to invite.' }),
      role: t.arg({ type: TeamRoleEnum, description: 'Role on acceptance (default `MEMBER`).' }),
    },
    resolve: async (_root, args, ctx) => {
      const created = await createTeamInvite(ctx.db, membershipActor(ctx, args.role), { teamId: String(args.teamId), email: args.email, role: args.role });
      const path = invitePath(created.token);
      const base = linkBase(ctx);
      return { ...created, path, url: base === null ? null : base + path };
    },
  }),
  revokeTeamInvite: t.prismaField({
    type: 'TeamInvite',
    description:
      'Revokes a pending invite (team owners only); its link stops working. Another team’s invite is NOT_FOUND, an accepted ' +
      'or revoked one CONFLICT `not_pending`. ' +
      PERSON_ONLY,
    args: { id: t.arg.int({ required: true, description: 'Invite id.' }) },
    resolve: (_query, _root, args, ctx) => revokeTeamInvite(ctx.db, personalViewerOf(ctx).userId, args.id),
  }),
}));
